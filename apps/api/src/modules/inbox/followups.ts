import { z } from 'zod';
import { formatPhone } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { isOptedOut } from '../../lib/consent.js';
import { actionEmail } from '../../lib/mail.js';
import { isInsideSendWindow } from '../../lib/quiet-hours.js';
import { enqueueConversationBulk } from './bulk.js';
import { bulkQueries, followUpQueries } from './queries/index.js';
import { sendToConversation } from './send.js';

type Deps = AppDeps & { log: Log };

/**
 * The automatic follow-ups of a customer's message, each at most once:
 * - the first auto-reply answers the customer's first message of the conversation;
 * - the second auto-reply goes after its delay when nobody answered (a delayed send: only inside the
 *   location's sending window, else at the next turn inside it);
 * - each escalation contact is alerted by SMS and email once per unanswered stretch, after its delay.
 * Nothing goes to an opted-out customer. Run for one conversation when due, and swept every minute.
 */
export async function runFollowUps(deps: Deps, conversationId: number, now = new Date()): Promise<void> {
  const c = await followUpQueries.conversation(deps.db, conversationId);
  if (!c) return;
  const settings = c.location.autoReplySettings;
  const optedOut = () => isOptedOut(deps.db, { locationId: c.locationId, channel: 'sms', address: c.phone }, 'messaging');

  // First auto-reply: once per conversation, to its first customer message, unless someone answered already.
  if (settings?.firstEnabled && settings.firstText.trim() && c.firstAutoReplyAt === null && c.inboundCount > 0 && c.awaitingSince !== null) {
    if ((await followUpQueries.claimFirstAutoReply(deps.db, c.id, now)) && !(await optedOut())) {
      await sendToConversation(deps, { locationId: c.locationId, conversationId: c.id, phone: c.phone, body: settings.firstText.trim(), userId: null, kind: 'auto_reply' }).catch(
        (error: unknown) => deps.log.warn({ err: error, conversationId: c.id }, 'first auto-reply not sent'),
      );
    }
  }

  const since = c.awaitingSince;
  if (!since || !c.active) return;
  const waited = now.getTime() - since.getTime();

  // Second auto-reply: once per unanswered stretch, after its delay, inside the sending window.
  if (
    settings?.secondEnabled &&
    settings.secondText.trim() &&
    waited >= settings.secondDelay * 60_000 &&
    c.secondAutoReplyFor?.getTime() !== since.getTime() &&
    isInsideSendWindow(now, c.location.timeZone, deps.config.sendWindow)
  ) {
    if ((await followUpQueries.claimSecondAutoReply(deps.db, c.id, since)) && !(await optedOut())) {
      await sendToConversation(deps, { locationId: c.locationId, conversationId: c.id, phone: c.phone, body: settings.secondText.trim(), userId: null, kind: 'auto_reply' }).catch(
        (error: unknown) => deps.log.warn({ err: error, conversationId: c.id }, 'second auto-reply not sent'),
      );
    }
  }

  // Escalation: each contact whose delay has passed, once for this stretch.
  for (const contact of c.location.escalationContacts) {
    if (waited < contact.delay * 60_000) continue;
    if (!(await followUpQueries.claimEscalation(deps.db, c.id, contact.id, since))) continue;
    const business = c.location.companyName || c.location.name;
    const who = c.name ? `${c.name} (${formatPhone(c.phone)})` : formatPhone(c.phone);
    const link = `${deps.config.publicUrl}/message?conversation=${c.id}`;
    const minutes = Math.floor(waited / 60_000);
    if (contact.phoneNumber) {
      await deps.providers.sms
        .send({ to: contact.phoneNumber, body: `${business}: ${who} has been waiting ${minutes} min for an answer. ${link}`, locationId: c.locationId })
        .catch((error: unknown) => deps.log.warn({ err: error, contactId: contact.id }, 'escalation SMS not sent'));
    }
    if (contact.email) {
      const body = actionEmail({
        greeting: contact.name ? `Hi ${contact.name},` : 'Hi,',
        intro: `${who} texted ${business} ${minutes} minutes ago and nobody has answered yet.`,
        action: 'Open the conversation',
        url: link,
        outro: 'You receive this because you are an escalation contact of this location.',
      });
      await deps.providers.email
        .send({ to: contact.email, subject: `Unanswered conversation: ${who}`, ...body, locationId: c.locationId, audience: 'staff', app: 'alerts', template: 'escalation' })
        .catch((error: unknown) => deps.log.warn({ err: error, contactId: contact.id }, 'escalation email not sent'));
    }
  }
}

/** One conversation's follow-ups, queued when a customer's message arrives (once per delay that matters). */
export const followUpJob = defineJob({
  name: 'inbox.follow-up',
  payload: z.object({ conversationId: z.number().int().positive() }),
  retryLimit: 3,
  async handler(payload, deps) {
    await runFollowUps(deps, payload.conversationId);
  },
});

/**
 * Every minute: conversations waiting for an answer, in case a queued follow-up was lost or a window
 * opened; and Multiple Conversations jobs whose worker stopped (none of their rows moved for two minutes).
 */
export const followUpSweepJob = defineJob({
  name: 'inbox.follow-up-sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
  async handler(_payload, deps) {
    const waiting = await followUpQueries.waiting(deps.db, new Date(Date.now() - 2 * 86_400_000), new Date(Date.now() - 60_000), 500);
    for (const c of waiting) await runFollowUps(deps, c.id);
    const stale = await bulkQueries.stalled(deps.db, new Date(Date.now() - 120_000), 100);
    for (const job of stale) await enqueueConversationBulk(deps, job.id);
  },
});

/** Queues the follow-ups of a new customer message: at once (first reply) and at each delay that applies. */
export async function scheduleFollowUps(deps: AppDeps, conversationId: number, locationId: number): Promise<void> {
  if (!deps.jobs) return;
  const settings = await followUpQueries.delaysOf(deps.db, locationId);
  const delays = new Set<number>(settings.contactDelays);
  if (settings.secondEnabled) delays.add(settings.secondDelay);
  if (settings.firstEnabled) delays.add(0);
  for (const minutes of delays) {
    await deps.jobs.send(followUpJob, { conversationId }, { singletonKey: `inbox-${conversationId}-${minutes}-${Math.floor(Date.now() / 60_000)}`, startAfter: new Date(Date.now() + minutes * 60_000 + 1000) });
  }
}
