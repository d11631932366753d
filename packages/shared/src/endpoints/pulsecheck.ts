import { z } from 'zod';
import { MSG } from '../messages.js';
import { isHttpUrl, phoneSchema } from '../validators.js';
import { defineEndpoint, defineRawEndpoint } from './define.js';
import { PULSECHECK_ROUTES } from './pulsecheck-routes.js';
import { binaryBody } from './media.js';

import { MOODS, FLOW_MODES, REVIEW_MAX, SLIDER } from '../pulsecheck-flow.js';

const token = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: MSG.pcheckLinkInvalid });
const uid = z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { error: MSG.pcheckLinkInvalid });

export const sampleToken = defineEndpoint({
  ...PULSECHECK_ROUTES.sampleToken,
  summary: "A test pulseCheck token for a campaign's preview (marked as a test everywhere).",
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ campaignUID: uid }),
  response: z.object({ token: z.string() }),
});

export const validateToken = defineEndpoint({
  ...PULSECHECK_ROUTES.validateToken,
  summary: 'Whether a pulseCheck link is valid, and what the customer already answered.',
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ token }),
  response: z.object({
    is_valid: z.boolean(),
    is_test: z.boolean(),
    campaign_uid: z.string(),
    mood: z.enum(MOODS).nullable(),
    answered: z.array(z.string()),
  }),
});

const publicCampaign = z.object({ uid: z.string(), campaign_uid: z.string(), name: z.string(), image: z.string() });

export const tokenCampaigns = defineEndpoint({
  ...PULSECHECK_ROUTES.tokenCampaigns,
  summary: "The location's campaigns, for 'Who served you?'.",
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ token }),
  response: z.object({ campaigns: z.array(publicCampaign) }),
});

export const publicLocationData = z.object({
  location_name: z.string(),
  default_campaign_uid: z.string().nullable(),
  campaign_name: z.string().nullable(),
  campaign_image_url: z.string().nullable(),
  company_name: z.string(),
  company_image: z.string().nullable(),
  company_phone: z.string(),
  navbar_bkg_color: z.string(),
  whitelabel: z.boolean(),
  custom_flow_mode: z.enum(FLOW_MODES),
  social_media: z.array(z.object({ name: z.string(), source: z.string(), url: z.string(), display: z.boolean(), order: z.number().int() })),
  sliders: z.array(z.object({ title: z.string() })),
  privacy_policy_url: z.string(),
});
export type PublicLocationData = z.infer<typeof publicLocationData>;

export const tokenCampaignLocation = defineEndpoint({
  ...PULSECHECK_ROUTES.tokenCampaignLocation,
  summary: 'What the public flow shows for this business and campaign.',
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ campaignUID: uid, token }),
  response: publicLocationData,
});

export const tokenLocation = defineEndpoint({
  ...PULSECHECK_ROUTES.tokenLocation,
  summary: "What the public flow shows for this business (the link's own campaign).",
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ token }),
  response: publicLocationData,
});

const ratings = z
  .array(
    z.object({
      name: z.string().trim().min(1).max(200),
      value: z.number({ error: MSG.pcheckRatings }).int({ error: MSG.pcheckRatings }).min(SLIDER.min, { error: MSG.pcheckRatings }).max(SLIDER.max, { error: MSG.pcheckRatings }),
    }),
    { error: MSG.pcheckRatings },
  )
  .min(1, { error: MSG.pcheckRatings })
  .max(10, { error: MSG.pcheckRatings });

export const submission = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('mood'),
      data: z.object(
        {
          mood: z.enum(MOODS, { error: MSG.pcheckMood }),
          /** The link's `referral` query parameter (where the customer came from), kept with the answer. */
          referral: z.string().trim().max(100).optional(),
        },
        { error: MSG.pcheckMood },
      ),
    }),
    z.object({
      type: z.literal('social-media'),
      data: z.object({
        /** A site's source (google, facebook, …), or 'none' for "I don't have any of these". */
        selection: z.string().trim().min(1).max(40),
        url: z.string().trim().refine((v) => v === '' || isHttpUrl(v), { error: MSG.socialUrlInvalid }).nullish(),
        /** "I left a great review!" (true) or "Sadly, no" / "Too much work" (false), when asked. */
        left_review: z.boolean().optional(),
      }),
    }),
    z.object({ type: z.literal('ratings'), data: ratings }),
    z.object({
      type: z.literal('review'),
      data: z.discriminatedUnion('method', [
        z.object({
          method: z.literal('text'),
          value: z
            .string({ error: MSG.pcheckReviewMessage })
            .trim()
            .min(1, { error: MSG.pcheckReviewMessage })
            .max(REVIEW_MAX, { error: MSG.pcheckReviewTooLong }),
        }),
        z.object({
          method: z.literal('audio'),
          value: phoneSchema(MSG.pcheckReviewNumber),
        }),
      ]),
    }),
  ],
  { error: 'Unknown step' },
);

export const submitStep = defineEndpoint({
  ...PULSECHECK_ROUTES.submitStep,
  summary: "One step of the customer's answer: mood, social-media, ratings or review (each once per link).",
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ campaignUID: uid, token }),
  // The client's ip_address is accepted for compatibility and ignored: the server takes it from the request.
  body: z.intersection(submission, z.object({ ip_address: z.string().max(64).optional() })),
  response: z.object({ type: z.string() }),
});

export const bioPage = defineEndpoint({
  ...PULSECHECK_ROUTES.bioPage,
  summary: "A technician's public bio page: profile and selected reviews.",
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ campaignUID: uid }),
  response: z.object({
    bio_profile: z.object({
      logo_url: z.string().nullable(),
      logo_bkg_color: z.string(),
      campaign_img_url: z.string(),
      campaign_name: z.string(),
      company_name: z.string(),
      rating: z.number().nullable(),
      review_count: z.number().int(),
      license: z.string(),
      department: z.string(),
      description: z.string(),
      video_id: z.string().nullable(),
      whitelabel: z.boolean(),
    }),
    reviews: z.array(
      z.object({
        transaction_id: z.number().int(),
        user_rating: z.number().int(),
        text: z.string(),
        time_diff_expr: z.string(),
        posted_at: z.string(),
        name: z.string(),
        source: z.string(),
        sm_title: z.string(),
        /** The business's public reply under the review (posted from Analyze, or synced from Google), or null. */
        reply: z.string().nullable(),
      }),
    ),
  }),
});

/** A voice review recorded by the local voice provider (Twilio keeps its own recordings). */
export const localRecording = defineRawEndpoint({
  id: 'audio-file',
  method: 'GET',
  path: '/audio/:name',
  summary: 'A voice review recording of the local voice provider, as WAV.',
  access: { kind: 'public' },
  params: z.object({ name: z.string().max(40) }),
  produces: { 'audio/wav': binaryBody },
});
