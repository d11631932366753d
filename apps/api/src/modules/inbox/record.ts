import type { Db } from '../../lib/db.js';
import { messageRecorded, publishInboxEvent } from './events.js';

export type MessageKind = 'message' | 'auto_reply' | 'keyword' | 'review_request' | 'web_chat';

export interface NewMessage {
  locationId: number;
  conversationId: number;
  direction: 'inbound' | 'outbound';
  body: string;
  mediaUrl?: string | null;
  smsMessageId?: number | null;
  userId?: number | null;
  kind: MessageKind;
}

type Tx = Pick<Db, '$queryRaw' | '$executeRaw'>;

/**
 * Adds a message to its conversation and brings the conversation's summary up to date in one statement:
 * a customer's message starts (or continues) an unanswered stretch, a person's answer ends it; automatic
 * texts (auto-replies, keyword answers) leave it as it is. Then the location's open inboxes hear of it.
 */
export async function recordMessage(db: Tx, m: NewMessage): Promise<number> {
  const customerAsks = m.direction === 'inbound' && (m.kind === 'message' || m.kind === 'web_chat');
  const staffAnswers = m.direction === 'outbound' && (m.kind === 'message' || m.kind === 'review_request');
  const rows = await db.$queryRaw<{ id: number }[]>`
    WITH m AS (
      INSERT INTO conversation_messages (location_id, conversation_id, direction, body, media_url, sms_message_id, user_id, kind)
      VALUES (${m.locationId}, ${m.conversationId}, ${m.direction}::"SmsDirection", ${m.body}, ${m.mediaUrl ?? null}, ${m.smsMessageId ?? null},
              ${m.userId ?? null}, ${m.kind})
      RETURNING id, created_at)
    UPDATE conversations c SET
      last_message_id = m.id, last_message_at = m.created_at, last_message_body = left(${m.body}, 200),
      inbound_count = c.inbound_count + ${m.direction === 'inbound' ? 1 : 0},
      awaiting_since = CASE WHEN ${customerAsks} THEN coalesce(c.awaiting_since, m.created_at)
                            WHEN ${staffAnswers} THEN NULL ELSE c.awaiting_since END
    FROM m WHERE c.id = ${m.conversationId} AND c.location_id = ${m.locationId}
    RETURNING m.id`;
  const id = rows[0]!.id;
  await publishInboxEvent(db, { locationId: m.locationId, conversationId: m.conversationId, messageId: id, kind: 'message' });
  messageRecorded(db, m.locationId, id);
  return id;
}

/** A user has read every message of the conversation (their own count only). */
export async function markRead(db: Tx, conversationId: number, userId: number): Promise<void> {
  await db.$executeRaw`
    INSERT INTO conversation_reads (conversation_id, user_id, read_count, updated_at)
    SELECT id, ${userId}, inbound_count, now() FROM conversations WHERE id = ${conversationId}
    ON CONFLICT (conversation_id, user_id) DO UPDATE SET read_count = EXCLUDED.read_count, updated_at = now()`;
}

/** Records a change of a conversation (assignment, closing, reopening, consent) for the history and the reports. */
export async function recordChange(
  db: Tx,
  c: { locationId: number; conversationId: number; kind: 'assign' | 'close' | 'reopen' | 'optin' | 'optout'; actorId: number | null; fromUserId?: number | null; toUserId?: number | null },
): Promise<void> {
  await db.$executeRaw`
    INSERT INTO conversation_events (location_id, conversation_id, kind, actor_id, from_user_id, to_user_id)
    VALUES (${c.locationId}, ${c.conversationId}, ${c.kind}, ${c.actorId}, ${c.fromUserId ?? null}, ${c.toUserId ?? null})`;
  const live = c.kind === 'optin' || c.kind === 'optout' ? 'consent' : c.kind;
  await publishInboxEvent(db, { locationId: c.locationId, conversationId: c.conversationId, kind: live });
}
