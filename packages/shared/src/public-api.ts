import { z } from 'zod';
import { parsePhone } from './phone.js';
import { REVIEW_TOPICS } from './review-topics.js';
import { isValidEmail } from './validators.js';
import { v1CreateWebhook, v1DeleteWebhook, v1ListWebhooks } from './webhooks.js';

/**
 * The public API, version 1 (`/api/v1`): what outside systems call with an API key. Each call is defined
 * here once — method, path, the scope it needs, the schemas of its input and of its answer — and the server
 * validates with these schemas, answers through them and writes its OpenAPI document from them. Answers
 * are plain JSON (no envelope); errors are `{error: {code, message, fields?}}`.
 *
 * Version 1 only ever grows: new calls, new optional inputs, new fields in answers. Nothing here is renamed,
 * removed or made stricter; such a change would be version 2, beside this one.
 */

export const API_VERSION = 'v1';
/** Below the site's origin. */
export const API_V1_BASE = '/api/v1';

/** What a key may do. A call names the scopes any one of which lets a key call it. */
export const API_SCOPES = ['review_requests:write', 'reviews:read', 'conversations:read', 'webhooks:manage'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_INFO: Record<ApiScope, { label: string; description: string }> = {
  'review_requests:write': { label: 'Send review requests', description: 'Send pulseChecks to customers, read them back, and list campaigns.' },
  'reviews:read': { label: 'Read reviews', description: 'Read reviews: pulseCheck answers and synced Google and Facebook reviews, and list campaigns.' },
  'conversations:read': { label: 'Read conversations', description: 'List the inbox conversations with customers.' },
  'webhooks:manage': { label: 'Manage webhooks', description: 'Register and remove webhooks.' },
};

export const API_KEY_LIMITS = {
  nameMax: 60,
  /** Active keys a location may hold at once. */
  perLocation: 20,
  /** Requests each key may make per minute (the server's default; RATE_LIMIT_API_KEY_PER_MINUTE changes it). */
  perMinute: 120,
  /** How far ahead a review request may be scheduled. */
  sendAtMaxDays: 30,
  idempotencyKeyMax: 255,
  pageDefault: 25,
  pageMax: 100,
} as const;

/** The error codes of version 1, with the HTTP status each comes with. */
export const API_ERROR_CODES = {
  invalid_request: 400,
  unauthorized: 401,
  key_revoked: 403,
  insufficient_scope: 403,
  not_found: 404,
  idempotency_conflict: 409,
  conflict: 409,
  sending_paused: 409,
  trial_limit_reached: 409,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_CODES;

export const apiError = z.object({
  error: z.object({
    code: z.string().describe(`One of ${Object.keys(API_ERROR_CODES).join(', ')}.`),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional().describe('For bad input: each field in error (dotted path) and what is wrong with it.'),
  }),
});
export type ApiErrorBody = z.infer<typeof apiError>;

export const API_MSG = {
  noKey: 'Send your API key in the Authorization header: Bearer <key>.',
  unknownKey: 'This API key is not valid.',
  revoked: 'This API key has been revoked.',
  scope: (scopes: readonly string[]) => `This API key lacks the scope this call needs: ${scopes.join(' or ')}.`,
  rateLimited: 'Too many requests for this API key. Wait until Retry-After seconds have passed.',
  tooManyWithoutKey: 'Too many requests without a valid API key from this address. Wait until Retry-After seconds have passed.',
  notFound: 'Nothing with this id was found.',
  noRoute: 'There is no such call in version 1 of the API.',
  idempotencyConflict: 'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
  idempotencyKey: `Idempotency-Key must be 1 to ${API_KEY_LIMITS.idempotencyKeyMax} visible ASCII characters.`,
  customerName: 'customer.name is required.',
  customerPhone: 'customer.phone must be a 10-digit US phone number.',
  customerEmail: 'customer.email must be a valid email address.',
  contactRequired: 'Give customer.phone or customer.email (or both).',
  phoneForSms: 'customer.phone is required when channel is sms.',
  emailForEmail: 'customer.email is required when channel is email.',
  campaignBoth: 'Give campaign_uid or employee_id, not both.',
  campaignUnknown: 'No campaign of this location has this campaign_uid.',
  employeeUnknown: 'No campaign of this location has this employee_id.',
  employeeAmbiguous: 'Several campaigns have this employee_id: give campaign_uid instead.',
  campaignRequired: 'This location has no default campaign: give campaign_uid or employee_id.',
  sendAt: 'send_at must be an ISO 8601 time with a time zone, e.g. 2030-05-01T15:00:00Z.',
  sendAtTooFar: `send_at may be at most ${API_KEY_LIMITS.sendAtMaxDays} days ahead.`,
  since: 'since must be an ISO 8601 time with a time zone, e.g. 2030-05-01T00:00:00Z.',
  cursor: 'cursor is not valid: pass next_cursor from the previous page as it is.',
  limit: `limit must be a whole number from 1 to ${API_KEY_LIMITS.pageMax}.`,
  sendingPaused: 'Sending is paused until this location has an active plan.',
  trialLimit: 'This location has no pulseChecks left on its trial.',
} as const;

const isoTime = (message: string) => z.iso.datetime({ offset: true, error: message });

/** An optional text field: absent, null or blank is none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : undefined));

const customerInput = z.strictObject(
  {
    name: z.string({ error: API_MSG.customerName }).trim().min(1, { error: API_MSG.customerName }).max(100),
    phone: z
      .string({ error: API_MSG.customerPhone })
      .max(40, { error: API_MSG.customerPhone })
      .nullish()
      .transform((v, ctx) => {
        if (!v || !v.trim()) return undefined;
        const digits = parsePhone(v);
        if (digits === null) {
          ctx.addIssue({ code: 'custom', message: API_MSG.customerPhone });
          return z.NEVER;
        }
        return digits;
      })
      .describe('A US phone number; any punctuation, with or without +1.'),
    email: z
      .string({ error: API_MSG.customerEmail })
      .max(254, { error: API_MSG.customerEmail })
      .nullish()
      .transform((v, ctx) => {
        const email = (v ?? '').trim().toLowerCase();
        if (!email) return undefined;
        if (!isValidEmail(email)) {
          ctx.addIssue({ code: 'custom', message: API_MSG.customerEmail });
          return z.NEVER;
        }
        return email;
      }),
  },
  { error: 'customer is required: an object with name and a phone or an email.' },
);

export const REVIEW_REQUEST_CHANNELS = ['sms', 'email', 'both'] as const;

/** POST /review-requests: one pulseCheck to one customer. */
export const reviewRequestInput = z
  .strictObject({
    customer: customerInput,
    campaign_uid: optionalText(64).describe("The campaign (technician) the customer rates; without it and employee_id, the location's default campaign."),
    employee_id: optionalText(100).describe("The campaign by its Employee ID (Settings › Dispatch › Campaigns), when it is unique."),
    channel: z.enum(REVIEW_REQUEST_CHANNELS).default('both').describe('sms, email, or both (every contact given). Default both.'),
    send_at: isoTime(API_MSG.sendAt)
      .nullish()
      .transform((v) => v ?? undefined)
      .describe(`When to send, at most ${API_KEY_LIMITS.sendAtMaxDays} days ahead; a time outside the sending window moves to its next opening. Default now.`),
    external_id: optionalText(100).describe("Your own reference (a job or invoice number), answered back as it is."),
  })
  .superRefine((v, ctx) => {
    const { phone, email } = v.customer;
    if (v.campaign_uid && v.employee_id) ctx.addIssue({ code: 'custom', path: ['employee_id'], message: API_MSG.campaignBoth });
    if (v.channel === 'sms' && !phone) ctx.addIssue({ code: 'custom', path: ['customer', 'phone'], message: API_MSG.phoneForSms });
    else if (v.channel === 'email' && !email) ctx.addIssue({ code: 'custom', path: ['customer', 'email'], message: API_MSG.emailForEmail });
    else if (!phone && !email) ctx.addIssue({ code: 'custom', path: ['customer', 'phone'], message: API_MSG.contactRequired });
    if (v.send_at && Date.parse(v.send_at) > Date.now() + API_KEY_LIMITS.sendAtMaxDays * 24 * 3600_000) {
      ctx.addIssue({ code: 'custom', path: ['send_at'], message: API_MSG.sendAtTooFar });
    }
  });
export type ReviewRequestInput = z.input<typeof reviewRequestInput>;

const time = z.string().describe('ISO 8601, UTC.');
const campaignRef = z.object({ uid: z.string(), name: z.string(), employee_id: z.string() });
const channelOutcome = z
  .object({ status: z.enum(['sent', 'failed']), message: z.string() })
  .nullable()
  .describe('null: not attempted on this channel (no contact for it, or not chosen).');

export const REVIEW_REQUEST_STATUSES = ['scheduled', 'sending', 'sent', 'failed'] as const;

export const reviewRequestOutput = z.object({
  id: z.string().describe('rr_ and 16 characters.'),
  status: z.enum(REVIEW_REQUEST_STATUSES).describe('sent: at least one channel went out; failed: none did (see delivery and error).'),
  channel: z.enum(REVIEW_REQUEST_CHANNELS),
  scheduled_for: time,
  sent_at: time.nullable(),
  responded_at: time.nullable().describe('When the customer first answered the pulseCheck.'),
  campaign: campaignRef,
  customer: z.object({ name: z.string(), phone: z.string().nullable().describe('E.164.'), email: z.string().nullable() }),
  external_id: z.string().nullable(),
  delivery: z.object({ sms: channelOutcome, email: channelOutcome }),
  error: z.string().nullable().describe('Why nothing could be sent (trial used up, sending paused), when that is the case.'),
  created_at: time,
});
export type ReviewRequestOutput = z.infer<typeof reviewRequestOutput>;

const limitParam = z.coerce
  .number({ error: API_MSG.limit })
  .int({ error: API_MSG.limit })
  .min(1, { error: API_MSG.limit })
  .max(API_KEY_LIMITS.pageMax, { error: API_MSG.limit })
  .default(API_KEY_LIMITS.pageDefault);
const cursorParam = z.string().max(200, { error: API_MSG.cursor }).optional().describe('next_cursor of the previous page.');

export const reviewOutput = z.object({
  id: z.string().describe('rv_ and a number.'),
  source: z.string().describe('kudo (a pulseCheck answer), google, facebook, or another review site.'),
  rating: z.number().int().describe('1 to 5 stars.'),
  text: z.string(),
  author_name: z.string(),
  sentiment: z.string().describe('positive, neutral or negative.'),
  posted_at: time,
  url: z.string().nullable(),
  campaign: campaignRef.nullable(),
  customer: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }).nullable(),
  review_request_id: z.string().nullable().describe('The review request it answers, when it came from one made through the API.'),
  topics: z
    .array(z.enum(REVIEW_TOPICS))
    .describe(`What the text is about: ${REVIEW_TOPICS.join(', ')}. Empty without text or until the text is classified (seconds after it arrives or changes).`),
  sentiment_score: z.number().nullable().describe("The text's sentiment, -1 (negative) to 1 (positive); null without text or until it is classified."),
});

