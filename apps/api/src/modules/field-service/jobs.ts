import { z } from 'zod';
import { FIELD_DEFAULTS, FIELD_SKIP_LABELS, FIELD_SOURCE_LABELS, type FieldSkipReason, type FieldSource } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { nextSendTime } from '../../lib/quiet-hours.js';
import { logTask } from '../../lib/tasks.js';
import { FieldProviderError, housecallProJob, serviceTitanJob, type FieldJob, type JobberEvent, type JobberTokens } from '../../providers/field-service/index.js';
import { recordReviewRequest, sendIfDue } from '../public-api/index.js';
import { contactQueries, eventQueries, jobQueries, type ClaimedEvent } from './queries.js';

type Deps = AppDeps & { log: Log };

/** A claimed event that never finished (the process stopped) is taken again after this long. */
const STALE_MS = 10 * 60_000;
/** An event whose handling failed is tried again by the sweep at most this many times in all. */
const MAX_ATTEMPTS = 5;

/** The rules as a location set them, or the defaults. */
export async function rulesOf(deps: Pick<AppDeps, 'db'>, locationId: number) {
  const row = await deps.db.fieldJobSettings.findUnique({ where: { locationId } });
  return {
    enabled: row?.enabled ?? false,
    waitMinutes: row?.waitMinutes ?? FIELD_DEFAULTS.waitMinutes,
    channel: (row?.channel ?? FIELD_DEFAULTS.channel) as 'sms' | 'email' | 'both',
    repeatDays: row?.repeatDays ?? FIELD_DEFAULTS.repeatDays,
    skipTags: row?.skipTags ?? [],
  };
}

/** The mapping key of a technician: the system's employee id, else the name in lower case. */
export const technicianKey = (t: FieldJob['technician']): string | null =>
  t.id ? `id:${t.id}` : t.name ? `name:${t.name.trim().toLowerCase()}` : null;

/**
 * The campaign a technician's jobs go to: the one chosen on the screen (by employee id, then by name), else the
 * only campaign with that Employee ID, else the only campaign of that name. Null when none (or several) fit.
 */
export async function campaignFor(deps: Pick<AppDeps, 'db'>, locationId: number, t: FieldJob['technician']) {
  const live = { locationId, deletedAt: null };
  const keys = [t.id ? `id:${t.id}` : null, t.name ? `name:${t.name.trim().toLowerCase()}` : null].filter((k): k is string => k !== null);
  if (keys.length) {
    const mapped = await deps.db.fieldTechnicianCampaign.findMany({ where: { locationId, technicianKey: { in: keys } } });
    for (const key of keys) {
      const m = mapped.find((x) => x.technicianKey === key);
      const campaign = m ? await deps.db.campaign.findFirst({ where: { ...live, id: m.campaignId } }) : null;
      if (campaign) return { campaign, by: 'mapping' as const };
    }
  }
  if (t.id) {
    const found = await deps.db.campaign.findMany({ where: { ...live, employeeId: t.id }, take: 2 });
    if (found.length === 1) return { campaign: found[0]!, by: 'employee_id' as const };
  }
  if (t.name) {
    const found = await deps.db.campaign.findMany({ where: { ...live, name: { equals: t.name.trim(), mode: 'insensitive' } }, take: 2 });
    if (found.length === 1) return { campaign: found[0]!, by: 'name' as const };
  }
  return null;
}

/**
 * Records an event once and hands it to the worker: a retry of the same event (same key) records nothing and
 * enqueues nothing. Without a job queue (tests, a process with no worker) it is handled before answering.
 */
export async function receiveEvent(
  deps: Deps,
  e: { locationId: number; provider: FieldSource; eventKey: string; payload: unknown },
): Promise<{ duplicate: boolean; eventId: number | null }> {
  const payload = JSON.stringify(e.payload ?? null);
  const eventId = await eventQueries.insert(deps.db, { locationId: e.locationId, provider: e.provider, eventKey: e.eventKey.slice(0, 500), payload });
  if (eventId === undefined) return { duplicate: true, eventId: null };
  if (deps.jobs) await deps.jobs.send(fieldJobEventJob, { eventId }, { singletonKey: `field-job-event-${eventId}` });
  else await processEvent(deps, eventId);
  return { duplicate: false, eventId };
}

/**
 * Handles one event: claims it (so two workers never both handle it), turns it into a job (Jobber's through its
 * API), and decides the job. A failure is recorded on the event and in Logs › Api Tasks, and thrown for a retry.
 */
export async function processEvent(deps: Deps, eventId: number, now: Date = new Date()): Promise<void> {
  const staleBefore = new Date(now.getTime() - STALE_MS);
  const event = await eventQueries.claim(deps.db, eventId, now, staleBefore);
  if (!event) return;
  try {
    const job = await jobOf(deps, event);
    if (job) await decideJob(deps, { locationId: event.location_id, source: event.provider, eventId: event.id, job, campaignId: testCampaignOf(event) });
    await deps.db.fieldJobEvent.update({ where: { id: event.id }, data: { status: 'done', error: null, processedAt: new Date() } });
  } catch (error) {
    const message = error instanceof FieldProviderError ? error.message : 'The job could not be handled.';
    if (!(error instanceof FieldProviderError)) deps.log.error({ err: error, fieldJobEventId: event.id }, 'field-service event failed');
    await deps.db.fieldJobEvent.update({ where: { id: event.id }, data: { status: 'failed', error: message } });
    await logTask(deps.db, { locationId: event.location_id, app: 'integrations', task: `${FIELD_SOURCE_LABELS[event.provider]} job` }, { status: 'failed', message });
    throw error;
  }
}

