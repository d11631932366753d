import { REVIEW_TOPIC_LABELS, type EndpointData, type insightsApi, type ReviewTopic } from '@kudo/shared';
import { pathFor } from '../../../config/routes';
import { isoDate, type DatePreset } from '../../../components/DateRangeField';
import { ApiError } from '../../../lib/api';

export type Insights = EndpointData<typeof insightsApi.loadInsights>;
export type TopicFigures = Insights['topics'][number];
export type Quote = Insights['quotes'][number];

export const INSIGHTS_ERROR_TITLE = 'We ran into an Error';
const ERROR_FALLBACK = 'Please try again later';

/** What the error state says: the server's own words for a refused range or campaign, otherwise to try again later. */
export function insightsErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 && error.message ? error.message : ERROR_FALLBACK;
}

/**
 * The ranges offered, each ending today and starting on the same day n months back as the reviews screen's do, so that
 * a quote opens the reviews on the same preset. The screen opens on the last 12 months, long enough for a monthly trend.
 */
export function insightsPresets(today: Date): DatePreset[] {
  const end = isoDate(today);
  const monthsAgo = (n: number) => isoDate(new Date(today.getFullYear(), today.getMonth() - n, today.getDate()));
  return [
    { label: 'Last 30 days', from: isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)), to: end },
    { label: 'Last 3 months', from: monthsAgo(3), to: end },
    { label: 'Last 6 months', from: monthsAgo(6), to: end },
    { label: 'Last 12 months', from: monthsAgo(12), to: end },
  ];
}
export const DEFAULT_PRESET = 3;

export const topicLabel = (topic: ReviewTopic) => REVIEW_TOPIC_LABELS[topic];

/** One colour per topic for the trend's lines, each with at least 3:1 contrast on white. */
export const TOPIC_COLOURS: Record<ReviewTopic, string> = {
  punctuality: '#2563eb',
  price: '#b45309',
  professionalism: '#7c3aed',
  quality: '#15803d',
  cleanliness: '#0e7490',
  communication: '#be185d',
  scheduling: '#4b5563',
};

/** A share (0 to 1) as a whole percentage: '83%'. */
export const formatShare = (share: number) => `${Math.round(share * 100)}%`;

/** A net share (-1 to 1) as signed points: '+67', '−40', '0'. */
export function formatNet(share: number): string {
  const n = Math.round(share * 100);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

export interface TopicBar {
  topic: ReviewTopic;
  label: string;
  Praised: number;
  Mixed: number;
  Blamed: number;
}

/** The ranking as stacked bars: each topic's praised, mixed or neutral, and blamed mentions. */
export const topicBars = (topics: readonly TopicFigures[]): TopicBar[] =>
  topics.map((t) => ({ topic: t.topic, label: topicLabel(t.topic), Praised: t.positive, Mixed: t.mentions - t.positive - t.negative, Blamed: t.negative }));

/** The trend as chart points: one per month, each mentioned topic's count under its label. */
export function trendPoints(insights: Insights): Record<string, string | number>[] {
  return insights.months.map((m) => ({
    month: m.label,
    ...Object.fromEntries(insights.topics.map((t) => [topicLabel(t.topic), m.mentions[t.topic]])),
  }));
}

/** The reviews screen showing one topic's reviews of the range (and of the technician, when one is chosen). */
export function topicReviewsLink(topic: ReviewTopic, range: { from: string | null; to: string | null }, campaign: string): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  if (campaign) params.set('campaign', campaign);
  params.set('topic', topic);
  return `${pathFor('analyze-reviews-customer-reviews')}?${params.toString()}`;
}

/** The quotes of each ranked topic, praised first. */
export function quotesByTopic(insights: Insights): { topic: ReviewTopic; positive: Quote | null; negative: Quote | null }[] {
  return insights.topics.map((t) => ({
    topic: t.topic,
    positive: insights.quotes.find((q) => q.topic === t.topic && q.polarity === 'positive') ?? null,
    negative: insights.quotes.find((q) => q.topic === t.topic && q.polarity === 'negative') ?? null,
  }));
}
