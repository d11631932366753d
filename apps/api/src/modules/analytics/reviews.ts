import { analyticsApi, MSG, type EndpointData } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { poolOf } from '../../lib/db.js';
import { badRequest } from '../../lib/errors.js';
import { reportRange, type DayRange } from './dates.js';
import { locationClock } from './location.js';

type ReviewRow = analyticsApi.ReviewRow;
type Filters = analyticsApi.ReviewFilters;

export interface ReviewQuery {
  sort: { captured_on?: 'asc' | 'desc' | undefined; kudo_index?: 'asc' | 'desc' | undefined; customer_name?: 'asc' | 'desc' | undefined };
  searchPhrase: string;
  from_date?: string | undefined;
  to_date?: string | undefined;
  filters: Filters;
  campaign_uid: string | null;
}

/** Searches stop counting here: the table then says "10,000" and pages through the first of them. */
export const SEARCH_COUNT_CAP = 10_000;

const SELECT = `SELECT r.id, r.source, r.sentiment, r.rating, r.approved_for_widget, r.archived, r.text, r.audio_url,
       r.author_name, r.customer_name, r.customer_phone, r.customer_email, r.customer_address, r.customer_city,
       r.customer_state, r.customer_zipcode, r.posted_at, r.kudo_index, r.sliders, r.url,
       c.uid AS campaign_uid, c.name AS campaign_name, c.image AS campaign_image, c.department AS department
  FROM reviews r LEFT JOIN campaigns c ON c.id = r.campaign_id`;

interface Row {
  id: number;
  source: string;
  sentiment: string;
  rating: number;
  approved_for_widget: boolean;
  archived: boolean;
  text: string;
  audio_url: string | null;
  author_name: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  customer_address: string;
  customer_city: string;
  customer_state: string;
  customer_zipcode: string;
  posted_at: Date;
  kudo_index: number | null;
  sliders: unknown;
  url: string;
  campaign_uid: string | null;
  campaign_name: string | null;
  campaign_image: string | null;
  department: string | null;
}

const SENTIMENT_LABEL = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' } as const;

function sliderRecord(value: unknown): Record<string, number> {
  if (!Array.isArray(value)) return {};
  const out: Record<string, number> = {};
  for (const s of value as { name?: unknown; value?: unknown }[]) {
    if (typeof s?.name === 'string' && typeof s.value === 'number') out[s.name] = s.value;
  }
  return out;
}

export function toReviewRow(r: Row): ReviewRow {
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
  };
}

/** One review of the location as the table shows it (after a change). */
export async function reviewRowById(ctx: LocationCtx, id: number): Promise<ReviewRow> {
  const { rows } = await poolOf(ctx.db).query<Row>(`${SELECT} WHERE r.id = $1 AND r.location_id = $2`, [id, ctx.location.locationId]);
  return toReviewRow(rows[0]!);
}

/** LIKE's wildcards taken literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause and its values for a query of the table; the range is in the location's time zone. */
async function whereOf(ctx: LocationCtx, q: ReviewQuery, range: DayRange, timeZone: string) {
  const values: unknown[] = [ctx.location.locationId, range.from, range.to, timeZone];
  const add = (v: unknown) => `$${values.push(v)}`;
  const parts = [
    'r.location_id = $1',
    `r.posted_at >= ($2::date)::timestamp AT TIME ZONE $4`,
    `r.posted_at < ($3::date + 1)::timestamp AT TIME ZONE $4`,
  ];
  const f = q.filters;
  if (!f.archived) parts.push('NOT r.archived');
  if (f.text_and_audio === false) parts.push('r.audio_url IS NOT NULL');
  if (f.approved && !f.unapproved) parts.push('r.approved_for_widget');
  if (f.unapproved && !f.approved) parts.push('NOT r.approved_for_widget');
  if (f.no_text) parts.push(`r.text = ''`);
  const sentiments = analyticsApi.REVIEW_SENTIMENTS.filter((s) => f[s]);
  if (sentiments.length > 0 && sentiments.length < 3) parts.push(`r.sentiment = ANY(${add(sentiments)}::text[])`);
  if (q.campaign_uid) {
    const campaign = await ctx.db.campaign.findFirst({
      where: { uid: q.campaign_uid, locationId: ctx.location.locationId },
      select: { id: true },
    });
    if (!campaign) throw badRequest(MSG.campaignNotFound, { campaign_uid: MSG.campaignNotFound });
    parts.push(`r.campaign_id = ${add(campaign.id)}`);
  }
  const search = q.searchPhrase.trim();
  if (search) {
    const pattern = add(`%${likeEscape(search)}%`);
    parts.push(`(r.text ILIKE ${pattern} OR r.customer_name ILIKE ${pattern} OR r.author_name ILIKE ${pattern}
      OR r.campaign_id IN (SELECT id FROM campaigns WHERE location_id = $1 AND name ILIKE ${pattern}))`);
  }
  return { sql: parts.join(' AND '), values, searched: search.length > 0 };
}

