import { MSG } from '@kudo/shared';
import { isOptedOut, normalizeAddress, recordConsent } from '../lib/consent.js';
import type { Db } from '../lib/db.js';
import { loadEntitlements } from '../lib/entitlements.js';
import { logApp } from '../lib/mail.js';
import type { EmailMessage, EmailProvider } from './email/index.js';
import { SmsSendError, type SmsMessage, type SmsProvider, type SmsSent } from './sms/index.js';

/** A location whose trial ended, or whose subscription was canceled or ran out of grace, sends nothing to customers. */
export class SendingPausedError extends Error {
  constructor() {
    super(MSG.sendingPaused);
    this.name = 'SendingPausedError';
  }
}

/** Whether each location may send to its customers now (its entitlements), one query per location. */
async function pausedLocations(db: Db, locationIds: Iterable<number>): Promise<Set<number>> {
  const paused = new Set<number>();
  for (const id of new Set(locationIds)) if ((await loadEntitlements(db, id))?.canSend === false) paused.add(id);
  return paused;
}

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
 * Many messages at once (bulk sends) cost one query for the opt-outs and one for the log, not one each.
 */
export function withSmsConsent(sms: SmsProvider, db: Db): SmsProvider {
  const logEntry = (message: SmsMessage, fields: { from?: string; providerId?: string; status: string; errorCode?: number }) => ({
    locationId: message.locationId ?? null,
    to: normalizeAddress('sms', message.to),
    from: fields.from ?? '',
    body: message.logBody ?? message.body,
    mediaUrl: message.mediaUrl ?? null,
    providerId: fields.providerId ?? null,
    status: fields.status,
    errorCode: fields.errorCode ?? null,
    app: logApp(message, 'sms'),
    campaignId: message.campaignId ?? null,
  });
  // One statement for the whole log however many messages (a bulk batch writes hundreds).
  const writeLog = (log: ReturnType<typeof logEntry>[]) => db.$queryRaw<{ id: number; provider_id: string | null }[]>`
    INSERT INTO sms_messages (location_id, direction, "to", "from", body, media_url, provider, provider_id, status, error_code, app, campaign_id)
    SELECT v.location_id, 'outbound', v.to, v.from, v.body, v.media_url, ${sms.kind}, v.provider_id, v.status, v.error_code, v.app, v.campaign_id
    FROM unnest(${log.map((l) => l.locationId)}::int[], ${log.map((l) => l.to)}::text[], ${log.map((l) => l.from)}::text[], ${log.map((l) => l.body)}::text[],
                ${log.map((l) => l.mediaUrl)}::text[], ${log.map((l) => l.providerId)}::text[], ${log.map((l) => l.status)}::text[], ${log.map((l) => l.errorCode)}::int[],
                ${log.map((l) => l.app)}::text[], ${log.map((l) => l.campaignId)}::int[])
      AS v(location_id, "to", "from", body, media_url, provider_id, status, error_code, app, campaign_id)
    RETURNING id, provider_id`;

  /** The messages' opted-out subjects, one query per location among them. */
  const refusedOf = async (messages: SmsMessage[]): Promise<boolean[]> => {
    const refused = messages.map(() => false);
    for (const locationId of new Set(messages.flatMap((m) => (m.locationId ? [m.locationId] : [])))) {
      const mine = messages.flatMap((m, i) => (m.locationId === locationId ? [i] : []));
      const states = await db.consentState.findMany({
        where: { locationId, channel: 'sms', optedOut: true, address: { in: mine.map((i) => normalizeAddress('sms', messages[i]!.to)) } },
        select: { address: true, scope: true },
      });
      for (const i of mine) {
        const m = messages[i]!;
        const address = normalizeAddress('sms', m.to);
        refused[i] = states.some((s) => s.address === address && (s.scope === 'all' || s.scope === m.scope));
      }
    }
    return refused;
  };

  /** The location's own sender, unless the caller gave one (or said it looked and there is none). */
  const withSenders = async (messages: SmsMessage[]): Promise<SmsMessage[]> => {
    const needed = new Set(messages.flatMap((m) => (m.locationId && !m.senderKnown && !m.from && !m.messagingServiceSid ? [m.locationId] : [])));
    const senders = needed.size
      ? await db.location.findMany({ where: { id: { in: [...needed] } }, select: { id: true, smsNumber: true, messagingServiceSid: true } })
      : [];
    return messages.map((m) => {
      const sender = needed.has(m.locationId ?? 0) ? senders.find((l) => l.id === m.locationId) : undefined;
      return { ...m, ...(sender?.smsNumber ? { from: sender.smsNumber } : sender?.messagingServiceSid ? { messagingServiceSid: sender.messagingServiceSid } : {}) };
    });
  };

  async function sendMany(messages: SmsMessage[]): Promise<PromiseSettledResult<SmsSent>[]> {
    // Business messages (pulseChecks, bios, cards, conversations) stop when the location is read-only;
    // answers to STOP, START and HELP (no scope) still go.
    // The entitlements, the opt-outs and the senders are independent reads: made at once.
    const [paused, optedOut, senders] = await Promise.all([
      pausedLocations(db, messages.flatMap((m) => (m.locationId && m.scope ? [m.locationId] : []))),
      refusedOf(messages),
      withSenders(messages).then(
        (ready) => ({ ready, error: null }),
        (error: unknown) => ({ ready: [] as SmsMessage[], error }),
      ),
    ]);
    const isPaused = (m: SmsMessage) => Boolean(m.locationId && m.scope && paused.has(m.locationId));
    const refused = optedOut.map((r, i) => r || isPaused(messages[i]!));
    const going = messages.filter((_, i) => !refused[i]);
    let results: PromiseSettledResult<SmsSent>[] = [];
    try {
      if (senders.error) throw senders.error;
      const ready = senders.ready.filter((_, i) => !refused[i]);
      results = sms.sendMany ? await sms.sendMany(ready) : await Promise.allSettled(ready.map((m) => sms.send(m)));
    } catch (error) {
      results = going.map(() => ({ status: 'rejected', reason: error }));
    }
    const settled: PromiseSettledResult<SmsSent>[] = [];
    const log: ReturnType<typeof logEntry>[] = [];
    const carrierOptOuts: { message: SmsMessage; error: SmsSendError }[] = [];
    let next = 0;
    messages.forEach((message, i) => {
      if (refused[i]) {
        log.push(logEntry(message, { status: 'refused' }));
        settled.push({ status: 'rejected', reason: isPaused(message) ? new SmsSendError('rejected', MSG.sendingPaused) : new SmsSendError('opted_out', MSG.smsOptedOut) });
        return;
      }
      const result = results[next++]!;
      settled.push(result);
      if (result.status === 'fulfilled') {
        log.push(logEntry(message, { from: result.value.from, providerId: result.value.id, status: sms.kind === 'local' ? 'sent' : 'queued' }));
      } else if (result.reason instanceof SmsSendError) {
        log.push(logEntry(message, { status: 'failed', errorCode: result.reason.providerCode }));
        if (message.locationId && result.reason.reason === 'opted_out') carrierOptOuts.push({ message, error: result.reason });
      }
    });
    if (log.length) {
      // Each sent message learns its log row (whose status the callbacks update), so the caller need not look it up.
      const logIds = new Map((await writeLog(log)).flatMap((row) => (row.provider_id ? [[row.provider_id, row.id] as const] : [])));
      for (const [i, result] of settled.entries()) {
        const logId = result.status === 'fulfilled' ? logIds.get(result.value.id) : undefined;
        if (logId !== undefined) settled[i] = { status: 'fulfilled', value: { ...(result as PromiseFulfilledResult<SmsSent>).value, logId } };
      }
    }
    for (const { message, error } of carrierOptOuts) {
      await recordConsent(db, {
        locationId: message.locationId!,
        channel: 'sms',
        address: message.to,
        scope: 'all',
        action: 'opt_out',
        source: 'provider',
        detail: error.providerCode ? String(error.providerCode) : null,
      });
    }
    return settled;
  }

  return {
    kind: sms.kind,
    sendMany,
    async send(message) {
      const [result] = await sendMany([message]);
      if (result!.status === 'rejected') throw result!.reason;
      return result!.value;
    },
  };
}

