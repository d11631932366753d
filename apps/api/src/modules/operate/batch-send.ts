import { isValidEmail, MSG, toE164 } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { hashToken } from '../../lib/tokens.js';
import type { SmsMessage } from '../../providers/sms/index.js';
import { batchQueries, pulseCheckQueries, type ItemKeyColumn } from './queries.js';
import {
  dispatchApp,
  dispatchMessages,
  DISPATCH_TOKEN_DAYS,
  newDispatchToken,
  sendDispatchEmail,
  smsOutcome,
  upsertCustomer,
  type Delivery,
  type DeliveryResult,
  type Prepared,
  type Sender,
} from './service.js';

/**
 * What a batch of sends shares: one location and campaign, who sends, and what makes each item's dispatch unique,
 * so that an item sent (or started) once is never sent again: a bulk sheet's row, or a public API request.
 */
export interface Batch {
  deps: AppDeps & { log: Log };
  kind: 'pcheck' | 'bio';
  sender: Sender;
  smsSender: { from?: string; messagingServiceSid?: string };
  prepared: Prepared;
  origin: { source: 'bulk'; jobId: number } | { source: 'api' | 'integration' };
}

/** One customer to send to; `key` is the bulk row's or the API request's id. */
export interface BatchItem {
  key: number;
  name: string;
  phone: string | null;
  email: string | null;
  address: string;
}

export interface ItemOutcome {
  key: number;
  status: 'success' | 'error';
  message: string | null;
  /** The item's dispatch, when one was recorded: when, and what each channel answered. */
  dispatch: { sentAt: Date; result: DeliveryResult } | null;
}

/** The sender a location's texts go from: its number, else its Messaging Service. */
export const smsSenderOf = (location: { smsNumber: string | null; messagingServiceSid: string | null }) =>
  location.smsNumber ? { from: location.smsNumber } : location.messagingServiceSid ? { messagingServiceSid: location.messagingServiceSid } : {};

const outcomeOf = (r: DeliveryResult): Pick<ItemOutcome, 'status' | 'message'> => {
  const ok = r.smsStatus === 1 || r.emailStatus === 1;
  return { status: ok ? 'success' : 'error', message: ok ? null : (r.smsMessage ?? r.emailMessage ?? MSG.dispatchFailed) };
};

/** The dispatch column that holds an item's key. */
const keyColumn = (b: Batch): ItemKeyColumn => (b.origin.source === 'bulk' ? 'bulk_row_id' : 'api_request_id');

/**
 * Sends one batch: the opt-outs are read right before sending (a customer who opted out since the request is
 * refused here, and again by the provider's own check), the customers and the dispatches recorded in one
 * statement each, then every item's messages go out at once. An item whose dispatch an earlier run recorded is
 * not sent again: its outcome is what that run recorded. `alongside`, when given, writes the caller's record of the
 * outcomes at the same time as the dispatches' results.
 */
