import { formatPhone } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { normalizeAddress, recordConsent } from '../../lib/consent.js';
import { classifyKeyword, keywordReply } from './keywords.js';

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

/** Takes in one customer text: keeps it, applies STOP/START/HELP, and says what to answer. */
export async function handleInboundSms(deps: AppDeps, msg: InboundSms): Promise<InboundResult> {
  const locationId = await findInboundLocation(deps, msg);
  const from = normalizeAddress('sms', msg.from);
  await deps.db.smsMessage.create({
    data: {
      locationId,
      direction: 'inbound',
      to: normalizeAddress('sms', msg.to),
      from,
      body: msg.body,
      mediaUrl: msg.mediaUrl ?? null,
      provider: msg.provider,
      providerId: msg.providerId ?? null,
      status: 'received',
    },
  });
  const keyword = classifyKeyword(msg.body);
  if (!keyword) return { locationId, reply: null };

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
  return { locationId, reply: keywordReply(keyword, business) };
}
