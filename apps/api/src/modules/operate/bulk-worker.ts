import type { Config } from '../../config.js';
import type { AppDeps, Log } from '../../http/context.js';
import { nextSendTime } from '../../lib/quiet-hours.js';
import { sendItems, smsSenderOf, type Batch, type ItemOutcome } from './batch-send.js';
import { bulkRowQueries, type ClaimedRow } from './queries.js';
import { prepareSends, type Sender } from './service.js';

/** How the worker paces a bulk job. */
export interface BulkPace {
  /** Rows claimed, sent at once and then recorded together: at most this many are in flight. */
  inFlight: number;
  /** How long one job keeps the worker before it goes to the back of the queue behind other locations' jobs. */
  sliceMs: number;
  /** Sends per second each sender may make (Infinity: as fast as the provider takes them). */
  perSecond: number;
  /** After how long rows claimed by a worker that never recorded them are taken over by another. */
  claimTimeoutMs: number;
}

/**
 * The local provider writes to a table and may go as fast as the database; Twilio gets the configured
 * sends per second for each sender. Five minutes outlast a send's longest wait on Twilio.
 */
export const bulkPace = (config: Config): BulkPace => ({
  inFlight: 200,
  sliceMs: 2_000,
  perSecond: config.sms.twilio?.sendsPerSecond ?? Infinity,
  claimTimeoutMs: 5 * 60_000,
});

/** Seconds of sends a sender may make at once after a pause (the pause between two turns of its job). */
const BURST_SECONDS = 2;
const allowances = new Map<string, { left: number; at: number }>();

/**
 * Takes up to `want` sends from the sender's allowance (a token bucket filled at `perSecond`): answers how
 * many may go now, and when none may, how long until the next one. Kept in the worker process: one worker
 * sends for all locations (docker-compose runs one), so each sender's pace is held whichever job sends.
 */
function takeSends(sender: string, want: number, perSecond: number): { granted: number; waitMs: number; giveBack: (n: number) => void } {
  if (!Number.isFinite(perSecond)) return { granted: want, waitMs: 0, giveBack: () => undefined };
  const cap = Math.max(1, perSecond * BURST_SECONDS);
  const now = Date.now();
  const a = allowances.get(sender) ?? { left: cap, at: now };
  a.left = Math.min(cap, a.left + ((now - a.at) / 1000) * perSecond);
  a.at = now;
  allowances.set(sender, a);
  const granted = Math.min(want, Math.floor(a.left));
  a.left -= granted;
  return { granted, waitMs: granted > 0 ? 0 : Math.ceil(((1 - a.left) / perSecond) * 1000), giveBack: (n) => (a.left += n) };
}

export type SliceResult = { state: 'done'; resumeAt: null } | { state: 'waiting' | 'more'; resumeAt: Date | null };

/**
 * One turn of a bulk job: claims its rows a batch at a time and sends each batch at once, for about
 * `sliceMs`, then answers whether the job is done, waits for the sending window, or has more (and from
 * when, when its sender's pace holds it back). The worker runs one turn per queued job and queues the next
 * behind the other jobs, so several locations' bulk sends take turns.
 *
 * Exactly once: a row is claimed (pending) before it is sent, and its dispatch, unique per row, is recorded
 * before the message leaves, so a second worker or a restart never sends it again; a claimed row whose send
 * was started but never recorded is marked interrupted rather than risk a second text. Rows never claimed
 * are sent after a restart as if nothing happened.
 */
export async function runBulkSlice(deps: AppDeps & { log: Log }, jobId: number, now: () => Date = () => new Date(), pace: BulkPace = bulkPace(deps.config)): Promise<SliceResult> {
  const job = await deps.db.bulkJob.findUnique({ where: { id: jobId }, include: { location: true, campaign: true } });
  if (!job || job.status === 'done') return { state: 'done', resumeAt: null };
  const { location } = job;
  const sender: Sender = { locationId: job.locationId, freeTrial: location.freeTrial, userId: job.createdById };
  const senderKey = location.smsNumber ?? location.messagingServiceSid ?? 'account';
  const batch: Batch = {
    deps,
    kind: job.kind,
    sender,
    smsSender: smsSenderOf(location),
    prepared: await prepareSends(deps, job.locationId, job.campaign),
    origin: { source: 'bulk', jobId },
  };
  const started = Date.now();
  let running = job.status === 'running';
  for (;;) {
    const at = now();
    const opens = nextSendTime(at, location.timeZone, deps.config.sendWindow);
    if (opens > at) {
      await deps.db.bulkJob.update({ where: { id: jobId }, data: { status: 'waiting' } });
      return { state: 'waiting', resumeAt: opens };
    }
    if (!running) {
      await deps.db.bulkJob.update({ where: { id: jobId }, data: { status: 'running' } });
      running = true;
    }
    const allowance = takeSends(senderKey, pace.inFlight, pace.perSecond);
    if (allowance.granted === 0) return { state: 'more', resumeAt: new Date(at.getTime() + allowance.waitMs) };
    const rows = await claimRows(deps, jobId, allowance.granted, at, new Date(at.getTime() - pace.claimTimeoutMs));
    allowance.giveBack(allowance.granted - rows.length);
    if (rows.length === 0) {
      const claimed = await deps.db.bulkJobRow.findFirst({ where: { jobId, status: { in: ['standby', 'pending'] } }, orderBy: { updatedAt: 'asc' } });
      if (!claimed) {
        await deps.db.bulkJob.update({ where: { id: jobId }, data: { status: 'done', finishedAt: new Date() } });
        return { state: 'done', resumeAt: null };
      }
      // Another worker holds the rest: look again when its claim would have lapsed.
      return { state: 'more', resumeAt: new Date(claimed.updatedAt.getTime() + pace.claimTimeoutMs) };
    }
    const items = rows.map((r) => ({ key: r.id, name: r.name, phone: r.phone, email: r.email, address: r.address }));
    await recordOutcomes(deps, await sendItems(batch, items), at);
    if (Date.now() - started >= pace.sliceMs) return { state: 'more', resumeAt: null };
  }
}

/**
 * Sends a bulk job's rows, turn after turn, until it is done, must wait for the sending window, or another
 * worker holds its last rows (then answers when to look again); for callers without a queue (the benchmark).
 */
export async function processBulkJob(deps: AppDeps & { log: Log }, jobId: number, now: () => Date = () => new Date(), pace: BulkPace = bulkPace(deps.config)): Promise<{ resumeAt: Date | null }> {
  for (;;) {
    const slice = await runBulkSlice(deps, jobId, now, pace);
    if (slice.state === 'done') return { resumeAt: null };
    if (slice.state === 'waiting') return { resumeAt: slice.resumeAt };
    const wait = slice.resumeAt ? slice.resumeAt.getTime() - now().getTime() : 0;
    if (wait > pace.sliceMs) return { resumeAt: slice.resumeAt };
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

/** Claims the job's next rows (bulkRowQueries.claim: sheet order, lapsed claims first, SKIP LOCKED). */
function claimRows(deps: AppDeps, jobId: number, limit: number, at: Date, lapsedBefore: Date): Promise<ClaimedRow[]> {
  return bulkRowQueries.claim(deps.db, jobId, limit, at, lapsedBefore);
}

/** Every row's status in one statement, which the page polling the job reads. */
async function recordOutcomes(deps: AppDeps, outcomes: ItemOutcome[], at: Date) {
  if (outcomes.length === 0) return;
  await bulkRowQueries.recordOutcomes(deps.db, outcomes, at);
}
