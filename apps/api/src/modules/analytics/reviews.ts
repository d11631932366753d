import { analyticsApi, MSG, REVIEW_TOPICS, type EndpointData, type ReviewTopic } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { JsonText } from '../../http/route.js';
import { poolOf } from '../../lib/db.js';
import { badRequest } from '../../lib/errors.js';
import { localDay, reportRange, type Day, type DayRange } from './dates.js';

type ReviewRow = analyticsApi.ReviewRow;
type Filters = analyticsApi.ReviewFilters;

export interface ReviewQuery {
  sort: { captured_on?: 'asc' | 'desc' | undefined; kudo_index?: 'asc' | 'desc' | undefined; customer_name?: 'asc' | 'desc' | undefined };
  searchPhrase: string;
  from_date?: string | undefined;
  to_date?: string | undefined;
  filters: Filters;
  campaign_uid: string | null;
  /** One topic's reviews; null: every review. */
  topic?: ReviewTopic | null | undefined;
}

/**
 * A search whose filters leave at most this many reviews (the daily counts say how many) reads them once and
 * searches them row by row: its total is exact and every page is reachable. Beyond, the trigram indexes find
 * the phrase; that total stops counting at SEARCH_COUNT_CAP and the pages cover the first thousand.
 */
export const SEARCH_SCAN_ROWS = 10_000;
export const SEARCH_COUNT_CAP = 1000;

const COLUMNS = `r.id, r.source, r.sentiment, r.rating, r.approved_for_widget, r.archived, r.text, r.audio_url,
       r.author_name, r.customer_name, r.customer_phone, r.customer_email, r.customer_address, r.customer_city,
       r.customer_state, r.customer_zipcode, r.posted_at, r.kudo_index, r.sliders, r.url, r.topics, r.topic_sentiments, r.sentiment_score,
       (r.external_id IS NULL AND r.source <> 'kudo') AS added_by_hand,
       c.uid AS campaign_uid, c.name AS campaign_name, c.image AS campaign_image, c.department AS department`;
const FROM = 'FROM reviews r LEFT JOIN campaigns c ON c.id = r.campaign_id';

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
  topics: string[];
  topic_sentiments: Record<string, number>;
  sentiment_score: number | null;
  added_by_hand: boolean;
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
  const { rows } = await poolOf(ctx.db).query<Row>(`SELECT ${COLUMNS} ${FROM} WHERE r.id = $1 AND r.location_id = $2`, [id, ctx.location.locationId]);
  return toReviewRow(rows[0]!);
}

/** LIKE's wildcards taken literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search phrase as a LIKE pattern, without the separator of the lowered texts (a control character no phrase means to hold). */
const searchPattern = (phrase: string) => `%${likeEscape(phrase.replaceAll('\u0001', ''))}%`;

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
 * campaign a filter names, and the campaigns a search phrase names. The latter are passed to the query as ids,
 * so the planner sees them (usually none) and each arm of the search can use an index.
 */
async function lookups(ctx: LocationCtx, q: ReviewQuery): Promise<Lookups> {
  const phrase = q.searchPhrase.trim();
  const { rows } = await poolOf(ctx.db).query<{ time_zone: string; campaign_id: number | null; named: number[] }>({
    name: 'analytics-reviews-lookups',
    text: `SELECT l.time_zone,
              (SELECT c.id FROM campaigns c WHERE c.uid = $2 AND c.location_id = l.id LIMIT 1) AS campaign_id,
              CASE WHEN $3::text IS NULL THEN '{}'::int[] ELSE ARRAY(SELECT c.id FROM campaigns c WHERE c.location_id = l.id AND c.name ILIKE $3) END AS named
            FROM locations l WHERE l.id = $1`,
    values: [ctx.location.locationId, q.campaign_uid || null, phrase ? searchPattern(phrase) : null],
  });
  const row = rows[0]!;
  return { timeZone: row.time_zone, today: localDay(new Date(), row.time_zone), campaignId: q.campaign_uid ? row.campaign_id : undefined, named: row.named };
}

