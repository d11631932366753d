import { CARD_DEFAULT_TEMPLATES, formatPhone, renderCardTemplate, toE164 } from '@kudo/shared';
import { z } from 'zod';
import type { AppDeps } from '../../http/context.js';
import type { Db } from '../../lib/db.js';
import { ENTITLEMENT_SELECT, entitlementsOf, loadEntitlements } from '../../lib/entitlements.js';
import { nextSendTime } from '../../lib/quiet-hours.js';
import { SmsSendError } from '../../providers/sms/index.js';
import { defineJob } from '../../jobs/define.js';
import { effectiveCard, vcardUrl } from './service.js';

const DAY = 24 * 60 * 60 * 1000;
/** A customer gets the card at most once in this window, however many pulseChecks they answer. */
export const CARD_RESEND_DAYS = 30;
/** Sends handled per run of the job. */
const BATCH = 100;
/** Attempts before a send that keeps failing on our side is given up. */
const MAX_ATTEMPTS = 3;


/**
 * Queues the contact card for a customer who just answered a pulseCheck, when the location sends it
 * ('Send Contact Card after pulseCheck' on, and the contact-card add-on). It leaves after the card's delay,
 * inside the sending window. Answers whether it was queued.
 */
export async function queueCardAfterPulseCheck(
  db: Db,
  input: { locationId: number; phone: string; customerName?: string | null; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const to = toE164(input.phone);
  if (to === null) return false;
  const card = await db.contactCardSettings.findFirst({
    where: { locationId: input.locationId, enabled: true },
    select: { delayTime: true },
  });
  if (!card || !(await loadEntitlements(db, input.locationId, now))?.addons.includes('contact-card')) return false;
  const recent = await db.contactCardSend.findFirst({
    where: {
      locationId: input.locationId,
      to,
      OR: [{ status: { in: ['pending', 'sending'] } }, { status: 'sent', sentAt: { gt: new Date(now.getTime() - CARD_RESEND_DAYS * DAY) } }],
    },
    select: { id: true },
  });
  if (recent) return false;
  await db.contactCardSend.create({
    data: {
      locationId: input.locationId,
      to,
      customerName: (input.customerName ?? '').trim().slice(0, 100),
      sendAfter: new Date(now.getTime() + card.delayTime * 1000),
    },
  });
  return true;
}

/**
 * Texts every queued card whose time has come: inside the location's sending window (else it waits for
 * the next opening), while the card is still on, through the SMS consent path. Answers the number sent.
 */
export async function sendDueCards(deps: AppDeps, now = new Date()): Promise<number> {
  const due = await deps.db.contactCardSend.findMany({
    where: { status: 'pending', sendAfter: { lte: now } },
    orderBy: { sendAfter: 'asc' },
    take: BATCH,
    include: {
      location: {
        select: {
          name: true,
          companyName: true,
          navLogoUrl: true,
          companyWebUrl: true,
          timeZone: true,
          contactCardSettings: true,
          contactCardTemplates: { where: { commType: 'hs-contact-card-after-pcheck' } },
          ...ENTITLEMENT_SELECT,
        },
      },
    },
  });
  let sent = 0;
  for (const item of due) {
    const { location } = item;
    const card = location.contactCardSettings;
    if (!card || !card.enabled || !entitlementsOf(location, location.subscription, now).addons.includes('contact-card')) {
      await deps.db.contactCardSend.update({ where: { id: item.id }, data: { status: 'cancelled' } });
      continue;
    }
    const opening = nextSendTime(now, location.timeZone, deps.config.sendWindow);
    if (opening.getTime() > now.getTime()) {
      await deps.db.contactCardSend.update({ where: { id: item.id }, data: { sendAfter: opening } });
      continue;
    }
    // Claim it, so that two workers never text the same card twice.
    const claimed = await deps.db.contactCardSend.updateMany({
      where: { id: item.id, status: 'pending' },
      data: { status: 'sending', attempts: { increment: 1 } },
    });
    if (claimed.count === 0) continue;
    const shown = effectiveCard(location, card);
    const template =
      location.contactCardTemplates[0]?.smsBody ?? CARD_DEFAULT_TEMPLATES.find((t) => t.commType === 'hs-contact-card-after-pcheck')!.smsBody;
    const body = renderCardTemplate(template, {
      customer_name: item.customerName || 'there',
      company_name: shown.companyName,
      card_link: vcardUrl(deps, card.cardKey),
      phone: shown.voicePhones[0] ? formatPhone(shown.voicePhones[0]) : '',
    });
    try {
      await deps.providers.sms.send({ to: item.to, body, locationId: item.locationId, scope: 'dispatch', app: 'card' });
      await deps.db.contactCardSend.update({ where: { id: item.id }, data: { status: 'sent', sentAt: new Date(), error: null } });
      sent++;
    } catch (err) {
      const final = err instanceof SmsSendError && (err.reason === 'opted_out' || err.reason === 'unreachable');
      const message = err instanceof Error ? err.message.slice(0, 300) : 'unknown error';
      await deps.db.contactCardSend.update({
        where: { id: item.id },
        data: final
          ? { status: 'refused', error: message }
          : item.attempts + 1 >= MAX_ATTEMPTS
            ? { status: 'failed', error: message }
            : { status: 'pending', error: message, sendAfter: new Date(now.getTime() + 5 * 60_000) },
      });
    }
  }
  return sent;
}

/** Every minute: text the contact cards whose delay has passed. */
export const sendDueCardsJob = defineJob({
  name: 'card.send-due',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  async handler(_payload, deps) {
    await sendDueCards(deps);
  },
});
