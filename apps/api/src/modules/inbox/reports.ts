import { INBOX_LIMITS, type UsageRow } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { checkRange } from './export.js';

interface UsageDbRow extends UsageRow {
  user_id: number;
}

/**
 * E130: the messaging of a range of local days. Totals count every message; per user: the conversations
 * assigned to them with messages in the range, those they closed, their own outbound texts, the customers'
 * texts in their conversations, and the average time from opening (or reopening) to their closing.
 */
export async function messagingUsage(ctx: LocationCtx, input: { from_date: string; to_date: string }) {
  const range = checkRange(input.from_date, input.to_date);
  const locationId = ctx.location.locationId;
  const { timeZone: tz } = await ctx.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { timeZone: true } });
  const [totals, rows] = await Promise.all([
    ctx.db.$queryRaw<{ total: number; sent: number; received: number; avg_close: number | null }[]>`
      WITH span AS (SELECT (${range.from}::date)::timestamp AT TIME ZONE ${tz} AS a, (${range.to}::date + 1)::timestamp AT TIME ZONE ${tz} AS b),
      closes AS (
        SELECT extract(epoch FROM e.created_at - coalesce(
                 (SELECT max(r.created_at) FROM conversation_events r WHERE r.conversation_id = e.conversation_id AND r.kind = 'reopen' AND r.created_at < e.created_at),
                 c.created_at)) AS secs
        FROM conversation_events e JOIN conversations c ON c.id = e.conversation_id, span
        WHERE e.location_id = ${locationId} AND e.kind = 'close' AND e.created_at >= span.a AND e.created_at < span.b)
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE m.direction = 'outbound')::int AS sent,
             count(*) FILTER (WHERE m.direction = 'inbound')::int AS received,
             (SELECT avg(secs) FROM closes)::float AS avg_close
      FROM conversation_messages m, span
      WHERE m.location_id = ${locationId} AND m.created_at >= span.a AND m.created_at < span.b`,
    ctx.db.$queryRaw<UsageDbRow[]>`
      WITH span AS (SELECT (${range.from}::date)::timestamp AT TIME ZONE ${tz} AS a, (${range.to}::date + 1)::timestamp AT TIME ZONE ${tz} AS b),
      msgs AS (
        SELECT m.conversation_id, m.direction, m.user_id, c.assignee_id
        FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id, span
        WHERE m.location_id = ${locationId} AND m.created_at >= span.a AND m.created_at < span.b),
      per_user AS (
        SELECT u.id AS user_id,
          (SELECT count(DISTINCT conversation_id) FROM msgs WHERE msgs.assignee_id = u.id OR msgs.user_id = u.id)::int AS conversation_count,
          (SELECT count(*) FROM msgs WHERE msgs.direction = 'outbound' AND msgs.user_id = u.id)::int AS outbound_message_count,
          (SELECT count(*) FROM msgs WHERE msgs.direction = 'inbound' AND msgs.assignee_id = u.id)::int AS inbound_message_count
        FROM memberships mb JOIN users u ON u.id = mb.user_id
        WHERE mb.location_id = ${locationId}),
      closes AS (
        SELECT e.actor_id AS user_id, extract(epoch FROM e.created_at - coalesce(
                 (SELECT max(r.created_at) FROM conversation_events r WHERE r.conversation_id = e.conversation_id AND r.kind = 'reopen' AND r.created_at < e.created_at),
                 c.created_at)) AS secs
        FROM conversation_events e JOIN conversations c ON c.id = e.conversation_id, span
        WHERE e.location_id = ${locationId} AND e.kind = 'close' AND e.actor_id IS NOT NULL AND e.created_at >= span.a AND e.created_at < span.b)
      SELECT p.user_id, u.email, p.conversation_count,
             coalesce((SELECT count(*) FROM closes WHERE closes.user_id = p.user_id), 0)::int AS conversation_closed_count,
             (p.outbound_message_count + p.inbound_message_count)::int AS message_count,
             coalesce((SELECT round(avg(secs)) FROM closes WHERE closes.user_id = p.user_id), 0)::int AS conversation_time,
             p.outbound_message_count, p.inbound_message_count
      FROM per_user p JOIN users u ON u.id = p.user_id
      ORDER BY u.email`,
  ]);
  const t = totals[0]!;
  return {
    data: {
      total_messages: { value: t.total },
      messages_sent: { value: t.sent },
      messages_received: { value: t.received },
      average_conversation_time: { value: Math.round(t.avg_close ?? 0) },
    },
    rows: rows
      .filter((r) => r.conversation_count || r.conversation_closed_count || r.message_count)
      .map(({ user_id: _user, ...r }) => r),
    meta: { from_date: range.from, to_date: range.to },
  };
}

/** E131: the website chat leads, newest first, a page before (or after) a cursor. */
export async function webChatLeads(ctx: LocationCtx, input: { before?: number | null | undefined; after?: number | null | undefined }) {
  const locationId = ctx.location.locationId;
  const size = INBOX_LIMITS.leadsPage;
  const after = input.before ? null : (input.after ?? null);
  const rows = after
    ? (await ctx.db.webChatLead.findMany({ where: { locationId, id: { gt: after } }, orderBy: { id: 'asc' }, take: size })).reverse()
    : await ctx.db.webChatLead.findMany({ where: { locationId, ...(input.before ? { id: { lt: input.before } } : {}) }, orderBy: { id: 'desc' }, take: size });
  const first = rows[0]?.id ?? null;
  const last = rows.at(-1)?.id ?? null;
  // Whether a lead lies beyond either end: findFirst, as Prisma's count counts every match before its take.
  const beyond = async (id: { lt: number } | { gt: number }) => (await ctx.db.webChatLead.findFirst({ where: { locationId, id }, select: { id: true } })) !== null;
  const [totalLeads, older, newer] = await Promise.all([
    ctx.db.webChatLead.count({ where: { locationId } }),
    last === null ? false : beyond({ lt: last }),
    first === null ? false : beyond({ gt: first }),
  ]);
  return {
    totalLeads,
    capturedLeads: {
      data: rows.map((r) => ({ timestamp: r.createdAt.toISOString(), phone: r.phone, name: r.name, message: r.message })),
      cursor: { hasBefore: older, hasAfter: newer, before: last, after: first },
    },
  };
}
