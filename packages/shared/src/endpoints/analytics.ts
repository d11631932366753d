import { z } from 'zod';
import { MSG } from '../messages.js';
import { REVIEW_TOPICS } from '../review-topics.js';
import { RULES } from '../rules.js';
import { idSchema } from '../validators.js';
import { defineEndpoint } from './define.js';

/** Where a review comes from: kudo (a pulseCheck answer) or a review site. */
export const REVIEW_SOURCES = [
  'kudo',
  'google',
  'facebook',
  'fb',
  'bbb',
  'yelp',
  'yp',
  'angieslist',
  'houzz',
  'homeadvisor',
  'homestar',
  'porch',
  'nextdoor',
  'other',
] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];
/** What staff may add by hand (Add Review): every review site; kudo reviews come from pulseChecks only. */
export const ADDABLE_REVIEW_SOURCES = REVIEW_SOURCES.filter((s) => s !== 'kudo' && s !== 'fb');

export const REVIEW_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type ReviewSentiment = (typeof REVIEW_SENTIMENTS)[number];

/** The sentiment of a review that has stars but no mood: 4–5 positive, 3 neutral, 1–2 negative. */
export function sentimentFromStars(stars: number): ReviewSentiment {
  if (stars >= 4) return 'positive';
  return stars === 3 ? 'neutral' : 'negative';
}

export const REVIEW_PAGE_SIZES = [10, 25, 50, 100] as const;
export const REVIEW_EXPORT_ROWS = 3000;
/** The longest dispatching range, in months. */
export const DISPATCHING_MAX_MONTHS = 6;
/** How far back a report's range may start: the first day of the month this many months ago. */
export const REPORT_MAX_MONTHS_BACK = 36;
/** How many reviews the dashboard's Latest Reviews panel shows. */
export const LATEST_REVIEWS_LIMIT = 5;
export const REVIEW_SORT_FIELDS = ['captured_on', 'kudo_index', 'customer_name'] as const;
export type ReviewSortField = (typeof REVIEW_SORT_FIELDS)[number];
/** The two platforms whose ratings growth is followed. */
export const RATING_PLATFORMS = ['google', 'facebook'] as const;
export type RatingPlatform = (typeof RATING_PLATFORMS)[number];

/** A calendar day, YYYY-MM-DD, read in the location's time zone. */
export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDay = (value: string): boolean => {
  if (!DAY_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};
const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isCalendarDay(v), { error: message });

/** A date range: either end may be left out (to: today; from: one month before to). */
const dateRange = {
  from_date: day(MSG.fromDateInvalid).optional(),
  to_date: day(MSG.toDateInvalid).optional(),
};

const flagInput = (message: string) =>
  z.union([z.boolean(), z.literal(0), z.literal(1)], { error: message }).transform((v) => v === true || v === 1);
const optionalFlag = (message: string) => flagInput(message).optional();

/** The reviews table's filters: every key optional; an absent key is off. */
export const reviewFilters = z
  .object({
    /** true (or absent): text, audio and no-text reviews; false: only reviews with an audio recording. */
    text_and_audio: optionalFlag(MSG.reviewFilterInvalid),
    approved: optionalFlag(MSG.reviewFilterInvalid),
    unapproved: optionalFlag(MSG.reviewFilterInvalid),
    no_text: optionalFlag(MSG.reviewFilterInvalid),
    positive: optionalFlag(MSG.reviewFilterInvalid),
    neutral: optionalFlag(MSG.reviewFilterInvalid),
    negative: optionalFlag(MSG.reviewFilterInvalid),
    /** true: archived reviews are listed too; false (or absent): hidden. */
    archived: optionalFlag(MSG.reviewFilterInvalid),
  })
  .prefault({});
export type ReviewFilters = z.output<typeof reviewFilters>;

const sortDirection = z.enum(['asc', 'desc'], { error: MSG.reviewSortInvalid });
/** One column and its direction, e.g. `{captured_on: "desc"}` (the default). */
export const reviewSort = z
  .object({
    captured_on: sortDirection.optional(),
    kudo_index: sortDirection.optional(),
    customer_name: sortDirection.optional(),
  })
  .default({ captured_on: 'desc' });

const campaignUidFilter = z
  .string({ error: MSG.campaignNotFound })
  .trim()
  .max(64, { error: MSG.campaignNotFound })
  .nullish()
  .transform((v) => v || null);

/** One topic's reviews (a key of REVIEW_TOPICS); empty or absent: every review. */
const topicFilter = z
  .union([z.enum(REVIEW_TOPICS), z.literal('')], { error: MSG.reviewTopicInvalid })
  .nullish()
  .transform((v) => v || null);

