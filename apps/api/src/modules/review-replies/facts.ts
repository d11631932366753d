// A review as the replies read it: what the draft is written from (first name, technician, topics, rating), where a
// reply goes, and the reply it shows with who posted it. The topics and the sentiment score are read from the row as
// JSON, so that this works whether the review-topics columns exist yet or not (none: no topics, no score).
import { replyFirstName, withheldNames, type ReplyTarget } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { reviewQueries, type ReviewRow } from './queries.js';

export interface ReviewFacts {
  id: number;
  locationId: number;
  source: string;
  externalId: string | null;
  rating: number;
  ratingType: 'star' | 'recommendation';
  authorName: string;
  customerName: string;
  text: string;
  postedAt: Date;
  createdAt: Date;
  url: string;
  approved: boolean;
  archived: boolean;
  replyText: string | null;
  replyUpdatedAt: Date | null;
  /** Who posted the current reply from Kudo (while it is that text). */
  postedBy: string | null;
  /** The credited (or mentioned) technician's campaign name, or the campaign of a Kudo review. */
  campaignName: string | null;
  topics: { topic: string; polarity: number }[];
  /** -1 to 1; null without the column, without words or until classified. */
  sentimentScore: number | null;
  /** Whether the text still waits for its classification (false without the review-topics columns). */
  awaitingClassification: boolean;
  business: string;
  timeZone: string;
}

function topicsOf(topics: unknown, sentiments: unknown): ReviewFacts['topics'] {
  if (!Array.isArray(topics)) return [];
  const polarity = sentiments && typeof sentiments === 'object' ? (sentiments as Record<string, unknown>) : {};
  return topics.filter((t): t is string => typeof t === 'string').map((topic) => ({ topic, polarity: Math.sign(Number(polarity[topic] ?? 0)) || 0 }));
}

function toFacts(r: ReviewRow): ReviewFacts {
  const score = typeof r.sentiment_score === 'number' ? r.sentiment_score : null;
  return {
    id: r.id,
    locationId: r.location_id,
    source: r.source,
    externalId: r.external_id,
    rating: r.rating,
    ratingType: r.rating_type === 'recommendation' ? 'recommendation' : 'star',
    authorName: r.author_name,
    customerName: r.customer_name,
    text: r.text,
    postedAt: r.posted_at,
    createdAt: r.created_at,
    url: r.url,
    approved: r.approved_for_widget,
    archived: r.archived,
    replyText: r.reply_text,
    replyUpdatedAt: r.reply_updated_at,
    postedBy: r.posted_by,
    campaignName: r.campaign_name,
    topics: topicsOf(r.topics, r.topic_sentiments),
    sentimentScore: score,
    awaitingClassification: r.has_classification && r.classified_at === null && r.text.trim() !== '',
    business: r.business,
    timeZone: r.time_zone,
  };
}

/** Reviews by id (those of `locationId` only, when given). */
export async function reviewFacts(deps: Pick<AppDeps, 'db'>, ids: readonly number[], locationId?: number): Promise<ReviewFacts[]> {
  return (await reviewQueries.byIds(deps.db, ids, locationId)).map(toFacts);
}

/** The name a reply may address: the customer's as Kudo knows it (a pulseCheck answer), else the reviewer's. */
export const reviewerName = (f: Pick<ReviewFacts, 'customerName' | 'authorName'>) => (f.customerName.trim() || f.authorName).trim();

const GENERIC = new Set(['team', 'crew', 'default', 'main', 'office', 'service', 'services', 'company', 'the', 'our', 'all', 'general', 'staff', 'campaign']);

/**
 * The technician's first name as a reply may use it: the first word of the campaign's name when the name reads as a
 * person's (one to three words, the first a given name that is not a word of the business's name or a team word).
 */
export function technicianFirstName(campaignName: string | null, business: string): string | null {
  if (!campaignName) return null;
  const words = campaignName.trim().split(/\s+/);
  const first = words[0] ?? '';
  if (words.length > 3 || !/^\p{Lu}[\p{L}'’-]{1,29}$/u.test(first)) return null;
  const businessWords = new Set(business.toLowerCase().split(/[^\p{L}]+/u));
  if (GENERIC.has(first.toLowerCase()) || businessWords.has(first.toLowerCase()) || words.some((w) => GENERIC.has(w.toLowerCase()))) return null;
  return first;
}

/** Where a reply to the review goes; null when the review is not public anywhere (a Kudo answer not on the bio page). */
export function replyTarget(f: Pick<ReviewFacts, 'source' | 'externalId' | 'approved'>): ReplyTarget | null {
  if (f.source === 'google' && f.externalId) return 'google';
  if (f.source === 'facebook' || f.source === 'google') return 'copy';
  if (f.approved) return 'bio';
  return f.source === 'kudo' ? null : 'copy';
}

/** What a reply must not contain of the reviewer's name: every word after the first, unless the business uses it. */
export function withheldWords(f: Pick<ReviewFacts, 'customerName' | 'authorName' | 'business'>, signOff: string): string[] {
  const spoken = new Set(`${f.business} ${signOff}`.toLowerCase().split(/[^\p{L}'’-]+/u));
  const names = [...new Set([...withheldNames(f.authorName), ...withheldNames(f.customerName)])];
  const first = replyFirstName(reviewerName(f))?.toLowerCase();
  return names.filter((w) => !spoken.has(w.toLowerCase()) && w.toLowerCase() !== first);
}
