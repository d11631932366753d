import { insightsApi, isReviewTopic, MSG, REVIEW_TOPICS, type EndpointData, type ReviewTopic } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { poolOf } from '../../lib/db.js';
import { notFound } from '../../lib/errors.js';
import { addMonths, localDay, monthLabel, monthStart, reportRange, type Day, type DayRange } from '../analytics/index.js';
import { bestQuote, excerptOf, rankTopics, strongestAndWeakest, type Counts } from './figures.js';

type Insights = EndpointData<typeof insightsApi.loadInsights>;
type Quote = Insights['quotes'][number];

export interface InsightsInput {
  from_date?: string | undefined;
  to_date?: string | undefined;
  campaign_uid: string | null;
}

/** The reviews a quote may be chosen from: the newest of its day that mention the topic with that polarity. */
const QUOTE_CANDIDATES = 25;

/** The location's time zone and the campaign the filter names (any of the location's, deleted ones too), in one read. */
async function lookups(ctx: LocationCtx, campaignUid: string | null): Promise<{ timeZone: string; campaignId: number | null }> {
  const { rows } = await poolOf(ctx.db).query<{ time_zone: string; campaign_id: number | null }>({
    name: 'insights-lookups',
    text: `SELECT l.time_zone, (SELECT c.id FROM campaigns c WHERE c.location_id = l.id AND c.uid = $2 LIMIT 1) AS campaign_id
             FROM locations l WHERE l.id = $1`,
    values: [ctx.location.locationId, campaignUid],
  });
  const row = rows[0]!;
  if (campaignUid && row.campaign_id === null) throw notFound(MSG.campaignNotFound);
  return { timeZone: row.time_zone, campaignId: row.campaign_id };
}

interface Grouped extends Counts {
  /** 0: the topic over the range; 1: per month; 2: per campaign. */
  kind: 0 | 1 | 2;
  month: Day | null;
  campaign_id: number | null;
  /** The latest days of the range with a positive and with a negative mention (kind 0 only). */
  positive_day: Day | null;
  negative_day: Day | null;
}

/**
 * The range's topic counts from the daily store, in one pass: per topic, per topic and month, per topic and campaign.
 * A location's year is about 365 days × its campaigns × 7 topics of rows, whatever its number of reviews.
 */
async function groupedCounts(ctx: LocationCtx, range: DayRange, campaignId: number | null): Promise<Grouped[]> {
  const { rows } = await poolOf(ctx.db).query<Grouped>({
    name: 'insights-grouped',
    text: `SELECT c.topic, CASE GROUPING(date_trunc('month', c.day::timestamp), c.campaign_id) WHEN 3 THEN 0 WHEN 1 THEN 1 ELSE 2 END AS kind,
                  date_trunc('month', c.day::timestamp)::date::text AS month, c.campaign_id,
                  sum(c.mentions)::int AS mentions, sum(c.positive)::int AS positive, sum(c.negative)::int AS negative,
                  max(c.day) FILTER (WHERE c.positive > 0)::text AS positive_day, max(c.day) FILTER (WHERE c.negative > 0)::text AS negative_day
             FROM review_topic_daily_counts c
            WHERE c.location_id = $1 AND c.day BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR c.campaign_id = $4)
            GROUP BY GROUPING SETS ((c.topic), (c.topic, date_trunc('month', c.day::timestamp)), (c.topic, c.campaign_id))`,
    values: [ctx.location.locationId, range.from, range.to, campaignId],
  });
  return rows;
}

interface QuoteRow {
  topic: ReviewTopic;
  polarity: 'positive' | 'negative';
  id: number;
  source: string;
  text: string;
  author_name: string;
  posted_at: Date;
  topic_count: number;
}

/**
 * The candidates of every quote in one query: for each topic and polarity, the newest reviews of the latest day that
 * has one (the store says which day), found through the (location, posted_at) index within that local day.
 */
async function quoteCandidates(
  ctx: LocationCtx,
  wanted: readonly { topic: ReviewTopic; polarity: 'positive' | 'negative'; day: Day }[],
  timeZone: string,
  campaignId: number | null,
): Promise<QuoteRow[]> {
  if (wanted.length === 0) return [];
  const { rows } = await poolOf(ctx.db).query<QuoteRow>({
    name: 'insights-quotes',
    text: `SELECT q.topic, q.polarity, r.id, r.source, r.text, r.author_name, r.posted_at, r.topic_count
             FROM unnest($2::text[], $3::text[], $4::date[]) AS q(topic, polarity, day)
             CROSS JOIN LATERAL (
               SELECT r.id, r.source, r.text, r.author_name, r.posted_at, cardinality(r.topics) AS topic_count
                 FROM reviews r
                WHERE r.location_id = $1
                  AND r.posted_at >= (q.day::timestamp AT TIME ZONE $5) AT TIME ZONE 'UTC'
                  AND r.posted_at < ((q.day + 1)::timestamp AT TIME ZONE $5) AT TIME ZONE 'UTC'
                  AND NOT r.archived AND ($6::int IS NULL OR r.campaign_id = $6)
                  AND r.topics @> ARRAY[q.topic]
                  AND r.topic_sentiments ->> q.topic = CASE q.polarity WHEN 'positive' THEN '1' ELSE '-1' END
                ORDER BY r.posted_at DESC, r.id DESC
                LIMIT ${QUOTE_CANDIDATES}) r`,
    values: [ctx.location.locationId, wanted.map((w) => w.topic), wanted.map((w) => w.polarity), wanted.map((w) => w.day), timeZone, campaignId],
  });
  return rows;
}

