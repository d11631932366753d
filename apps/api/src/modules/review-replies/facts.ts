// A review as the replies read it: what the draft is written from (first name, technician, topics, rating), where a
// reply goes, and the reply it shows with who posted it. The topics and the sentiment score are read from the row as
// JSON, so that this works whether the review-topics columns exist yet or not (none: no topics, no score).
import { replyFirstName, withheldNames, type ReplyTarget } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { poolOf } from '../../lib/db.js';

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

interface Row {
  id: number;
  location_id: number;
  source: string;
  external_id: string | null;
  rating: number;
  rating_type: string;
  author_name: string;
  customer_name: string;
  text: string;
  posted_at: Date;
  created_at: Date;
  url: string;
  approved_for_widget: boolean;
  archived: boolean;
  reply_text: string | null;
  reply_updated_at: Date | null;
  posted_by: string | null;
  campaign_name: string | null;
  topics: unknown;
  topic_sentiments: unknown;
  sentiment_score: unknown;
  has_classification: boolean;
  classified_at: string | null;
  business: string;
  time_zone: string;
}

const SQL = `
SELECT r.id, r.location_id, r.source, r.external_id, r.rating, r.rating_type, r.author_name, r.customer_name, r.text,
       r.posted_at AT TIME ZONE 'UTC' AS posted_at, r.created_at AT TIME ZONE 'UTC' AS created_at, r.url,
       r.approved_for_widget, r.archived, r.reply_text, r.reply_updated_at AT TIME ZONE 'UTC' AS reply_updated_at,
       (SELECT rr.posted_by FROM review_replies rr WHERE rr.review_id = r.id AND rr.text = r.reply_text) AS posted_by,
       coalesce(
         (SELECT c.name FROM review_credits rc JOIN campaigns c ON c.id = rc.campaign_id
           WHERE rc.review_id = r.id AND rc.method IN ('human', 'mentions') AND c.deleted_at IS NULL
           ORDER BY rc.method = 'human' DESC, rc.id LIMIT 1),
         (SELECT c.name FROM campaigns c WHERE c.id = r.campaign_id AND c.deleted_at IS NULL)) AS campaign_name,
       j.row -> 'topics' AS topics, j.row -> 'topic_sentiments' AS topic_sentiments, j.row -> 'sentiment_score' AS sentiment_score,
       j.row ? 'classified_at' AS has_classification, j.row ->> 'classified_at' AS classified_at,
       coalesce(nullif(btrim(l.company_name), ''), l.name) AS business, l.time_zone
  FROM reviews r
  JOIN locations l ON l.id = r.location_id
  CROSS JOIN LATERAL (SELECT to_jsonb(r) - 'export_row' - 'text' AS row) j
 WHERE r.id = ANY($1::int[])`;

function topicsOf(topics: unknown, sentiments: unknown): ReviewFacts['topics'] {
  if (!Array.isArray(topics)) return [];
  const polarity = sentiments && typeof sentiments === 'object' ? (sentiments as Record<string, unknown>) : {};
  return topics.filter((t): t is string => typeof t === 'string').map((topic) => ({ topic, polarity: Math.sign(Number(polarity[topic] ?? 0)) || 0 }));
}

function toFacts(r: Row): ReviewFacts {
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
  if (ids.length === 0) return [];
  const { rows } = await poolOf(deps.db).query<Row>(locationId === undefined ? SQL : `${SQL} AND r.location_id = $2`, locationId === undefined ? [ids] : [ids, locationId]);
  return rows.map(toFacts);
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
