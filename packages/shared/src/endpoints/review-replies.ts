import { z } from 'zod';
import { replyProblemMessage, unknownReplyPlaceholder, REPLY_PLACEHOLDERS } from '../reply-policy.js';
import { RULES } from '../rules.js';
import { idSchema } from '../validators.js';
import { defineEndpoint } from './define.js';

export * from '../reply-policy.js';

/**
 * Answering reviews: the draft reply of a review (written from the review in the business's voice), the reply
 * posted on the review's site (Google) or under it on the bio page, the voice itself (Settings › Reviews › Reply
 * voice) and the automatic reply rules for Google reviews (Settings › Reviews › Auto-reply).
 */

export const REPLY_TONES = ['friendly', 'professional', 'brief'] as const;
export type ReplyTone = (typeof REPLY_TONES)[number];
export const REPLY_TONE_LABELS: Record<ReplyTone, string> = { friendly: 'Friendly', professional: 'Professional', brief: 'Brief' };

/** Which reviews a rule answers. Reviews of 3 stars or fewer are never answered automatically. */
export const RULE_RATINGS = ['five_with_text', 'five_without_text', 'four'] as const;
export type RuleRating = (typeof RULE_RATINGS)[number];
export const RULE_RATING_LABELS: Record<RuleRating, string> = {
  five_with_text: '5 stars with text',
  five_without_text: '5 stars without text',
  four: '4 stars',
};
/** The sources a rule may answer: those Kudo can post a reply to. */
export const RULE_SOURCES = ['google'] as const;
export const RULE_MODES = ['template', 'draft'] as const;
export type RuleMode = (typeof RULE_MODES)[number];

/** Where a review's reply goes: Google (its reply call), the bio page (a Kudo review shown there), or nowhere Kudo can post. */
export const REPLY_TARGETS = ['google', 'bio', 'copy'] as const;
export type ReplyTarget = (typeof REPLY_TARGETS)[number];

export const REPLY_LIMITS = {
  rules: 10,
  ruleName: 80,
  template: 1000,
  signOff: 100,
  delayMin: 5,
  delayMax: 24 * 60,
  reply: 4000,
  activity: 50,
} as const;

/** The delays the rule form offers (any whole number of minutes from 5 to 1440 is accepted). */
export const RULE_DELAYS = [5, 15, 30, 60, 120, 240, 480, 720, 1440] as const;

