import { Prisma } from '../../generated/prisma/client.js';
import { isValidEmail, MSG, toE164 } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { hashToken } from '../../lib/tokens.js';
import type { SmsMessage } from '../../providers/sms/index.js';
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
const keyColumn = (b: Batch) => Prisma.raw(b.origin.source === 'bulk' ? 'bulk_row_id' : 'api_request_id');

/**
 * Sends one batch: the opt-outs are read right before sending (a customer who opted out since the request is
 * refused here, and again by the provider's own check), the customers and the dispatches recorded in one
 * statement each, then every item's messages go out at once. An item whose dispatch an earlier run recorded is
 * not sent again: its outcome is what that run recorded.
 */
export async function sendItems(b: Batch, items: BatchItem[]): Promise<ItemOutcome[]> {
  const { deps, sender } = b;
  const { db } = deps;
  const locationId = sender.locationId;
  const targets = items.map((item) => ({
    item,
    phone: item.phone ? toE164(item.phone) : null,
    email: item.email && isValidEmail(item.email) ? item.email : null,
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

  // Trial locations spend a pulseCheck per item, all at once and never below zero; what went unsent comes back.
  const trialSpend = b.kind === 'pcheck' && sender.freeTrial;
  let allowed = items.length;
  if (trialSpend) {
    const [spent] = await db.$queryRaw<{ granted: number }[]>`
      WITH before AS (SELECT pcheck_count FROM locations WHERE id = ${locationId} FOR UPDATE)
      UPDATE locations l SET pcheck_count = l.pcheck_count - LEAST(before.pcheck_count, ${items.length})
      FROM before WHERE l.id = ${locationId}
      RETURNING LEAST(before.pcheck_count, ${items.length})::int AS granted`;
    allowed = Math.max(0, spent?.granted ?? 0);
  }
  const outcomes: ItemOutcome[] = targets.slice(allowed).map((t) => ({ key: t.item.key, status: 'error', message: MSG.dispatchNoPulseChecksLeft, dispatch: null }));
  const sending = targets.slice(0, allowed);

  const customers = await upsertCustomers(b, sending);
  const tokens = new Map(sending.map((t) => [t.item.key, newDispatchToken()]));
  const customerOf = (t: (typeof sending)[number]) => (t.phone ? customers.byPhone.get(t.phone) : t.email ? customers.byEmail.get(t.email) : undefined) ?? null;
  const column = keyColumn(b);
  const bulkJobId = b.origin.source === 'bulk' ? b.origin.jobId : null;
  const recorded = sending.length
    ? await db.$queryRaw<{ id: number; key: number; created_at: Date }[]>`
        INSERT INTO dispatches (location_id, campaign_id, customer_id, kind, source, token_hash, customer_phone, customer_email,
                                customer_name, customer_address, sent_by_user_id, bulk_job_id, ${column}, expires_at)
        SELECT ${locationId}, ${b.prepared.campaign.id}, v.customer_id, ${b.kind}::"DispatchKind", ${b.origin.source}, v.token_hash, v.phone, v.email,
               v.name, v.address, ${sender.userId}, ${bulkJobId}::int, v.item_key, ${new Date(Date.now() + DISPATCH_TOKEN_DAYS * 24 * 3600_000)}
        FROM unnest(${sending.map((t) => customerOf(t))}::int[], ${sending.map((t) => hashToken(tokens.get(t.item.key)!))}::text[],
                    ${sending.map((t) => t.phone)}::text[], ${sending.map((t) => t.email)}::text[], ${sending.map((t) => t.item.name)}::text[],
                    ${sending.map((t) => t.item.address)}::text[], ${sending.map((t) => t.item.key)}::int[])
          AS v(customer_id, token_hash, phone, email, name, address, item_key)
        -- An item that already has its dispatch was sent (or started) by an earlier run: it is not sent again.
        ON CONFLICT (${column}) DO NOTHING
        RETURNING id, ${column} AS "key", created_at`
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
  return [...outcomes, ...delivered.map((d) => ({ key: d.key, ...outcomeOf(d.result), dispatch: { sentAt: sentAtOf.get(d.key)!, result: d.result } }))];
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
    ? await b.deps.db.$queryRaw<{ id: number; phone: string }[]>`
        INSERT INTO customers (location_id, phone, email, name, address_line)
        SELECT ${locationId}, v.phone, NULLIF(v.email, ''), v.name, v.address
        FROM unnest(${list.map((t) => t.phone)}::text[], ${list.map((t) => t.email ?? '')}::text[], ${list.map((t) => t.item.name)}::text[], ${list.map((t) => t.item.address)}::text[])
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
    const c = await upsertCustomer(b.deps, locationId, { phone: null, email: t.email, name: t.item.name, addressLine: t.item.address });
    byEmail.set(t.email, c.id);
  }
  return { byPhone: new Map(found.map((c) => [c.phone, c.id])), byEmail };
}

/** Items whose dispatch an earlier run recorded: what it recorded, or interrupted when it never got to. */
async function earlierOutcomes(b: Batch, keys: number[]): Promise<ItemOutcome[]> {
  if (keys.length === 0) return [];
  const earlier = await b.deps.db.$queryRaw<
    { key: number; sms_status: 0 | 1 | null; sms_message: string | null; email_status: 0 | 1 | null; email_message: string | null; created_at: Date }[]
  >`
    SELECT ${keyColumn(b)} AS key, sms_status, sms_message, email_status, email_message, created_at
    FROM dispatches WHERE ${keyColumn(b)} = ANY(${keys}::int[])`;
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
