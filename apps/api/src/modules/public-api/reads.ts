import type { z } from 'zod';
import { publicApi, REVIEW_TOPICS } from '@kudo/shared';
import { ApiError, type ApiCtx } from './v1.js';

const { API_MSG } = publicApi;

/**
 * An opaque cursor: the last row's sort keys as base64url JSON. Anything else a caller sends is a 400 naming
 * the cursor, never a query.
 */
const encodeCursor = (parts: (string | number)[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

function decodeCursor<T extends (string | number)[]>(cursor: string | undefined, check: (parts: unknown[]) => parts is T): T | null {
  if (cursor === undefined) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parts = null;
  }
  if (!Array.isArray(parts) || !check(parts)) throw new ApiError('invalid_request', API_MSG.cursor, { cursor: API_MSG.cursor });
  return parts;
}

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647;
/** A time as the cursor writes it (toISOString of a stored time): four-digit years only, which the database holds. */
const isTime = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v) && !Number.isNaN(Date.parse(v));

const orNull = (v: string | null | undefined) => (v ? v : null);

/** GET /reviews: newest first by posting time, archived reviews left out. */
export async function listReviews(ctx: ApiCtx, query: z.output<typeof publicApi.listReviews.query>): Promise<z.input<typeof publicApi.listReviews.response>> {
  const after = decodeCursor(query.cursor, (p): p is [string, number] => p.length === 2 && isTime(p[0]) && isId(p[1]));
  const rows = await ctx.db.review.findMany({
    where: {
      locationId: ctx.caller.locationId,
      archived: false,
      ...(query.since ? { postedAt: { gte: new Date(query.since) } } : {}),
      ...(after ? { OR: [{ postedAt: { lt: new Date(after[0]) } }, { postedAt: new Date(after[0]), id: { lt: after[1] } }] } : {}),
    },
    orderBy: [{ postedAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
    include: {
      campaign: { select: { uid: true, name: true, employeeId: true } },
      dispatch: { select: { apiRequest: { select: { publicId: true } } } },
    },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => {
      const hasCustomer = Boolean(r.customerName || r.customerPhone || r.customerEmail);
      return {
        id: `rv_${r.id}`,
        source: r.source,
        rating: r.rating,
        text: r.text,
        author_name: r.authorName,
        sentiment: r.sentiment,
        posted_at: r.postedAt.toISOString(),
        url: orNull(r.url),
        campaign: r.campaign ? { uid: r.campaign.uid, name: r.campaign.name, employee_id: r.campaign.employeeId } : null,
        customer: hasCustomer ? { name: r.customerName, phone: orNull(r.customerPhone), email: orNull(r.customerEmail) } : null,
        review_request_id: r.dispatch?.apiRequest?.publicId ?? null,
        topics: REVIEW_TOPICS.filter((t) => r.topics.includes(t)),
        sentiment_score: r.sentimentScore,
      };
    }),
    next_cursor: rows.length > query.limit && last ? encodeCursor([last.postedAt.toISOString(), last.id]) : null,
  };
}

/** GET /campaigns: the location's campaigns that are not deleted, by name. */
export async function listCampaigns(ctx: ApiCtx): Promise<z.input<typeof publicApi.listCampaigns.response>> {
  const campaigns = await ctx.db.campaign.findMany({
    where: { locationId: ctx.caller.locationId, deletedAt: null },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: { uid: true, name: true, employeeId: true, department: true, isDefault: true },
  });
  return { data: campaigns.map((c) => ({ uid: c.uid, name: c.name, employee_id: c.employeeId, department: c.department, is_default: c.isDefault })) };
}

/** GET /conversations: newest conversation first (a stable order for paging), with its last message. */
export async function listConversations(ctx: ApiCtx, query: z.output<typeof publicApi.listConversations.query>): Promise<z.input<typeof publicApi.listConversations.response>> {
  const after = decodeCursor(query.cursor, (p): p is [number] => p.length === 1 && isId(p[0]));
  const rows = await ctx.db.conversation.findMany({
    where: { locationId: ctx.caller.locationId, ...(after ? { id: { lt: after[0] } } : {}) },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
    select: { id: true, phone: true, name: true, source: true, active: true, lastMessageBody: true, lastMessageAt: true, createdAt: true, closedAt: true },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((c) => ({
      id: `cv_${c.id}`,
      phone: c.phone,
      name: c.name,
      source: c.source,
      open: c.active,
      last_message: { body: c.lastMessageBody, at: c.lastMessageAt.toISOString() },
      created_at: c.createdAt.toISOString(),
      closed_at: c.closedAt?.toISOString() ?? null,
    })),
    next_cursor: rows.length > query.limit && last ? encodeCursor([last.id]) : null,
  };
}
