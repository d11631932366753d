// Social reviews: the location's Google and Facebook reviews, newest first, with the credit given to campaigns.
import { MSG, SOCIAL_REVIEW_LIMITS, type AttributionMethod, type SocialReviewItem, type SocialReviewPage } from '@kudo/shared';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { poolOf, type Prisma } from '../../lib/db.js';
import type { Review } from '../../generated/prisma/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { isProviderError } from '../../providers/social-errors.js';
import { markConnectionExpired } from '../social/index.js';
import { googleAuth } from './google-auth.js';
import { PLATFORMS } from './sync.js';

type View = 'needs_credit' | 'all';

/** A position in the list: the review's time and id, newest first. */
interface Key {
  postedAt: Date;
  id: number;
}

export function encodeCursor(k: Key): string {
  return Buffer.from(`${k.postedAt.toISOString()}|${k.id}`).toString('base64url');
}

export function decodeCursor(v: string): Key {
  const [at, id] = Buffer.from(v, 'base64url').toString('utf8').split('|');
  const t = at ? Date.parse(at) : NaN;
  const n = Number(id);
  if (!Number.isFinite(t) || !Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw badRequest(MSG.socialReviewBadCursor, { cursor: MSG.socialReviewBadCursor });
  return { postedAt: new Date(t), id: n };
}

/**
 * Ids of the reviews beyond a key, in list order (or the reverse, going back), in one statement: one index
 * range per source, each limited, so that a page never reads more than it shows. Times go in and out as UTC
 * instants (stored without a zone).
 */
async function keys(ctx: LocationCtx, view: View, from: Key | null, direction: 'older' | 'newer', take: number): Promise<Key[]> {
  const values: unknown[] = [ctx.location.locationId, take];
  const beyond = from
    ? `AND (r.posted_at, r.id) ${direction === 'older' ? '<' : '>'} ($${values.push(from.postedAt.toISOString())}::timestamptz AT TIME ZONE 'UTC', $${values.push(from.id)}::int)`
    : '';
  const needs = view === 'needs_credit' ? `AND NOT EXISTS (SELECT 1 FROM review_credits c WHERE c.review_id = r.id AND c.method = 'human')` : '';
  const order = direction === 'older' ? 'DESC' : 'ASC';
  const arms = PLATFORMS.map(
    (source) => `(SELECT r.id, r.posted_at FROM reviews r
       WHERE r.location_id = $1 AND r.source = $${values.push(source)} AND NOT r.archived ${beyond} ${needs}
       ORDER BY r.posted_at ${order}, r.id ${order} LIMIT $2)`,
  );
  const { rows } = await poolOf(ctx.db).query<Key>(
    `SELECT id, posted_at AT TIME ZONE 'UTC' AS "postedAt" FROM (${arms.join(' UNION ALL ')}) k ORDER BY posted_at ${order}, id ${order} LIMIT $2`,
    values,
  );
  return direction === 'older' ? rows : rows.reverse();
}

const reviewInclude = {
  credits: { include: { campaign: { select: { uid: true, name: true } } }, orderBy: { id: 'asc' as const } },
} satisfies Prisma.ReviewInclude;

/** What a social review's row needs: the review, its reply and its credits with their campaigns. */
type LoadedReview = Pick<Review, 'id' | 'source' | 'ratingType' | 'rating' | 'authorName' | 'postedAt' | 'text' | 'url' | 'replyText' | 'replyUpdatedAt'> & {
  credits: { method: string; campaign: { uid: string; name: string } }[];
  /** Who posted the current reply from Kudo; null when it was written on the site itself. */
  postedBy: string | null;
};

/** The page's reviews with their credits, in one statement over the pg pool (times read as UTC instants). */
async function loadReviews(ctx: LocationCtx, ids: number[]): Promise<LoadedReview[]> {
  if (ids.length === 0) return [];
  const { rows } = await poolOf(ctx.db).query<LoadedReview>({
    name: 'social-reviews-page',
    text: `SELECT r.id, r.source, r.rating_type AS "ratingType", r.rating, r.author_name AS "authorName",
                  r.posted_at AT TIME ZONE 'UTC' AS "postedAt", r.text, r.url, r.reply_text AS "replyText",
                  r.reply_updated_at AT TIME ZONE 'UTC' AS "replyUpdatedAt",
                  (SELECT rr.posted_by FROM review_replies rr WHERE rr.review_id = r.id AND rr.text = r.reply_text) AS "postedBy",
                  coalesce((SELECT json_agg(json_build_object('method', rc.method, 'campaign', json_build_object('uid', c.uid, 'name', c.name)) ORDER BY rc.id)
                              FROM review_credits rc JOIN campaigns c ON c.id = rc.campaign_id
                             WHERE rc.review_id = r.id), '[]'::json) AS credits
             FROM reviews r WHERE r.id = ANY($1::int[]) AND r.location_id = $2`,
    values: [ids, ctx.location.locationId],
  });
  return rows;
}

/** A Google or Facebook review as every list of them shows it (the dashboard's and the social reviews'). */
export function socialReviewCore(r: Pick<Review, 'id' | 'source' | 'ratingType' | 'rating' | 'authorName' | 'postedAt' | 'text' | 'url'>) {
  return {
    id: r.id,
    source: r.source,
    rating: { type: r.ratingType === 'recommendation' ? ('recommendation' as const) : ('star' as const), value: r.rating },
    author: r.authorName,
    timestamp: r.postedAt.toISOString(),
    content: { text: r.text },
    url: r.url,
  };
}

export function toSocialReview(r: LoadedReview): SocialReviewItem {
  const byCampaign = new Map<string, SocialReviewItem['attribution'][number]>();
  for (const c of r.credits) {
    const entry = byCampaign.get(c.campaign.uid) ?? { campaign: { campaign_uid: c.campaign.uid, name: c.campaign.name }, methods: [] };
    entry.methods.push({ attribution_method: c.method as AttributionMethod });
    byCampaign.set(c.campaign.uid, entry);
  }
  return {
    ...socialReviewCore(r),
    attribution: [...byCampaign.values()],
    reply: r.replyText ? { comment: r.replyText, updated_at: r.replyUpdatedAt?.toISOString() ?? null, posted_by: r.postedBy } : null,
  };
}

/** Whether the location ever connected Google or Facebook (the list has nowhere to come from otherwise). */
async function hasSource(ctx: LocationCtx) {
  const locationId = ctx.location.locationId;
  // findFirst, not count with take: Prisma's count counts every matching review before applying take.
  const [connection, review] = await Promise.all([
    ctx.db.socialConnection.findFirst({ where: { locationId, provider: { in: [...PLATFORMS] } }, select: { id: true } }),
    ctx.db.review.findFirst({ where: { locationId, source: { in: [...PLATFORMS] } }, select: { id: true } }),
  ]);
  return connection !== null || review !== null;
}

/** A page of the location's social reviews: the first, the one after a key (older) or before it (newer). */
export async function loadPage(
  ctx: LocationCtx,
  input: { view: View; limit?: number; after?: string | null; before?: string | null },
): Promise<SocialReviewPage> {
  const limit = input.limit ?? SOCIAL_REVIEW_LIMITS.pageSize;
  const after = input.after ? decodeCursor(input.after) : null;
  const before = !after && input.before ? decodeCursor(input.before) : null;
  let page: Key[];
  let hasAfter: boolean;
  let hasBefore: boolean;
  if (before) {
    const got = await keys(ctx, input.view, before, 'newer', limit + 1);
    hasBefore = got.length > limit;
    page = hasBefore ? got.slice(1) : got;
    hasAfter = page.length > 0 ? (await keys(ctx, input.view, page.at(-1)!, 'older', 1)).length > 0 : false;
  } else {
    const got = await keys(ctx, input.view, after, 'older', limit + 1);
    hasAfter = got.length > limit;
    page = got.slice(0, limit);
    hasBefore = after !== null && page.length > 0 ? (await keys(ctx, input.view, page[0]!, 'newer', 1)).length > 0 : false;
  }
  // A location with reviews on the page has a source; only an empty page asks whether it ever had one.
  if (page.length === 0 && !(await hasSource(ctx))) throw badRequest(MSG.socialReviewsNotConnected);
  const rows = await loadReviews(ctx, page.map((k) => k.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const data = page.map((k) => byId.get(k.id)).filter((r): r is LoadedReview => r !== undefined).map(toSocialReview);
  return {
    data,
    cursor: {
      after: hasAfter && page.length > 0 ? encodeCursor(page.at(-1)!) : null,
      before: hasBefore && page.length > 0 ? encodeCursor(page[0]!) : null,
      has_after: hasAfter,
      has_before: hasBefore,
    },
  };
}

async function socialReviewOf(ctx: LocationCtx, id: number) {
  const review = await ctx.db.review.findFirst({
    where: { id, locationId: ctx.location.locationId, source: { in: [...PLATFORMS] } },
    include: reviewInclude,
  });
  if (!review) throw notFound(MSG.reviewNotFound);
  return review;
}

async function campaignOf(ctx: LocationCtx, uid: string) {
  const campaign = await ctx.db.campaign.findFirst({ where: { uid, locationId: ctx.location.locationId }, select: { id: true, deletedAt: true } });
  if (!campaign) throw notFound(MSG.dispatchCampaignNotFound);
  return campaign;
}

interface CreditInput {
  view: View;
  limit: number;
  review_id: number;
  campaign_uid: string;
  attribution_method: AttributionMethod;
  cursor?: { after?: string | null; before?: string | null } | null;
}

const refreshed = (ctx: LocationCtx, input: CreditInput) =>
  loadPage(ctx, { view: input.view, limit: input.limit, after: input.cursor?.after ?? null, before: input.cursor?.before ?? null });

/** The cursor of the page to send back is read before anything changes: one the server did not make refuses the request whole. */
function checkCursor(input: CreditInput) {
  if (input.cursor?.after) decodeCursor(input.cursor.after);
  else if (input.cursor?.before) decodeCursor(input.cursor.before);
}

/** A person credits the review to the campaign: confirms a suggestion or gives credit by hand. */
export async function addAttribution(ctx: LocationCtx, input: CreditInput) {
  if (input.attribution_method !== 'human') throw badRequest(MSG.socialCreditByPerson, { attribution_method: MSG.socialCreditByPerson });
  checkCursor(input);
  const review = await socialReviewOf(ctx, input.review_id);
  const campaign = await campaignOf(ctx, input.campaign_uid);
  if (campaign.deletedAt) throw notFound(MSG.dispatchCampaignNotFound);
  await ctx.db.reviewCredit.createMany({
    data: [{ locationId: ctx.location.locationId, reviewId: review.id, campaignId: campaign.id, method: 'human', createdById: ctx.session.userId }],
    skipDuplicates: true,
  });
  return refreshed(ctx, input);
}

/** Removes a person's credit or a suggestion; a removed suggestion is not made again for the same text. */
export async function removeAttribution(ctx: LocationCtx, input: CreditInput) {
  checkCursor(input);
  const review = await socialReviewOf(ctx, input.review_id);
  const campaign = await campaignOf(ctx, input.campaign_uid);
  const gone = await ctx.db.reviewCredit.deleteMany({
    where: { locationId: ctx.location.locationId, reviewId: review.id, campaignId: campaign.id, method: input.attribution_method },
  });
  if (gone.count === 0) throw notFound(MSG.socialCreditNotFound);
  return refreshed(ctx, input);
}

/** The Google connection to answer reviews with, with its tokens; renewed tokens are kept. */
async function googleFor(deps: Pick<AppDeps, 'db' | 'config'>, locationId: number) {
  const conn = await deps.db.googleConnection.findUnique({ where: { locationId } });
  if (!conn || !conn.selectedId) throw conflict(MSG.googleNotConnected);
  if (conn.status !== 'connected') throw conflict(MSG.googleConnectionExpired);
  return { conn, ref: { accountId: conn.accountId, locationId: conn.selectedId }, auth: googleAuth(deps, conn) };
}

async function onGoogle<T>(deps: AppDeps & { log: Log }, locationId: number, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    deps.log.warn({ err: error, locationId }, 'Google review reply failed');
    if (isProviderError(error) && error.kind === 'rejected') {
      await markConnectionExpired(deps.db, locationId, 'google');
      throw conflict(MSG.googleConnectionExpired);
    }
    throw new AppError(503, MSG.googleUnavailable);
  }
}

async function googleReviewOf(ctx: LocationCtx, id: number) {
  const review = await socialReviewOf(ctx, id);
  if (review.source !== 'google' || !review.externalId) throw badRequest(MSG.socialReplyGoogleOnly);
  return review;
}

/** Who posted a reply from Kudo: a person (their name, as the list shows it) or an automatic rule. */
export interface ReplyPoster {
  label: string;
  userId: number | null;
  ruleId: number | null;
}

/** The signed-in person as the list names the poster of a reply: their name, or their email without one. */
export async function personPoster(ctx: LocationCtx): Promise<ReplyPoster> {
  const user = await ctx.db.user.findUnique({ where: { id: ctx.session.userId }, select: { firstName: true, lastName: true, email: true } });
  const name = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim();
  return { label: name || user?.email || ctx.session.email, userId: ctx.session.userId, ruleId: null };
}

/**
 * Posts (or replaces) the business's reply to a Google review through the Business Profile reply call, keeps it on
 * the review (the list shows it at once and the next sync confirms it) and records who posted it. Throws the
 * conflict or 503 the dashboard shows when Google is not connected, refuses the tokens or cannot be reached.
 */
export async function postGoogleReply(
  deps: AppDeps & { log: Log },
  locationId: number,
  review: { id: number; externalId: string },
  comment: string,
  poster: ReplyPoster,
) {
  const g = await googleFor(deps, locationId);
  const reply = await onGoogle(deps, locationId, () => deps.providers.google.replyToReview(g.auth, g.ref, review.externalId, comment));
  const record = { locationId, text: reply.comment, postedBy: poster.label, userId: poster.userId, ruleId: poster.ruleId, postedAt: new Date() };
  await deps.db.$transaction([
    deps.db.review.update({ where: { id: review.id }, data: { replyText: reply.comment, replyUpdatedAt: reply.updateTime ?? new Date() } }),
    deps.db.reviewReply.upsert({ where: { reviewId: review.id }, create: { reviewId: review.id, ...record }, update: record }),
  ]);
  return reply;
}

async function reloaded(ctx: LocationCtx, id: number) {
  const [row] = await loadReviews(ctx, [id]);
  if (!row) throw notFound(MSG.reviewNotFound);
  return { review: toSocialReview(row) };
}

/** A person posts (or replaces) the business's reply on Google. */
export async function saveReply(ctx: LocationCtx, id: number, comment: string) {
  const review = await googleReviewOf(ctx, id);
  await postGoogleReply(ctx, ctx.location.locationId, { id: review.id, externalId: review.externalId! }, comment, await personPoster(ctx));
  return reloaded(ctx, review.id);
}

export async function deleteReply(ctx: LocationCtx, id: number) {
  const review = await googleReviewOf(ctx, id);
  if (!review.replyText) throw badRequest(MSG.socialReplyNone);
  const g = await googleFor(ctx, ctx.location.locationId);
  await onGoogle(ctx, ctx.location.locationId, () => ctx.providers.google.deleteReviewReply(g.auth, g.ref, review.externalId!));
  await ctx.db.$transaction([
    ctx.db.review.update({ where: { id: review.id }, data: { replyText: null, replyUpdatedAt: null } }),
    ctx.db.reviewReply.deleteMany({ where: { reviewId: review.id } }),
  ]);
  return reloaded(ctx, review.id);
}

/**
 * Social reviews a person credited to each campaign in a range (all time without one): +5 points each on the
 * leaderboard. Suggestions (mentions, matching) do not count until confirmed.
 */
export async function creditedReviewCounts(db: LocationCtx['db'], locationId: number, range?: { from: Date; to: Date }) {
  const rows = await db.reviewCredit.groupBy({
    by: ['campaignId'],
    where: { locationId, method: 'human', ...(range ? { review: { postedAt: { gte: range.from, lt: range.to }, archived: false } } : { review: { archived: false } }) },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.campaignId, r._count._all]));
}