const reviewQuery = {
  sort: reviewSort,
  searchPhrase: z.string({ error: MSG.reviewSearchInvalid }).trim().max(200, { error: MSG.reviewSearchTooLong }).default(''),
  ...dateRange,
  filters: reviewFilters,
  /** One campaign's reviews; empty or absent: All Campaigns. */
  campaign_uid: campaignUidFilter,
  topic: topicFilter,
};

export const reviewRow = z.object({
  /** The review's id: with `source`, what approve, archive and edit name. */
  transaction_id: z.number().int(),
  source: z.string(),
  campaign_uid: z.string().nullable(),
  /** The campaign's name. */
  name: z.string().nullable(),
  campaign_image: z.string().nullable(),
  department_name: z.string().nullable(),
  sentiment: z.enum(['Positive', 'Neutral', 'Negative']),
  /** 1 to 5 stars (for kudo: from the mood and sliders). */
  rating: z.number().int(),
  approved: z.boolean(),
  archived: z.boolean(),
  user_comment: z.string(),
  audio_url: z.string().nullable(),
  author_name: z.string(),
  customer_name: z.string(),
  /** +1 and ten digits, or empty. */
  customer_phone: z.string(),
  customer_email: z.string(),
  customer_address: z.string(),
  customer_city: z.string(),
  customer_state: z.string(),
  customer_zipcode: z.string(),
  /** When the review was given (ISO 8601). */
  captured_on: z.string(),
  /** The answer's Kudo Index (0 to 10, one decimal), null without sliders. */
  kudo_index: z.object({ value: z.number().nullable() }),
  /** The slider answers keyed by question, 0 to 10. */
  sliders: z.record(z.string(), z.number()),
  /** The review on its site, when known. */
  url: z.string(),
  /** What the text is about: keys of REVIEW_TOPICS, in that order; empty without text or until it is classified. */
  topics: z.array(z.enum(REVIEW_TOPICS)),
  /** Each topic's polarity in the review: -1 negative, 0 mixed or neutral, 1 positive. */
  topic_sentiments: z.partialRecord(z.enum(REVIEW_TOPICS), z.union([z.literal(-1), z.literal(0), z.literal(1)])),
  /** The text's sentiment, -1 (negative) to 1 (positive); null without text or until it is classified. */
  sentiment_score: z.number().nullable(),
  /** Staff typed it in (Add Review): its comment may be corrected (E142). */
  added_by_hand: z.boolean(),
});
export type ReviewRow = z.infer<typeof reviewRow>;

export const campaignHeader = z.object({ uid: z.string(), name: z.string(), image: z.string() });

export const fetchReviews = defineEndpoint({
  id: 'E138',
  method: 'POST',
  path: '/analytics/customer-comments/fetch',
  summary: "One page of the location's reviews (every source) with the table's filters, search and sort.",
  access: { kind: 'location', rule: RULES.analyze },
  body: z
    .object({
      current: z.coerce.number({ error: MSG.reviewPageInvalid }).int({ error: MSG.reviewPageInvalid }).min(1, { error: MSG.reviewPageInvalid }).max(100_000, { error: MSG.reviewPageInvalid }).default(1),
      rowCount: z.coerce
        .number({ error: MSG.reviewPageSizeInvalid })
        .refine((n) => (REVIEW_PAGE_SIZES as readonly number[]).includes(n), { error: MSG.reviewPageSizeInvalid })
        .default(10),
      ...reviewQuery,
    })
    .prefault({}),
  response: z.object({
    rows: z.array(reviewRow),
    /** How many reviews match. */
    total: z.number().int(),
    rowCount: z.number().int(),
    current: z.number().int(),
    header: z.object({ campaigns: z.array(campaignHeader) }),
    meta: z.object({ from_date: z.string(), to_date: z.string() }),
  }),
});

export const exportReviews = defineEndpoint({
  id: 'E139',
  method: 'POST',
  path: '/analytics/customer-comments/export',
  summary: 'The first 3,000 reviews of the same query as the table, as columns and rows for a CSV.',
  access: { kind: 'location', rule: RULES.analyze },
  body: z
    .object({
      current: z.coerce.number().optional(),
      rowCount: z.coerce.number().optional(),
      ...reviewQuery,
    })
    .prefault({}),
  response: z.object({
    columns: z.array(z.object({ key: z.string(), title: z.string() })),
    /** One array of cell texts per review, in the order of `columns`. */
    rows: z.array(z.array(z.string())),
    meta: z.object({ from_date: z.string(), to_date: z.string() }),
  }),
});

