import { MSG } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { ENTITLEMENT_SELECT, entitlementsOf } from '../../lib/entitlements.js';
import type { Db } from '../../lib/db.js';
import { prepareSends, sendItems, smsSenderOf, type DeliveryResult, type ItemOutcome } from '../operate/index.js';
import { requestQueries } from './queries.js';

type Deps = AppDeps & { log: Log };

/** A review request claimed for sending (status sending), as the send needs it. */
export interface ClaimedRequest {
  id: number;
  locationId: number;
  campaignId: number;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  channel: string;
  source: 'api' | 'integration';
}

/** What became of a claimed request: its status and error as recorded, and its dispatch when one was made. */
export interface RequestOutcome {
  status: 'sent' | 'failed';
  error: string | null;
  dispatch: { sentAt: Date; result: DeliveryResult } | null;
}

export const UNEXPECTED_FAILURE = 'The request could not be sent.';

const failed = (error: string): RequestOutcome => ({ status: 'failed', error, dispatch: null });

/** A request's outcome from its item's: sent when a channel took it; a refusal before any dispatch is its error. */
const outcomeOfItem = (o: ItemOutcome): RequestOutcome =>
  o.status === 'success'
    ? { status: 'sent', error: null, dispatch: o.dispatch }
    : { status: 'failed', error: o.dispatch ? null : o.message, dispatch: o.dispatch };

/**
 * Sends claimed requests through Operate's batched send, a batch per location, campaign and source: the
 * location's sending rights and the campaign are read once per batch, then the batch's opt-outs, customers,
 * dispatches (unique per request, so none is ever sent twice) and texts take a few statements for all. Every
 * request's status is recorded in one statement at the end.
 */
export async function sendClaimed(deps: Deps, rows: readonly ClaimedRequest[]): Promise<Map<number, RequestOutcome>> {
  const groups = new Map<string, ClaimedRequest[]>();
  for (const row of rows) {
    const key = `${row.locationId}:${row.campaignId}:${row.source}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const outcomes = new Map<number, RequestOutcome>();
  for (const group of groups.values()) {
    try {
      for (const [id, outcome] of await sendGroup(deps, group)) outcomes.set(id, outcome);
    } catch (err) {
      deps.log.error({ err, apiRequestIds: group.map((r) => r.id) }, 'review requests failed');
      for (const row of group) outcomes.set(row.id, failed(UNEXPECTED_FAILURE));
    }
  }
  await record(deps.db, outcomes);
  return outcomes;
}

async function sendGroup(deps: Deps, group: ClaimedRequest[]): Promise<Map<number, RequestOutcome>> {
  const { db } = deps;
  const { locationId, campaignId, source } = group[0]!;
  const [location, campaign] = await Promise.all([
    db.location.findUniqueOrThrow({ where: { id: locationId }, select: { ...ENTITLEMENT_SELECT, smsNumber: true, messagingServiceSid: true } }),
    db.campaign.findFirst({ where: { id: campaignId, locationId, deletedAt: null } }),
  ]);
  const all = (outcome: RequestOutcome) => new Map(group.map((r) => [r.id, outcome]));
  // What Operate's send refuses for the whole location or campaign, refused here the same way.
  if (!entitlementsOf(location, location.subscription).canSend) return all(failed(MSG.sendingPaused));
  if (!campaign) return all(failed(MSG.dispatchCampaignNotFound));

  const items = group.map((r) => ({
    key: r.id,
    name: r.customerName,
    phone: r.channel !== 'email' ? r.customerPhone : null,
    email: r.channel !== 'sms' ? r.customerEmail : null,
    address: '',
  }));
  const results = await sendItems(
    {
      deps,
      kind: 'pcheck',
      sender: { locationId, freeTrial: location.freeTrial, userId: null },
      smsSender: smsSenderOf(location),
      prepared: await prepareSends(deps, locationId, campaign),
      origin: { source },
    },
    items,
  );
  return new Map(results.map((o) => [o.key, outcomeOfItem(o)]));
}

async function record(db: Db, outcomes: Map<number, RequestOutcome>) {
  if (outcomes.size === 0) return;
  await requestQueries.recordOutcomes(db, [...outcomes].map(([id, o]) => ({ id, status: o.status, error: o.error })));
}

/** Requests waiting for a batch, and how many batches are in flight. */
interface Batcher {
  waiting: { row: ClaimedRequest; resolve: (o: RequestOutcome) => void; reject: (e: unknown) => void }[];
  running: number;
}

/** At most this many requests go in one batch. */
const MAX_BATCH = 200;
/**
 * Batches one process sends at once: a batch is a dozen statements one after the other, so while one waits on the
 * database another may be sending; more would only take the pool's connections from the requests.
 */
const CONCURRENT_BATCHES = 3;
const batchers = new WeakMap<Db, Batcher>();

/**
 * Sends a request this process claimed (recorded as sending) with the others that arrive meanwhile: while the
 * batches in flight are being sent, the requests that come in wait and then go together, the way a database
 * commits several transactions with one flush. An idle process sends a lone request at once.
 */
export function sendSoon(deps: Deps, row: ClaimedRequest): Promise<RequestOutcome> {
  let batcher = batchers.get(deps.db);
  if (!batcher) batchers.set(deps.db, (batcher = { waiting: [], running: 0 }));
  const b = batcher;
  return new Promise<RequestOutcome>((resolve, reject) => {
    b.waiting.push({ row, resolve, reject });
    if (b.running < CONCURRENT_BATCHES) void drain(deps, b);
  });
}

async function drain(deps: Deps, b: Batcher) {
  b.running += 1;
  try {
    while (b.waiting.length > 0) {
      const batch = b.waiting.splice(0, MAX_BATCH);
      try {
        const outcomes = await sendClaimed(deps, batch.map((w) => w.row));
        for (const w of batch) w.resolve(outcomes.get(w.row.id) ?? failed(UNEXPECTED_FAILURE));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
  } finally {
    b.running -= 1;
  }
}
