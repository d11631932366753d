import { analyticsApi, type ReviewTopic } from '@kudo/shared';
import { copyOutRows } from '../../lib/copy-out.js';
import { poolOf, type Db } from '../../lib/db.js';
import { inlineParams } from '../../lib/sql.js';
import type { Day, DayRange } from './dates.js';

/**
 * Analytics' data access: every statement the area sends to the database, one object per concern. Each function
 * takes the app's client and typed values and answers typed rows; the services above never write SQL. They go
 * straight over the pg pool, the fixed ones as named statements (prepared once per connection); the reviews
 * table's are composed from its filters with every value a parameter.
 */

/** The location's own row. */
export const locationQueries = {
  /** The location's time zone; undefined when there is no such location. */
  async timeZone(db: Db, locationId: number): Promise<string | undefined> {
    const { rows } = await poolOf(db).query<{ time_zone: string }>({
      name: 'analytics-location-tz',
      text: 'SELECT time_zone FROM locations WHERE id = $1',
      values: [locationId],
    });
    return rows[0]?.time_zone;
  },
};

/**
 * A day's row of the dispatching rollup as PostgreSQL answers it: counts as numbers, the Kudo Index sum (numeric)
 * as text.
 */
export interface DispatchDayRow {
  day: string;
  pcheck_email: number | string | null;
  pcheck_sms: number | string | null;
  bio_email: number | string | null;
  bio_sms: number | string | null;
  participants: number | string | null;
  happy: number | string | null;
  neutral: number | string | null;
  unhappy: number | string | null;
  kudo_index_sum: number | string | null;
  kudo_index_count: number | string | null;
  slider0_sum: number | string | null;
  slider0_count: number | string | null;
  slider1_sum: number | string | null;
  slider1_count: number | string | null;
  slider2_sum: number | string | null;
  slider2_count: number | string | null;
  review_leads: number | string | null;
  contact_cards: number | string | null;
}

/** The dispatching figures: the daily rollup (dispatch_daily_stats) and the contact card's QR scans. */
export const dispatchDayQueries = {
  /**
   * The range's days with figures, from the daily rollup (kept current by triggers on dispatches, reviews and
   * contact cards): at most one row per day. The Kudo Index sum is kept in whole 2520ths of a point and divided here.
   */
  async days(db: Db, locationId: number, range: { from: Day; to: Day }): Promise<DispatchDayRow[]> {
    const { rows } = await poolOf(db).query<DispatchDayRow>({
      name: 'analytics-dispatch-days',
      text: `SELECT day::text AS day, pcheck_email, pcheck_sms, bio_email, bio_sms, participants, happy, neutral, unhappy,
                  kudo_index_sum_x2520 / 2520.0 AS kudo_index_sum, kudo_index_count, slider0_sum, slider0_count, slider1_sum, slider1_count,
                  slider2_sum, slider2_count, review_leads, contact_cards
             FROM dispatch_daily_stats
            WHERE location_id = $1 AND day >= $2::date AND day <= $3::date
            ORDER BY day`,
      values: [locationId, range.from, range.to],
    });
    return rows;
  },

  /** How many times the location's contact card QR code was opened over the range (local days). */
  async qrScans(db: Db, locationId: number, range: { from: Day; to: Day }): Promise<number> {
    const { rows } = await poolOf(db).query<{ n: number }>({
      name: 'analytics-qr-scans',
      text: `SELECT coalesce(sum(count), 0)::int AS n FROM contact_card_scan_days WHERE location_id = $1 AND day >= $2::date AND day <= $3::date`,
      values: [locationId, range.from, range.to],
    });
    return rows[0]!.n;
  },
};

type Platform = analyticsApi.RatingPlatform;

/** A platform's first ("joining") and latest rating snapshot. */
export interface RatingEndsRow {
  platform: Platform;
  first_day: string;
  first_count: number;
  first_rating: number | null;
  last_day: string;
  last_count: number;
  last_rating: number | null;
}

