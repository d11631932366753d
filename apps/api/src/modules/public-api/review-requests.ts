import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { publicApi, toE164 } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { loadEntitlements } from '../../lib/entitlements.js';
import { nextSendTime } from '../../lib/quiet-hours.js';
import { coalesce, coalescedPer } from '../../lib/coalesce.js';
import { hashToken } from '../../lib/tokens.js';
import { requestQueries, type NewRequest } from './queries.js';
import { sendClaimed, sendSoon, type ClaimedRequest, type RequestOutcome } from './send-requests.js';
import { ApiError, type ApiCtx } from './v1.js';

const { API_MSG, API_KEY_LIMITS } = publicApi;
type Input = z.output<typeof publicApi.reviewRequestInput>;
type Output = publicApi.ReviewRequestOutput;
type Deps = AppDeps & { log: Log };

/** rr_ and 16 URL-safe random characters. */
const newPublicId = () => `rr_${randomBytes(12).toString('base64url')}`;

/** A send that started this long ago and never finished was interrupted (the process stopped). */
export const SENDING_TIMEOUT_MS = 10 * 60_000;

const IDEMPOTENCY_KEY_RE = new RegExp(`^[\\x21-\\x7E]{1,${API_KEY_LIMITS.idempotencyKeyMax}}$`);

/** The Idempotency-Key header, when sent: 1 to 255 visible ASCII characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_RE.test(header)) {
    throw new ApiError('invalid_request', API_MSG.idempotencyKey, { 'Idempotency-Key': API_MSG.idempotencyKey });
  }
  return header;
}

interface RequestRow {
  id: number;
  publicId: string;
  locationId: number;
  source: string;
  requestHash: string;
  campaignId: number;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  channel: string;
  externalId: string | null;
  scheduledFor: Date;
  status: string;
  error: string | null;
  claimedAt: Date | null;
  createdAt: Date;
}

/** The campaign a request names: by uid, by a unique Employee ID, or the location's default. */
async function resolveCampaign(ctx: ApiCtx, input: Input) {
  const where = { locationId: ctx.caller.locationId, deletedAt: null };
  if (input.campaign_uid) {
    const found = await ctx.db.campaign.findFirst({ where: { ...where, uid: input.campaign_uid } });
    if (!found) throw new ApiError('unprocessable', API_MSG.campaignUnknown, { campaign_uid: API_MSG.campaignUnknown });
    return found;
  }
  if (input.employee_id) {
    const found = await ctx.db.campaign.findMany({ where: { ...where, employeeId: input.employee_id }, take: 2 });
    if (found.length === 0) throw new ApiError('unprocessable', API_MSG.employeeUnknown, { employee_id: API_MSG.employeeUnknown });
    if (found.length > 1) throw new ApiError('unprocessable', API_MSG.employeeAmbiguous, { employee_id: API_MSG.employeeAmbiguous });
    return found[0]!;
  }
  const fallback = await ctx.db.campaign.findMany({ where, orderBy: [{ isDefault: 'desc' }, { id: 'asc' }], take: 2 });
  // The default campaign, or the only one there is.
  const chosen = fallback[0]?.isDefault || fallback.length === 1 ? fallback[0] : undefined;
  if (!chosen) throw new ApiError('unprocessable', API_MSG.campaignRequired, { campaign_uid: API_MSG.campaignRequired });
  return chosen;
}

/**
 * Records a request with the others arriving while earlier inserts are in flight: one statement and one commit for
 * all (lib/coalesce.ts). A request whose insert fails is tried again alone, so it fails only its own call.
 */
const recordSoon = coalescedPer((db: Deps['db']) =>
  coalesce((requests: Parameters<typeof requestQueries.insertWithCampaigns>[1][number][]) => requestQueries.insertWithCampaigns(db, requests), {
    maxBatch: 200,
    concurrent: 1,
  }),
);

