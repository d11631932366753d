import { REVIEW_TOPICS } from '@kudo/shared';
import { poolOf, type Db } from '../../lib/db.js';
import type { Day } from '../analytics/index.js';

/*
 * Insights' SQL. The figures come from the topic stores (review_topic_monthly_counts for a range's whole months,
 * review_topic_daily_counts for its partial ones); the quotes from the reviews of one local day each. Named pg
 * statements: the screen's one call runs three of them.
 */

/** The location's time zone and the id of the campaign a filter names (any of the location's, deleted ones too). */
async function lookups(db: Db, locationId: number, campaignUid: string | null): Promise<{ timeZone: string; campaignId: number | null }> {
  const { rows } = await poolOf(db).query<{ time_zone: string; campaign_id: number | null }>({
    name: 'insights-lookups',
    text: `SELECT l.time_zone, (SELECT c.id FROM campaigns c WHERE c.location_id = l.id AND c.uid = $2 LIMIT 1) AS campaign_id
             FROM locations l WHERE l.id = $1`,
    values: [locationId, campaignUid],
  });
  const row = rows[0]!;
  return { timeZone: row.time_zone, campaignId: row.campaign_id };
}

/**
 * A range split for the stores: its whole months [fullFrom, fullUntil) from the monthly store, and the days before and
 * after them from the daily store (head: from to headTo; tail: tailFrom to to; an empty part has its start after its end).
 */
export interface StoreSpans {
  from: Day;
  headTo: Day;
  fullFrom: Day;
  fullUntil: Day;
  tailFrom: Day;
  to: Day;
}

/**
 * One group of the range's counts: the whole range (`overall`), a month, or a campaign. Each array holds the topics'
 * counts in the order of REVIEW_TOPICS: mentions, and of those the praised (positive) and the blamed (negative) ones.
 */
export interface CountRow {
  kind: 'overall' | 'month' | 'campaign';
  /** YYYY-MM-DD, the month's first day (kind month). */
  month: Day | null;
  campaign_id: number | null;
  mentions: number[];
  positive: number[];
  negative: number[];
  /** The campaign's uid, name and image (kind campaign; null for reviews without one). */
  uid: string | null;
  name: string | null;
  image: string | null;
}

/** The arrays of a group added up place by place: one sum per topic (positions 1 to 7, never a value of the input). */
const summed = (column: 'mentions' | 'positive' | 'negative') => `ARRAY[${REVIEW_TOPICS.map((_, i) => `sum(x.${column}[${i + 1}])::int`).join(', ')}] AS ${column}`;

/** The range's counts per campaign and month of the stores' rows: whole months from the monthly store, the rest daily. */
const rangeRows = (campaign: (alias: string) => string) => `
             SELECT m.month, m.campaign_id, m.mentions, m.positive, m.negative FROM review_topic_monthly_counts m
              WHERE m.location_id = $1 AND m.month >= $4::date AND m.month < $5::date ${campaign('m')}
             UNION ALL
             SELECT date_trunc('month', d.day::timestamp)::date, d.campaign_id, d.mentions, d.positive, d.negative FROM review_topic_daily_counts d
              WHERE d.location_id = $1 AND d.day BETWEEN $2::date AND $3::date ${campaign('d')}
             UNION ALL
             SELECT date_trunc('month', d.day::timestamp)::date, d.campaign_id, d.mentions, d.positive, d.negative FROM review_topic_daily_counts d
              WHERE d.location_id = $1 AND d.day BETWEEN $6::date AND $7::date ${campaign('d')}`;

/** The counts' statement, with or without one campaign's rows ($8). */
const countsSql = (oneCampaign: boolean) => `WITH x AS (${rangeRows((alias) => (oneCampaign ? `AND ${alias}.campaign_id = $8` : ''))}
           ), g AS (
             SELECT x.month, x.campaign_id, GROUPING(x.month, x.campaign_id) AS grouping, ${summed('mentions')}, ${summed('positive')}, ${summed('negative')}
               FROM x GROUP BY GROUPING SETS ((), (x.month), (x.campaign_id))
           )
           SELECT CASE g.grouping WHEN 3 THEN 'overall' WHEN 1 THEN 'month' ELSE 'campaign' END AS kind, g.month::text AS month,
                  g.campaign_id, g.mentions, g.positive, g.negative, c.uid, c.name, c.image
             FROM g LEFT JOIN campaigns c ON g.grouping = 2 AND c.id = g.campaign_id AND c.location_id = $1`;
