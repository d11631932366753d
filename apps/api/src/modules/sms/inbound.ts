import { formatPhone } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { normalizeAddress, recordConsent } from '../../lib/consent.js';
import { classifyKeyword, keywordReply } from './keywords.js';
import { recordInbound } from '../inbox/index.js';

export interface InboundSms {
  from: string;
  to: string;
  body: string;
  mediaUrl?: string | null;
  /** Twilio's MessagingServiceSid, when the number belongs to a Messaging Service. */
  messagingServiceSid?: string | null;
  provider: 'twilio' | 'local';
  providerId?: string | null;
}

export interface InboundResult {
  locationId: number | null;
  /** The conversation it went into (null when no location owns the number). */
  conversationId: number | null;
  /** A provider's retry of a message already taken in: nothing was done again. */
  duplicate: boolean;
  /** The automatic answer to a keyword, to send back to the customer (TwiML or the outbox). */
  reply: string | null;
}

/**
 * Which location a customer's text is for: the Messaging Service's location, else the location that owns
 * the number it was sent to, else (one number shared by several locations) the location that last texted
 * this customer from that number. Null when none: the message is still kept.
 */
export async function findInboundLocation(deps: AppDeps, msg: Pick<InboundSms, 'from' | 'to' | 'messagingServiceSid'>): Promise<number | null> {
  const to = normalizeAddress('sms', msg.to);
  const from = normalizeAddress('sms', msg.from);
  if (msg.messagingServiceSid) {
    const byService = await deps.db.location.findMany({ where: { messagingServiceSid: msg.messagingServiceSid }, select: { id: true, smsNumber: true } });
    if (byService.length === 1) return byService[0]!.id;
    const match = byService.find((l) => l.smsNumber === to);
    if (match) return match.id;
  }
  const byNumber = await deps.db.location.findUnique({ where: { smsNumber: to }, select: { id: true } });
  if (byNumber) return byNumber.id;
  const last = await deps.db.smsMessage.findFirst({
    where: { direction: 'outbound', to: from, locationId: { not: null } },
    orderBy: { id: 'desc' },
    select: { locationId: true },
  });
  return last?.locationId ?? null;
}

/**
 * Takes in one customer text: keeps it (once: a provider's retry with the same message id changes nothing),
 * puts it into the location's inbox, applies STOP/START/HELP, and says what to answer.
 */
export async function handleInboundSms(deps: AppDeps, msg: InboundSms): Promise<InboundResult> {
  const locationId = await findInboundLocation(deps, msg);
  const from = normalizeAddress('sms', msg.from);
  const inserted = await deps.db.$queryRaw<{ id: number }[]>`
    INSERT INTO sms_messages (location_id, direction, "to", "from", body, media_url, provider, provider_id, status, updated_at)
    VALUES (${locationId}, 'inbound', ${normalizeAddress('sms', msg.to)}, ${from}, ${msg.body}, ${msg.mediaUrl ?? null}, ${msg.provider},
            ${msg.providerId ?? null}, 'received', now())
    ON CONFLICT (provider_id) DO NOTHING
    RETURNING id`;
  if (!inserted.length) return { locationId, conversationId: null, duplicate: true, reply: null };
  const keyword = classifyKeyword(msg.body);
  const conversationId = locationId
    ? await recordInbound(deps, { locationId, phone: from, body: msg.body, mediaUrl: msg.mediaUrl ?? null, smsMessageId: inserted[0]!.id, keyword: keyword !== null })
    : null;
  if (!keyword) return { locationId, conversationId, duplicate: false, reply: null };

  const location = locationId
    ? await deps.db.location.findUnique({ where: { id: locationId }, select: { name: true, companyName: true, companyPhoneNumber: true } })
    : null;
  if (location && locationId && keyword !== 'help') {
    await recordConsent(deps.db, {
      locationId,
      channel: 'sms',
      address: from,
      scope: 'all',
      action: keyword === 'stop' ? 'opt_out' : 'opt_in',
      source: 'keyword',
      detail: msg.body.trim().slice(0, 40),
    });
  }
  const business = {
    name: location?.companyName || location?.name || 'this business',
    phone: location?.companyPhoneNumber ? formatPhone(location.companyPhoneNumber) : deps.config.sms.supportPhone,
  };
  return { locationId, conversationId, duplicate: false, reply: keywordReply(keyword, business) };
}