/** The Google and Facebook rating snapshots (rating_snapshots). */
export const ratingQueries = {
  /** The first and the latest snapshot of each platform that has one: four index look-ups. */
  async ends(db: Db, locationId: number): Promise<RatingEndsRow[]> {
    const { rows } = await poolOf(db).query<RatingEndsRow>({
      name: 'analytics-rating-ends',
      text: `SELECT p.platform,
              f.day::text AS first_day, f.review_count AS first_count, f.rating AS first_rating,
              l.day::text AS last_day, l.review_count AS last_count, l.rating AS last_rating
         FROM (VALUES ('google'), ('facebook')) AS p(platform)
         JOIN LATERAL (SELECT day, review_count, rating FROM rating_snapshots
                        WHERE location_id = $1 AND platform = p.platform ORDER BY day ASC LIMIT 1) f ON true
         JOIN LATERAL (SELECT day, review_count, rating FROM rating_snapshots
                        WHERE location_id = $1 AND platform = p.platform ORDER BY day DESC LIMIT 1) l ON true`,
      values: [locationId],
    });
    return rows;
  },

  /** One snapshot per month from `since` on: the month's last, oldest month first. */
  async monthly(db: Db, locationId: number, platform: Platform, since: Day): Promise<{ day: string; review_count: number; rating: number | null }[]> {
    const { rows } = await poolOf(db).query<{ day: string; review_count: number; rating: number | null }>({
      name: 'analytics-rating-months',
      text: `SELECT DISTINCT ON (date_trunc('month', day)) day::text AS day, review_count, rating
             FROM rating_snapshots
            WHERE location_id = $1 AND platform = $2 AND day >= $3::date
            ORDER BY date_trunc('month', day), day DESC`,
      values: [locationId, platform, since],
    });
    return rows;
  },
};

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

