import { INBOX_LIMITS } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { checkRange } from './export.js';
import { locationQueries, reportQueries, webChatQueries } from './queries/index.js';

/**
 * E130: the messaging of a range of local days. Totals count every message; per user: the conversations
 * assigned to them with messages in the range, those they closed, their own outbound texts, the customers'
 * texts in their conversations, and the average time from opening (or reopening) to their closing.
 */
export async function messagingUsage(ctx: LocationCtx, input: { from_date: string; to_date: string }) {
  const range = checkRange(input.from_date, input.to_date);
  const locationId = ctx.location.locationId;
  const timeZone = await locationQueries.timeZone(ctx.db, locationId);
  const span = { locationId, from: range.from, to: range.to, timeZone };
  const [t, rows] = await Promise.all([reportQueries.usageTotals(ctx.db, span), reportQueries.usageByUser(ctx.db, span)]);
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
  const rows = await webChatQueries.leadsPage(ctx.db, locationId, size, { before: input.before ?? null, after });
  const first = rows[0]?.id ?? null;
  const last = rows.at(-1)?.id ?? null;
  // Whether a lead lies beyond either end.
  const [totalLeads, older, newer] = await Promise.all([
    webChatQueries.leadCount(ctx.db, locationId),
    last === null ? false : webChatQueries.hasLead(ctx.db, locationId, { lt: last }),
    first === null ? false : webChatQueries.hasLead(ctx.db, locationId, { gt: first }),
  ]);
  return {
    totalLeads,
    capturedLeads: {
      data: rows.map((r) => ({ timestamp: r.createdAt.toISOString(), phone: r.phone, name: r.name, message: r.message })),
      cursor: { hasBefore: older, hasAfter: newer, before: last, after: first },
    },
  };
}
