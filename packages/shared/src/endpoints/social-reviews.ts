import { z } from 'zod';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { idSchema, isValidEmail } from '../validators.js';
import { defineEndpoint } from './define.js';

/** Social reviews: Google and Facebook reviews of the location, with the credit given to campaigns (technicians). */

export const SOCIAL_REVIEW_LIMITS = { pageSize: 10, maxPageSize: 50, replyMax: 4000, maxRecipients: 3, reportMonthsBack: 36 } as const;
export const SOCIAL_REVIEW_VIEWS = ['needs_credit', 'all'] as const;
export const ATTRIBUTION_METHODS = ['human', 'mentions', 'matching'] as const;
export type AttributionMethod = (typeof ATTRIBUTION_METHODS)[number];

const socialReview = z.object({
  id: z.number().int(),
  /** google or facebook */
  source: z.string(),
  rating: z.object({ type: z.enum(['star', 'recommendation']), value: z.number() }),
  author: z.string(),
  /** ISO 8601 */
  timestamp: z.string(),
  content: z.object({ text: z.string() }),
  attribution: z.array(
    z.object({
      campaign: z.object({ campaign_uid: z.string(), name: z.string() }),
      methods: z.array(z.object({ attribution_method: z.enum(ATTRIBUTION_METHODS) })),
    }),
  ),
  /**
   * The business's public reply (Google), as last synced or sent, and who posted it from Kudo: a person's name or
   * "Auto-reply rule <name>"; null when it was written on Google itself.
   */
  reply: z.object({ comment: z.string(), updated_at: z.string().nullable(), posted_by: z.string().nullable() }).nullable(),
  /** The review on its site (Google's reply page), or the location's reviews page. */
  url: z.string(),
});
export type SocialReviewItem = z.infer<typeof socialReview>;

const cursorOut = z.object({
  after: z.string().nullable(),
  before: z.string().nullable(),
  has_after: z.boolean(),
  has_before: z.boolean(),
});
export type SocialReviewCursor = z.infer<typeof cursorOut>;

/** A page of social reviews: `data` the reviews, newest first; `cursor` the keys of the neighbouring pages. */
const socialReviewPage = z.object({ data: z.array(socialReview), cursor: cursorOut });
export type SocialReviewPage = z.infer<typeof socialReviewPage>;

const cursorKey = z.string({ error: MSG.socialReviewBadCursor }).max(200, { error: MSG.socialReviewBadCursor });
const view = z.enum(SOCIAL_REVIEW_VIEWS).default('needs_credit');
const limit = z.coerce.number().int().min(1).max(SOCIAL_REVIEW_LIMITS.maxPageSize).default(SOCIAL_REVIEW_LIMITS.pageSize);

export const load = defineEndpoint({
  id: 'E144',
  method: 'POST',
  path: '/analytics/social-media-reviews/load',
  summary: 'A page of the Google and Facebook reviews (view needs_credit: those no person has credited yet), newest first.',
  access: { kind: 'location', rule: RULES.analyze },
  body: z
    .object({
      limit,
      view,
      after: cursorKey.nullish(),
      before: cursorKey.nullish(),
    })
    .default({ limit: SOCIAL_REVIEW_LIMITS.pageSize, view: 'needs_credit' }),
  response: socialReviewPage,
});

const attributionBody = z.object({
  view,
  limit,
  review_id: idSchema(MSG.reviewNotFound, true),
  campaign_uid: z.string({ error: MSG.dispatchCampaignNotFound }).trim().min(1, { error: MSG.dispatchCampaignNotFound }).max(64, { error: MSG.dispatchCampaignNotFound }),
  attribution_method: z.enum(ATTRIBUTION_METHODS, { error: MSG.socialCreditMethod }),
  /** The cursor the current page was loaded with (after or before), so the same page comes back refreshed. */
  cursor: z.object({ after: cursorKey.nullish(), before: cursorKey.nullish() }).nullish(),
});