const testCampaignOf = (e: ClaimedEvent): number | null => {
  const id = (e.payload as { campaign_id?: unknown } | null)?.campaign_id;
  return e.provider === 'test' && typeof id === 'number' ? id : null;
};

/** The job an event is about, or null when it is not a job done. */
async function jobOf(deps: Deps, event: ClaimedEvent): Promise<FieldJob | null> {
  switch (event.provider) {
    case 'jobber':
      return jobberJob(deps, event);
    case 'housecall_pro':
      return housecallProJob(event.payload)?.job ?? null;
    case 'servicetitan':
      return serviceTitanJob(event.payload)?.job ?? null;
    case 'webhook':
    case 'test':
      return genericJob(event.payload);
  }
}

/** The generic webhook's body (validated when it came), as a job. */
function genericJob(payload: unknown): FieldJob {
  const p = payload as {
    job_id: string;
    completed_at: string;
    customer: { name: string; phone?: string | null; email?: string | null };
    technician: { employee_id?: string | null; name?: string | null };
    tags?: string[];
  };
  return {
    externalId: p.job_id,
    completedAt: new Date(p.completed_at),
    customer: { name: p.customer.name, phone: p.customer.phone || null, email: p.customer.email || null },
    technician: { id: p.technician.employee_id ?? null, name: p.technician.name ?? null },
    tags: p.tags ?? [],
  };
}

/** Jobber's webhook names the job only: it is read through Jobber's API with the connection's tokens. */
async function jobberJob(deps: Deps, event: ClaimedEvent): Promise<FieldJob | null> {
  const e = (event.payload as { data?: { webHookEvent?: JobberEvent } } | null)?.data?.webHookEvent;
  if (!e) return null;
  const connection = await deps.db.fieldConnection.findFirst({ where: { locationId: event.location_id, provider: 'jobber', status: 'connected' } });
  if (!connection?.credentials) throw new FieldProviderError('Jobber is no longer connected.');
  const tokens = JSON.parse(decryptSecret(deps.config, connection.credentials)) as JobberTokens;
  const { job, tokens: next } = await deps.providers.fieldService.jobber.completedJob(tokens, e);
  if (next.accessToken !== tokens.accessToken || next.refreshToken !== tokens.refreshToken) {
    await deps.db.fieldConnection.update({ where: { id: connection.id }, data: { credentials: encryptSecret(deps.config, JSON.stringify(next)) } });
  }
  return job;
}

const contactKeys = (job: FieldJob): string[] =>
  [job.customer.phone ? `phone:${job.customer.phone}` : null, job.customer.email ? `email:${job.customer.email.toLowerCase()}` : null].filter(
    (k): k is string => k !== null,
  );

/**
 * Decides a job once (per source and job id): skipped with its reason, or a review request scheduled at the job's
 * time plus the wait, moved into the sending window. The customer is claimed in the same transaction (phone and
 * email, against the repeat window), so two jobs of one customer at once — a retry, or the same job from two
 * systems — make one request even on two workers. A request that is already due goes out at once.
 */
