import { insightsApi, isReviewTopic, REVIEW_TOPICS, type ReviewTopic } from '@kudo/shared';
import type { z } from 'zod';
import { addDays, addMonths, monthStart, type DayRange } from '../analytics/index.js';
import type { StoreSpans } from './queries.js';

type TopicFigures = z.infer<typeof insightsApi.topicFigures>;
type TechnicianTopic = z.infer<typeof insightsApi.technicianTopic>;
const { INSIGHTS_QUOTE_CHARS } = insightsApi;

/** A topic's counts over some reviews: mentions, and of those the positive and the negative ones. */
export interface Counts {
  topic: string;
  mentions: number;
  positive: number;
  negative: number;
}

/** A share, four decimals; 0 of nothing. */
export const shareOf = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

const order = (topic: ReviewTopic) => REVIEW_TOPICS.indexOf(topic);

/** The known topics that were mentioned, most mentions first, ties in the order of REVIEW_TOPICS, with their shares. */
export function rankTopics(counts: readonly Counts[]): TopicFigures[] {
  return counts
    .filter((c): c is Counts & { topic: ReviewTopic } => isReviewTopic(c.topic) && c.mentions > 0)
    .map((c) => ({
      topic: c.topic,
      mentions: c.mentions,
      positive: c.positive,
      negative: c.negative,
      positive_share: shareOf(c.positive, c.mentions),
      negative_share: shareOf(c.negative, c.mentions),
    }))
    .sort((a, b) => b.mentions - a.mentions || order(a.topic) - order(b.topic));
}

/**
 * A technician's strongest and weakest topic: among the known topics with at least `minMentions` mentions, the
 * highest and the lowest net share ((positive − negative) / mentions); a tie goes to the topic with more mentions, then
 * to the first in REVIEW_TOPICS. The weakest must stand lower than the strongest: with a single such topic, or all of
 * them level, there is a strongest and no weakest; with none, neither.
 */
export function strongestAndWeakest(
  counts: readonly Counts[],
  minMentions: number,
): { strongest: TechnicianTopic | null; weakest: TechnicianTopic | null } {
  const ranked = counts
    .filter((c): c is Counts & { topic: ReviewTopic } => isReviewTopic(c.topic) && c.mentions >= minMentions && c.mentions > 0)
    .map((c) => ({
      topic: c.topic,
      mentions: c.mentions,
      positive_share: shareOf(c.positive, c.mentions),
      negative_share: shareOf(c.negative, c.mentions),
      net_share: shareOf(c.positive - c.negative, c.mentions),
      net: (c.positive - c.negative) / c.mentions,
    }));
  if (ranked.length === 0) return { strongest: null, weakest: null };
  const better = (a: (typeof ranked)[number], b: (typeof ranked)[number]) => b.net - a.net || b.mentions - a.mentions || order(a.topic) - order(b.topic);
  const worse = (a: (typeof ranked)[number], b: (typeof ranked)[number]) => a.net - b.net || b.mentions - a.mentions || order(a.topic) - order(b.topic);
  const strongest = [...ranked].sort(better)[0]!;
  const lowest = [...ranked].sort(worse)[0]!;
  const weakest = lowest.net < strongest.net ? lowest : null;
  const strip = ({ net: _net, ...rest }: (typeof ranked)[number]): TechnicianTopic => rest;
  return { strongest: strip(strongest), weakest: weakest && strip(weakest) };
}

/** The start of a text for a quote: its words on one line, cut at a word before INSIGHTS_QUOTE_CHARS and ended with "…". */
export function excerptOf(text: string, max = INSIGHTS_QUOTE_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, '')}…`;
}

/** A range's whole months for the monthly store, and the days before and after them for the daily one. */
export function storeSpans(range: DayRange): StoreSpans {
  const fullFrom = range.from === monthStart(range.from) ? range.from : addMonths(monthStart(range.from), 1);
  const afterTo = addDays(range.to, 1);
  const fullUntil = afterTo === monthStart(afterTo) ? afterTo : monthStart(range.to);
  if (fullFrom >= fullUntil) return { from: range.from, headTo: range.to, fullFrom, fullUntil: fullFrom, tailFrom: afterTo, to: range.to };
  return { from: range.from, headTo: addDays(fullFrom, -1), fullFrom, fullUntil, tailFrom: fullUntil, to: range.to };
}
