import { Prisma } from '../../../lib/db.js';
import { personLabelSql, type Client } from './shared.js';

/** One conversation as a viewer sees it: its fields, the viewer's read count, the assignee, the opt-out. */
export interface ConversationRow {
  id: number;
  phone: string;
  name: string;
  address: string;
  source: string;
  assignee_id: number | null;
  active: boolean;
  last_message_at: Date;
  last_message_body: string;
  inbound_count: number;
  read_count: number | null;
  awaiting_since: Date | null;
  assignee_email: string | null;
  /** The assignee's name as the inbox shows it ('Unassigned' without one). */
  assignee_label: string;
  opted_out: boolean;
}

/**
 * The select list of a conversation row `c` for the viewer whose read count is `r` and assignee `u`. Times are stored
 * as UTC without a zone: read as instants, whichever client and time zone the process has.
 */
const CONVERSATION_COLUMNS = Prisma.sql`
  c.id, c.phone, c.name, c.address, c.source, c.assignee_id, c.active, c.last_message_at AT TIME ZONE 'UTC' AS last_message_at,
  c.last_message_body, c.inbound_count, r.read_count, c.awaiting_since AT TIME ZONE 'UTC' AS awaiting_since, u.email AS assignee_email,
  CASE WHEN c.assignee_id IS NULL THEN 'Unassigned' ELSE ${personLabelSql} END AS assignee_label,
  EXISTS (SELECT 1 FROM consent_states s WHERE s.location_id = c.location_id AND s.channel = 'sms'
          AND s.address = c.phone AND s.scope IN ('all', 'messaging') AND s.opted_out) AS opted_out`;

export interface NewConversation {
  locationId: number;
  phone: string;
  name: string;
  address: string;
  source: 'sms' | 'web-chat';
  assigneeId: number | null;
}

/** The conversations table: one conversation per customer number and location, open or closed. */
export const conversationQueries = {
  /** One conversation of the location as `viewer` sees it, or null when the location has no such conversation. */
  async asSeenBy(db: Client, locationId: number, viewer: number, id: number): Promise<ConversationRow | null> {
    const rows = await db.$queryRaw<ConversationRow[]>`
      SELECT ${CONVERSATION_COLUMNS} FROM conversations c
      LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = ${viewer}
      LEFT JOIN users u ON u.id = c.assignee_id
      WHERE c.location_id = ${locationId} AND c.id = ${id}`;
    return rows[0] ?? null;
  },

  /** The conversation of a customer number at a location, if there is one. */
  byPhone(db: Client, locationId: number, phone: string): Promise<{ id: number; active: boolean; name: string } | null> {
    return db.conversation.findUnique({ where: { locationId_phone: { locationId, phone } }, select: { id: true, active: true, name: true } });
  },

  /**
   * Opens the conversation of a number; when one was opened meanwhile (the same number, another request), answers
   * that one with `created` false and leaves it as it is.
   */
  async insert(db: Client, c: NewConversation): Promise<{ id: number; created: boolean }> {
    const rows = await db.$queryRaw<{ id: number; created: boolean }[]>`
      INSERT INTO conversations (location_id, phone, name, address, source, assignee_id)
      VALUES (${c.locationId}, ${c.phone}, ${c.name}, ${c.address}, ${c.source}, ${c.assigneeId})
      ON CONFLICT (location_id, phone) DO UPDATE SET location_id = EXCLUDED.location_id
      RETURNING id, (xmax = 0) AS created`;
    return rows[0]!;
  },

  /** Names a conversation (and gives it an address when one is known). */
  async rename(db: Client, id: number, name: string, address?: string): Promise<void> {
    await db.conversation.update({ where: { id }, data: { name, ...(address ? { address } : {}) } });
  },

  /** Reopens a closed conversation; answers whether this call reopened it (false when it was open already). */
  async reopenIfClosed(db: Client, id: number): Promise<boolean> {
    const reopened = await db.conversation.updateMany({ where: { id, active: false }, data: { active: true, closedAt: null } });
    return reopened.count > 0;
  },

  /** Reopens a conversation (a staff answer to a closed one). */
  async reopen(db: Client, id: number): Promise<void> {
    await db.conversation.update({ where: { id }, data: { active: true, closedAt: null } });
  },

  /** Assigns a conversation to a user, or to nobody (null). */
  async assign(db: Client, id: number, assigneeId: number | null): Promise<void> {
    await db.conversation.update({ where: { id }, data: { assigneeId } });
  },

  /** Closes an open conversation of the location; answers whether this call closed it. */
  async close(db: Client, locationId: number, id: number): Promise<boolean> {
    const closed = await db.conversation.updateMany({ where: { id, locationId, active: true }, data: { active: false, closedAt: new Date(), awaitingSince: null } });
    return closed.count > 0;
  },

  /** Closes every open conversation of the location that `viewer` has read to the end; answers their ids. */
  closeAllReadBy(db: Client, locationId: number, viewer: number): Promise<{ id: number }[]> {
    return db.$queryRaw<{ id: number }[]>`
      UPDATE conversations c SET active = false, closed_at = now(), awaiting_since = NULL
      WHERE c.location_id = ${locationId} AND c.active
        AND c.inbound_count <= coalesce((SELECT r.read_count FROM conversation_reads r WHERE r.conversation_id = c.id AND r.user_id = ${viewer}), 0)
      RETURNING c.id`;
  },
};

/** The read state of a conversation: each user's own count of the customer's messages they have read. */
export const readQueries = {
  /** A user has read every message of the conversation (their own count only). */
  async markRead(db: Client, conversationId: number, userId: number): Promise<void> {
    await db.$executeRaw`
      INSERT INTO conversation_reads (conversation_id, user_id, read_count, updated_at)
      SELECT id, ${userId}, inbound_count, now() FROM conversations WHERE id = ${conversationId}
      ON CONFLICT (conversation_id, user_id) DO UPDATE SET read_count = EXCLUDED.read_count, updated_at = now()`;
  },

  /** A user has read all but the last customer message (never below 0). */
  async markLastUnread(db: Client, conversationId: number, userId: number): Promise<void> {
    await db.$executeRaw`
      INSERT INTO conversation_reads (conversation_id, user_id, read_count, updated_at)
      SELECT id, ${userId}, greatest(inbound_count - 1, 0), now() FROM conversations WHERE id = ${conversationId}
      ON CONFLICT (conversation_id, user_id) DO UPDATE SET read_count = EXCLUDED.read_count, updated_at = now()`;
  },
};