export async function decideJob(
  deps: Deps,
  input: { locationId: number; source: FieldSource; eventId: number | null; job: FieldJob; campaignId?: number | null },
  now: Date = new Date(),
): Promise<{ jobId: number; outcome: 'scheduled' | 'skipped'; reason: FieldSkipReason | null } | null> {
  const { db } = deps;
  const { locationId, job } = input;
  const rules = await rulesOf(deps, locationId);
  const location = await db.location.findUniqueOrThrow({ where: { id: locationId }, select: { timeZone: true } });
  const resolved = input.campaignId
    ? await db.campaign.findFirst({ where: { id: input.campaignId, locationId, deletedAt: null } }).then((c) => (c ? { campaign: c } : null))
    : await campaignFor(deps, locationId, job.technician);
  const tags = job.tags.map((t) => t.trim().toLowerCase());
  const phone = rules.channel !== 'email' ? job.customer.phone : null;
  const email = rules.channel !== 'sms' ? job.customer.email : null;
  const cutoff = new Date(now.getTime() - rules.repeatDays * 24 * 3600_000);

  let reason: FieldSkipReason | null = null;
  if (!rules.enabled) reason = 'rules_off';
  else if (tags.some((t) => rules.skipTags.includes(t))) reason = 'tagged';
  else if (!resolved) reason = 'no_campaign';
  else if (!phone && !email) reason = 'no_contact';
  else if (await askedSince(deps, locationId, job, cutoff)) reason = 'asked_recently';

  const due = new Date(Math.max(job.completedAt.getTime() + rules.waitMinutes * 60_000, now.getTime()));
  const scheduledFor = nextSendTime(due, location.timeZone, deps.config.sendWindow);

  const decided = await db.$transaction(async (tx) => {
    const jobId = await jobQueries.insert(tx, {
      locationId,
      provider: input.source,
      externalId: job.externalId,
      eventId: input.eventId,
      completedAt: job.completedAt,
      customerName: job.customer.name,
      customerPhone: job.customer.phone,
      customerEmail: job.customer.email,
      technicianId: job.technician.id,
      technicianName: job.technician.name,
      tags: job.tags,
      campaignId: resolved?.campaign.id ?? null,
      outcome: reason ? 'skipped' : 'scheduled',
      reason,
    });
    // The same job again (a retry, another event of it): it was decided the first time.
    if (jobId === undefined) return null;
    if (reason) return { jobId, reason, requestId: null };

    // Claims every contact of the customer, or none: a contact asked within the window (by another job that
    // committed first, or is committing now) leaves the job skipped.
    await contactQueries.savepoint(tx);
    let claimedAll = true;
    for (const contact of contactKeys(job)) {
      if (!(await contactQueries.claim(tx, { locationId, contact, now, jobId, cutoff }))) {
        claimedAll = false;
        break;
      }
    }
    if (!claimedAll) {
      await contactQueries.rollbackToSavepoint(tx);
      await tx.fieldJob.update({ where: { id: jobId }, data: { outcome: 'skipped', reason: 'asked_recently' } });
      return { jobId, reason: 'asked_recently' as const, requestId: null };
    }
    const requestId = await recordReviewRequest(tx, {
      locationId,
      campaignId: resolved!.campaign.id,
      customerName: job.customer.name,
      customerPhone: phone,
      customerEmail: email,
      channel: rules.channel,
      externalId: job.externalId,
      scheduledFor,
    });
    await tx.fieldJob.update({ where: { id: jobId }, data: { reviewRequestId: requestId } });
    return { jobId, reason: null, requestId };
  });
  if (!decided) return null;

  const label = `${FIELD_SOURCE_LABELS[input.source]} job ${job.externalId}`;
  const message = decided.reason
    ? `Skipped: ${FIELD_SKIP_LABELS[decided.reason]}.`
    : `Review request for ${job.customer.name} scheduled for ${scheduledFor.toISOString()}${resolved ? ` (${resolved.campaign.name})` : ''}.`;
  await logTask(db, { locationId, app: 'integrations', task: label }, { status: 'success', message });
  if (decided.requestId !== null) await sendIfDue(deps, decided.requestId, now);
  return { jobId: decided.jobId, outcome: decided.reason ? 'skipped' : 'scheduled', reason: decided.reason };
}

/** Whether the customer got a review request (of any kind, from any screen) since the cutoff. */
async function askedSince(deps: Pick<AppDeps, 'db'>, locationId: number, job: FieldJob, cutoff: Date): Promise<boolean> {
  const or = [
    ...(job.customer.phone ? [{ customerPhone: job.customer.phone }] : []),
    ...(job.customer.email ? [{ customerEmail: { equals: job.customer.email, mode: 'insensitive' as const } }] : []),
  ];
  if (or.length === 0) return false;
  const [dispatch, contact] = await Promise.all([
    deps.db.dispatch.findFirst({ where: { locationId, isTest: false, createdAt: { gte: cutoff }, OR: or }, select: { id: true } }),
    deps.db.fieldJobContact.findFirst({ where: { locationId, contact: { in: contactKeys(job) }, askedAt: { gte: cutoff } }, select: { contact: true } }),
  ]);
  return Boolean(dispatch || contact);
}

/**
 * Events still waiting: never handed over (the enqueue was lost), claimed by a process that stopped, or failed
 * fewer than MAX_ATTEMPTS times. Each is claimed as the job claims it.
 */
export async function sweepEvents(deps: Deps, now: Date = new Date(), limit = 50): Promise<number> {
  const waiting = await eventQueries.waiting(deps.db, {
    receivedBefore: new Date(now.getTime() - 60_000),
    maxAttempts: MAX_ATTEMPTS,
    staleBefore: new Date(now.getTime() - STALE_MS),
    limit,
  });
  let handled = 0;
  for (const { id } of waiting) {
    try {
      await processEvent(deps, id, now);
      handled += 1;
    } catch {
      // Recorded on the event; the next sweep tries again while attempts remain.
    }
  }
  return handled;
}

/** One received job-completed event, handled on the worker. */
export const fieldJobEventJob = defineJob({
  name: 'field-service.event',
  payload: z.object({ eventId: z.number().int() }),
  retryLimit: 3,
  retryDelaySeconds: 30,
  async handler({ eventId }, deps) {
    await processEvent(deps, eventId);
  },
});

/** The minute's look for events that were not handled (a lost enqueue, a stopped worker, a failure). */
export const fieldJobEventsSweepJob = defineJob({
  name: 'field-service.events-sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
  async handler(_payload, deps) {
    await sweepEvents(deps);
  },
});