/**
 * The row a request records: scheduled for now when it is due (this process then sends it), else for its time. A due
 * request whose answer waits for its send is recorded as sending, claimed by this process from the start; one answered
 * at once is recorded scheduled and claimed when its batch goes.
 */
function newRequest(
  caller: ApiCtx['caller'],
  input: Input,
  r: {
    publicId: string;
    idempotencyKey: string | null;
    requestHash: string;
    phone: string | null;
    asked: Date | null;
    now: Date;
    scheduledFor: Date;
    dueNow: boolean;
    claimNow: boolean;
  },
): NewRequest {
  return {
    publicId: r.publicId,
    locationId: caller.locationId,
    keyId: caller.keyId,
    idempotencyKey: r.idempotencyKey,
    requestHash: r.requestHash,
    customerName: input.customer.name,
    customerPhone: r.phone,
    customerEmail: input.customer.email ?? null,
    channel: input.channel,
    externalId: input.external_id ?? null,
    sendAt: r.asked,
    scheduledFor: r.dueNow ? r.now : r.scheduledFor,
    status: r.dueNow && r.claimNow ? 'sending' : 'scheduled',
    claimedAt: r.dueNow && r.claimNow ? r.now : null,
  };
}

/**
 * POST /review-requests. The request is recorded first — with its Idempotency-Key under a unique index, so of
 * two identical requests at once exactly one is recorded and the other answers it — then, when it is due and
 * the sending window is open, sent with the other requests arriving meanwhile through Operate's batched send
 * path, or left for the minute's sweep.
 *
 * The usual request shares its two statements (the key with its location, then this insert with its campaign) with
 * the requests arriving together; anything else — a repeated key, a campaign to be found otherwise, a refusal — takes the full path.
 */
export async function createReviewRequest(
  ctx: ApiCtx,
  input: Input,
  idempotencyKey: string | null,
  waitSeconds: number | null = MAX_WAIT_SECONDS,
): Promise<{ request: Output; replayed: boolean }> {
  const { caller } = ctx;
  const location = caller.location;
  if (!location.canSend || (location.freeTrial && location.pcheckCount <= 0)) return createFully(ctx, input, idempotencyKey, waitSeconds);
  const now = new Date();
  const asked = input.send_at ? new Date(input.send_at) : null;
  const scheduledFor = nextSendTime(asked && asked > now ? asked : now, location.timeZone, ctx.config.sendWindow);
  const dueNow = scheduledFor.getTime() <= now.getTime();
  const phone = input.customer.phone ? toE164(input.customer.phone) : null;
  const email = input.customer.email ?? null;
  const publicId = newPublicId();
  const newRow = newRequest(caller, input, {
    publicId,
    idempotencyKey,
    requestHash: hashToken(JSON.stringify(input)),
    phone,
    asked,
    now,
    scheduledFor,
    dueNow,
    claimNow: waitSeconds !== null,
  });
  const row = await recordSoon(ctx.db, {
    request: newRow,
    campaign: { campaignUid: input.campaign_uid ?? null, employeeId: input.employee_id ?? null },
  });
  if (!row) return createFully(ctx, input, idempotencyKey, waitSeconds);
  const outcome = dueNow
    ? await deliver(
        ctx,
        {
          id: row.id,
          locationId: caller.locationId,
          campaignId: row.campaign.id,
          customerName: input.customer.name,
          customerPhone: phone,
          customerEmail: email,
          channel: input.channel,
          source: 'api',
          claimed: newRow.status === 'sending',
        },
        waitSeconds,
      )
    : null;
  // Waited for, but not sent within the wait (or the sweep took it): the request as it is now.
  if (dueNow && waitSeconds !== null && !outcome) return { request: await viewOf(ctx, row.id), replayed: false };
  const d = outcome?.dispatch ?? null;
  const request: Output = {
    id: publicId,
    status: outcome?.status ?? 'scheduled',
    channel: input.channel,
    scheduled_for: (dueNow ? now : scheduledFor).toISOString(),
    sent_at: d?.sentAt.toISOString() ?? null,
    responded_at: null,
    campaign: { uid: row.campaign.uid, name: row.campaign.name, employee_id: row.campaign.employee_id },
    customer: { name: input.customer.name, phone, email },
    external_id: input.external_id ?? null,
    delivery: {
      sms: channelOutcome(d?.result.smsStatus ?? null, d?.result.smsMessage ?? null),
      email: channelOutcome(d?.result.emailStatus ?? null, d?.result.emailMessage ?? null),
    },
    error: outcome?.error ?? null,
    created_at: row.created_at,
  };
  return { request, replayed: false };
}

