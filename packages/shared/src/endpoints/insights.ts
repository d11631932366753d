import { z } from 'zod';
import { MSG } from '../messages.js';
import { REVIEW_TOPICS } from '../review-topics.js';
import { RULES } from '../rules.js';
import { isCalendarDay } from './analytics.js';
import { defineEndpoint } from './define.js';

/**
 * A technician's (campaign's) strongest and weakest topic are chosen among the topics mentioned at least this many
 * times in the range's reviews of that technician: fewer mentions say too little to rank on.
 */
export const INSIGHTS_MIN_MENTIONS = 5;
/** A quote is the review's text up to this many characters, cut at a word and ended with "…" when longer. */
export const INSIGHTS_QUOTE_CHARS = 160;

const topic = z.enum(REVIEW_TOPICS);
const count = z.number().int();
/** A share of a topic's mentions, 0 to 1, four decimals. */
const share = z.number();

const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isCalendarDay(v), { error: message });

export const topicFigures = z.object({
  topic,
  /** Reviews of the range that speak of the topic (archived ones left out). */
  mentions: count,
  /** Of those, the reviews where the topic is praised, and where it is blamed; the rest are mixed or neutral. */
  positive: count,
  negative: count,
  /** positive / mentions and negative / mentions. */
  positive_share: share,
  negative_share: share,
});

export const technicianTopic = z.object({
  topic,
  mentions: count,
  positive_share: share,
  negative_share: share,
  /** (positive − negative) / mentions, -1 to 1: what strongest and weakest are chosen by. */
  net_share: share,
});

export const insightQuote = z.object({
  topic,
  /** The topic's polarity in the quoted review. */
  polarity: z.enum(['positive', 'negative']),
  /** The review's id (the reviews table's transaction_id) and source. */
  transaction_id: count,
  source: z.string(),
  /** The start of the review's text: at most INSIGHTS_QUOTE_CHARS characters. */
  excerpt: z.string(),
  author: z.string(),
  /** When the review was given (ISO 8601). */
  captured_on: z.string(),
});

export const loadInsights = defineEndpoint({
  id: 'insights-load',
  method: 'POST',
  path: '/analytics/insights/load',
  summary: "What the range's reviews speak of: topics by mentions with their positive and negative shares, mentions per month, quotes, and each technician's strongest and weakest topic.",
  access: { kind: 'location', rule: RULES.analyze },
  body: z
    .object({
      /** YYYY-MM-DD in the location's time zone; to: today when left out, from: one month before to. At most 36 months back. */
      from_date: day(MSG.fromDateInvalid).optional(),
      to_date: day(MSG.toDateInvalid).optional(),
      /** One technician's reviews; empty or absent: every review. */
      campaign_uid: z
        .string({ error: MSG.campaignNotFound })
        .trim()
        .max(64, { error: MSG.campaignNotFound })
        .nullish()
        .transform((v) => v || null),
    })
    .prefault({}),
  response: z.object({
    /** Every topic mentioned in the range, most mentioned first (ties in the order of REVIEW_TOPICS). */
    topics: z.array(topicFigures),
    /** Each month the range touches, first to last, with every topic's mentions that month. */
    months: z.array(z.object({ month: z.string(), label: z.string(), mentions: z.record(topic, count) })),
    /**
     * Up to two quotes per topic (in the order of `topics`): one where it is praised and one where it is blamed, each
     * from the latest day of the range that has one.
     */
    quotes: z.array(insightQuote),
    /**
     * The technicians (campaigns) whose reviews of the range mention a topic, most mentions first: their strongest and
     * weakest topic by net share among those with at least `min_mentions` mentions (strongest null when none qualifies;
     * weakest null unless one stands lower than the strongest).
     */
    technicians: z.array(
      z.object({
        campaign_uid: z.string(),
        name: z.string(),
        image: z.string(),
        mentions: count,
        strongest: technicianTopic.nullable(),
        weakest: technicianTopic.nullable(),
      }),
    ),
    min_mentions: count,
    meta: z.object({ from_date: z.string(), to_date: z.string() }),
  }),
});
