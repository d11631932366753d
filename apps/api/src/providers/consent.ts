import { MSG } from '@kudo/shared';
import { isOptedOut, normalizeAddress, recordConsent } from '../lib/consent.js';
import type { Db } from '../lib/db.js';
import type { EmailProvider } from './email/index.js';
import { SmsSendError, type SmsMessage, type SmsProvider } from './sms/index.js';

export class EmailUnsubscribedError extends Error {
  constructor() {
    super(MSG.emailUnsubscribed);
    this.name = 'EmailUnsubscribedError';
  }
}

/**
 * Every SMS passes here on its way to the provider, whoever sends it: an opted-out number is refused
 * before anything leaves, a carrier's own opt-out report (Twilio 21610) is recorded so that the next
 * send is refused here too, and each attempt is written to the delivery log that status callbacks update.
 * A location with its own number (or Messaging Service) sends from it, so replies find their way back.
 */
export function withSmsConsent(sms: SmsProvider, db: Db): SmsProvider {
  const log = (message: SmsMessage, fields: { from?: string; providerId?: string; status: string; errorCode?: number }) =>
    db.smsMessage.create({
      data: {
        locationId: message.locationId ?? null,
        direction: 'outbound',
        to: normalizeAddress('sms', message.to),
        from: fields.from ?? '',
        body: message.body,
        mediaUrl: message.mediaUrl ?? null,
        provider: sms.kind,
        providerId: fields.providerId ?? null,
        status: fields.status,
        errorCode: fields.errorCode ?? null,
      },
    });

  return {
    kind: sms.kind,
    async send(message) {
      const subject = message.locationId ? { locationId: message.locationId, channel: 'sms' as const, address: message.to } : null;
      if (subject && (await isOptedOut(db, subject, message.scope ?? 'all'))) {
        await log(message, { status: 'refused' });
        throw new SmsSendError('opted_out', MSG.smsOptedOut);
      }
      try {
        const sender = message.locationId && !message.senderKnown && !message.from && !message.messagingServiceSid
          ? await db.location.findUnique({ where: { id: message.locationId }, select: { smsNumber: true, messagingServiceSid: true } })
          : null;
        const sent = await sms.send({
          ...message,
          ...(sender?.smsNumber ? { from: sender.smsNumber } : sender?.messagingServiceSid ? { messagingServiceSid: sender.messagingServiceSid } : {}),
        });
        await log(message, { from: sent.from, providerId: sent.id, status: sms.kind === 'local' ? 'sent' : 'queued' });
        return sent;
      } catch (error) {
        if (error instanceof SmsSendError) {
          await log(message, { status: 'failed', errorCode: error.providerCode });
          if (subject && error.reason === 'opted_out') {
            await recordConsent(db, {
              ...subject,
              scope: 'all',
              action: 'opt_out',
              source: 'provider',
              detail: error.providerCode ? String(error.providerCode) : null,
            });
          }
        }
        throw error;
      }
    },
  };
}

/** Customer emails to an address that unsubscribed from the location are refused before sending. */
export function withEmailConsent(email: EmailProvider, db: Db): EmailProvider {
  return {
    kind: email.kind,
    async send(message) {
      if (message.audience === 'customer' && message.locationId) {
        const subject = { locationId: message.locationId, channel: 'email' as const, address: message.to };
        if (await isOptedOut(db, subject, message.scope ?? 'all')) throw new EmailUnsubscribedError();
      }
      return email.send(message);
    },
  };
}
