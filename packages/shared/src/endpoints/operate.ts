import { z } from 'zod';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { idSchema, isValidEmail, phoneSchema } from '../validators.js';
import { defineEndpoint, defineRawEndpoint } from './define.js';
import { htmlPage } from './media.js';

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((v) => v === true || v === 1 || v === '1');

/** An optional phone: empty, or its ten digits. */
const optionalPhone = (message: string) =>
  phoneSchema(message, { optional: true })
    .nullish()
    .transform((v) => v ?? '');

const optionalEmail = (message: string) =>
  z
    .string({ error: message })
    .max(254, { error: message })
    .nullish()
    .transform((v) => (v ?? '').trim().toLowerCase())
    .refine((v) => v === '' || isValidEmail(v), { error: message });

/** The dispatch payload (3§3), for bios and pulseChecks alike. */
export const dispatchPayload = z
  .object({
    campaign_uid: z.string({ error: MSG.dispatchCampaignRequired }).trim().min(1, { error: MSG.dispatchCampaignRequired }).max(64),
    customer_phone: optionalPhone(MSG.dispatchContactRequired),
    customer_email: optionalEmail(MSG.dispatchContactRequired),
    customer_name: z.string().trim().max(100).nullish().transform((v) => v ?? ''),
    customer_address: z.string().trim().max(255).nullish().transform((v) => v ?? ''),
    /** A place picked from an address search, kept as given (at most a few fields). */
    customer_place: z.record(z.string(), z.unknown()).nullish().refine((v) => !v || JSON.stringify(v).length <= 4000, { error: 'The place is too large' }),
    is_test: flag.optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.customer_phone && !v.customer_email) {
      ctx.addIssue({ code: 'custom', path: ['customer_phone'], message: MSG.dispatchContactRequired });
    }
  });
export type DispatchPayload = z.input<typeof dispatchPayload>;

const channelStatus = z.union([z.literal(0), z.literal(1)]).nullable();

/** The outcome of one send: each channel's status (1 sent, 0 failed, null not attempted) and message. */
export const dispatchResult = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  phone_status: channelStatus,
  phone_message: z.string().nullable(),
  email_status: channelStatus,
  email_message: z.string().nullable(),
  /** Trial locations: pulseChecks left after this send. */
  pcheck_count: z.number().int().nullable(),
});
export type DispatchResult = z.infer<typeof dispatchResult>;

export const sendBio = defineEndpoint({
  id: 'E106',
  method: 'POST',
  path: '/kudo-beta/dispatch/send-bio',
  summary: "Send a technician's bio to a customer by SMS and/or email.",
  access: { kind: 'location', rule: RULES.operate },
  body: dispatchPayload,
  response: dispatchResult,
});

export const sendPulseCheck = defineEndpoint({
  id: 'E107',
  method: 'POST',
  path: '/kudo-beta/dispatch/send-pcheck',
  summary: 'Send a pulseCheck (feedback request) to a customer by SMS and/or email.',
  // Onboarding and the trial wizard send too, so trial locations may call it (they spend pcheck_count).
  access: { kind: 'location', rule: { permission: 'dispatch', allowTrial: true } },
  body: dispatchPayload,
  response: dispatchResult,
});

const contact = z.object({
  name: z.string(),
  email: z.string(),
  address_line: z.string(),
  city: z.string(),
  state: z.string(),
});

export const phoneNumberLookup = defineEndpoint({
  id: 'E109',
  method: 'POST',
  path: '/dispatch/phone-number-lookup',
  summary: 'The known customer with this phone number, if any.',
  access: { kind: 'location', rule: RULES.operate },
  body: z.object({ phoneNumber: phoneSchema(MSG.consentPhoneRequired) }),
  response: z.object({ status: z.union([z.literal(0), z.literal(1)]), message: z.string(), contact: contact.nullable() }),
});

export const lookupPhone = defineEndpoint({
  id: 'E110',
  method: 'POST',
  path: '/home-owner/lookup-phone',
  summary: "A known customer's name, email and address by phone, and whether they may be sent bios and pulseChecks.",
  access: { kind: 'location', rule: RULES.operate },
  body: z.object({ phone: phoneSchema(MSG.consentPhoneRequired) }),
  response: z.object({ check: z.boolean(), opted_out: z.boolean(), contact: contact.nullable() }),
});

export const APP_CODES = { HS: 'dispatch', CNXN: 'messaging' } as const;
export type AppCode = keyof typeof APP_CODES;
const appCode = z.enum(['HS', 'CNXN'], { error: MSG.consentAppCode });

