import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INBOX_LIMITS, INBOX_MSG, MSG, inboxApi, toE164, type NewConversationJob } from '@kudo/shared';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { isOptedOut } from '../../lib/consent.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { isInsideSendWindow, nextSendTime } from '../../lib/quiet-hours.js';
import { logTask } from '../../lib/tasks.js';
import { consentRows, readUploadedSheet, type UploadedSheet } from '../operate/index.js';
import { openConversation } from './conversations.js';
import { bulkQueries, conversationQueries } from './queries/index.js';
import { sendToConversation } from './send.js';
import { assigneeForRule, withOptOutLine } from './service.js';

/** A turn of the worker: rows claimed at a time, and how long a claimed row may stay pending. */
const CLAIM = 25;
const TURN_MS = 2000;
const STALE_MS = 120_000;

/** The upload, with the inbox's own words for a missing or unreadable file. */
export async function readConversationSheet(request: FastifyRequest): Promise<UploadedSheet> {
  try {
    return await readUploadedSheet(request);
  } catch (error) {
    if (error instanceof AppError && error.message === MSG.bulkFileRequired) throw badRequest(INBOX_MSG.fileRequired, { file: INBOX_MSG.fileRequired });
    if (error instanceof AppError && error.message === MSG.bulkExcelOnly) throw badRequest(INBOX_MSG.fileFormat, { file: INBOX_MSG.fileFormat });
    throw error;
  }
}

/** The sheet's customers: first name, last name, address and phone number, found by their header (any case). */
export function conversationRows(sheet: string[][]) {
  const rows = consentRows(sheet);
  if (!rows) return null;
  const header = (sheet[0] ?? []).map((h) => h.trim().toLowerCase().replace(/[^a-z]/g, ''));
  const address = header.findIndex((h) => h === 'address' || h === 'streetaddress');
  return rows.map((r) => ({ ...r, address: address >= 0 ? (sheet[r.row - 1]?.[address] ?? '').trim().slice(0, 255) : '' }));
}

/** E122 multiple: checks the sheet and the message, records every row, and hands the job to the worker. */
export async function startConversationBulk(ctx: LocationCtx, upload: UploadedSheet): Promise<NewConversationJob> {
  const body = (upload.fields.body ?? '').toString();
  const problem = inboxApi.newConversationBodyProblem(body);
  if (problem) throw badRequest(problem, { body: problem });
  const rule = (upload.fields.assignment_rule || 'self') as 'self' | 'unassigned' | 'users';
  if (!['self', 'unassigned', 'users'].includes(rule)) throw badRequest(INBOX_MSG.assignTarget, { assignment_rule: INBOX_MSG.assignTarget });
  const selected = Number(upload.fields.selected_users);
  const assigneeId = await assigneeForRule(ctx, rule, Number.isInteger(selected) && selected > 0 ? selected : null);
  const rows = conversationRows(upload.rows);
  if (!rows) throw badRequest(INBOX_MSG.fileFormat, { file: INBOX_MSG.fileFormat });
  if (!rows.length) throw badRequest(INBOX_MSG.fileMissing, { file: INBOX_MSG.fileMissing });
  if (rows.length > INBOX_LIMITS.maxRows) throw badRequest(`Please send at most ${INBOX_LIMITS.maxRows} rows at a time`, { file: INBOX_MSG.fileFormat });
  const jobId = await bulkQueries.createJob(ctx.db, {
    locationId: ctx.location.locationId,
    createdById: ctx.session.userId,
    body,
    assigneeId,
    fileName: upload.fileName,
    rows: rows.map((r) => ({
      rowNumber: r.row,
      name: r.name,
      address: r.address,
      phone: r.valid ? toE164(r.phone)! : r.phone,
      status: r.valid ? 'standby' : 'error',
      message: r.valid ? null : INBOX_MSG.numberRequired,
    })),
  });
  const invalid = rows.filter((r) => !r.valid).length;
  await logTask(
    ctx.db,
    { locationId: ctx.location.locationId, app: 'inbox', task: 'Multiple Conversations upload' },
    { status: 'success', message: `${upload.fileName}: ${rows.length} rows${invalid ? `, ${invalid} invalid` : ''}.` },
  );
  await enqueueConversationBulk(ctx, jobId);
  return conversationBulkView(ctx, ctx.location.locationId, jobId);
}

