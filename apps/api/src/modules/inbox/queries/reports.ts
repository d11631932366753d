import type { UsageRow } from '@kudo/shared';
import type { Client } from './shared.js';

/** A range of local days of a location, in its time zone. */
export interface UsageRange {
  locationId: number;
  from: string;
  to: string;
  timeZone: string;
}

export interface UsageTotals {
  total: number;
  sent: number;
  received: number;
  /** Seconds from opening (or reopening) to closing, on average; null without closings. */
  avg_close: number | null;
}

export interface UsageUserRow extends UsageRow {
  user_id: number;
}

/** Messaging Usage (E130): messages, conversations and closings of a range of local days. */
export const reportQueries = {
  /** Every message of the range, sent and received, and the average time to close a conversation. */
  async usageTotals(db: Client, r: UsageRange): Promise<UsageTotals> {
    const rows = await db.$queryRaw<UsageTotals[]>`
      WITH span AS (SELECT (${r.from}::date)::timestamp AT TIME ZONE ${r.timeZone} AS a, (${r.to}::date + 1)::timestamp AT TIME ZONE ${r.timeZone} AS b),
      closes AS (
        SELECT extract(epoch FROM e.created_at - coalesce(
                 (SELECT max(r.created_at) FROM conversation_events r WHERE r.conversation_id = e.conversation_id AND r.kind = 'reopen' AND r.created_at < e.created_at),
                 c.created_at)) AS secs
        FROM conversation_events e JOIN conversations c ON c.id = e.conversation_id, span
        WHERE e.location_id = ${r.locationId} AND e.kind = 'close' AND e.created_at >= span.a AND e.created_at < span.b)
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE m.direction = 'outbound')::int AS sent,
             count(*) FILTER (WHERE m.direction = 'inbound')::int AS received,
             (SELECT avg(secs) FROM closes)::float AS avg_close
      FROM conversation_messages m, span
      WHERE m.location_id = ${r.locationId} AND m.created_at >= span.a AND m.created_at < span.b`;
    return rows[0]!;
  },

  /**
   * Per member of the location, by email: the conversations assigned to them with messages in the range, those they
   * closed, their own outbound texts, the customers' texts in their conversations, and their average time to close.
   */
  usageByUser(db: Client, r: UsageRange): Promise<UsageUserRow[]> {
    return db.$queryRaw<UsageUserRow[]>`
      WITH span AS (SELECT (${r.from}::date)::timestamp AT TIME ZONE ${r.timeZone} AS a, (${r.to}::date + 1)::timestamp AT TIME ZONE ${r.timeZone} AS b),
      msgs AS (
        SELECT m.conversation_id, m.direction, m.user_id, c.assignee_id
        FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id, span
        WHERE m.location_id = ${r.locationId} AND m.created_at >= span.a AND m.created_at < span.b),
      per_user AS (
        SELECT u.id AS user_id,
          (SELECT count(DISTINCT conversation_id) FROM msgs WHERE msgs.assignee_id = u.id OR msgs.user_id = u.id)::int AS conversation_count,
          (SELECT count(*) FROM msgs WHERE msgs.direction = 'outbound' AND msgs.user_id = u.id)::int AS outbound_message_count,
          (SELECT count(*) FROM msgs WHERE msgs.direction = 'inbound' AND msgs.assignee_id = u.id)::int AS inbound_message_count
        FROM memberships mb JOIN users u ON u.id = mb.user_id
        WHERE mb.location_id = ${r.locationId}),
      closes AS (
        SELECT e.actor_id AS user_id, extract(epoch FROM e.created_at - coalesce(
                 (SELECT max(r.created_at) FROM conversation_events r WHERE r.conversation_id = e.conversation_id AND r.kind = 'reopen' AND r.created_at < e.created_at),
                 c.created_at)) AS secs
        FROM conversation_events e JOIN conversations c ON c.id = e.conversation_id, span
        WHERE e.location_id = ${r.locationId} AND e.kind = 'close' AND e.actor_id IS NOT NULL AND e.created_at >= span.a AND e.created_at < span.b)
      SELECT p.user_id, u.email, p.conversation_count,
             coalesce((SELECT count(*) FROM closes WHERE closes.user_id = p.user_id), 0)::int AS conversation_closed_count,
             (p.outbound_message_count + p.inbound_message_count)::int AS message_count,
             coalesce((SELECT round(avg(secs)) FROM closes WHERE closes.user_id = p.user_id), 0)::int AS conversation_time,
             p.outbound_message_count, p.inbound_message_count
      FROM per_user p JOIN users u ON u.id = p.user_id
      ORDER BY u.email`;
  },
};