export const lookupPhoneConsent = defineEndpoint({
  id: 'E116',
  method: 'POST',
  path: '/home-owner/lookup-phone-consent',
  summary: 'Whether this phone may be texted for the app code (HS dispatch, CNXN messaging), and the known contact.',
  // Used by dispatch and by the inbox's New Conversation: either permission will do (checked in the handler).
  access: { kind: 'location' },
  body: z.object({
    phone: phoneSchema(MSG.consentPhoneRequired),
    app_code: appCode,
  }),
  response: z.object({ check: z.boolean(), contact: contact.nullable(), reason: z.string().nullable() }),
});

/** The consent payloads (3§3): dispatch form {email, phone, HS}; messaging form {phone, name, CNXN}; bulk rows. */
export const consentPayload = z
  .object({
    app_code: appCode,
    phone: optionalPhone(MSG.consentPhoneRequired),
    email: optionalEmail(MSG.validEmail),
    name: z.string().trim().max(100).nullish().transform((v) => v ?? ''),
    /** bulk: the row comes from a spreadsheet upload. */
    source: z.enum(['form', 'bulk']).optional().default('form'),
  })
  .superRefine((v, ctx) => {
    if (v.app_code === 'CNXN' && !v.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: MSG.consentPhoneRequired });
    if (v.app_code === 'HS' && !v.phone && !v.email) ctx.addIssue({ code: 'custom', path: ['phone'], message: MSG.consentContactRequired });
  });

export const optIn = defineEndpoint({
  id: 'E114',
  method: 'POST',
  path: '/dashboard/quick-action/home-owner/opt-in',
  summary: 'Record that a customer agreed to bios and pulseChecks (HS) or to text conversations (CNXN).',
  access: { kind: 'location' },
  body: consentPayload,
  response: z.null(),
});

export const optOut = defineEndpoint({
  id: 'E115',
  method: 'POST',
  path: '/dashboard/quick-action/home-owner/opt-out',
  summary: 'Record that a customer wants no more bios and pulseChecks (HS) or text conversations (CNXN).',
  access: { kind: 'location' },
  body: consentPayload,
  response: z.null(),
});

const boostSettings = z.object({ id: z.number().int().nullable(), enabled: z.boolean(), location_id: z.number().int() });

export const loadBoost = defineEndpoint({
  id: 'E112',
  method: 'GET',
  path: '/boost/settings',
  summary: 'Kudo Boost for this location: one follow-up pulseCheck 48 hours after an unanswered one.',
  access: { kind: 'location', rule: RULES.operate },
  response: boostSettings.extend({ available: z.boolean() }),
});

export const saveBoost = defineEndpoint({
  id: 'E113',
  method: 'PUT',
  path: '/boost/settings',
  summary: 'Turn Kudo Boost on or off for this location.',
  access: { kind: 'location', rule: RULES.operate },
  body: z.object({ id: idSchema().nullish(), enabled: flag, location_id: idSchema().optional() }),
  response: boostSettings,
});

export const BULK_ROW_STATUSES = ['standby', 'pending', 'success', 'error'] as const;

export const bulkJobView = z.object({
  id: z.number().int(),
  kind: z.enum(['bio', 'pcheck']),
  campaign_name: z.string(),
  file_name: z.string(),
  /** queued, running, waiting (outside the 08:00–21:00 sending window), done */
  status: z.enum(['queued', 'running', 'waiting', 'done']),
  /** When a waiting job resumes. */
  resumes_at: z.string().nullable(),
  total: z.number().int(),
  counts: z.object({ standby: z.number().int(), pending: z.number().int(), success: z.number().int(), error: z.number().int() }),
  rows: z.array(
    z.object({
      row: z.number().int(),
      name: z.string(),
      phone: z.string(),
      email: z.string(),
      status: z.enum(BULK_ROW_STATUSES),
      message: z.string().nullable(),
    }),
  ),
});
export type BulkJobView = z.infer<typeof bulkJobView>;

/**
 * Send to Multiple Customers: a multipart upload (fields `campaign_uid`, `kind` bio|pcheck, then `file`:
 * .xls, .xlsx or .csv) parsed on the server; valid rows are sent one by one by the job worker.
 */
export const bulkUpload = defineEndpoint({
  id: 'bulk-upload',
  method: 'POST',
  path: '/kudo-beta/dispatch/bulk',
  summary: 'Send a bio or a pulseCheck to every customer of a spreadsheet (multipart upload).',
  access: { kind: 'location', rule: { permission: 'dispatch', allowTrial: true } },
  response: bulkJobView,
});