export async function sendItems(b: Batch, items: BatchItem[], alongside?: (outcomes: ItemOutcome[]) => Promise<unknown>): Promise<ItemOutcome[]> {
  const { deps, sender } = b;
  const { db } = deps;
  const locationId = sender.locationId;
  const targets = items.map((item) => ({
    item,
    phone: item.phone ? toE164(item.phone) : null,
    email: item.email && isValidEmail(item.email) ? item.email : null,
  }));

  // The opt-outs are read beside the trial's spend and the customers' upsert, which do not depend on them.
  const optingOut = db.consentState.findMany({
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
  // Awaited below; meanwhile a failure must not become an unhandled rejection.
  optingOut.catch(() => undefined);

  // Trial locations spend a pulseCheck per item, all at once and never below zero; what went unsent comes back.
  const trialSpend = b.kind === 'pcheck' && sender.freeTrial;
  let allowed = items.length;
  if (trialSpend) {
    allowed = Math.max(0, (await pulseCheckQueries.spendUpTo(db, locationId, items.length)) ?? 0);
  }
  const outcomes: ItemOutcome[] = targets.slice(allowed).map((t) => ({ key: t.item.key, status: 'error', message: MSG.dispatchNoPulseChecksLeft, dispatch: null }));
  const sending = targets.slice(0, allowed);

  const [customers, optedOut] = await Promise.all([upsertCustomers(b, sending), optingOut]);
  const refused = new Set(optedOut.map((o) => `${o.channel}:${o.address}`));
  const tokens = new Map(sending.map((t) => [t.item.key, newDispatchToken()]));
  const customerOf = (t: (typeof sending)[number]) => (t.phone ? customers.byPhone.get(t.phone) : t.email ? customers.byEmail.get(t.email) : undefined) ?? null;
  const bulkJobId = b.origin.source === 'bulk' ? b.origin.jobId : null;
  const recorded = sending.length
    ? await batchQueries.insertDispatches(
        db,
        {
          locationId,
          campaignId: b.prepared.campaign.id,
          kind: b.kind,
          source: b.origin.source,
          userId: sender.userId,
          bulkJobId,
          column: keyColumn(b),
          expiresAt: new Date(Date.now() + DISPATCH_TOKEN_DAYS * 24 * 3600_000),
        },
        sending.map((t) => ({
          key: t.item.key,
          customerId: customerOf(t),
          tokenHash: hashToken(tokens.get(t.item.key)!),
          phone: t.phone,
          email: t.email,
          name: t.item.name,
          address: t.item.address,
        })),
      )
    : [];
  const dispatchOf = new Map(recorded.map((d) => [d.key, d.id]));
  const sentAtOf = new Map(recorded.map((d) => [d.key, d.created_at]));
  outcomes.push(...(await earlierOutcomes(b, sending.filter((t) => !dispatchOf.has(t.item.key)).map((t) => t.item.key))));

  const delivered = await deliverBatch(
    b,
    sending.filter((t) => dispatchOf.has(t.item.key)).map((t) => ({
      key: t.item.key,
      dispatchId: dispatchOf.get(t.item.key)!,
      token: tokens.get(t.item.key)!,
      phone: t.phone && !refused.has(`sms:${t.phone}`) ? t.phone : null,
      email: t.email && !refused.has(`email:${t.email}`) ? t.email : null,
      refused: { sms: t.phone !== null && refused.has(`sms:${t.phone}`), email: t.email !== null && refused.has(`email:${t.email}`) },
      customerName: t.item.name,
      isTest: false,
    })),
  );
  const all = [...outcomes, ...delivered.map((d) => ({ key: d.key, ...outcomeOf(d.result), dispatch: { sentAt: sentAtOf.get(d.key)!, result: d.result } }))];
  // The dispatches' results and what the caller keeps of the outcomes are independent writes: made at once.
  await Promise.all([
    delivered.length > 0 ? batchQueries.recordResults(db, delivered.map((d) => ({ dispatchId: d.dispatchId, ...d.result }))) : null,
    alongside?.(all),
  ]);
  const unsent = allowed - delivered.filter((d) => outcomeOf(d.result).status === 'success').length;
  if (trialSpend && unsent > 0) await pulseCheckQueries.refund(db, locationId, unsent);
  return all;
}

type Outgoing = Delivery & { key: number; refused: { sms: boolean; email: boolean } };

/**
 * The batch's messages: every SMS handed to the provider together (one opt-out check and one log write for
 * all in the sending path, one outbox write for the local provider), the emails alongside. A channel found
 * opted out just before is refused without reaching the provider.
 */
async function deliverBatch(b: Batch, outgoing: Outgoing[]): Promise<{ key: number; dispatchId: number; result: DeliveryResult }[]> {
  const { deps } = b;
  const app = dispatchApp(b.origin.source);
  const texts = outgoing.map((o) => dispatchMessages(deps.config, b.prepared, b.kind, o, app));
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
    key: o.key,
    dispatchId: o.dispatchId,
    result: {
      ...(smsOf.get(i) ?? (o.refused.sms ? { smsStatus: 0, smsMessage: MSG.lookupOptedOut } : { smsStatus: null, smsMessage: null })),
      ...(emailResults[i] ?? (o.refused.email ? { emailStatus: 0, emailMessage: MSG.emailUnsubscribed } : { emailStatus: null, emailMessage: null })),
    },
  }));
}

/**
 * The batch's customers, found or created by phone in one statement (what staff typed updates them, as a
 * single send does); the rare items with only an email go one at a time.
 */
async function upsertCustomers(b: Batch, targets: { item: BatchItem; phone: string | null; email: string | null }[]) {
  const locationId = b.sender.locationId;
  // One item per phone: a statement may not update the same customer twice; the last item wins.
  const byPhone = new Map(targets.filter((t) => t.phone).map((t) => [t.phone!, t]));
  const list = [...byPhone.values()];
  const found = list.length
    ? await batchQueries.upsertCustomersByPhone(
        b.deps.db,
        locationId,
        list.map((t) => ({ phone: t.phone!, email: t.email ?? '', name: t.item.name, address: t.item.address })),
      )
    : [];
  const byEmail = new Map<string, number>();
  for (const t of targets) {
    if (t.phone || !t.email || byEmail.has(t.email)) continue;
    const c = await upsertCustomer(b.deps, locationId, { phone: null, email: t.email, name: t.item.name, addressLine: t.item.address });
    byEmail.set(t.email, c.id);
  }
  return { byPhone: new Map(found.map((c) => [c.phone, c.id])), byEmail };
}

/** Items whose dispatch an earlier run recorded: what it recorded, or interrupted when it never got to. */
async function earlierOutcomes(b: Batch, keys: number[]): Promise<ItemOutcome[]> {
  if (keys.length === 0) return [];
  const earlier = await batchQueries.earlier(b.deps.db, keyColumn(b), keys);
  return earlier.map((d): ItemOutcome => {
    const known = d.sms_status !== null || d.email_status !== null;
    const ok = d.sms_status === 1 || d.email_status === 1;
    return {
      key: d.key,
      status: known && ok ? 'success' : 'error',
      message: !known ? MSG.bulkInterrupted : ok ? null : (d.sms_message ?? d.email_message),
      dispatch: {
        sentAt: d.created_at,
        result: { smsStatus: d.sms_status, smsMessage: d.sms_message, emailStatus: d.email_status, emailMessage: d.email_message },
      },
    };
  });
}