/**
 * Every email passes here on its way to the provider, whoever sends it: customer emails to an address that
 * unsubscribed from the location are refused before sending, and each attempt is written to the email log
 * with the provider's message id (SendGrid's X-Message-Id), or the refusal or failure.
 */
export function withEmailConsent(email: EmailProvider, db: Db): EmailProvider {
  const writeLog = (message: EmailMessage, fields: { status: 'sent' | 'failed' | 'refused'; providerId?: string; error?: string }) =>
    db.emailLog.create({
      data: {
        locationId: message.locationId ?? null,
        app: logApp(message, 'email'),
        campaignId: message.campaignId ?? null,
        to: normalizeAddress('email', message.to),
        subject: message.subject,
        template: message.template ?? '',
        provider: email.kind,
        providerId: fields.providerId ?? null,
        status: fields.status,
        error: fields.error ?? null,
      },
    });
  return {
    kind: email.kind,
    async send(message) {
      if (message.audience === 'customer' && message.locationId) {
        if ((await pausedLocations(db, [message.locationId])).size) throw new SendingPausedError();
        const subject = { locationId: message.locationId, channel: 'email' as const, address: message.to };
        if (await isOptedOut(db, subject, message.scope ?? 'all')) {
          await writeLog(message, { status: 'refused', error: MSG.emailUnsubscribed });
          throw new EmailUnsubscribedError();
        }
      }
      let sent: { id: string };
      try {
        sent = await email.send(message);
      } catch (error) {
        await writeLog(message, { status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : String(error) });
        throw error;
      }
      await writeLog(message, { status: 'sent', providerId: sent.id });
      return sent;
    },
  };
}
