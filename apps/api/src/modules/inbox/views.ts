import type { AssigneeView, ConversationView, InboxMessage } from '@kudo/shared';
import type { Db } from '../../lib/db.js';

/** One row of the conversation list as the list query reads it. */
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
  assignee_first: string | null;
  assignee_last: string | null;
  opted_out: boolean;
}

interface MessageRow {
  id: number;
  body: string;
  created_at: Date;
  direction: 'inbound' | 'outbound';
  media_url: string | null;
  kind: string;
  status: string | null;
  email: string | null;
}

const personLabel = (first: string | null, last: string | null, email: string | null) =>
  [first, last].filter(Boolean).join(' ').trim() || email || 'Unassigned';

export function toConversationView(r: ConversationRow, messages: InboxMessage[] = []): ConversationView {
  const unread = Math.max(0, r.inbound_count - (r.read_count ?? 0));
  return {
    conversation_id: r.id,
    customer_id: r.id,
    conversation_user_id: r.assignee_id,
    name: r.name,
    phone_number: r.phone,
    address: r.address,
    source: r.source,
    read_all_messages: unread === 0,
    unread_count: unread,
    urgent: r.awaiting_since !== null,
    opted_out: r.opted_out,
    latest_message: { datetime: r.last_message_at.toISOString(), message: r.last_message_body },
    user_data: {
      id: r.assignee_id,
      label: r.assignee_id === null ? 'Unassigned' : personLabel(r.assignee_first, r.assignee_last, r.assignee_email),
      user_email: r.assignee_email ?? '',
    },
    messages,
    active_flag: r.active,
  };
}

export const toMessageView = (m: MessageRow): InboxMessage => ({
  id: m.id,
  message: m.body,
  datetime: m.created_at.toISOString(),
  direction_flag: m.direction === 'outbound',
  media_url: m.media_url,
  status: m.status,
  kind: m.kind,
  author: m.email,
});

/**
 * The select list of a conversation row for one viewer: their own read count, the assignee, the opt-out. Times are
 * stored as UTC without a zone: read as instants, whichever client and time zone the process has.
 */
export const CONVERSATION_COLUMNS = `
  c.id, c.phone, c.name, c.address, c.source, c.assignee_id, c.active, c.last_message_at AT TIME ZONE 'UTC' AS last_message_at,
  c.last_message_body, c.inbound_count, r.read_count, c.awaiting_since AT TIME ZONE 'UTC' AS awaiting_since, u.email AS assignee_email, u.first_name AS assignee_first,
  u.last_name AS assignee_last,
  EXISTS (SELECT 1 FROM consent_states s WHERE s.location_id = c.location_id AND s.channel = 'sms'
          AND s.address = c.phone AND s.scope IN ('all', 'messaging') AND s.opted_out) AS opted_out`;

export const CONVERSATION_JOINS = `
  LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = $2
  LEFT JOIN users u ON u.id = c.assignee_id`;

/** One conversation of the location as `viewer` sees it, or null when the location has no such conversation. */
export async function conversationRow(db: Db, locationId: number, viewer: number, id: number): Promise<ConversationRow | null> {
  const rows = await db.$queryRawUnsafe<ConversationRow[]>(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations c ${CONVERSATION_JOINS} WHERE c.location_id = $1 AND c.id = $3`,
    locationId,
    viewer,
    id,
  );
  return rows[0] ?? null;
}

/** A conversation's messages, oldest first, with each outbound message's delivery status and author. */
export async function conversationMessages(db: Db, locationId: number, conversationId: number, onlyId?: number): Promise<InboxMessage[]> {
  const rows = await db.$queryRaw<MessageRow[]>`
    SELECT m.id, m.body, m.created_at, m.direction::text AS direction, m.media_url, m.kind, s.status, u.email
    FROM conversation_messages m
    LEFT JOIN sms_messages s ON s.id = m.sms_message_id
    LEFT JOIN users u ON u.id = m.user_id
    WHERE m.location_id = ${locationId} AND m.conversation_id = ${conversationId} AND (${onlyId ?? null}::int IS NULL OR m.id = ${onlyId ?? null}::int)
    ORDER BY m.id`;
  return rows.map(toMessageView);
}

interface AssigneeRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
}

/** Who may be assigned conversations: active members of the location with the inbox permission. */
export async function assigneesOf(db: Db, locationId: number): Promise<AssigneeView[]> {
  const rows = await db.$queryRaw<AssigneeRow[]>`
    SELECT u.id, u.email, u.first_name, u.last_name, m.role::text AS role
    FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.location_id = ${locationId} AND m.active AND (m.role IN ('Owner', 'Admin') OR m.perm_twm)
    ORDER BY m.created_at, u.id`;
  return rows.map((r) => ({
    id: r.id,
    name: personLabel(r.first_name, r.last_name, r.email),
    user_email: r.email,
    user_type: r.role === 'Owner' || r.role === 'Admin' ? 'admin' : 'other',
  }));
}

/**
 * The default assignee (3§6): the signed-in user for a conversation they start, else the system user, else
 * an admin, else the first assignee. Kudo has no system user, so an inbound conversation goes to the
 * first admin.
 */
export function defaultAssignee(assignees: AssigneeView[], me: number | null): number | null {
  if (me !== null && assignees.some((a) => a.id === me)) return me;
  return (assignees.find((a) => a.user_type === 'system') ?? assignees.find((a) => a.user_type === 'admin') ?? assignees[0])?.id ?? null;
}
