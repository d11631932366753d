import type { AppDeps } from '../../http/context.js';
import { openConversation } from './conversations.js';
import { scheduleFollowUps } from './followups.js';
import { messageQueries, publishInboxEvent } from './queries/index.js';
import { recordMessage } from './record.js';

/**
 * A customer's text reached a location: it goes into the conversation of that number (opened, or
 * reopened when closed), and its follow-ups (auto-replies, escalation) are queued. STOP, START and HELP
 * show in the thread too, but start no follow-ups.
 */
export async function recordInbound(
  deps: AppDeps,
  m: { locationId: number; phone: string; body: string; mediaUrl?: string | null; smsMessageId: number | null; keyword: boolean },
): Promise<number> {
  const conversation = await openConversation(deps, { locationId: m.locationId, phone: m.phone });
  await recordMessage(deps.db, {
    locationId: m.locationId,
    conversationId: conversation.id,
    direction: 'inbound',
    body: m.body,
    mediaUrl: m.mediaUrl ?? null,
    smsMessageId: m.smsMessageId,
    kind: m.keyword ? 'keyword' : 'message',
  });
  if (!m.keyword) await scheduleFollowUps(deps, conversation.id, m.locationId);
  else await publishInboxEvent(deps.db, { locationId: m.locationId, conversationId: conversation.id, kind: 'consent' });
  return conversation.id;
}

/** The automatic answer to STOP, START or HELP, shown in the thread as sent. */
export async function recordKeywordReply(deps: AppDeps, m: { locationId: number; conversationId: number; body: string; smsMessageId?: number | null }): Promise<void> {
  await recordMessage(deps.db, { ...m, direction: 'outbound', kind: 'keyword', smsMessageId: m.smsMessageId ?? null });
}

/** A delivery status changed (Twilio's callback): the open inboxes showing that message refresh it. */
export async function deliveryStatusChanged(deps: AppDeps, smsMessageId: number): Promise<void> {
  const message = await messageQueries.bySmsMessage(deps.db, smsMessageId);
  if (message) await publishInboxEvent(deps.db, { locationId: message.locationId, conversationId: message.conversationId, messageId: message.id, kind: 'status' });
}