/** The full path: a repeated key answered, the campaign found or refused with its reason, the location's refusals. */
async function createFully(ctx: ApiCtx, input: Input, idempotencyKey: string | null, waitSeconds: number | null): Promise<{ request: Output; replayed: boolean }> {
  const { caller, db } = ctx;
  const requestHash = hashToken(JSON.stringify(input));
  if (idempotencyKey) {
    const earlier = await db.apiReviewRequest.findUnique({ where: { apiKeyId_idempotencyKey: { apiKeyId: caller.keyId, idempotencyKey } } });
    if (earlier) return { request: await replay(ctx, earlier, requestHash, waitSeconds), replayed: true };
  }

  const campaign = await resolveCampaign(ctx, input);
  const location = await db.location.findUniqueOrThrow({ where: { id: caller.locationId }, select: { timeZone: true, freeTrial: true, pcheckCount: true } });
  // Refused before anything is recorded, so a later retry with the same key may still send.
  if ((await loadEntitlements(db, caller.locationId))?.canSend === false) throw new ApiError('sending_paused', API_MSG.sendingPaused);
  if (location.freeTrial && location.pcheckCount <= 0) throw new ApiError('trial_limit_reached', API_MSG.trialLimit);

  const now = new Date();
  const asked = input.send_at ? new Date(input.send_at) : null;
  const scheduledFor = nextSendTime(asked && asked > now ? asked : now, location.timeZone, ctx.config.sendWindow);
  const dueNow = scheduledFor.getTime() <= now.getTime();
  const phone = input.customer.phone ? toE164(input.customer.phone) : null;
  const newRow = newRequest(caller, input, { publicId: newPublicId(), idempotencyKey, requestHash, phone, asked, now, scheduledFor, dueNow, claimNow: waitSeconds !== null });
  const id = await requestQueries.insert(db, newRow, campaign.id);
  if (id === undefined) {
    // Another request with this key was recorded meanwhile: answer that one.
    const earlier = await db.apiReviewRequest.findUniqueOrThrow({ where: { apiKeyId_idempotencyKey: { apiKeyId: caller.keyId, idempotencyKey: idempotencyKey! } } });
    return { request: await replay(ctx, earlier, requestHash, waitSeconds), replayed: true };
  }
  if (!dueNow) return { request: await viewOf(ctx, id), replayed: false };
  // Without a wait, the request as recorded (the send that follows may be quicker than a read of it).
  const recorded = waitSeconds === null ? await viewOf(ctx, id) : null;
  await deliver(ctx, { ...claimedOf(await db.apiReviewRequest.findUniqueOrThrow({ where: { id } })), claimed: newRow.status === 'sending' }, waitSeconds);
  return { request: recorded ?? (await viewOf(ctx, id)), replayed: false };
}

/**
 * Hands a recorded, due request to this process's batched send (send-requests.ts) and waits up to `waitSeconds` for
 * its outcome (null: not sent within the wait, or the minute's sweep has it). Without a wait (`Prefer:
 * respond-async`) the answer goes at once and the send follows; a send that fails unexpectedly is logged and left to
 * the sweep's rules.
 */
