import type { AssigneeView, ConversationView, InboxMessage } from '@kudo/shared';
import { poolOf, type Db } from '../../lib/db.js';

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
  /** The assignee's name as the inbox shows it ('Unassigned' without one). */
  assignee_label: string;
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
      label: r.assignee_label,
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

/** The white space a person's label is trimmed of: Unicode's spaces and line ends, as JavaScript's trim() knows them. */
const WHITE_SPACE = `\t\n\v\f\r \u00a0\u1680${Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)).join('')}\u2028\u2029\u202f\u205f\u3000\ufeff`;

/** A person's label, written in SQL only (the list, the single conversation and the assignees): their first and last name, else their email, else 'Unassigned'. */
const personLabelSql = (first: string, last: string, email: string) =>
  `coalesce(nullif(btrim(concat_ws(' ', nullif(${first}, ''), nullif(${last}, '')), '${WHITE_SPACE}'), ''), nullif(${email}, ''), 'Unassigned')`;

/**
 * The select list of a conversation row for one viewer: their own read count, the assignee, the opt-out. Times are
 * stored as UTC without a zone: read as instants, whichever client and time zone the process has.
 */
const CONVERSATION_COLUMNS = `
  c.id, c.phone, c.name, c.address, c.source, c.assignee_id, c.active, c.last_message_at AT TIME ZONE 'UTC' AS last_message_at,
  c.last_message_body, c.inbound_count, r.read_count, c.awaiting_since AT TIME ZONE 'UTC' AS awaiting_since, u.email AS assignee_email,
  CASE WHEN c.assignee_id IS NULL THEN 'Unassigned' ELSE ${personLabelSql('u.first_name', 'u.last_name', 'u.email')} END AS assignee_label,
  EXISTS (SELECT 1 FROM consent_states s WHERE s.location_id = c.location_id AND s.channel = 'sms'
          AND s.address = c.phone AND s.scope IN ('all', 'messaging') AND s.opted_out) AS opted_out`;

const CONVERSATION_JOINS = `
  LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = $2
  LEFT JOIN users u ON u.id = c.assignee_id`;

const jsonBool = (condition: string) => `CASE WHEN ${condition} THEN 'true' ELSE 'false' END`;

/**
 * The conversation list of location $1 as viewer $2 sees it, as JSON text written by PostgreSQL, each entry exactly as
 * toConversationView writes it (a test holds them equal): 2,000 entries go out without being read into objects,
 * projected and written again. Each conversation's own part of its entry is kept in conversation_list_entries, written
 * by a trigger when its fields change (see its migration; one missing is written as the list reads it); the list adds
 * the assignee's label and email (computed once per assignee), the viewer's unread count and the opt-out. `where`
 * and `page` narrow and page the conversations `c`, latest first.
 */
export const conversationListJson = (where: string, page: string) => `
  SELECT '[' || coalesce(string_agg(x.json || coalesce(x.assignee, '"label":"Unassigned","user_email":""')
    || '},"read_all_messages":' || ${jsonBool('x.inbound_count <= coalesce(x.read_count, 0)')}
    || ',"unread_count":' || greatest(0, x.inbound_count - coalesce(x.read_count, 0))
    || ',"opted_out":' || ${jsonBool('x.opted_out')} || '}', ',' ORDER BY x.last_message_id DESC), '') || ']' AS json
  FROM (SELECT coalesce(e.json, conversation_list_json(c)) AS json, c.inbound_count, r.read_count, c.last_message_id, u.assignee,
               c.phone IN (SELECT s.address FROM consent_states s WHERE s.location_id = $1 AND s.channel = 'sms'
                             AND s.scope IN ('all', 'messaging') AND s.opted_out) AS opted_out
        FROM conversations c
        LEFT JOIN conversation_list_entries e ON e.conversation_id = c.id
        LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = $2
        LEFT JOIN LATERAL (
          SELECT '"label":' || to_json(${personLabelSql('u.first_name', 'u.last_name', 'u.email')}) || ',"user_email":' || to_json(u.email) AS assignee
          FROM users u WHERE u.id = c.assignee_id) u ON true
        WHERE c.location_id = $1 AND ${where}
        ORDER BY c.last_message_id DESC ${page}) x`;

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

/**
 * Who may be assigned conversations in location $1: active members with the inbox permission, in the order they
 * joined, as AssigneeView rows (and `since`, that order).
 */
export const ASSIGNEES = `
  SELECT u.id, ${personLabelSql('u.first_name', 'u.last_name', 'u.email')} AS name, u.email AS user_email,
         CASE WHEN m.role IN ('Owner', 'Admin') THEN 'admin' ELSE 'other' END AS user_type, m.created_at AS since
  FROM memberships m JOIN users u ON u.id = m.user_id
  WHERE m.location_id = $1 AND m.active AND (m.role IN ('Owner', 'Admin') OR m.perm_twm)
  ORDER BY m.created_at, u.id`;

/** Who may be assigned conversations: active members of the location with the inbox permission. */
export async function assigneesOf(db: Db, locationId: number): Promise<AssigneeView[]> {
  const { rows } = await poolOf(db).query<AssigneeView & { since: Date }>({ name: 'inbox-assignees', text: ASSIGNEES, values: [locationId] });
  return rows.map(({ id, name, user_email, user_type }) => ({ id, name, user_email, user_type }));
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