export const campaignOutput = z.object({
  uid: z.string(),
  name: z.string(),
  employee_id: z.string(),
  department: z.string(),
  is_default: z.boolean(),
});

export const conversationOutput = z.object({
  id: z.string().describe('cv_ and a number.'),
  phone: z.string().describe('E.164.'),
  name: z.string(),
  source: z.string().describe('sms, or web-chat when a website visitor started it.'),
  open: z.boolean(),
  last_message: z.object({ body: z.string(), at: time }),
  created_at: time,
  closed_at: time.nullable(),
});

const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), next_cursor: z.string().nullable().describe('null on the last page.') });

/** One call of version 1. */
export interface V1Endpoint {
  /** The OpenAPI operationId. */
  id: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify-style path below /api/v1. */
  path: string;
  summary: string;
  description: string;
  /** Any one of these lets a key call it. */
  scopes: readonly ApiScope[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Takes an Idempotency-Key header. */
  idempotent?: boolean;
  /** Takes a `Prefer` header: `respond-async` answers before the work it started is done, `wait=N` waits up to N seconds. */
  waits?: boolean;
  status: 200 | 201;
  response: z.ZodType;
  /** A curl example's body, for the documentation. */
  example?: unknown;
}

const defineV1 = <const E extends V1Endpoint>(e: E): E => e;

export const createReviewRequest = defineV1({
  id: 'createReviewRequest',
  method: 'POST',
  path: '/review-requests',
  summary: 'Send a review request (a pulseCheck) to a customer.',
  description:
    'Sends by SMS and/or email through the same path as Operate: opt-outs, consent, the sending window (08:00–21:00 in the location’s time zone), trial allowance and plan all apply. A request due now is answered once sent (waiting up to 10 seconds; Prefer: wait=N for less); with Prefer: respond-async it is answered as soon as it is recorded (status scheduled, scheduled_for now) and sent a moment later. With an Idempotency-Key, a repeat with the same body answers the same request and sends nothing more.',
  scopes: ['review_requests:write'],
  body: reviewRequestInput,
  idempotent: true,
  waits: true,
  status: 201,
  response: reviewRequestOutput,
  example: { customer: { name: 'Jane Doe', phone: '(512) 555-0123', email: 'jane@example.com' }, campaign_uid: 'AbCdEf123456', external_id: 'job-1042' },
});

export const getReviewRequest = defineV1({
  id: 'getReviewRequest',
  method: 'GET',
  path: '/review-requests/:id',
  summary: 'A review request, with what was sent and whether the customer answered.',
  description: 'Another location’s request, or an unknown id, answers 404.',
  scopes: ['review_requests:write'],
  params: z.object({ id: z.string().max(100) }),
  status: 200,
  response: reviewRequestOutput,
});

export const listReviews = defineV1({
  id: 'listReviews',
  method: 'GET',
  path: '/reviews',
  summary: "The location's reviews, newest first, a page at a time.",
  description: 'pulseCheck answers and reviews synced from Google, Facebook and other sites; archived ones are left out. Pass next_cursor as cursor for the next page.',
  scopes: ['reviews:read'],
  query: z.strictObject({
    since: isoTime(API_MSG.since).optional().describe('Only reviews posted at or after this time.'),
    cursor: cursorParam,
    limit: limitParam.describe(`1 to ${API_KEY_LIMITS.pageMax}, default ${API_KEY_LIMITS.pageDefault}.`),
  }),
  status: 200,
  response: page(reviewOutput),
});

export const listCampaigns = defineV1({
  id: 'listCampaigns',
  method: 'GET',
  path: '/campaigns',
  summary: "The location's campaigns (technicians), by name.",
  description: 'Their uid or employee_id names the campaign of a review request.',
  scopes: ['review_requests:write', 'reviews:read'],
  status: 200,
  response: z.object({ data: z.array(campaignOutput) }),
});

export const listConversations = defineV1({
  id: 'listConversations',
  method: 'GET',
  path: '/conversations',
  summary: "The location's inbox conversations, newest first, a page at a time.",
  description: 'Each conversation is one customer number; the last message is included. Pass next_cursor as cursor for the next page.',
  scopes: ['conversations:read'],
  query: z.strictObject({ cursor: cursorParam, limit: limitParam.describe(`1 to ${API_KEY_LIMITS.pageMax}, default ${API_KEY_LIMITS.pageDefault}.`) }),
  status: 200,
  response: page(conversationOutput),
});

/** Every call of version 1, in the documentation's order. */
export const V1_ENDPOINTS: readonly V1Endpoint[] = [createReviewRequest, getReviewRequest, listReviews, listCampaigns, listConversations, v1CreateWebhook, v1ListWebhooks, v1DeleteWebhook];

/** The address of the version's OpenAPI document, served without a key. */
export const V1_OPENAPI_PATH = `${API_V1_BASE}/openapi.json`;