async function deliver(ctx: ApiCtx, row: ClaimedRequest, waitSeconds: number | null): Promise<RequestOutcome | null> {
  const sending = sendSoon(ctx, row).catch((err: unknown) => {
    ctx.log.error({ err, apiRequestId: row.id }, 'review request send failed');
    return null;
  });
  if (waitSeconds === null) return null;
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitSeconds * 1000)));
  try {
    return await Promise.race([sending, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/** The longest an answer waits for its send, in seconds: by default, and at most with `Prefer: wait`. */
export const MAX_WAIT_SECONDS = 10;

/**
 * How long the answer to a review request waits for its send, from its `Prefer` header (RFC 7240): by default up to
 * MAX_WAIT_SECONDS (version 1 answers once the request was sent); `wait=N` up to N seconds (at most the default);
 * `respond-async` (without a wait), or `wait=0`, not at all (null). `applied` is the Preference-Applied answer, when
 * a preference was honoured. A preference that cannot be read is ignored, as the RFC asks.
 */
export function answerWait(header: string | string[] | undefined): { seconds: number | null; applied: string | null } {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let wait: number | null = null;
  let async = false;
  for (const part of text.split(/[,;]/)) {
    const m = /^\s*wait\s*=\s*"?(\d{1,6})"?\s*$/i.exec(part);
    if (m && wait === null) wait = Math.min(Number(m[1]), MAX_WAIT_SECONDS);
    else if (/^\s*respond-async\s*$/i.test(part)) async = true;
  }
  if (wait !== null) return { seconds: wait > 0 ? wait : null, applied: `wait=${wait}` };
  if (async) return { seconds: null, applied: 'respond-async' };
  return { seconds: MAX_WAIT_SECONDS, applied: null };
}

/**
 * A repeat of an earlier request: the same body answers it once it is no longer being sent (waiting as long as the
 * first call would: `waitSeconds`, none with `Prefer: respond-async`), another body is a 409. Nothing is sent again.
 */
async function replay(ctx: ApiCtx, earlier: RequestRow, requestHash: string, waitSeconds: number | null): Promise<Output> {
  if (earlier.requestHash !== requestHash) throw new ApiError('idempotency_conflict', API_MSG.idempotencyConflict);
  const until = Date.now() + (waitSeconds ?? 0) * 1000;
  const inFlight = (r: RequestRow) => r.status === 'sending' || (r.status === 'scheduled' && r.scheduledFor.getTime() <= Date.now());
  let row = earlier;
  while (inFlight(row) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    row = await ctx.db.apiReviewRequest.findUniqueOrThrow({ where: { id: row.id } });
  }
  return viewOf(ctx, row.id);
}

/** A claimed request as the batched send takes it. */
const claimedOf = (row: RequestRow): ClaimedRequest => ({
  id: row.id,
  locationId: row.locationId,
  campaignId: row.campaignId,
  customerName: row.customerName,
  customerPhone: row.customerPhone,
  customerEmail: row.customerEmail,
  channel: row.channel,
  source: row.source === 'integration' ? 'integration' : 'api',
});

const channelOutcome = (status: number | null, message: string | null) =>
  status === null ? null : { status: status === 1 ? ('sent' as const) : ('failed' as const), message: message ?? '' };

/** A request as the API answers it, with its dispatch's outcome when it was sent. */
async function viewOf(deps: AppDeps, id: number): Promise<Output> {
  const row = await deps.db.apiReviewRequest.findUniqueOrThrow({
    where: { id },
    include: {
      dispatch: { select: { smsStatus: true, smsMessage: true, emailStatus: true, emailMessage: true, createdAt: true, respondedAt: true } },
    },
  });
  const campaign = await deps.db.campaign.findUniqueOrThrow({ where: { id: row.campaignId }, select: { uid: true, name: true, employeeId: true } });
  const d = row.dispatch;
  return {
    id: row.publicId,
    status: row.status as Output['status'],
    channel: row.channel as Output['channel'],
    scheduled_for: row.scheduledFor.toISOString(),
    sent_at: d?.createdAt.toISOString() ?? null,
    responded_at: d?.respondedAt?.toISOString() ?? null,
    campaign: { uid: campaign.uid, name: campaign.name, employee_id: campaign.employeeId },
    customer: { name: row.customerName, phone: row.customerPhone, email: row.customerEmail },
    external_id: row.externalId,
    delivery: { sms: channelOutcome(d?.smsStatus ?? null, d?.smsMessage ?? null), email: channelOutcome(d?.emailStatus ?? null, d?.emailMessage ?? null) },
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /review-requests/{id}: the caller's location's request; any other id is not found. */
export async function getReviewRequest(ctx: ApiCtx, publicId: string): Promise<Output> {
  const row = await ctx.db.apiReviewRequest.findFirst({ where: { publicId, locationId: ctx.caller.locationId }, select: { id: true } });
  if (!row) throw new ApiError('not_found', API_MSG.notFound);
  return viewOf(ctx, row.id);
}

/** The error of a request whose send was cut off after its dispatch was recorded. */
export const INTERRUPTED = 'The send was interrupted; nothing more is sent for this request.';

/**
 * The minute's sweep: sends the scheduled requests that are due (claimed with SKIP LOCKED, so two workers
 * share them without sending one twice), and moves one whose sending window closed meanwhile to its next opening.
 * Sends that never finished are settled first: one that recorded no dispatch reached no one and is sent now (its
 * dispatch, unique per request, would refuse a second); one that did is closed as its dispatch says, never sent again.
 */
export async function sendDueRequests(deps: Deps, now: Date = new Date(), limit = 100): Promise<number> {
  const { db } = deps;
  await requestQueries.settleStale(db, new Date(now.getTime() - SENDING_TIMEOUT_MS), INTERRUPTED);
  const claimed = await requestQueries.claimDue(db, now, limit);
  const due: ClaimedRequest[] = [];
  const zones = new Map<number, string>();
  for (const { id } of claimed) {
    const row = await db.apiReviewRequest.findUniqueOrThrow({ where: { id } });
    if (!zones.has(row.locationId)) {
      zones.set(row.locationId, (await db.location.findUniqueOrThrow({ where: { id: row.locationId }, select: { timeZone: true } })).timeZone);
    }
    const opens = nextSendTime(now, zones.get(row.locationId)!, deps.config.sendWindow);
    if (opens > now) {
      await db.apiReviewRequest.update({ where: { id }, data: { status: 'scheduled', scheduledFor: opens, claimedAt: null } });
      continue;
    }
    due.push(claimedOf(row));
  }
  const outcomes = await sendClaimed(deps, due);
  const sent = outcomes.size;
  return sent;
}

/**
 * A review request another area asks for (a field-service job): recorded scheduled in the caller's transaction,
 * with no API key, so the minute's sweep sends it at its time (or `sendIfDue` at once, after the commit).
 */
export async function recordReviewRequest(
  db: Pick<Deps['db'], 'apiReviewRequest'>,
  r: { locationId: number; campaignId: number; customerName: string; customerPhone: string | null; customerEmail: string | null; channel: string; externalId: string; scheduledFor: Date },
): Promise<number> {
  const row = await db.apiReviewRequest.create({
    data: { ...r, publicId: newPublicId(), source: 'integration', requestHash: hashToken(JSON.stringify(r)), status: 'scheduled' },
    select: { id: true },
  });
  return row.id;
}

/**
 * Sends one scheduled request now when it is due and the sending window is open, claimed the way the sweep claims
 * (a request the sweep took meanwhile is left to it). True when it was sent here.
 */
export async function sendIfDue(deps: Deps, id: number, now: Date = new Date()): Promise<boolean> {
  if (!(await requestQueries.claimOne(deps.db, id, now))) return false;
  const row = await deps.db.apiReviewRequest.findUniqueOrThrow({ where: { id } });
  await sendClaimed(deps, [claimedOf(row)]);
  return true;
}

/** Scheduled review requests go out within a minute of their time. */
export const reviewRequestsDueJob = defineJob({
  name: 'public-api.review-requests-due',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
  async handler(_payload, deps) {
    await sendDueRequests(deps);
  },
});
