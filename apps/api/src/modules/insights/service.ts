import { insightsApi, MSG, REVIEW_TOPICS, type EndpointData, type ReviewTopic } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { notFound } from '../../lib/errors.js';
import { addMonths, localDay, monthLabel, monthStart, reportRange, type Day, type DayRange } from '../analytics/index.js';
import { excerptOf, rankTopics, storeSpans, strongestAndWeakest, type Counts } from './figures.js';
import { insightsQueries, type CountRow } from './queries.js';

type Insights = EndpointData<typeof insightsApi.loadInsights>;
type Quote = Insights['quotes'][number];

export interface InsightsInput {
  from_date?: string | undefined;
  to_date?: string | undefined;
  campaign_uid: string | null;
}

/** Every month the range touches, first to last (YYYY-MM-01). */
function monthsOf(range: DayRange): Day[] {
  const months: Day[] = [];
  for (let m = monthStart(range.from); m <= range.to; m = addMonths(m, 1)) months.push(m);
  return months;
}

/** A group's arrays as each topic's counts (the arrays follow REVIEW_TOPICS). */
const countsOf = (r: CountRow): (Counts & { topic: ReviewTopic })[] =>
  REVIEW_TOPICS.map((topic, i) => ({ topic, mentions: r.mentions[i] ?? 0, positive: r.positive[i] ?? 0, negative: r.negative[i] ?? 0 }));

const emptyMentions = () => Object.fromEntries(REVIEW_TOPICS.map((t) => [t, 0])) as Record<ReviewTopic, number>;

export async function loadInsights(ctx: LocationCtx, input: InsightsInput): Promise<Insights> {
  const locationId = ctx.location.locationId;
  const { timeZone, campaignId } = await insightsQueries.lookups(ctx.db, locationId, input.campaign_uid);
  if (input.campaign_uid && campaignId === null) throw notFound(MSG.campaignNotFound);
  const range = reportRange(input, localDay(new Date(), timeZone));
  const [rows, found] = await Promise.all([
    insightsQueries.counts(ctx.db, locationId, storeSpans(range), campaignId),
    insightsQueries.quotes(ctx.db, locationId, range, timeZone, campaignId, insightsApi.INSIGHTS_QUOTE_CHARS),
  ]);
  const of = (kind: CountRow['kind']) => rows.filter((r) => r.kind === kind);
  const overall = of('overall')[0];
  const topics = rankTopics(overall ? countsOf(overall) : []);

  const quotes: Quote[] = topics.flatMap((t) =>
    (['positive', 'negative'] as const).flatMap((polarity) => {
      const q = found.find((f) => f.topic === t.topic && f.polarity === polarity);
      if (!q) return [];
      return [{ topic: t.topic, polarity, transaction_id: q.id, source: q.source, excerpt: excerptOf(q.text), author: q.author_name, captured_on: q.posted_at }];
    }),
  );

  const months = monthsOf(range).map((month) => ({ month: month.slice(0, 7), label: monthLabel(month), mentions: emptyMentions() }));
  const monthIndex = new Map(months.map((m, i) => [`${m.month}-01`, i]));
  for (const r of of('month')) {
    const i = r.month ? monthIndex.get(r.month) : undefined;
    if (i !== undefined) for (const c of countsOf(r)) months[i]!.mentions[c.topic] = c.mentions;
  }

  const technicians = of('campaign')
    .flatMap((r) => {
      if (!r.campaign_id || r.uid === null) return [];
      const counts = countsOf(r);
      const mentions = counts.reduce((n, x) => n + x.mentions, 0);
      if (mentions <= 0) return [];
      return [{ campaign_uid: r.uid, name: r.name ?? '', image: r.image ?? '', mentions, ...strongestAndWeakest(counts, insightsApi.INSIGHTS_MIN_MENTIONS) }];
    })
    .sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name) || a.campaign_uid.localeCompare(b.campaign_uid));

  return { topics, months, quotes, technicians, min_mentions: insightsApi.INSIGHTS_MIN_MENTIONS, meta: { from_date: range.from, to_date: range.to } };
}