export const bulkLatest = defineEndpoint({
  id: 'bulk-latest',
  method: 'GET',
  path: '/kudo-beta/dispatch/bulk/latest',
  summary: "The user's bulk send still running (or finished in the last hour) at this location, if any.",
  access: { kind: 'location', rule: { permission: 'dispatch', allowTrial: true } },
  response: bulkJobView.nullable(),
});

export const bulkStatus = defineEndpoint({
  id: 'bulk-status',
  method: 'GET',
  path: '/kudo-beta/dispatch/bulk/:id',
  summary: 'A bulk send and the status of each of its rows.',
  access: { kind: 'location', rule: { permission: 'dispatch', allowTrial: true } },
  params: z.object({ id: idSchema(undefined, true) }),
  response: bulkJobView,
});

const contactCardRule = { permission: 'dispatch', subscriptions: ['contact-card'] } as const;

export const loadContactCard = defineEndpoint({
  id: 'E108',
  method: 'POST',
  path: '/dispatch/contact-card/load',
  summary: "The location's contact card, as Operate › Contact Card sends it.",
  access: { kind: 'location', rule: contactCardRule },
  response: z.object({
    ready: z.boolean(),
    company_name: z.string(),
    vcard_url: z.string().nullable(),
    /** The text a customer gets, with the sample name Alex. */
    preview: z.string().nullable(),
  }),
});

export const sendContactCard = defineEndpoint({
  id: 'E111',
  method: 'POST',
  path: '/dispatch/contact-card',
  summary: "Text a customer the location's contact card (a link to its vCard).",
  access: { kind: 'location', rule: contactCardRule },
  body: z.object({
    isTest: flag.optional().default(false),
    name: z.string().trim().max(100).nullish().transform((v) => v ?? ''),
    phoneNumber: phoneSchema(MSG.consentPhoneRequired),
  }),
  response: z.null(),
});

/**
 * Reads a consent spreadsheet (multipart `file`) on the server: the columns are found by their header
 * (first name, last name, phone number, case-insensitive); each row is then recorded with E114/E115.
 */
export const readConsentSheet = defineEndpoint({
  id: 'consent-sheet',
  method: 'POST',
  path: '/dashboard/quick-action/home-owner/read-sheet',
  summary: 'Read a spreadsheet of customers for bulk messaging consent.',
  access: { kind: 'location' },
  response: z.object({
    rows: z.array(z.object({ row: z.number().int(), name: z.string(), phone: z.string(), valid: z.boolean() })),
  }),
});

/** The signed query of a customer email's unsubscribe link: location, address and signature. */
const unsubscribeQuery = z.object({ l: z.string().max(20), e: z.string().max(400), s: z.string().max(200) }).partial();

/** The unsubscribe link of customer emails, opened in a browser: a page that asks to confirm. */
export const unsubscribePage = defineRawEndpoint({
  id: 'unsubscribe-page',
  method: 'GET',
  path: '/public/unsubscribe',
  summary: 'The page of a customer email’s unsubscribe link: asks to confirm (a GET changes nothing).',
  access: { kind: 'public' },
  rateLimit: 'public',
  query: unsubscribeQuery,
  produces: htmlPage,
});

/** The confirmation of that page, and mail clients' one-click unsubscribe (RFC 8058). */
export const unsubscribe = defineRawEndpoint({
  id: 'unsubscribe',
  method: 'POST',
  path: '/public/unsubscribe',
  summary: 'Opt the address of a signed unsubscribe link out of the location’s emails.',
  access: { kind: 'public' },
  rateLimit: 'public',
  form: true,
  query: unsubscribeQuery,
  body: z.object({ 'List-Unsubscribe': z.string().max(40).optional() }).nullish(),
  produces: htmlPage,
});

/** Operate › Activity: the latest sends this many at most. */
export const ACTIVITY_LIMIT = 100;

export const activityItem = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  sent_at: z.string(),
  kind: z.enum(['pcheck', 'bio']),
  campaign: z.string(),
  customer: z.string(),
  /** The phone (formatted) and/or the email it went to. */
  contact: z.string(),
  sms_status: channelStatus,
  email_status: channelStatus,
  /** Why a channel failed (an opt-out), when one did. */
  problem: z.string().nullable(),
  /** dashboard, bulk, boost, wizard, api, sample */
  source: z.string(),
  /** Who sent it, as a person reads it: a user's name, Kudo Boost, or the API key's name. */
  sent_by: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const loadActivity = defineEndpoint({
  id: 'operate-activity',
  method: 'GET',
  path: '/operate/activity',
  summary: "The location's latest bios and pulseChecks, newest first, with who or what sent each.",
  access: { kind: 'location', rule: RULES.operate },
  response: z.object({ rows: z.array(activityItem) }),
});