function orderOf(sort: ReviewQuery['sort']): string {
  if (sort.kudo_index) {
    return sort.kudo_index === 'asc'
      ? 'r.kudo_index ASC NULLS LAST, r.posted_at DESC, r.id DESC'
      : 'r.kudo_index DESC NULLS LAST, r.posted_at DESC, r.id DESC';
  }
  if (sort.customer_name) {
    const dir = sort.customer_name === 'asc' ? 'ASC' : 'DESC';
    return `r.customer_name ${dir}, r.posted_at DESC, r.id DESC`;
  }
  return sort.captured_on === 'asc' ? 'r.posted_at ASC, r.id ASC' : 'r.posted_at DESC, r.id DESC';
}

async function campaignsHeader(ctx: LocationCtx) {
  const campaigns = await ctx.db.campaign.findMany({
    where: { locationId: ctx.location.locationId, deletedAt: null },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: { uid: true, name: true, image: true },
  });
  return campaigns;
}

async function queryRows(ctx: LocationCtx, q: ReviewQuery, limit: number, offset: number) {
  const { timeZone, today } = await locationClock(ctx.db, ctx.location.locationId);
  const range = reportRange(q, today);
  const where = await whereOf(ctx, q, range, timeZone);
  const pool = poolOf(ctx.db);
  const rowsSql = `${SELECT} WHERE ${where.sql} ORDER BY ${orderOf(q.sort)} LIMIT ${limit} OFFSET ${offset}`;
  return { range, where, rows: pool.query<Row>(rowsSql, where.values) };
}

export async function fetchReviews(
  ctx: LocationCtx,
  q: ReviewQuery & { current: number; rowCount: number },
): Promise<EndpointData<typeof analyticsApi.fetchReviews>> {
  const { range, where, rows } = await queryRows(ctx, q, q.rowCount, (q.current - 1) * q.rowCount);
  const countSql = where.searched
    ? `SELECT count(*)::int AS n FROM (SELECT 1 FROM reviews r WHERE ${where.sql} LIMIT ${SEARCH_COUNT_CAP}) x`
    : `SELECT count(*)::int AS n FROM reviews r WHERE ${where.sql}`;
  const [page, count, campaigns] = await Promise.all([rows, poolOf(ctx.db).query<{ n: number }>(countSql, where.values), campaignsHeader(ctx)]);
  return {
    rows: page.rows.map(toReviewRow),
    total: count.rows[0]!.n,
    rowCount: q.rowCount,
    current: q.current,
    header: { campaigns },
    meta: { from_date: range.from, to_date: range.to },
  };
}

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
] as const;

function cell(row: ReviewRow, key: (typeof EXPORT_COLUMNS)[number][0]): string {
  if (key === 'kudo_index') return row.kudo_index.value === null ? '' : String(row.kudo_index.value);
  if (key === 'approved' || key === 'archived') return row[key] ? 'Yes' : 'No';
  const v = row[key];
  return v === null ? '' : String(v);
}

export async function exportReviews(ctx: LocationCtx, q: ReviewQuery): Promise<EndpointData<typeof analyticsApi.exportReviews>> {
  const { range, rows } = await queryRows(ctx, q, analyticsApi.REVIEW_EXPORT_ROWS, 0);
  const page = await rows;
  return {
    columns: EXPORT_COLUMNS.map(([key, title]) => ({ key, title })),
    rows: page.rows.map((r) => {
      const row = toReviewRow(r);
      return EXPORT_COLUMNS.map(([key]) => cell(row, key));
    }),
    meta: { from_date: range.from, to_date: range.to },
  };
}