const transactionId = idSchema(MSG.reviewNotFound, true);
const reviewSource = z.enum(REVIEW_SOURCES, { error: MSG.reviewSourceRequired });
const reviewRef = {
  transaction_id: transactionId,
  source: reviewSource,
  /** The review's campaign as the table showed it (not needed to find the review). */
  campaign_uid: campaignUidFilter,
};

const reviewState = z.object({ transaction_id: z.number().int(), approved: z.boolean(), archived: z.boolean() });

export const archiveReview = defineEndpoint({
  id: 'E140',
  method: 'POST',
  path: '/analytics/customer-comments/archival',
  summary: 'Archive or unarchive a review.',
  access: { kind: 'location', rule: RULES.analyze },
  body: z.object({ archived: flagInput(MSG.reviewArchivedInvalid), ...reviewRef }),
  response: reviewState,
});

export const approveReview = defineEndpoint({
  id: 'E141',
  method: 'POST',
  path: '/analytics/customer-comments/approval',
  summary: 'Approve a positive review for the widget and bio pages, or withdraw an approval.',
  access: { kind: 'location', rule: RULES.analyze },
  body: z.object({ approved: flagInput(MSG.reviewApprovedInvalid), ...reviewRef }),
  response: reviewState,
});

const optionalText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, { error: message }).nullish().transform((v) => v ?? undefined);

export const editReview = defineEndpoint({
  id: 'E142',
  method: 'POST',
  path: '/analytics/customer-comments/edit',
  summary: "Change a review's campaign; for a pulseCheck answer also the customer's name, contact and address, for a review added by hand its comment.",
  access: { kind: 'location', rule: RULES.analyze },
  body: z.object({
    ...reviewRef,
    campaign_uid: z.string({ error: MSG.reviewCampaignRequired }).trim().min(1, { error: MSG.reviewCampaignRequired }).max(64, { error: MSG.campaignNotFound }),
    /** The customer's full name. */
    name: optionalText(100, MSG.reviewNameTooLong),
    phone: optionalText(30, MSG.validPhone),
    email: optionalText(254, MSG.validEmail),
    state: optionalText(2, MSG.reviewStateInvalid),
    city: optionalText(100, MSG.reviewCityTooLong),
    zipcode: optionalText(9, MSG.reviewZipTooLong(9)),
    /** A review added by hand only: its corrected comment. */
    comment: z
      .string({ error: MSG.reviewCommentRequired })
      .trim()
      .min(1, { error: MSG.reviewCommentRequired })
      .max(5000, { error: MSG.reviewCommentTooLong })
      .nullish()
      .transform((v) => v ?? undefined),
  }),
  response: z.object({ review: reviewRow }),
});

export const addReview = defineEndpoint({
  id: 'E143',
  method: 'POST',
  path: '/analytics/customer-comments/add',
  summary: 'Add a review received elsewhere (a site, a letter, a call) by hand.',
  access: { kind: 'location', rule: RULES.analyze },
  body: z.object({
    source: z.enum(ADDABLE_REVIEW_SOURCES as [string, ...string[]], { error: MSG.reviewSourceRequired }),
    date: day(MSG.reviewDateRequired),
    sentiment: z.enum(REVIEW_SENTIMENTS, { error: MSG.reviewSentimentRequired }),
    campaign_uid: z.string({ error: MSG.reviewCampaignRequired }).trim().min(1, { error: MSG.reviewCampaignRequired }).max(64, { error: MSG.campaignNotFound }),
    comment: z.string({ error: MSG.reviewCommentRequired }).trim().min(1, { error: MSG.reviewCommentRequired }).max(5000, { error: MSG.reviewCommentTooLong }),
    approved: flagInput(MSG.reviewApprovedInvalid).default(false),
    city: optionalText(100, MSG.reviewCityTooLong),
    state: optionalText(2, MSG.reviewStateInvalid),
    zip: optionalText(5, MSG.reviewZipTooLong(5)),
  }),
  response: z.object({ review: reviewRow }),
});

const countAndRating = z.object({ count: z.number().int(), ratings: z.number().nullable() });

export const platformGrowth = z.object({
  social_media: z.enum(RATING_PLATFORMS),
  /** The latest review count and rating. */
  count: z.number().int(),
  ratings: z.number().nullable(),
  latest: countAndRating.extend({ day: z.string() }),
  /** The first snapshot: when the location joined. */
  oldest: countAndRating.extend({ day: z.string() }),
  /** Latest minus joining. */
  kudo_effect: countAndRating,
});

