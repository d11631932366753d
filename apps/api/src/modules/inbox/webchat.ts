import { INBOX_LIMITS, INBOX_MSG } from '@kudo/shared';
import type { PublicCtx } from '../../http/context.js';
import { recordConsent } from '../../lib/consent.js';
import { entitlementsOf } from '../../lib/entitlements.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { openConversation } from './conversations.js';
import { scheduleFollowUps } from './followups.js';
import { webChatQueries } from './queries/index.js';
import { recordMessage } from './record.js';
import { sendToConversation } from './send.js';

/**
 * A website visitor's chat (the widget's chat button): a lead of the location and a conversation in its
 * inbox, answered by SMS so the visitor can leave the site and keep talking. A filled honeypot is answered
 * as if accepted but keeps nothing; a form sent faster than a person types is refused.
 */
export async function startWebChat(
  ctx: PublicCtx,
  key: string,
  input: { name: string; phone: string; message: string; website?: string | undefined; elapsed?: number | undefined },
): Promise<{ message: string }> {
  const widget = await webChatQueries.widgetByKey(ctx.db, key);
  if (!widget?.chatEnabled || !entitlementsOf(widget.location, widget.location.subscription).addons.includes('web-chat')) {
    throw notFound(INBOX_MSG.chatUnavailable);
  }
  if (input.website) return { message: INBOX_MSG.chatThanks };
  if (input.elapsed === undefined || input.elapsed < INBOX_LIMITS.chatMinFillMs) throw badRequest(INBOX_MSG.chatTooFast);

  const locationId = widget.locationId;
  const conversation = await openConversation(ctx, { locationId, phone: input.phone, name: input.name, source: 'web-chat' });
  await webChatQueries.createLead(ctx.db, { locationId, conversationId: conversation.id, name: input.name, phone: input.phone, message: input.message });
  await recordMessage(ctx.db, { locationId, conversationId: conversation.id, direction: 'inbound', body: input.message, kind: 'web_chat' });
  // The visitor asked to be texted about their question (a STOP they sent earlier still stands).
  await recordConsent(ctx.db, { locationId, channel: 'sms', address: input.phone, scope: 'messaging', action: 'opt_in', source: 'web-chat', detail: 'chat widget' });
  const business = widget.location.companyName || widget.location.name;
  await sendToConversation(ctx, {
    locationId,
    conversationId: conversation.id,
    phone: input.phone,
    body: `Thanks for contacting ${business}! We got your message and will answer you here by text. Reply STOP to opt out.`,
    userId: null,
    kind: 'auto_reply',
  }).catch((error: unknown) => ctx.log.warn({ err: error, locationId }, 'web chat confirmation not sent'));
  await scheduleFollowUps(ctx, conversation.id, locationId);
  return { message: INBOX_MSG.chatThanks };
}
