import { randomBytes } from 'node:crypto';
import { FIELD_LIMITS, FS_MSG, formatPhone, type EndpointData, type FieldJobItem, type FieldRules, type fieldServiceApi } from '@kudo/shared';
import type { z } from 'zod';
import type { LocationCtx } from '../../http/context.js';
import { badRequest } from '../../lib/errors.js';
import { campaignFor, receiveEvent, rulesOf } from './jobs.js';
import { jobQueries } from './queries.js';

const toRules = (r: Awaited<ReturnType<typeof rulesOf>>): FieldRules => ({
  enabled: r.enabled,
  wait_minutes: r.waitMinutes,
  channel: r.channel,
  repeat_days: r.repeatDays,
  skip_tags: r.skipTags,
});

export async function loadRules(ctx: LocationCtx): Promise<EndpointData<typeof fieldServiceApi.loadFieldRules>> {
  const { locationId } = ctx.location;
  const location = await ctx.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { timeZone: true } });
  return {
    rules: toRules(await rulesOf(ctx, locationId)),
    send_window: { start_hour: ctx.config.sendWindow.startHour, end_hour: ctx.config.sendWindow.endHour, time_zone: location.timeZone },
  };
}

export async function saveRules(ctx: LocationCtx, input: z.output<typeof fieldServiceApi.saveFieldRules.body>) {
  const { locationId } = ctx.location;
  const data = { enabled: input.enabled, waitMinutes: input.wait_minutes, channel: input.channel, repeatDays: input.repeat_days, skipTags: input.skip_tags };
  await ctx.db.fieldJobSettings.upsert({ where: { locationId }, create: { locationId, ...data }, update: data });
  return { rules: toRules(await rulesOf(ctx, locationId)) };
}

/** The technicians the location's jobs named (latest first) and those tied on the screen, each with its campaign now. */
export async function loadTechnicians(ctx: LocationCtx): Promise<EndpointData<typeof fieldServiceApi.loadFieldTechnicians>> {
  const { locationId } = ctx.location;
  const [seen, mapped, campaigns] = await Promise.all([
    jobQueries.technicians(ctx.db, locationId, FIELD_LIMITS.technicians),
    ctx.db.fieldTechnicianCampaign.findMany({ where: { locationId }, orderBy: { label: 'asc' } }),
    ctx.db.campaign.findMany({ where: { locationId, deletedAt: null }, orderBy: { name: 'asc' }, select: { id: true, name: true, employeeId: true } }),
  ]);
  const list = new Map<string, { label: string; technician: { id: string | null; name: string | null } }>();
  for (const s of seen) {
    const key = s.technician_id ? `id:${s.technician_id}` : `name:${s.technician_name!.toLowerCase()}`;
    const label = s.technician_name ? (s.technician_id ? `${s.technician_name} (${s.technician_id})` : s.technician_name) : s.technician_id!;
    list.set(key, { label, technician: { id: s.technician_id, name: s.technician_name } });
  }
  for (const m of mapped) {
    if (list.has(m.technicianKey)) continue;
    const [kind, value] = [m.technicianKey.slice(0, m.technicianKey.indexOf(':')), m.technicianKey.slice(m.technicianKey.indexOf(':') + 1)];
    list.set(m.technicianKey, { label: m.label, technician: kind === 'id' ? { id: value, name: null } : { id: null, name: m.label } });
  }
  const technicians = [];
  for (const [key, t] of list) {
    const resolved = await campaignFor(ctx, locationId, t.technician);
    technicians.push({
      key,
      label: t.label,
      campaign_id: mapped.find((m) => m.technicianKey === key)?.campaignId ?? null,
      resolved: resolved ? { campaign_id: resolved.campaign.id, name: resolved.campaign.name, by: resolved.by } : null,
    });
  }
  return { technicians, campaigns: campaigns.map((c) => ({ id: c.id, name: c.name, employee_id: c.employeeId })) };
}

export async function saveTechnician(ctx: LocationCtx, input: z.output<typeof fieldServiceApi.saveFieldTechnician.body>): Promise<void> {
  const { locationId } = ctx.location;
  if (input.campaign_id === null) {
    await ctx.db.fieldTechnicianCampaign.deleteMany({ where: { locationId, technicianKey: input.key } });
    return;
  }
  const campaign = await ctx.db.campaign.findFirst({ where: { id: input.campaign_id, locationId, deletedAt: null }, select: { id: true } });
  if (!campaign) throw badRequest(FS_MSG.campaignUnknown, { campaign_id: FS_MSG.campaignUnknown });
  await ctx.db.fieldTechnicianCampaign.upsert({
    where: { locationId_technicianKey: { locationId, technicianKey: input.key } },
    create: { locationId, technicianKey: input.key, label: input.label, campaignId: campaign.id },
    update: { label: input.label, campaignId: campaign.id },
  });
}

/** The location's jobs, newest first, with their review request's state or why they were skipped. */
export async function loadJobs(ctx: LocationCtx, page: number): Promise<{ jobs: FieldJobItem[]; total: number }> {
  const { locationId } = ctx.location;
  const size = FIELD_LIMITS.activityPage;
  const [rows, total] = await Promise.all([
    jobQueries.page(ctx.db, locationId, (page - 1) * size, size),
    ctx.db.fieldJob.count({ where: { locationId } }),
  ]);
  return {
    total,
    jobs: rows.map((r) => ({
      id: r.id,
      source: r.provider as FieldJobItem['source'],
      external_id: r.external_id,
      completed_at: r.completed_at.toISOString(),
      customer: r.customer_name,
      contact: [r.customer_phone ? formatPhone(r.customer_phone) : null, r.customer_email].filter(Boolean).join(' · '),
      technician: r.technician_name ?? r.technician_id,
      campaign: r.campaign,
      status: r.outcome === 'skipped' ? 'skipped' : ((r.request_status ?? 'scheduled') as FieldJobItem['status']),
      reason: r.outcome === 'skipped' ? (r.reason as FieldJobItem['reason']) : null,
      scheduled_for: r.scheduled_for?.toISOString() ?? null,
      error: r.request_error ?? (r.request_status === 'failed' ? r.dispatch_problem : null),
      received_at: r.created_at.toISOString(),
    })),
  };
}

/**
 * The screen's Test job: a job-completed event recorded and handled through the same path as the systems' events
 * (the worker, the rules, the review request), for the customer and the campaign given.
 */
export async function sendTestJob(ctx: LocationCtx, input: z.output<typeof fieldServiceApi.sendTestJob.body>): Promise<{ job_id: string }> {
  const { locationId } = ctx.location;
  const campaign = await ctx.db.campaign.findFirst({ where: { id: input.campaign_id, locationId, deletedAt: null }, select: { id: true, name: true, employeeId: true } });
  if (!campaign) throw badRequest(FS_MSG.campaignUnknown, { campaign_id: FS_MSG.campaignUnknown });
  const jobId = `test-${randomBytes(6).toString('hex')}`;
  const payload = {
    job_id: jobId,
    completed_at: new Date().toISOString(),
    customer: { name: input.customer_name, phone: input.customer_phone || null, email: input.customer_email || null },
    technician: { employee_id: campaign.employeeId || null, name: campaign.name },
    tags: input.tags ?? [],
    campaign_id: campaign.id,
  };
  await receiveEvent({ ...ctx, log: ctx.log }, { locationId, provider: 'test', eventKey: jobId, payload });
  return { job_id: jobId };
}