const COUNTS_SQL = countsSql(false);
const CAMPAIGN_COUNTS_SQL = countsSql(true);

/**
 * The range's counts in one statement: over the range, per month, per campaign (with the campaign's name). A year of a
 * busy location reads about 11 × campaigns monthly rows and a month × campaigns daily ones.
 */
async function counts(db: Db, locationId: number, spans: StoreSpans, campaignId: number | null): Promise<CountRow[]> {
  const values = [locationId, spans.from, spans.headTo, spans.fullFrom, spans.fullUntil, spans.tailFrom, spans.to];
  const { rows } = await poolOf(db).query<CountRow>(
    campaignId === null
      ? { name: 'insights-counts', text: COUNTS_SQL, values }
      : { name: 'insights-counts-campaign', text: CAMPAIGN_COUNTS_SQL, values: [...values, campaignId] },
  );
  return rows;
}

export interface QuoteRow {
  topic: string;
  polarity: 'positive' | 'negative';
  id: number;
  source: string;
  text: string;
  author_name: string;
  /** ISO 8601, UTC. */
  posted_at: string;
}

/** The reviews a quote is chosen from: the newest of its day that mention the topic with that polarity. */
const QUOTE_CANDIDATES = 10;

/** The quotes' statement, with or without one campaign's reviews ($7): apart, so that each plan has its own index. */
const quotesSql = (oneCampaign: boolean) => {
  const campaign = (alias: string) => (oneCampaign ? `AND ${alias}.campaign_id = $7` : '');
  return `SELECT t.topic, p.polarity, r.id, r.source, r.text, r.author_name, to_char(r.posted_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS posted_at
             FROM unnest($2::text[]) WITH ORDINALITY AS t(topic, i)
             CROSS JOIN (VALUES ('positive', '1'), ('negative', '-1')) AS p(polarity, value)
             CROSS JOIN LATERAL (
               SELECT max(c.day) AS day FROM review_topic_daily_counts c
                WHERE c.location_id = $1 AND c.day BETWEEN $3::date AND $4::date ${campaign('c')}
                  AND CASE p.polarity WHEN 'positive' THEN c.positive[t.i] ELSE c.negative[t.i] END > 0) d
             CROSS JOIN LATERAL (
               SELECT n.* FROM (
                 SELECT r.id, r.source, r.text, r.author_name, r.posted_at, cardinality(r.topics) AS topic_count
                   FROM reviews r
                  WHERE r.location_id = $1 ${campaign('r')}
                    AND r.posted_at >= (d.day::timestamp AT TIME ZONE $5) AT TIME ZONE 'UTC'
                    AND r.posted_at < ((d.day + 1)::timestamp AT TIME ZONE $5) AT TIME ZONE 'UTC'
                    AND NOT r.archived AND r.topics @> ARRAY[t.topic] AND r.topic_sentiments ->> t.topic = p.value
                  ORDER BY r.posted_at DESC, r.id DESC
                  LIMIT ${QUOTE_CANDIDATES}) n
                ORDER BY n.topic_count, char_length(regexp_replace(btrim(n.text), '\\s+', ' ', 'g')) > $6, n.posted_at DESC, n.id DESC
                LIMIT 1) r`;
};
const QUOTES_SQL = quotesSql(false);
const CAMPAIGN_QUOTES_SQL = quotesSql(true);

/**
 * Every quote in one statement: for each topic and polarity, the latest day of the range with such a mention (the daily
 * store's key, read backwards from the range's end, answers it), that day's newest 10 reviews with it (the (location, posted_at)
 * index, or (location, campaign, posted_at) for one campaign), and of those the one naming the fewest topics (the most
 * about this one), then one whose words fit a quote (`quoteChars`), then the latest.
 */
async function quotes(
  db: Db,
  locationId: number,
  range: { from: Day; to: Day },
  timeZone: string,
  campaignId: number | null,
  quoteChars: number,
): Promise<QuoteRow[]> {
  const values = [locationId, REVIEW_TOPICS, range.from, range.to, timeZone, quoteChars];
  const { rows } = await poolOf(db).query<QuoteRow>(
    campaignId === null
      ? { name: 'insights-quotes', text: QUOTES_SQL, values }
      : { name: 'insights-quotes-campaign', text: CAMPAIGN_QUOTES_SQL, values: [...values, campaignId] },
  );
  return rows;
}

export const insightsQueries = { lookups, counts, quotes };