/**
 * The WHERE clauses and their values for a query of the table: over the reviews, and over their daily counts
 * (the same filters, for the total without a search). The range is in the location's time zone; stored
 * times are UTC.
 */
function whereOf(ctx: LocationCtx, q: ReviewQuery, range: DayRange, found: Lookups) {
  const timeZone = found.timeZone;
  const values: unknown[] = [ctx.location.locationId, range.from, range.to, timeZone];
  const add = (v: unknown) => `$${values.push(v)}`;
  const rows = [
    'r.location_id = $1',
    `r.posted_at >= (($2::date)::timestamp AT TIME ZONE $4) AT TIME ZONE 'UTC'`,
    `r.posted_at < (($3::date + 1)::timestamp AT TIME ZONE $4) AT TIME ZONE 'UTC'`,
  ];
  const counts = ['c.location_id = $1', 'c.day >= $2::date', 'c.day <= $3::date', '$4::text IS NOT NULL'];
  const both = (row: string, count: string) => {
    rows.push(row);
    counts.push(count);
  };
  const f = q.filters;
  if (!f.archived) both('NOT r.archived', 'NOT c.archived');
  if (f.text_and_audio === false) both('r.audio_url IS NOT NULL', 'c.has_audio');
  if (f.approved && !f.unapproved) both('r.approved_for_widget', 'c.approved');
  if (f.unapproved && !f.approved) both('NOT r.approved_for_widget', 'NOT c.approved');
  if (f.no_text) both(`r.text = ''`, 'NOT c.has_text');
  const sentiments = analyticsApi.REVIEW_SENTIMENTS.filter((s) => f[s]);
  if (sentiments.length > 0 && sentiments.length < 3) {
    const p = add(sentiments);
    both(`r.sentiment = ANY(${p}::text[])`, `c.sentiment = ANY(${p}::text[])`);
  }
  if (found.campaignId === null) throw badRequest(MSG.campaignNotFound, { campaign_uid: MSG.campaignNotFound });
  if (found.campaignId !== undefined) {
    const p = add(found.campaignId);
    both(`r.campaign_id = ${p}`, `c.campaign_id = ${p}`);
  }
  // The topic's and the search's values come last, so the daily counts take the values before them.
  const countValues = [...values];
  // One topic's reviews: the (location, topics) GIN index finds them. The daily counts know no topics, so with a
  // topic the total is counted from the reviews themselves.
  const topic = q.topic ?? null;
  if (topic) rows.push(`r.topics @> ARRAY[${add(topic)}]::text[]`);
  const search = q.searchPhrase.trim();
  if (search) {
    const pattern = add(searchPattern(search));
    // The trigram indexes find a rare phrase without reading the location's reviews.
    const arms = [`r.text ILIKE ${pattern}`, `r.customer_name ILIKE ${pattern}`, `r.author_name ILIKE ${pattern}`];
    // Read row by row, the three texts are lowered once, together (ILIKE lowers each text and the pattern on every
    // row). The separator is never in a phrase, so a match never spans two of them. A phrase of ASCII letters is
    // matched with ASCII lowering (the "C" collation), a third of the cost of lowering by the locale's rules.
    const texts = `concat(r.text, E'\\x01', r.customer_name, E'\\x01', r.author_name)`;
    const lowered = /^[\x20-\x7e]*$/.test(search) ? `lower(${texts} COLLATE "C")` : `lower(${texts})`;
    const scanned = [`${lowered} LIKE lower(${pattern})`];
    if (found.named.length > 0) {
      const campaigns = `r.campaign_id = ANY(${add(found.named)}::int[])`;
      arms.push(campaigns);
      scanned.push(campaigns);
    }
    const filters = rows.join(' AND ');
    const searchSql = `(${arms.join(' OR ')})`;
    return { sql: `${filters} AND ${searchSql}`, filterSql: filters, searchSql, scanSql: `(${scanned.join(' OR ')})`, countSql: counts.join(' AND '), countValues, topic, values };
  }
  const filters = rows.join(' AND ');
  return { sql: filters, filterSql: filters, searchSql: null, scanSql: null, countSql: counts.join(' AND '), countValues, topic, values };
}