export const loadRatingsGrowth = defineEndpoint({
  id: 'E127',
  method: 'POST',
  path: '/analytics/social-media-rating/load',
  summary: 'Review counts and ratings on Google and Facebook: latest, at joining, and the gain since.',
  access: { kind: 'location', rule: RULES.analyze },
  response: z.object({
    /** All platforms together: the sum of counts and the count-weighted rating. */
    overall: countAndRating,
    social_media: z.array(platformGrowth),
  }),
});

export const loadRatingsChart = defineEndpoint({
  id: 'E128',
  method: 'POST',
  path: '/analytics/social-media-overview/load',
  summary: 'Monthly review count and rating of one platform: the last year or all time.',
  access: { kind: 'location', rule: RULES.analyze },
  body: z.object({
    time_range: z.enum(['year', 'all'], { error: MSG.ratingsTimeRange }).default('year'),
    social_media: z.enum(RATING_PLATFORMS, { error: MSG.ratingsPlatform }).default('google'),
  }).prefault({}),
  /** One point per month (its last snapshot); months without a snapshot are left out. */
  response: z.array(z.object({ count: z.number().int(), ratings: z.number().nullable(), label: z.string() })),
});

const value = z.object({ value: z.number() });
const share = z.object({ value: z.number().int(), percent: z.string() });
const trendCount = z.object({
  value: z.number().int(),
  /** One entry per day of the range (YYYY-MM-DD) and the day's count. */
  trend: z.object({ date_index: z.array(z.string()), values: z.array(z.number().int()) }),
});

export const loadDispatching = defineEndpoint({
  id: 'E129',
  method: 'POST',
  path: '/analytics/reload/dispatching',
  summary: "The range's pulseCheck answers, scores, review leads, sends per day and contact cards.",
  access: { kind: 'location', rule: RULES.analyze },
  body: z.object(dateRange).prefault({}),
  response: z.object({
    data: z.object({
      pulse_checks_participant_count: value,
      kudo_index: z.object({ value: z.number().nullable() }),
      review_leads: value,
      /** 0 recommend, 1 professionalism, 2 quality: mean answers halved to 5 stars (null: no answers). */
      sliders: z.array(z.object({ value: z.number().nullable() })),
      happy_count: share,
      neutral_count: share,
      unhappy_count: share,
      pulse_check_email_count: trendCount,
      pulse_check_sms_count: trendCount,
      bio_email_count: trendCount,
      bio_sms_count: trendCount,
      contact_card_count: value,
      /** Scans of the contact card's QR code: not counted (null). */
      qrcode_total_count: z.object({ value: z.number().nullable() }),
    }),
    meta: z.object({ from_date: z.string(), to_date: z.string() }),
  }),
});

const panelFigures = z.object({ latest: countAndRating, kudo_effect: countAndRating });

export const dashboardRatings = defineEndpoint({
  id: 'E165',
  method: 'GET',
  path: '/dashboard/ratings-reviews/load',
  summary: "The dashboard's Reviews & Ratings Growth panel: latest figures and the gain since joining.",
  access: { kind: 'location', rule: RULES.dashboard },
  response: z.object({ total: panelFigures, google: panelFigures.nullable(), facebook: panelFigures.nullable() }),
});

export const socialReviewItem = z.object({
  id: z.number().int(),
  source: z.string(),
  rating: z.object({ type: z.enum(['star', 'recommendation']), value: z.number().int() }),
  author: z.string(),
  timestamp: z.string(),
  content: z.object({ text: z.string() }),
  url: z.string(),
});

export const dashboardSocialReviews = defineEndpoint({
  id: 'E166',
  method: 'GET',
  path: '/dashboard/social-reviews/load',
  summary: "The dashboard's Latest Reviews panel: the newest Google and Facebook reviews.",
  access: { kind: 'location', rule: RULES.dashboard },
  response: z.object({ reviews: z.array(socialReviewItem) }),
});

export const profileCampaigns = defineEndpoint({
  id: 'E169',
  method: 'POST',
  path: '/profile/campaign/load',
  summary: "The location's campaigns (not deleted), for campaign pickers.",
  access: { kind: 'location', rule: RULES.analyze },
  /** Null when the location has no campaign. */
  response: z
    .array(
      z.object({
        campaign_id: z.number().int(),
        campaign_uid: z.string(),
        uid: z.string(),
        name: z.string(),
        image: z.string(),
        department_name: z.string(),
      }),
    )
    .nullable(),
});