/** A review as the table reads it, with its campaign. */
export interface ReviewTableRow {
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

/** LIKE's wildcards taken literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search phrase as a LIKE pattern, without the separator of the lowered texts (a control character no phrase means to hold). */
const searchPattern = (phrase: string) => `%${likeEscape(phrase.replaceAll('\u0001', ''))}%`;

/** What a query of the table reads before it: the location's zone, the campaign a filter names, the campaigns a phrase names. */
export interface ReviewLookupsRow {
  time_zone: string;
  campaign_id: number | null;
  named: number[];
}

/** What the WHERE clauses take of the look-ups: the zone, the filter's campaign (undefined without one), the named campaigns. */
export interface ReviewScope {
  timeZone: string;
  campaignId: number | undefined;
  named: number[];
}

/**
 * The WHERE clauses and their values for a query of the table: over the reviews, and over their daily counts
 * (the same filters, for the total without a search). The range is in the location's time zone; stored
 * times are UTC.
 */
function whereOf(locationId: number, q: ReviewQuery, range: DayRange, found: ReviewScope) {
  const timeZone = found.timeZone;
  const values: unknown[] = [locationId, range.from, range.to, timeZone];
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

/** The WHERE clauses of a query of the table and their values (reviewQueries.where). */
export type ReviewWhere = ReturnType<typeof whereOf>;

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
function scannedSearchSql(where: ReviewWhere, sort: ReviewQuery['sort'], limit: number, offset: number): string {
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

/** How many reviews the filters leave (a search aside), from the daily counts. */
async function filteredCount(db: Db, where: ReviewWhere): Promise<number> {
  const { rows } = await poolOf(db).query<{ n: number }>(
    `SELECT coalesce(sum(c.count), 0)::int AS n FROM review_daily_counts c WHERE ${where.countSql}`,
    where.countValues,
  );
  return rows[0]!.n;
}

/** What the export reads of a review: its stored row, and what the page's orders use. */
const EXPORT_ROW = 'r.id, r.posted_at, r.kudo_index, r.export_row';

/** The reviews table of Analyze › Reviews (its pages and its export), its campaign select, and one row after a change. */
export const reviewQueries = {
  /** One review of the location as the table reads it. */
  async byId(db: Db, locationId: number, id: number): Promise<ReviewTableRow | undefined> {
    const { rows } = await poolOf(db).query<ReviewTableRow>(`SELECT ${COLUMNS} ${FROM} WHERE r.id = $1 AND r.location_id = $2`, [id, locationId]);
    return rows[0];
  },

  /**
   * What a query of the table reads before it, in one round trip: the location's zone, the campaign a filter names
   * (`campaignUid`; null without a filter), and the campaigns whose name holds the search phrase (null: no phrase).
   * The latter are passed to the query as ids, so the planner sees them (usually none) and each arm of the search can
   * use an index.
   */
  async lookups(db: Db, locationId: number, campaignUid: string | null, phrase: string | null): Promise<ReviewLookupsRow> {
    const { rows } = await poolOf(db).query<ReviewLookupsRow>({
      name: 'analytics-reviews-lookups',
      text: `SELECT l.time_zone,
              (SELECT c.id FROM campaigns c WHERE c.uid = $2 AND c.location_id = l.id LIMIT 1) AS campaign_id,
              CASE WHEN $3::text IS NULL THEN '{}'::int[] ELSE ARRAY(SELECT c.id FROM campaigns c WHERE c.location_id = l.id AND c.name ILIKE $3) END AS named
            FROM locations l WHERE l.id = $1`,
      values: [locationId, campaignUid, phrase ? searchPattern(phrase) : null],
    });
    return rows[0]!;
  },

  /** The WHERE clauses of the table's query of location `locationId` over `range` (local days). */
  where(locationId: number, q: ReviewQuery, range: DayRange, found: ReviewScope): ReviewWhere {
    return whereOf(locationId, q, range, found);
  },

  /** The campaign select's choices: the location's campaigns that are not deleted. */
  async campaignsHeader(db: Db, locationId: number): Promise<{ uid: string; name: string; image: string }[]> {
    const { rows } = await poolOf(db).query<{ uid: string; name: string; image: string }>({
      name: 'analytics-campaign-header',
      text: 'SELECT uid, name, image FROM campaigns WHERE location_id = $1 AND deleted_at IS NULL ORDER BY name, id',
      values: [locationId],
    });
    return rows;
  },

  /** The page's rows and the total of a query of the table. */
  async page(db: Db, sort: ReviewQuery['sort'], where: ReviewWhere, limit: number, offset: number): Promise<{ rows: ReviewTableRow[]; total: number }> {
    const pool = poolOf(db);
    if (!where.searchSql) {
      // With a topic the daily counts say too many: the matching reviews are counted.
      const total = where.topic
        ? pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM reviews r WHERE ${where.sql}`, where.values).then((r) => r.rows[0]!.n)
        : filteredCount(db, where);
      const [page, n] = await Promise.all([pool.query<ReviewTableRow>(pageSql(where.sql, sort, limit, offset), where.values), total]);
      return { rows: page.rows, total: n };
    }
    // A search reads reviews only when the filters leave some, and reads them once when they are few.
    const filtered = await filteredCount(db, where);
    if (filtered === 0) return { rows: [], total: 0 };
    if (filtered <= SEARCH_SCAN_ROWS) {
      const { rows } = await pool.query<ReviewTableRow & { total: number; n: number | null }>(scannedSearchSql(where, sort, limit, offset), where.values);
      return { rows: rows.filter((r) => r.n !== null), total: rows[0]?.total ?? 0 };
    }
    const [page, count] = await Promise.all([
      pool.query<ReviewTableRow>(pageSql(where.sql, sort, limit, offset), where.values),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM reviews r WHERE ${where.sql} LIMIT ${SEARCH_COUNT_CAP}) x`, where.values),
    ]);
    return { rows: page.rows, total: count.rows[0]!.n };
  },

  /**
   * The stored export rows (JSON arrays of strings) of the first `limit` reviews of the table's query, in order, as
   * bytes: read through COPY (the query's values written in), so 3,000 rows of text are neither decoded into a
   * JavaScript string nor encoded again on their way out.
   */
  async exportRows(db: Db, sort: ReviewQuery['sort'], where: ReviewWhere, limit: number): Promise<Buffer[]> {
    const page = pageSql(where.sql, sort, limit, 0, EXPORT_ROW);
    const rows = await copyOutRows(poolOf(db), inlineParams(`SELECT x.export_row FROM (${page}) x`, where.values));
    return rows.map(([row]) => row!);
  },
};