export async function enqueueConversationBulk(deps: AppDeps, jobId: number, startAfter?: Date) {
  await deps.jobs?.send(conversationBulkJob, { jobId }, { singletonKey: `inbox-bulk-${jobId}`, ...(startAfter ? { startAfter } : {}) });
}

export async function conversationBulkView(deps: AppDeps, locationId: number, jobId: number): Promise<NewConversationJob> {
  const job = await bulkQueries.jobOf(deps.db, locationId, jobId);
  if (!job) throw notFound();
  return {
    id: job.id,
    status: job.status as NewConversationJob['status'],
    total: job.total,
    rows: job.rows.map((r) => ({ row: r.rowNumber, name: r.name, phone: r.phone, status: r.status as NewConversationJob['rows'][number]['status'], message: r.message })),
  };
}

/**
 * One turn of a Multiple Conversations job: rows are claimed (standby → pending) before anything is sent,
 * so a retried or duplicated job never texts a row twice; a row left pending by a stopped worker is marked
 * as possibly sent rather than sent again. Outside the sending window (an automated send) it waits.
 */
export async function runConversationBulk(deps: AppDeps & { log: Log }, jobId: number, now = () => new Date()): Promise<'done' | 'more' | 'waiting'> {
  const job = await bulkQueries.jobToRun(deps.db, jobId);
  if (!job || job.status === 'done') return 'done';
  await bulkQueries.failPendingSince(deps.db, jobId, new Date(now().getTime() - STALE_MS), MSG.bulkInterrupted);
  if (!isInsideSendWindow(now(), job.location.timeZone, deps.config.sendWindow)) {
    await bulkQueries.setStatus(deps.db, jobId, 'waiting');
    await enqueueConversationBulk(deps, jobId, nextSendTime(now(), job.location.timeZone, deps.config.sendWindow));
    return 'waiting';
  }
  await bulkQueries.setStatus(deps.db, jobId, 'running');
  const started = Date.now();
  while (Date.now() - started < TURN_MS) {
    const claimed = await bulkQueries.claimRows(deps.db, jobId, CLAIM);
    if (!claimed.length) break;
    for (const row of claimed) {
      const outcome = await sendRow(deps, job, row).then(
        (conversationId) => ({ status: 'success', message: null, conversationId }),
        (error: unknown) => ({ status: 'error', message: error instanceof AppError ? error.message : INBOX_MSG.sendFailed, conversationId: null }),
      );
      await bulkQueries.setRowOutcome(deps.db, row.id, outcome);
    }
  }
  if ((await bulkQueries.rowsLeft(deps.db, jobId)) === 0) {
    await bulkQueries.finish(deps.db, jobId);
    return 'done';
  }
  await enqueueConversationBulk(deps, jobId);
  return 'more';
}

async function sendRow(deps: AppDeps, job: { locationId: number; createdById: number; assigneeId: number | null; body: string }, row: { name: string; address: string; phone: string }) {
  const locationId = job.locationId;
  if (await isOptedOut(deps.db, { locationId, channel: 'sms', address: row.phone }, 'messaging')) throw badRequest(INBOX_MSG.optedOut);
  const existing = await conversationQueries.byPhone(deps.db, locationId, row.phone);
  if (existing?.active) throw badRequest(INBOX_MSG.numberExists);
  // The conversation is opened only once the text has gone: a refused row leaves none behind.
  const open = async () =>
    (await openConversation(deps, { locationId, phone: row.phone, name: row.name, address: row.address, me: job.createdById, assignTo: job.assigneeId })).id;
  const body = existing ? job.body : withOptOutLine(job.body);
  let conversationId = 0;
  await sendToConversation(deps, { locationId, conversationId: async () => (conversationId = await open()), phone: row.phone, body, userId: job.createdById, kind: 'message' });
  return conversationId;
}

export const conversationBulkJob = defineJob({
  name: 'inbox.bulk',
  payload: z.object({ jobId: z.number().int().positive() }),
  retryLimit: 3,
  expireInSeconds: 300,
  async handler(payload, deps) {
    await runConversationBulk(deps, payload.jobId);
  },
});