export const addAttribution = defineEndpoint({
  id: 'E145',
  method: 'POST',
  path: '/analytics/social-media-reviews/add_attribution',
  summary: 'Credit a review to a campaign (confirms a suggestion or gives credit by hand); answers the refreshed page.',
  access: { kind: 'location', rule: RULES.analyze },
  body: attributionBody,
  response: socialReviewPage,
});

export const removeAttribution = defineEndpoint({
  id: 'E146',
  method: 'POST',
  path: '/analytics/social-media-reviews/remove_attribution',
  summary: "Remove a credit or a suggestion of a review's campaign; answers the refreshed page.",
  access: { kind: 'location', rule: RULES.analyze },
  body: attributionBody,
  response: socialReviewPage,
});

const reportDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const ymd = toYmd(v);
      if (!ymd) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return ymd;
    });

/** A calendar date as YYYY-MM-DD, from YYYY-MM-DD or an HTTP/ISO date (its UTC day); null when not a date. */
export function toYmd(v: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) {
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 ? v : null;
  }
  if (v.length > 64 || !/\d/.test(v)) return null;
  const t = Date.parse(v);
  if (!Number.isFinite(t)) return null;
  const y = new Date(t).getUTCFullYear();
  return y >= 1970 && y <= 9999 ? new Date(t).toISOString().slice(0, 10) : null;
}

/** The recipients as sent: emails joined with commas (a list is taken too). */
export const reportRecipients = z
  .union([z.string(), z.array(z.string())], { error: MSG.reportRecipientRequired })
  .transform((v, ctx) => {
    const list = (Array.isArray(v) ? v : v.split(',')).map((e) => e.trim()).filter((e) => e !== '');
    if (list.length === 0) ctx.addIssue({ code: 'custom', message: MSG.reportRecipientRequired });
    else if (list.length > SOCIAL_REVIEW_LIMITS.maxRecipients) ctx.addIssue({ code: 'custom', message: MSG.reportMaxRecipients });
    else if (!list.every(isValidEmail)) ctx.addIssue({ code: 'custom', message: MSG.validEmail });
    return [...new Set(list.map((e) => e.toLowerCase()))];
  });

export const exportReport = defineEndpoint({
  id: 'E147',
  method: 'POST',
  path: '/reporting/reviews/export',
  summary: "The Social Reviews Report: an Excel file of the range's Google and Facebook reviews with their credit, emailed to up to 3 recipients.",
  access: { kind: 'location', rule: RULES.analyze },
  body: z.object({
    fromDate: reportDate(MSG.fromDateInvalid),
    toDate: reportDate(MSG.toDateInvalid),
    emails: reportRecipients,
  }),
  response: z.object({ recipients: z.array(z.string()), fromDate: z.string(), toDate: z.string() }),
});

const replyParams = z.object({
  id: idSchema(MSG.reviewNotFound, true),
});

export const saveReply = defineEndpoint({
  id: 'social-review-reply',
  method: 'PUT',
  path: '/analytics/social-media-reviews/:id/reply',
  summary: "Post or change the business's public reply to a Google review.",
  access: { kind: 'location', rule: RULES.analyze },
  params: replyParams,
  body: z.object({
    comment: z
      .string({ error: MSG.socialReplyRequired })
      .trim()
      .min(1, { error: MSG.socialReplyRequired })
      .max(SOCIAL_REVIEW_LIMITS.replyMax, { error: MSG.socialReplyTooLong }),
  }),
  response: z.object({ review: socialReview }),
});

export const deleteReply = defineEndpoint({
  id: 'social-review-reply-delete',
  method: 'DELETE',
  path: '/analytics/social-media-reviews/:id/reply',
  summary: "Remove the business's public reply from a Google review.",
  access: { kind: 'location', rule: RULES.analyze },
  params: replyParams,
  response: z.object({ review: socialReview }),
});