async function campaignsOf(ctx: LocationCtx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { uid: string; name: string; image: string }>();
  const { rows } = await poolOf(ctx.db).query<{ id: number; uid: string; name: string; image: string }>({
    name: 'insights-campaigns',
    text: 'SELECT id, uid, name, image FROM campaigns WHERE location_id = $1 AND id = ANY($2::int[])',
    values: [ctx.location.locationId, ids],
  });
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every month the range touches, first to last (YYYY-MM-01). */
function monthsOf(range: DayRange): Day[] {
  const months: Day[] = [];
  for (let m = monthStart(range.from); m <= range.to; m = addMonths(m, 1)) months.push(m);
  return months;
}

const emptyMentions = () => Object.fromEntries(REVIEW_TOPICS.map((t) => [t, 0])) as Record<ReviewTopic, number>;

export async function loadInsights(ctx: LocationCtx, input: InsightsInput): Promise<Insights> {
  const { timeZone, campaignId } = await lookups(ctx, input.campaign_uid);
  const range = reportRange(input, localDay(new Date(), timeZone));
  const grouped = await groupedCounts(ctx, range, campaignId);
  const overall = grouped.filter((g) => g.kind === 0);
  const topics = rankTopics(overall);

  const wanted = topics.flatMap((t) => {
    const g = overall.find((o) => o.topic === t.topic)!;
    return [
      ...(g.positive_day ? [{ topic: t.topic, polarity: 'positive' as const, day: g.positive_day }] : []),
      ...(g.negative_day ? [{ topic: t.topic, polarity: 'negative' as const, day: g.negative_day }] : []),
    ];
  });
  const byCampaign = new Map<number, Counts[]>();
  for (const g of grouped) {
    if (g.kind !== 2 || !g.campaign_id) continue;
    byCampaign.set(g.campaign_id, [...(byCampaign.get(g.campaign_id) ?? []), g]);
  }
  const [candidates, campaigns] = await Promise.all([
    quoteCandidates(ctx, wanted, timeZone, campaignId),
    campaignsOf(ctx, [...byCampaign.keys()]),
  ]);

  const quotes: Quote[] = wanted.flatMap((w) => {
    const best = bestQuote(
      candidates
        .filter((c) => c.topic === w.topic && c.polarity === w.polarity)
        .map((c) => ({ ...c, topicCount: c.topic_count, postedAt: c.posted_at })),
    );
    if (!best) return [];
    return [
      {
        topic: w.topic,
        polarity: w.polarity,
        transaction_id: best.id,
        source: best.source,
        excerpt: excerptOf(best.text),
        author: best.author_name,
        captured_on: best.posted_at.toISOString(),
      },
    ];
  });

  const months = monthsOf(range).map((month) => ({ month: month.slice(0, 7), label: monthLabel(month), mentions: emptyMentions() }));
  const monthIndex = new Map(months.map((m, i) => [`${m.month}-01`, i]));
  for (const g of grouped) {
    if (g.kind !== 1 || !g.month || !isReviewTopic(g.topic)) continue;
    const i = monthIndex.get(g.month);
    if (i !== undefined) months[i]!.mentions[g.topic] = g.mentions;
  }

  const technicians = [...byCampaign]
    .flatMap(([id, counts]) => {
      const campaign = campaigns.get(id);
      const mentions = counts.filter((c) => isReviewTopic(c.topic)).reduce((n, c) => n + c.mentions, 0);
      if (!campaign || mentions <= 0) return [];
      return [{ campaign_uid: campaign.uid, name: campaign.name, image: campaign.image, mentions, ...strongestAndWeakest(counts, insightsApi.INSIGHTS_MIN_MENTIONS) }];
    })
    .sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name) || a.campaign_uid.localeCompare(b.campaign_uid));

  return { topics, months, quotes, technicians, min_mentions: insightsApi.INSIGHTS_MIN_MENTIONS, meta: { from_date: range.from, to_date: range.to } };
}