type Where = ReturnType<typeof whereOf>;

/** The rows of a sort in SQL over the given alias; Kudo Index lists answers without sliders last either way. */
function orderOf(sort: ReviewQuery['sort'], a: string): string {
  if (sort.kudo_index === 'desc') return `${a}.kudo_index DESC NULLS LAST, ${a}.posted_at DESC, ${a}.id DESC`;
  if (sort.kudo_index === 'asc') return `${a}.kudo_index ASC NULLS LAST, ${a}.posted_at ASC, ${a}.id ASC`;
  if (sort.customer_name === 'asc') return `${a}.customer_name ASC, ${a}.posted_at DESC, ${a}.id DESC`;
  if (sort.customer_name === 'desc') return `${a}.customer_name DESC, ${a}.posted_at ASC, ${a}.id ASC`;
  return sort.captured_on === 'asc' ? `${a}.posted_at ASC, ${a}.id ASC` : `${a}.posted_at DESC, ${a}.id DESC`;
}

/**
 * The page's rows in the asked order, each order backed by an index of (location, column, date, id). Kudo
 * Index descending lists answers without sliders last: the first rows of two ordered scans, merged. `columns`
 * are what the rows carry (the table's by default).
 */
function pageSql(where: string, sort: ReviewQuery['sort'], limit: number, offset: number, columns = COLUMNS): string {
  const page = `LIMIT ${limit} OFFSET ${offset}`;
  if (sort.kudo_index === 'desc') {
    const head = limit + offset;
    return `SELECT * FROM (
        (SELECT ${columns}, 0 AS grp ${FROM} WHERE ${where} AND r.kudo_index IS NOT NULL
          ORDER BY r.kudo_index DESC, r.posted_at DESC, r.id DESC LIMIT ${head})
        UNION ALL
        (SELECT ${columns}, 1 AS grp ${FROM} WHERE ${where} AND r.kudo_index IS NULL ORDER BY r.posted_at DESC, r.id DESC LIMIT ${head})
      ) x ORDER BY grp, kudo_index DESC, posted_at DESC, id DESC ${page}`;
  }
  return `SELECT ${columns} ${FROM} WHERE ${where} ORDER BY ${orderOf(sort, 'r')} ${page}`;
}

/**
 * A search over few reviews in one statement: the reviews the filters leave are read once on their btree index
 * (the fence keeps the planner from the trigram indexes, which cost more for a common phrase than these rows),
 * searched, and kept; the exact total and the page's ids both come from them, then the page's columns.
 */
function scannedSearchSql(where: Where, sort: ReviewQuery['sort'], limit: number, offset: number): string {
  return `WITH m AS MATERIALIZED (
      SELECT r.id, r.kudo_index, r.posted_at, r.customer_name
        FROM (SELECT r.id, r.kudo_index, r.posted_at, r.customer_name, r.text, r.author_name, r.campaign_id
                FROM reviews r WHERE ${where.filterSql} OFFSET 0) r
       WHERE ${where.scanSql}
    ), p AS (SELECT m.id, row_number() OVER (ORDER BY ${orderOf(sort, 'm')}) AS n FROM m ORDER BY ${orderOf(sort, 'm')} LIMIT ${limit} OFFSET ${offset})
    SELECT t.total, x.* FROM (SELECT count(*)::int AS total FROM m) t
      LEFT JOIN LATERAL (SELECT ${COLUMNS}, p.n FROM p JOIN reviews r ON r.id = p.id LEFT JOIN campaigns c ON c.id = r.campaign_id) x ON true
     ORDER BY x.n`;
}

/** The campaign select's choices: the location's campaigns that are not deleted. */
async function campaignsHeader(ctx: LocationCtx) {
  const { rows } = await poolOf(ctx.db).query<{ uid: string; name: string; image: string }>({
    name: 'analytics-campaign-header',
    text: 'SELECT uid, name, image FROM campaigns WHERE location_id = $1 AND deleted_at IS NULL ORDER BY name, id',
    values: [ctx.location.locationId],
  });
  return rows;
}

