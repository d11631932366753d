import { isValidEmail, MSG, toE164 } from '@kudo/shared';
import type { Config } from '../../config.js';
import type { AppDeps, Log } from '../../http/context.js';
import { nextSendTime } from '../../lib/quiet-hours.js';
import { hashToken } from '../../lib/tokens.js';
import type { SmsMessage } from '../../providers/sms/index.js';
import {
  dispatchMessages,
  DISPATCH_TOKEN_DAYS,
  newDispatchToken,
  prepareSends,
  sendDispatchEmail,
  smsOutcome,
  upsertCustomer,
  type Delivery,
  type DeliveryResult,
  type Prepared,
  type Sender,
} from './service.js';

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

interface ClaimedRow {
  id: number;
  rowNumber: number;
  name: string;
  phone: string;
  email: string;
  address: string;
}

interface RowOutcome {
  id: number;
  status: 'success' | 'error';
  message: string | null;
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
  const smsSender = location.smsNumber ? { from: location.smsNumber } : location.messagingServiceSid ? { messagingServiceSid: location.messagingServiceSid } : {};
  const senderKey = location.smsNumber ?? location.messagingServiceSid ?? 'account';
  const batch: Batch = { deps, jobId, kind: job.kind, sender, smsSender, prepared: await prepareSends(deps, job.locationId, job.campaign) };
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
    await recordOutcomes(deps, await sendBatch(batch, rows), at);
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

/**
 * Claims the next rows in sheet order (rows another worker claimed and never recorded come first once
 * their claim lapsed). SKIP LOCKED lets two workers claim from one job at once without waiting on or
 * taking each other's rows.
 */
function claimRows(deps: AppDeps, jobId: number, limit: number, at: Date, lapsedBefore: Date) {
  return deps.db.$queryRaw<ClaimedRow[]>`
    UPDATE bulk_job_rows r SET status = 'pending', updated_at = ${at}
    FROM (
      SELECT id FROM bulk_job_rows
      WHERE job_id = ${jobId} AND (status = 'standby' OR (status = 'pending' AND updated_at < ${lapsedBefore}))
      ORDER BY status = 'pending' DESC, row_number
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) c
    WHERE r.id = c.id
    RETURNING r.id, r.row_number AS "rowNumber", r.name, r.phone, r.email, r.address`;
}

interface Batch {
  deps: AppDeps & { log: Log };
  jobId: number;
  kind: 'pcheck' | 'bio';
  sender: Sender;
  smsSender: { from?: string; messagingServiceSid?: string };
  prepared: Prepared;
}

const outcomeOf = (r: DeliveryResult): Omit<RowOutcome, 'id'> => {
  const ok = r.smsStatus === 1 || r.emailStatus === 1;
  return { status: ok ? 'success' : 'error', message: ok ? null : (r.smsMessage ?? r.emailMessage ?? MSG.dispatchFailed) };
};

/**
 * Sends one batch of claimed rows: the opt-outs are read right before sending (a customer who opted out
 * since the upload is refused here, and again by the provider's own check), the customers and the
 * dispatches recorded in one statement each, then every row's messages go out at once.
 */
async function sendBatch(b: Batch, rows: ClaimedRow[]): Promise<RowOutcome[]> {
  const { deps, sender } = b;
  const { db } = deps;
  const locationId = sender.locationId;
  const targets = rows.map((row) => ({
    row,
    phone: toE164(row.phone),
    email: row.email && isValidEmail(row.email) ? row.email : null,
  }));

  const optedOut = await db.consentState.findMany({
    where: {
      locationId,
      optedOut: true,
      scope: { in: ['all', 'dispatch'] },
      OR: [
        { channel: 'sms', address: { in: targets.flatMap((t) => (t.phone ? [t.phone] : [])) } },
        { channel: 'email', address: { in: targets.flatMap((t) => (t.email ? [t.email] : [])) } },
      ],
    },
    select: { channel: true, address: true },
  });
  const refused = new Set(optedOut.map((o) => `${o.channel}:${o.address}`));

  // Trial locations spend a pulseCheck per row, all at once and never below zero; what went unsent comes back.
  const trialSpend = b.kind === 'pcheck' && sender.freeTrial;
  let allowed = rows.length;
  if (trialSpend) {
    const [spent] = await db.$queryRaw<{ granted: number }[]>`
      WITH before AS (SELECT pcheck_count FROM locations WHERE id = ${locationId} FOR UPDATE)
      UPDATE locations l SET pcheck_count = l.pcheck_count - LEAST(before.pcheck_count, ${rows.length})
      FROM before WHERE l.id = ${locationId}
      RETURNING LEAST(before.pcheck_count, ${rows.length})::int AS granted`;
    allowed = Math.max(0, spent?.granted ?? 0);
  }
  const outcomes: RowOutcome[] = targets.slice(allowed).map((t) => ({ id: t.row.id, status: 'error', message: MSG.dispatchNoPulseChecksLeft }));
  const sending = targets.slice(0, allowed);

  const customers = await upsertCustomers(b, sending);
  const tokens = new Map(sending.map((t) => [t.row.id, newDispatchToken()]));
  const customerOf = (t: (typeof sending)[number]) => (t.phone ? customers.byPhone.get(t.phone) : t.email ? customers.byEmail.get(t.email) : undefined) ?? null;
  const recorded = sending.length
    ? await db.$queryRaw<{ id: number; bulkRowId: number }[]>`
        INSERT INTO dispatches (location_id, campaign_id, customer_id, kind, source, token_hash, customer_phone, customer_email,
                                customer_name, customer_address, sent_by_user_id, bulk_job_id, bulk_row_id, expires_at)
        SELECT ${locationId}, ${b.prepared.campaign.id}, v.customer_id, ${b.kind}::"DispatchKind", 'bulk', v.token_hash, v.phone, v.email,
               v.name, v.address, ${sender.userId}, ${b.jobId}, v.row_id, ${new Date(Date.now() + DISPATCH_TOKEN_DAYS * 24 * 3600_000)}
        FROM unnest(${sending.map((t) => customerOf(t))}::int[], ${sending.map((t) => hashToken(tokens.get(t.row.id)!))}::text[],
                    ${sending.map((t) => t.phone)}::text[], ${sending.map((t) => t.email)}::text[], ${sending.map((t) => t.row.name)}::text[],
                    ${sending.map((t) => t.row.address)}::text[], ${sending.map((t) => t.row.id)}::int[])
          AS v(customer_id, token_hash, phone, email, name, address, row_id)
        -- A row that already has its dispatch was sent (or started) by an earlier run: it is not sent again.
        ON CONFLICT (bulk_row_id) DO NOTHING
        RETURNING id, bulk_row_id AS "bulkRowId"`
    : [];
  const dispatchOf = new Map(recorded.map((d) => [d.bulkRowId, d.id]));
  outcomes.push(...(await earlierOutcomes(b, sending.filter((t) => !dispatchOf.has(t.row.id)).map((t) => t.row.id))));

  const delivered = await deliverBatch(
    b,
    sending.filter((t) => dispatchOf.has(t.row.id)).map((t) => ({
      rowId: t.row.id,
      dispatchId: dispatchOf.get(t.row.id)!,
      token: tokens.get(t.row.id)!,
      phone: t.phone && !refused.has(`sms:${t.phone}`) ? t.phone : null,
      email: t.email && !refused.has(`email:${t.email}`) ? t.email : null,
      refused: { sms: t.phone !== null && refused.has(`sms:${t.phone}`), email: t.email !== null && refused.has(`email:${t.email}`) },
      customerName: t.row.name,
      isTest: false,
    })),
  );
  if (delivered.length > 0) {
    await db.$executeRaw`
      UPDATE dispatches d SET sms_status = v.sms_status, sms_message = v.sms_message, email_status = v.email_status, email_message = v.email_message
      FROM unnest(${delivered.map((d) => d.dispatchId)}::int[], ${delivered.map((d) => d.result.smsStatus)}::int[], ${delivered.map((d) => d.result.smsMessage)}::text[],
                  ${delivered.map((d) => d.result.emailStatus)}::int[], ${delivered.map((d) => d.result.emailMessage)}::text[])
        AS v(id, sms_status, sms_message, email_status, email_message)
      WHERE d.id = v.id`;
  }
  const unsent = allowed - delivered.filter((d) => outcomeOf(d.result).status === 'success').length;
  if (trialSpend && unsent > 0) await db.$executeRaw`UPDATE locations SET pcheck_count = pcheck_count + ${unsent} WHERE id = ${locationId}`;
  return [...outcomes, ...delivered.map((d) => ({ id: d.rowId, ...outcomeOf(d.result) }))];
}

type Outgoing = Delivery & { rowId: number; refused: { sms: boolean; email: boolean } };

/**
 * The batch's messages: every SMS handed to the provider together (one opt-out check and one log write for
 * all in the sending path, one outbox write for the local provider), the emails alongside. A channel found
 * opted out just before is refused without reaching the provider.
 */
async function deliverBatch(b: Batch, outgoing: Outgoing[]): Promise<{ rowId: number; dispatchId: number; result: DeliveryResult }[]> {
  const { deps } = b;
  const texts = outgoing.map((o) => dispatchMessages(deps.config, b.prepared, b.kind, o, 'bulk'));
  const texted = outgoing.flatMap((o, i) => (o.phone ? [i] : []));
  const messages: SmsMessage[] = texted.map((i) => ({
    to: outgoing[i]!.phone!,
    body: texts[i]!.sms,
    locationId: b.sender.locationId,
    scope: 'dispatch',
    ...texts[i]!.tag,
    ...b.smsSender,
    senderKnown: true,
  }));
  const { sms } = deps.providers;
  const [smsResults, emailResults] = await Promise.all([
    messages.length === 0 ? [] : sms.sendMany ? sms.sendMany(messages) : Promise.allSettled(messages.map((m) => sms.send(m))),
    Promise.all(outgoing.map((o, i) => (texts[i]!.email ? sendDispatchEmail(deps, texts[i]!.email!, o.dispatchId) : null))),
  ]);
  const smsOf = new Map(texted.map((i, k) => [i, smsOutcome(deps.log, smsResults[k]!, outgoing[i]!.dispatchId)]));
  return outgoing.map((o, i) => ({
    rowId: o.rowId,
    dispatchId: o.dispatchId,
    result: {
      ...(smsOf.get(i) ?? (o.refused.sms ? { smsStatus: 0, smsMessage: MSG.lookupOptedOut } : { smsStatus: null, smsMessage: null })),
      ...(emailResults[i] ?? (o.refused.email ? { emailStatus: 0, emailMessage: MSG.emailUnsubscribed } : { emailStatus: null, emailMessage: null })),
    },
  }));
}

/**
 * The batch's customers, found or created by phone in one statement (what staff typed updates them, as a
 * single send does); the rare rows with only an email go one at a time.
 */
async function upsertCustomers(b: Batch, targets: { row: ClaimedRow; phone: string | null; email: string | null }[]) {
  const locationId = b.sender.locationId;
  // One row per phone: a statement may not update the same customer twice; the sheet's last row wins.
  const byPhone = new Map(targets.filter((t) => t.phone).map((t) => [t.phone!, t]));
  const list = [...byPhone.values()];
  const found = list.length
    ? await b.deps.db.$queryRaw<{ id: number; phone: string }[]>`
        INSERT INTO customers (location_id, phone, email, name, address_line)
        SELECT ${locationId}, v.phone, NULLIF(v.email, ''), v.name, v.address
        FROM unnest(${list.map((t) => t.phone)}::text[], ${list.map((t) => t.email ?? '')}::text[], ${list.map((t) => t.row.name)}::text[], ${list.map((t) => t.row.address)}::text[])
          AS v(phone, email, name, address)
        ON CONFLICT (location_id, phone) DO UPDATE SET
          email = COALESCE(EXCLUDED.email, customers.email),
          name = CASE WHEN EXCLUDED.name <> '' THEN EXCLUDED.name ELSE customers.name END,
          address_line = CASE WHEN EXCLUDED.address_line <> '' THEN EXCLUDED.address_line ELSE customers.address_line END,
          updated_at = now()
        RETURNING id, phone`
    : [];
  const byEmail = new Map<string, number>();
  for (const t of targets) {
    if (t.phone || !t.email || byEmail.has(t.email)) continue;
    const c = await upsertCustomer(b.deps, locationId, { phone: null, email: t.email, name: t.row.name, addressLine: t.row.address });
    byEmail.set(t.email, c.id);
  }
  return { byPhone: new Map(found.map((c) => [c.phone, c.id])), byEmail };
}

/** Rows whose dispatch an earlier run recorded: what it recorded, or interrupted when it never got to. */
async function earlierOutcomes(b: Batch, rowIds: number[]): Promise<RowOutcome[]> {
  if (rowIds.length === 0) return [];
  const earlier = await b.deps.db.dispatch.findMany({ where: { bulkRowId: { in: rowIds } } });
  return earlier.map((d) => {
    const known = d.smsStatus !== null || d.emailStatus !== null;
    const ok = d.smsStatus === 1 || d.emailStatus === 1;
    return {
      id: d.bulkRowId!,
      status: known && ok ? 'success' : 'error',
      message: !known ? MSG.bulkInterrupted : ok ? null : (d.smsMessage ?? d.emailMessage),
    };
  });
}

/** Every row's status in one statement, which the page polling the job reads. */
async function recordOutcomes(deps: AppDeps, outcomes: RowOutcome[], at: Date) {
  if (outcomes.length === 0) return;
  await deps.db.$executeRaw`
    UPDATE bulk_job_rows r SET status = v.status, message = v.message, updated_at = ${at}
    FROM unnest(${outcomes.map((o) => o.id)}::int[], ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.message)}::text[]) AS v(id, status, message)
    WHERE r.id = v.id`;
}
