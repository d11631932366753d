import type { Client } from './shared.js';

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

/** A message of a conversation with its delivery status (outbound texts) and its author's email. */
export interface MessageRow {
  id: number;
  body: string;
  created_at: Date;
  direction: 'inbound' | 'outbound';
  media_url: string | null;
  kind: string;
  status: string | null;
  email: string | null;
}

/** The messages of conversations (conversation_messages), and the SMS delivery log rows they point at. */
export const messageQueries = {
  /**
   * Adds a message to its conversation and brings the conversation's summary up to date in one statement: a
   * customer's message starts (or continues) an unanswered stretch, a person's answer ends it; automatic texts
   * (auto-replies, keyword answers) leave it as it is. Answers the message's id.
   */
  async insert(db: Client, m: NewMessage): Promise<number> {
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
    return rows[0]!.id;
  },

  /** A conversation's messages (or only message `onlyId`), oldest first, with each outbound message's delivery status and author. */
  ofConversation(db: Client, locationId: number, conversationId: number, onlyId?: number): Promise<MessageRow[]> {
    return db.$queryRaw<MessageRow[]>`
      SELECT m.id, m.body, m.created_at, m.direction::text AS direction, m.media_url, m.kind, s.status, u.email
      FROM conversation_messages m
      LEFT JOIN sms_messages s ON s.id = m.sms_message_id
      LEFT JOIN users u ON u.id = m.user_id
      WHERE m.location_id = ${locationId} AND m.conversation_id = ${conversationId} AND (${onlyId ?? null}::int IS NULL OR m.id = ${onlyId ?? null}::int)
      ORDER BY m.id`;
  },

  /** The message that points at an SMS delivery log row, if any. */
  bySmsMessage(db: Client, smsMessageId: number): Promise<{ id: number; locationId: number; conversationId: number } | null> {
    return db.conversationMessage.findUnique({ where: { smsMessageId }, select: { id: true, locationId: true, conversationId: true } });
  },

  /** The delivery log row of a text the provider accepted, by the provider's id. */
  async smsLogId(db: Client, providerId: string): Promise<number | null> {
    return (await db.smsMessage.findUnique({ where: { providerId }, select: { id: true } }))?.id ?? null;
  },

  /** The location's latest SMS delivery log row (any direction), 0 without one. */
  async latestSmsLogId(db: Client, locationId: number): Promise<number> {
    return (await db.smsMessage.findFirst({ where: { locationId }, orderBy: { id: 'desc' }, select: { id: true } }))?.id ?? 0;
  },

  /** The latest text the location sent to `to` after log row `afterId`, with its body. */
  sentSmsAfter(db: Client, locationId: number, to: string, afterId: number): Promise<{ id: number; body: string } | null> {
    return db.smsMessage.findFirst({
      where: { locationId, direction: 'outbound', to, id: { gt: afterId } },
      orderBy: { id: 'desc' },
      select: { id: true, body: true },
    });
  },
};