/** How many reviews the filters leave (a search aside), from the daily counts. */
async function filteredCount(ctx: LocationCtx, where: Where): Promise<number> {
  const { rows } = await poolOf(ctx.db).query<{ n: number }>(
    `SELECT coalesce(sum(c.count), 0)::int AS n FROM review_daily_counts c WHERE ${where.countSql}`,
    where.countValues,
  );
  return rows[0]!.n;
}

/** The page's rows and the total of a query of the table. */
async function pageOf(ctx: LocationCtx, q: ReviewQuery, where: Where, limit: number, offset: number): Promise<{ rows: Row[]; total: number }> {
  const pool = poolOf(ctx.db);
  if (!where.searchSql) {
    // With a topic the daily counts say too many: the matching reviews are counted.
    const total = where.topic
      ? pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM reviews r WHERE ${where.sql}`, where.values).then((r) => r.rows[0]!.n)
      : filteredCount(ctx, where);
    const [page, n] = await Promise.all([pool.query<Row>(pageSql(where.sql, q.sort, limit, offset), where.values), total]);
    return { rows: page.rows, total: n };
  }
  // A search reads reviews only when the filters leave some, and reads them once when they are few.
  const filtered = await filteredCount(ctx, where);
  if (filtered === 0) return { rows: [], total: 0 };
  if (filtered <= SEARCH_SCAN_ROWS) {
    const { rows } = await pool.query<Row & { total: number; n: number | null }>(scannedSearchSql(where, q.sort, limit, offset), where.values);
    return { rows: rows.filter((r) => r.n !== null), total: rows[0]?.total ?? 0 };
  }
  const [page, count] = await Promise.all([
    pool.query<Row>(pageSql(where.sql, q.sort, limit, offset), where.values),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM reviews r WHERE ${where.sql} LIMIT ${SEARCH_COUNT_CAP}) x`, where.values),
  ]);
  return { rows: page.rows, total: count.rows[0]!.n };
}

export async function fetchReviews(
  ctx: LocationCtx,
  q: ReviewQuery & { current: number; rowCount: number },
): Promise<EndpointData<typeof analyticsApi.fetchReviews>> {
  const found = await lookups(ctx, q);
  const range = reportRange(q, found.today);
  const where = whereOf(ctx, q, range, found);
  const [page, campaigns] = await Promise.all([pageOf(ctx, q, where, q.rowCount, (q.current - 1) * q.rowCount), campaignsHeader(ctx)]);
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
/** What the export reads of a review: its stored row, and what the page's orders use. */
const EXPORT_ROW = 'r.id, r.posted_at, r.kudo_index, r.export_row';

/**
 * The first 3,000 reviews of the table's query, in one statement: PostgreSQL joins their stored rows, which go out
 * as they are. Nothing is formatted cell by cell, and the server neither builds 3,000 row objects nor parses and
 * writes them again.
 */
export async function exportReviews(ctx: LocationCtx, q: ReviewQuery): Promise<JsonText<EndpointData<typeof analyticsApi.exportReviews>>> {
  const found = await lookups(ctx, q);
  const range = reportRange(q, found.today);
  const where = whereOf(ctx, q, range, found);
  const page = pageSql(where.sql, q.sort, analyticsApi.REVIEW_EXPORT_ROWS, 0, EXPORT_ROW);
  const columns = JSON.stringify(EXPORT_COLUMNS.map(([key, title]) => ({ key, title })));
  const meta = JSON.stringify({ from_date: range.from, to_date: range.to });
  const { rows } = await poolOf(ctx.db).query<{ rows: string | null }>(`SELECT string_agg(x.export_row, ',') AS rows FROM (${page}) x`, where.values);
  // The few bytes around the rows are added here rather than by copying the whole text again in SQL.
  return new JsonText(`{"columns":${columns},"rows":[${rows[0]!.rows ?? ''}],"meta":${meta}}`);
}
