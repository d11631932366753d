import type { AssigneeView } from '@kudo/shared';
import { copyOutRows } from '../../../lib/copy-out.js';
import { poolOf, type Db } from '../../../lib/db.js';
import { inlineParams } from '../../../lib/sql.js';
import { personLabelText } from './shared.js';

/**
 * The conversation list (E117), the poll (E123) and the assignees: the statements on every open inbox's path, sent
 * straight over the pg pool as named statements (prepared once per connection). 2,000 rows through Prisma's raw
 * query path cost more than the query.
 */

const jsonBool = (condition: string) => `CASE WHEN ${condition} THEN 'true' ELSE 'false' END`;

/**
 * The open conversations of location $1 as viewer $2 sees them, one row each: its entry as JSON text written by
 * PostgreSQL, exactly as toConversationView writes it (a test holds them equal), so 2,000 entries go out without
 * being read into objects, projected and written again. Each conversation's own part of its entry is kept in
 * conversation_list_entries, written by a trigger when its fields change (see its migration; one missing is written
 * as the list reads it); the list adds the assignee's label and email (computed once per assignee), the viewer's
 * unread count and the opt-out. Narrowed to assignee $3 (null: all) and to the urgent ones with $4, latest first, $5
 * from $6.
 */
const CONVERSATION_LIST_ENTRIES = `
  SELECT x.json || coalesce(x.assignee, '"label":"Unassigned","user_email":""')
    || '},"read_all_messages":' || ${jsonBool('x.inbound_count <= coalesce(x.read_count, 0)')}
    || ',"unread_count":' || greatest(0, x.inbound_count - coalesce(x.read_count, 0))
    || ',"opted_out":' || ${jsonBool('x.opted_out')} || '}' AS entry
  FROM (SELECT coalesce(e.json, conversation_list_json(c)) AS json, c.inbound_count, r.read_count, c.last_message_id, u.assignee,
               c.phone IN (SELECT s.address FROM consent_states s WHERE s.location_id = $1 AND s.channel = 'sms'
                             AND s.scope IN ('all', 'messaging') AND s.opted_out) AS opted_out
        FROM conversations c
        LEFT JOIN conversation_list_entries e ON e.conversation_id = c.id
        LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = $2
        LEFT JOIN LATERAL (
          SELECT '"label":' || to_json(${personLabelText}) || ',"user_email":' || to_json(u.email) AS assignee
          FROM users u WHERE u.id = c.assignee_id) u ON true
        WHERE c.location_id = $1 AND c.active AND ($3::int IS NULL OR c.assignee_id = $3) AND (NOT $4 OR c.awaiting_since IS NOT NULL)
        ORDER BY c.last_message_id DESC LIMIT $5 OFFSET $6) x
  ORDER BY x.last_message_id DESC`;

/** The location's latest message id (0 without messages), from the index's last entry. */
const MAX_MESSAGE_ID = 'SELECT coalesce(max(id), 0) AS max FROM conversation_messages WHERE location_id = $1';

/**
 * Who may be assigned conversations in location $1: active members with the inbox permission, in the order they
 * joined, as AssigneeView rows (and `since`, that order).
 */
const ASSIGNEES = `
  SELECT u.id, ${personLabelText} AS name, u.email AS user_email,
         CASE WHEN m.role IN ('Owner', 'Admin') THEN 'admin' ELSE 'other' END AS user_type, m.created_at AS since
  FROM memberships m JOIN users u ON u.id = m.user_id
  WHERE m.location_id = $1 AND m.active AND (m.role IN ('Owner', 'Admin') OR m.perm_twm)
  ORDER BY m.created_at, u.id`;

/**
 * What E117 answers around the list, for location $1 and viewer $2, as one JSON object written by PostgreSQL: the
 * header, the assignees, the templates by category, and the viewer's unread messages in the open conversations (the
 * location's inbound total minus what the viewer has read of it, both kept current by triggers in
 * inbox_unread_totals: one index read instead of a pass over every open conversation).
 */
const AROUND_THE_LIST = `
  SELECT json_build_object(
    'header', json_build_object('max_message_id', (${MAX_MESSAGE_ID}), 'logo_url', l.nav_logo_url, 'timezone', l.time_zone),
    'assignees', (SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'user_email', a.user_email, 'user_type', a.user_type) ORDER BY a.since, a.id), '[]')
                    FROM (${ASSIGNEES}) a),
    'templates', json_build_object('templates', (
      SELECT coalesce(json_agg(json_build_object('name', t.category, 'templates', t.texts) ORDER BY t.category), '[]')
      FROM (SELECT category, json_agg(text ORDER BY sort_order, id) AS texts FROM inbox_templates WHERE location_id = $1 GROUP BY category) t)),
    'unread_messages', (SELECT (coalesce(sum(count) FILTER (WHERE user_id = 0), 0) - coalesce(sum(count) FILTER (WHERE user_id = $2), 0))::int
                          FROM inbox_unread_totals WHERE location_id = $1 AND user_id IN (0, $2)),
    'me', $2::int)::text AS json
  FROM locations l WHERE l.id = $1`;

export interface ListFilter {
  locationId: number;
  viewer: number;
  /** Only this assignee's conversations; null for all. */
  assigneeId: number | null;
  /** Only those waiting for an answer. */
  urgent: boolean;
  limit: number;
  offset: number;
}

export const listQueries = {
  /**
   * The open conversations as ConversationView entries written by PostgreSQL (JSON objects), in order, as bytes: read
   * through COPY (the filter's values written in), so a megabyte of entries is neither decoded into a JavaScript
   * string nor encoded again on its way out.
   */
  async listEntries(db: Db, f: ListFilter): Promise<Buffer[]> {
    const values = [f.locationId, f.viewer, f.assigneeId, f.urgent, f.limit, f.offset];
    const rows = await copyOutRows(poolOf(db), inlineParams(CONVERSATION_LIST_ENTRIES, values));
    return rows.map(([entry]) => entry!);
  },

  /** The header, assignees, templates, unread count and viewer of E117, as one JSON object written by PostgreSQL. */
  async aroundJson(db: Db, locationId: number, viewer: number): Promise<string> {
    const { rows } = await poolOf(db).query<{ json: string }>({ name: 'inbox-fetch-around', text: AROUND_THE_LIST, values: [locationId, viewer] });
    return rows[0]!.json;
  },

  /** The location's latest message id (0 without messages), from the index's last entry. */
  async maxMessageId(db: Db, locationId: number): Promise<number> {
    const { rows } = await poolOf(db).query<{ max: number }>({ name: 'inbox-poll', text: MAX_MESSAGE_ID, values: [locationId] });
    return rows[0]!.max;
  },

  /** Who may be assigned conversations: active members of the location with the inbox permission, as they joined. */
  async assignees(db: Db, locationId: number): Promise<AssigneeView[]> {
    const { rows } = await poolOf(db).query<AssigneeView & { since: Date }>({ name: 'inbox-assignees', text: ASSIGNEES, values: [locationId] });
    return rows.map(({ id, name, user_email, user_type }) => ({ id, name, user_email, user_type }));
  },
};
