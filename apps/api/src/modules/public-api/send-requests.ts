import { MSG } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { ENTITLEMENT_SELECT, entitlementsOf } from '../../lib/entitlements.js';
import type { Db } from '../../lib/db.js';
import { sendContextOf, sendItems, smsSenderOf, type DeliveryResult, type ItemOutcome } from '../operate/index.js';
import { coalesce, coalescedPer } from '../../lib/coalesce.js';
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
  /** Recorded as sending by the process that sends it (an answer waiting for its send): no claim is needed. */
  claimed?: boolean;
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
 * dispatches (unique per request, so none is ever sent twice) and texts take a few statements for all. Each group
 * records its requests' outcomes in one statement, a failed group's as failed.
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
    let sent: Map<number, RequestOutcome>;
    try {
      sent = await sendGroup(deps, group);
    } catch (err) {
      deps.log.error({ err, apiRequestIds: group.map((r) => r.id) }, 'review requests failed');
      sent = new Map(group.map((r) => [r.id, failed(UNEXPECTED_FAILURE)]));
      await record(deps.db, sent);
    }
    for (const [id, outcome] of sent) outcomes.set(id, outcome);
  }
  return outcomes;
}

/** Sends one group and records its requests' outcomes: a refusal at once, a send beside its dispatches' results. */
async function sendGroup(deps: Deps, group: ClaimedRequest[]): Promise<Map<number, RequestOutcome>> {
  const { db } = deps;
  const { locationId, campaignId, source } = group[0]!;
  // The location's rights, the campaign and what the messages need of the business, read at once.
  const [location, campaign, context] = await Promise.all([
    db.location.findUniqueOrThrow({ where: { id: locationId }, select: { ...ENTITLEMENT_SELECT, smsNumber: true, messagingServiceSid: true } }),
    db.campaign.findFirst({ where: { id: campaignId, locationId, deletedAt: null } }),
    sendContextOf(deps, locationId),
  ]);
  const all = async (outcome: RequestOutcome) => {
    const refused = new Map(group.map((r) => [r.id, outcome]));
    await record(db, refused);
    return refused;
  };
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
      prepared: { campaign, ...context },
      origin: { source },
    },
    items,
    (done) => record(db, new Map(done.map((o) => [o.key, outcomeOfItem(o)]))),
  );
  return new Map(results.map((o) => [o.key, outcomeOfItem(o)]));
}

async function record(db: Db, outcomes: Map<number, RequestOutcome>) {
  if (outcomes.size === 0) return;
  await requestQueries.recordOutcomes(db, [...outcomes].map(([id, o]) => ({ id, status: o.status, error: o.error })));
}

/**
 * One batch in flight per process: the requests arriving meanwhile wait for it and go together. Fewer, larger
 * batches cost the database less than several small ones at once (with three at once a busy process sent about
 * 1,000 requests a second, with one about 1,600).
 */
const sendBatch = coalescedPer((db: Db) =>
  coalesce(
    async (items: { deps: Deps; row: ClaimedRequest }[]): Promise<(RequestOutcome | null)[]> => {
      const unclaimed = items.filter((i) => !i.row.claimed).map((i) => i.row.id);
      const claimed = new Set([
        ...items.filter((i) => i.row.claimed).map((i) => i.row.id),
        ...(unclaimed.length > 0 ? await requestQueries.claimMany(db, unclaimed, new Date()) : []),
      ]);
      const rows = items.filter((i) => claimed.has(i.row.id)).map((i) => i.row);
      // One process's requests share its database, providers and configuration; the first one's logger reports.
      const outcomes = rows.length > 0 ? await sendClaimed(items[0]!.deps, rows) : new Map<number, RequestOutcome>();
      return items.map((i) => (claimed.has(i.row.id) ? (outcomes.get(i.row.id) ?? failed(UNEXPECTED_FAILURE)) : null));
    },
    { maxBatch: 200, concurrent: 1 },
  ),
);

/**
 * Sends a recorded request that is due from this process, with the others that arrive meanwhile: while the batches
 * in flight are being sent, the requests that come in wait and then go together, the way a database commits several
 * transactions with one flush; an idle process sends a lone request at once. A request recorded as scheduled is
 * claimed first, so one the minute's sweep took meanwhile is not sent twice (null: the sweep has it), and one this
 * process never got to — it stopped — is still sent by the sweep. A request recorded as sending (`claimed`) is this
 * process's already; should the process stop before its dispatch is recorded, the sweep sends it once it is stale.
 */
export function sendSoon(deps: Deps, row: ClaimedRequest): Promise<RequestOutcome | null> {
  return sendBatch(deps.db, { deps, row });
}
