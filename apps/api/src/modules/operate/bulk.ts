import { z } from 'zod';
import { digitsOnly, isValidEmail, MSG, type BulkJobView, parsePhone } from '@kudo/shared';
import type { AppDeps, LocationCtx } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { nextSendTime } from '../../lib/quiet-hours.js';
import { logTask } from '../../lib/tasks.js';
import type { UploadedSheet } from './upload.js';
import { runBulkSlice } from './bulk-worker.js';
import type { DispatchKind } from './service.js';

export interface BulkRowInput {
  rowNumber: number;
  name: string;
  address: string;
  phone: string;
  email: string;
  valid: boolean;
}

/**
 * The dispatch sheet's columns (3§3): first and last name in columns 1 and 2, the address in 3, the phone
 * in 4, the email in 5; row 1 is the header. Rows without a phone or an email are skipped as blank; a row
 * is valid with a ten-digit phone or a valid email.
 */
export function rowsFromSheet(rows: string[][]): BulkRowInput[] {
  const out: BulkRowInput[] = [];
  rows.slice(1).forEach((cells, i) => {
    const cell = (n: number) => (cells[n] ?? '').trim();
    const ten = parsePhone(cell(3));
    const phone = ten ?? digitsOnly(cell(3));
    const email = cell(4).toLowerCase();
    const name = `${cell(0)} ${cell(1)}`.trim().slice(0, 100);
    if (!phone && !email && !name) return;
    const phoneOk = ten !== null;
    const emailOk = email !== '' && isValidEmail(email);
    out.push({
      rowNumber: i + 2,
      name,
      address: cell(2).slice(0, 255),
      phone: phone.slice(0, 20),
      email: email.slice(0, 254),
      valid: (phoneOk || emailOk) && (phone === '' || phoneOk) && (email === '' || emailOk),
    });
  });
  return out;
}

/** Checks the uploaded sheet, records the job and its rows, and hands it to the worker. */
export async function startBulk(ctx: LocationCtx, upload: UploadedSheet): Promise<BulkJobView> {
  const kind = upload.fields.kind as DispatchKind;
  const campaignUid = (upload.fields.campaign_uid ?? '').trim();
  if (kind !== 'bio' && kind !== 'pcheck') throw badRequest('Please choose Send Bio or Send Pulse Check.');
  if (!campaignUid) throw badRequest(MSG.dispatchCampaignRequired);
  if (kind === 'bio' && ctx.location.freeTrial) throw forbidden();
  const rows = rowsFromSheet(upload.rows);
  if (rows.length === 0) throw badRequest(MSG.bulkNoRows);
  return startBulkRows(ctx, { kind, campaignUid, fileName: upload.fileName, rows });
}

/**
 * Records a bulk send of rows already read (a sheet, or onboarding's contacts) and hands it to the worker;
 * invalid rows are recorded as errors with `invalidMessage` and never sent.
 */
export async function startBulkRows(
  ctx: LocationCtx,
  input: { kind: DispatchKind; campaignUid: string; fileName: string; rows: BulkRowInput[]; invalidMessage?: string },
): Promise<BulkJobView> {
  const { kind, rows } = input;
  const campaign = await ctx.db.campaign.findFirst({ where: { uid: input.campaignUid, locationId: ctx.location.locationId, deletedAt: null } });
  if (!campaign) throw notFound(MSG.dispatchCampaignNotFound);
  const job = await ctx.db.bulkJob.create({
    data: {
      locationId: ctx.location.locationId,
      campaignId: campaign.id,
      kind,
      createdById: ctx.session.userId,
      fileName: input.fileName,
      total: rows.length,
      rows: {
        createMany: {
          data: rows.map((r) => ({
            rowNumber: r.rowNumber,
            name: r.name,
            phone: r.phone,
            email: r.email,
            address: r.address,
            status: r.valid ? 'standby' : 'error',
            message: r.valid ? null : (input.invalidMessage ?? MSG.bulkInvalidRow),
          })),
        },
      },
    },
  });
  const invalid = rows.filter((r) => !r.valid).length;
  await logTask(
    ctx.db,
    { locationId: ctx.location.locationId, app: 'bulk', task: kind === 'pcheck' ? 'Bulk upload: pulseChecks' : 'Bulk upload: bios' },
    { status: 'success', message: `${input.fileName}: ${rows.length} rows for ${campaign.name}${invalid ? `, ${invalid} invalid` : ''}.` },
  );
  await enqueueBulk(ctx, job.id);
  return bulkView(ctx, ctx.location.locationId, job.id);
}

/**
 * Hands a job to the worker. A process without a queue (an API built for tests) leaves it queued; the
 * worker's sweep picks up queued jobs in any case.
 */
export async function enqueueBulk(deps: AppDeps, jobId: number, startAfter?: Date) {
  await deps.jobs?.send(bulkDispatchJob, { jobId }, { singletonKey: `bulk-${jobId}`, ...(startAfter ? { startAfter } : {}) });
}

export async function bulkView(deps: AppDeps, locationId: number, jobId: number): Promise<BulkJobView> {
  const job = await deps.db.bulkJob.findFirst({
    where: { id: jobId, locationId },
    include: { campaign: { select: { name: true, location: { select: { timeZone: true } } } }, rows: { orderBy: { rowNumber: 'asc' } } },
  });
  if (!job) throw notFound();
  const counts = { standby: 0, pending: 0, success: 0, error: 0 };
  for (const r of job.rows) counts[r.status as keyof typeof counts] += 1;
  return {
    id: job.id,
    kind: job.kind,
    campaign_name: job.campaign.name,
    file_name: job.fileName,
    status: job.status as BulkJobView['status'],
    resumes_at: job.status === 'waiting' ? nextSendTime(new Date(), job.campaign.location.timeZone, deps.config.sendWindow).toISOString() : null,
    total: job.total,
    counts,
    rows: job.rows.map((r) => ({
      row: r.rowNumber,
      name: r.name,
      phone: r.phone,
      email: r.email,
      status: r.status as BulkJobView['rows'][number]['status'],
      message: r.message,
    })),
  };
}

export async function latestBulk(ctx: LocationCtx): Promise<BulkJobView | null> {
  const job = await ctx.db.bulkJob.findFirst({
    where: {
      locationId: ctx.location.locationId,
      createdById: ctx.session.userId,
      OR: [{ finishedAt: null }, { finishedAt: { gt: new Date(Date.now() - 3600_000) } }],
    },
    orderBy: { id: 'desc' },
    select: { id: true },
  });
  return job ? bulkView(ctx, ctx.location.locationId, job.id) : null;
}

/**
 * One turn of one bulk job (about two seconds of sends); a job with more to send queues itself again,
 * behind the jobs of other locations already waiting, or for when its sending window opens.
 */
export const bulkDispatchJob = defineJob({
  name: 'dispatch.bulk',
  payload: z.object({ jobId: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
  async handler({ jobId }, deps) {
    const turn = await runBulkSlice(deps, jobId);
    if (turn.state !== 'done') await enqueueBulk(deps, jobId, turn.resumeAt ?? undefined);
  },
});