export const REPLY_MSG = {
  tone: `Choose a tone: ${REPLY_TONES.join(', ')}.`,
  signOff: `Keep the sign-off to ${REPLY_LIMITS.signOff} characters.`,
  ruleName: `Give the rule a name of 1 to ${REPLY_LIMITS.ruleName} characters.`,
  ruleNameTaken: 'Another rule already has that name.',
  ruleSource: 'Automatic replies go to Google reviews only: Kudo has no reply call for other sites.',
  ruleRating: 'Choose 5 stars with text, 5 stars without text or 4 stars. Reviews of 3 stars or fewer are never answered automatically.',
  ruleDelay: `Choose a delay of ${REPLY_LIMITS.delayMin} minutes to 24 hours (${REPLY_LIMITS.delayMin} to ${REPLY_LIMITS.delayMax} minutes).`,
  ruleMode: 'Choose a template or the draft reply.',
  template: `Write the template: 1 to ${REPLY_LIMITS.template} characters.`,
  templatePlaceholder: (found: string) => `${found} is not a placeholder. Use ${REPLY_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
  ruleLimit: `A location may have at most ${REPLY_LIMITS.rules} reply rules. Delete one to add another.`,
  ruleNotFound: 'That rule was not found.',
  ruleSaved: 'Rule saved.',
  ruleCreated: 'Rule added.',
  ruleDeleted: 'Rule deleted.',
  settingsSaved: 'Reply voice saved.',
  replyRequired: 'Please write a reply.',
  replyTooLong: `A reply may be at most ${REPLY_LIMITS.reply} characters.`,
  replyPosted: 'Your reply is posted on the bio page.',
  replyRemoved: 'Your reply was removed from the bio page.',
  replyNone: 'This review has no reply to remove.',
  bioOnly: 'Replies under a review on the bio page are for Kudo reviews approved for it. Google replies go through the Google reply.',
  reviewNotFound: 'That review was not found.',
  notPublic: 'This review is not public yet: approve it for the bio page to reply under it there.',
} as const;

const ruleName = z.string({ error: REPLY_MSG.ruleName }).trim().min(1, { error: REPLY_MSG.ruleName }).max(REPLY_LIMITS.ruleName, { error: REPLY_MSG.ruleName });

const signOff = z
  .string({ error: REPLY_MSG.signOff })
  .trim()
  .max(REPLY_LIMITS.signOff, { error: REPLY_MSG.signOff })
  .superRefine((v, ctx) => {
    const problem = replyProblemMessage(v, 'The sign-off');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const template = z
  .string({ error: REPLY_MSG.template })
  .trim()
  .max(REPLY_LIMITS.template, { error: REPLY_MSG.template })
  .superRefine((v, ctx) => {
    const unknown = unknownReplyPlaceholder(v);
    if (unknown) return ctx.addIssue({ code: 'custom', message: REPLY_MSG.templatePlaceholder(unknown) });
    const problem = replyProblemMessage(v, 'A reply template');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const replySettings = z.object({ tone: z.enum(REPLY_TONES), sign_off: z.string() });
export type ReplySettings = z.infer<typeof replySettings>;

const sendWindow = z.object({ start_hour: z.number().int(), end_hour: z.number().int(), time_zone: z.string() });

export const loadSettings = defineEndpoint({
  id: 'review-reply-settings',
  method: 'GET',
  path: '/settings/reviews/reply-voice',
  summary: "The location's reply voice (tone and sign-off), what an empty sign-off reads, and sample drafts in it.",
  access: { kind: 'location', rule: RULES.settingsReviews },
  response: z.object({
    settings: replySettings,
    default_sign_off: z.string(),
    /** Drafts of three sample reviews (5, 4 and 2 stars) in the saved voice, written by the local writer. */
    samples: z.array(z.object({ rating: z.number().int(), review: z.string(), reply: z.string() })),
    /** Who hears of a bad review: the escalation contacts of Settings › Messaging › Notifications. */
    alert_contacts: z.array(z.object({ name: z.string(), email: z.string(), phone: z.string() })),
  }),
});

export const saveSettings = defineEndpoint({
  id: 'review-reply-settings-save',
  method: 'PUT',
  path: '/settings/reviews/reply-voice',
  summary: 'Save the reply voice: the tone of the drafts and their sign-off.',
  access: { kind: 'location', rule: RULES.settingsReviews },
  body: z.object({ tone: z.enum(REPLY_TONES, { error: REPLY_MSG.tone }), sign_off: signOff.default('') }),
  response: loadSettings.response,
});

const rule = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  source: z.enum(RULE_SOURCES),
  rating: z.enum(RULE_RATINGS),
  delay_minutes: z.number().int(),
  mode: z.enum(RULE_MODES),
  template: z.string(),
  /** Reviews it has answered and waits to answer. */
  posted: z.number().int(),
  scheduled: z.number().int(),
});
export type ReplyRule = z.infer<typeof rule>;

const ruleBody = z
  .object({
    name: ruleName,
    enabled: z.boolean({ error: 'Say whether the rule is on (true or false).' }).default(true),
    source: z.enum(RULE_SOURCES, { error: REPLY_MSG.ruleSource }).default('google'),
    rating: z.enum(RULE_RATINGS, { error: REPLY_MSG.ruleRating }),
    delay_minutes: z
      .number({ error: REPLY_MSG.ruleDelay })
      .int({ error: REPLY_MSG.ruleDelay })
      .min(REPLY_LIMITS.delayMin, { error: REPLY_MSG.ruleDelay })
      .max(REPLY_LIMITS.delayMax, { error: REPLY_MSG.ruleDelay }),
    mode: z.enum(RULE_MODES, { error: REPLY_MSG.ruleMode }),
    template: template.default(''),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'template' && v.template === '') ctx.addIssue({ code: 'custom', path: ['template'], message: REPLY_MSG.template });
  });
export type ReplyRuleInput = z.input<typeof ruleBody>;

const ruleList = z.object({
  rules: z.array(rule),
  limit: z.number().int(),
  send_window: sendWindow,
  /** Whether the location's Google Business Profile is connected (the rules post through it). */
  google_connected: z.boolean(),
});

export const listRules = defineEndpoint({
  id: 'review-reply-rules',
  method: 'GET',
  path: '/settings/reviews/auto-reply',
  summary: 'The automatic reply rules (at most ten), the sending window their replies wait for, and whether Google is connected.',
  access: { kind: 'location', rule: RULES.settingsReviews },
  response: ruleList,
});

const ruleParams = z.object({ id: idSchema(REPLY_MSG.ruleNotFound, true) });

export const createRule = defineEndpoint({
  id: 'review-reply-rule-create',
  method: 'POST',
  path: '/settings/reviews/auto-reply',
  summary: 'Add an automatic reply rule (400 beyond ten); it answers Google reviews that arrive from now on.',
  access: { kind: 'location', rule: RULES.settingsReviews },
  body: ruleBody,
  response: z.object({ rule }),
});

export const updateRule = defineEndpoint({
  id: 'review-reply-rule-update',
  method: 'PUT',
  path: '/settings/reviews/auto-reply/:id',
  summary: 'Change an automatic reply rule; replies it scheduled already keep their time.',
  access: { kind: 'location', rule: RULES.settingsReviews },
  params: ruleParams,
  body: ruleBody,
  response: z.object({ rule }),
});

export const deleteRule = defineEndpoint({
  id: 'review-reply-rule-delete',
  method: 'DELETE',
  path: '/settings/reviews/auto-reply/:id',
  summary: 'Delete an automatic reply rule; the replies it scheduled and has not posted are dropped.',
  access: { kind: 'location', rule: RULES.settingsReviews },
  params: ruleParams,
  response: z.object({ id: z.number().int() }),
});

const activityItem = z.object({
  review_id: z.number().int(),
  rule_name: z.string(),
  author: z.string(),
  rating: z.number().int(),
  /** scheduled, posting, posted, skipped or failed */
  status: z.string(),
  due_at: z.string(),
  posted_at: z.string().nullable(),
  /** The reply posted, or why it was skipped or failed. */
  detail: z.string(),
});
export type AutoReplyActivityItem = z.infer<typeof activityItem>;

export const activity = defineEndpoint({
  id: 'review-reply-activity',
  method: 'GET',
  path: '/settings/reviews/auto-reply/activity',
  summary: 'The latest automatic replies (50), newest first: scheduled, posted, skipped or failed.',
  access: { kind: 'location', rule: RULES.settingsReviews },
  response: z.object({ items: z.array(activityItem) }),
});

const reviewParams = z.object({ id: idSchema(REPLY_MSG.reviewNotFound, true) });

const replyOut = z.object({
  comment: z.string(),
  updated_at: z.string().nullable(),
  /** Who posted it: a person's name, "Auto-reply rule <name>", or null when it was written on the site itself. */
  posted_by: z.string().nullable(),
});

export const draft = defineEndpoint({
  id: 'review-reply-draft',
  method: 'GET',
  path: '/analytics/reviews/:id/reply-draft',
  summary: "A review with its draft reply (written from the review in the location's voice) and its current reply.",
  access: { kind: 'location', rule: RULES.analyze },
  params: reviewParams,
  response: z.object({
    review: z.object({
      id: z.number().int(),
      source: z.string(),
      rating: z.number().int(),
      rating_type: z.enum(['star', 'recommendation']),
      author: z.string(),
      text: z.string(),
      posted_at: z.string(),
      url: z.string(),
      technician: z.string().nullable(),
      topics: z.array(z.object({ topic: z.string(), polarity: z.number().int() })),
    }),
    draft: z.object({ text: z.string(), written_by: z.enum(['local', 'anthropic', 'openai']), tone: z.enum(REPLY_TONES) }),
    reply: replyOut.nullable(),
    /** Where Post sends the reply: google, bio (under the review on the bio page) or copy (post it on the site by hand). */
    target: z.enum(REPLY_TARGETS),
  }),
});
export type ReplyDraftData = z.infer<typeof draft.response>;

const comment = z
  .string({ error: REPLY_MSG.replyRequired })
  .trim()
  .min(1, { error: REPLY_MSG.replyRequired })
  .max(REPLY_LIMITS.reply, { error: REPLY_MSG.replyTooLong });

export const saveBioReply = defineEndpoint({
  id: 'review-bio-reply',
  method: 'PUT',
  path: '/analytics/reviews/:id/bio-reply',
  summary: 'Post or change the reply shown under a Kudo review on the bio page (reviews approved for it).',
  access: { kind: 'location', rule: RULES.analyze },
  params: reviewParams,
  body: z.object({ comment }),
  response: z.object({ reply: replyOut }),
});

export const deleteBioReply = defineEndpoint({
  id: 'review-bio-reply-delete',
  method: 'DELETE',
  path: '/analytics/reviews/:id/bio-reply',
  summary: 'Remove the reply shown under a Kudo review on the bio page.',
  access: { kind: 'location', rule: RULES.analyze },
  params: reviewParams,
  response: z.object({ reply: replyOut.nullable() }),
});
