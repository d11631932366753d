import { analyticsApi, MSG, REVIEW_TOPICS, type EndpointData } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { joined, JsonText } from '../../http/route.js';
import { badRequest } from '../../lib/errors.js';
import { localDay, reportRange, type Day } from './dates.js';
import { reviewQueries, type ReviewQuery, type ReviewTableRow, type ReviewWhere } from './queries.js';

export type { ReviewQuery } from './queries.js';

type ReviewRow = analyticsApi.ReviewRow;

const SENTIMENT_LABEL = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' } as const;

function sliderRecord(value: unknown): Record<string, number> {
  if (!Array.isArray(value)) return {};
  const out: Record<string, number> = {};
  for (const s of value as { name?: unknown; value?: unknown }[]) {
    if (typeof s?.name === 'string' && typeof s.value === 'number') out[s.name] = s.value;
  }
  return out;
}

export function toReviewRow(r: ReviewTableRow): ReviewRow {
  return {
    transaction_id: r.id,
    source: r.source,
    campaign_uid: r.campaign_uid,
    name: r.campaign_name,
    campaign_image: r.campaign_image,
    department_name: r.department,
    sentiment: SENTIMENT_LABEL[r.sentiment as keyof typeof SENTIMENT_LABEL] ?? 'Neutral',
    rating: r.rating,
    approved: r.approved_for_widget,
    archived: r.archived,
    user_comment: r.text,
    audio_url: r.audio_url,
    author_name: r.author_name,
    customer_name: r.customer_name,
    customer_phone: r.customer_phone,
    customer_email: r.customer_email,
    customer_address: r.customer_address,
    customer_city: r.customer_city,
    customer_state: r.customer_state,
    customer_zipcode: r.customer_zipcode,
    captured_on: r.posted_at.toISOString(),
    kudo_index: { value: r.kudo_index === null ? null : Math.round(r.kudo_index * 10) / 10 },
    sliders: sliderRecord(r.sliders),
    url: r.url,
    topics: REVIEW_TOPICS.filter((t) => r.topics.includes(t)),
    topic_sentiments: topicSentiments(r.topic_sentiments),
    sentiment_score: r.sentiment_score,
    added_by_hand: r.added_by_hand,
  };
}

/** The stored {topic: polarity} as the row carries it: known topics, -1, 0 or 1. */
function topicSentiments(stored: Record<string, number>): ReviewRow['topic_sentiments'] {
  const out: ReviewRow['topic_sentiments'] = {};
  for (const t of REVIEW_TOPICS) {
    const v = stored?.[t];
    if (v === -1 || v === 0 || v === 1) out[t] = v;
  }
  return out;
}

/** One review of the location as the table shows it (after a change). */
export async function reviewRowById(ctx: LocationCtx, id: number): Promise<ReviewRow> {
  return toReviewRow((await reviewQueries.byId(ctx.db, ctx.location.locationId, id))!);
}

interface Lookups {
  timeZone: string;
  today: Day;
  /** The campaign the filter names: its id, null when the location has none by that uid, undefined without a filter. */
  campaignId: number | null | undefined;
  /** The campaigns whose name holds the search phrase. */
  named: number[];
}

/**
 * What a query of the table reads before it, in one round trip: the location's zone (and so today there), the
 * campaign a filter names, and the campaigns a search phrase names.
 */
async function lookups(ctx: LocationCtx, q: ReviewQuery): Promise<Lookups> {
  const phrase = q.searchPhrase.trim();
  const row = await reviewQueries.lookups(ctx.db, ctx.location.locationId, q.campaign_uid || null, phrase || null);
  return { timeZone: row.time_zone, today: localDay(new Date(), row.time_zone), campaignId: q.campaign_uid ? row.campaign_id : undefined, named: row.named };
}

/** The range of a query of the table (in the location's time zone) and its WHERE clauses; a campaign filter names one of the location's. */
function whereOf(ctx: LocationCtx, q: ReviewQuery, found: Lookups): { range: { from: Day; to: Day }; where: ReviewWhere } {
  const range = reportRange(q, found.today);
  if (found.campaignId === null) throw badRequest(MSG.campaignNotFound, { campaign_uid: MSG.campaignNotFound });
  const where = reviewQueries.where(ctx.location.locationId, q, range, { timeZone: found.timeZone, campaignId: found.campaignId, named: found.named });
  return { range, where };
}

export async function fetchReviews(
  ctx: LocationCtx,
  q: ReviewQuery & { current: number; rowCount: number },
): Promise<EndpointData<typeof analyticsApi.fetchReviews>> {
  const { range, where } = whereOf(ctx, q, await lookups(ctx, q));
  const [page, campaigns] = await Promise.all([
    reviewQueries.page(ctx.db, q.sort, where, q.rowCount, (q.current - 1) * q.rowCount),
    reviewQueries.campaignsHeader(ctx.db, ctx.location.locationId),
  ]);
  return {
    rows: page.rows.map(toReviewRow),
    total: page.total,
    rowCount: q.rowCount,
    current: q.current,
    header: { campaigns },
    meta: { from_date: range.from, to_date: range.to },
  };
}

/**
 * The export's columns, in the order of its cells. Each review's row of cells is stored with it (export_row, a JSON
 * array of strings), written by triggers when one of its columns changes, or its campaign's name or department.
 */
const EXPORT_COLUMNS = [
  ['captured_on', 'Date'],
  ['source', 'Source'],
  ['name', 'Campaign'],
  ['department_name', 'Department'],
  ['sentiment', 'Sentiment'],
  ['kudo_index', 'Kudo Index'],
  ['rating', 'Rating'],
  ['user_comment', 'Comment'],
  ['audio_url', 'Audio'],
  ['customer_name', 'Customer'],
  ['customer_phone', 'Customer Phone'],
  ['customer_email', 'Customer Email'],
  ['customer_address', 'Customer Address'],
  ['customer_city', 'City'],
  ['customer_state', 'State'],
  ['customer_zipcode', 'Zipcode'],
  ['approved', 'Approved'],
  ['archived', 'Archived'],
  ['topics', 'Topics'],
  ['sentiment_score', 'Sentiment Score'],
] as const;

/**
 * The first 3,000 reviews of the table's query, in one statement: PostgreSQL reads their stored rows, whose bytes go
 * out as they are. Nothing is formatted cell by cell, and the server neither builds 3,000 row objects nor decodes,
 * parses and writes them again.
 */
export async function exportReviews(ctx: LocationCtx, q: ReviewQuery): Promise<JsonText<EndpointData<typeof analyticsApi.exportReviews>>> {
  const { range, where } = whereOf(ctx, q, await lookups(ctx, q));
  const columns = JSON.stringify(EXPORT_COLUMNS.map(([key, title]) => ({ key, title })));
  const meta = JSON.stringify({ from_date: range.from, to_date: range.to });
  const rows = await reviewQueries.exportRows(ctx.db, q.sort, where, analyticsApi.REVIEW_EXPORT_ROWS);
  return new JsonText([`{"columns":${columns},"rows":[`, ...joined(rows), `],"meta":${meta}}`]);
}
