import { z } from 'zod';
import { RULES } from '../rules.js';
import { emailSchema, idSchema, phoneSchema } from '../validators.js';
import { defineEndpoint, defineRawEndpoint } from './define.js';

/**
 * Review requests sent when a job is done in the business's field-service software: the connectors (Jobber,
 * Housecall Pro, ServiceTitan), the generic job webhook for every other system, the rules, the technicians'
 * campaigns and the jobs' activity. Settings › Integrations › Field service and › Automatic requests, for Owners
 * and Admins; the systems' webhooks are public and checked by each system's signature or the secret address.
 */

export const FIELD_PROVIDERS = ['jobber', 'housecall_pro', 'servicetitan'] as const;
export type FieldProvider = (typeof FIELD_PROVIDERS)[number];
/** Where a job came from: a connector, the generic webhook, or the screen's Test job. */
export const FIELD_SOURCES = [...FIELD_PROVIDERS, 'webhook', 'test'] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

export const FIELD_SOURCE_LABELS: Record<FieldSource, string> = {
  jobber: 'Jobber',
  housecall_pro: 'Housecall Pro',
  servicetitan: 'ServiceTitan',
  webhook: 'Job webhook',
  test: 'Test job',
};

export const FIELD_CHANNELS = ['sms', 'email', 'both'] as const;

export const FIELD_SKIP_REASONS = ['rules_off', 'tagged', 'no_campaign', 'no_contact', 'asked_recently'] as const;
export type FieldSkipReason = (typeof FIELD_SKIP_REASONS)[number];

export const FIELD_LIMITS = {
  waitMinutesMax: 7 * 24 * 60,
  repeatDaysMin: 1,
  repeatDaysMax: 365,
  skipTagsMax: 20,
  tagMax: 50,
  tagsPerJobMax: 50,
  textMax: 200,
  activityPage: 25,
  technicians: 200,
} as const;

export const FIELD_DEFAULTS = { waitMinutes: 60, repeatDays: 90, channel: 'sms' as const } as const;

export const FS_MSG = {
  provider: `Choose one of ${FIELD_PROVIDERS.join(', ')}.`,
  apiKey: 'Enter the API key.',
  signingSecret: 'Enter the webhook signing secret.',
  tenantId: 'Enter the tenant id (digits).',
  clientId: 'Enter the client id.',
  clientSecret: 'Enter the client secret.',
  appKey: 'Enter the app key.',
  hmacKey: 'Enter the HMAC key of 32 to 64 characters.',
  waitMinutes: `Wait a whole number of minutes from 0 to ${FIELD_LIMITS.waitMinutesMax}.`,
  repeatDays: `Choose ${FIELD_LIMITS.repeatDaysMin} to ${FIELD_LIMITS.repeatDaysMax} days.`,
  channel: `Choose one of ${FIELD_CHANNELS.join(', ')}.`,
  skipTags: `At most ${FIELD_LIMITS.skipTagsMax} words of 1 to ${FIELD_LIMITS.tagMax} characters.`,
  technician: 'Choose a technician.',
  campaign: 'Choose a campaign.',
  campaignUnknown: 'That campaign was not found.',
  page: 'Choose a page.',
  // The job webhook's fields.
  jobId: `Give job_id: 1 to ${FIELD_LIMITS.textMax} characters.`,
  completedAt: 'Give completed_at as an ISO 8601 time with its offset, e.g. 2026-11-27T16:30:00-06:00.',
  customer: 'Give customer: an object with name and a phone or an email.',
  customerName: `Give customer.name: 1 to ${FIELD_LIMITS.textMax} characters.`,
  customerPhone: 'Give customer.phone as a US number.',
  customerEmail: 'Give customer.email as an email address.',
  contactRequired: 'Give customer.phone or customer.email.',
  technicianInput: 'Give technician: an object with employee_id or name.',
  technicianEmployeeId: `Give technician.employee_id: 1 to ${FIELD_LIMITS.textMax} characters.`,
  technicianName: `Give technician.name: 1 to ${FIELD_LIMITS.textMax} characters.`,
  tags: `Give tags as a list of at most ${FIELD_LIMITS.tagsPerJobMax} words of 1 to ${FIELD_LIMITS.tagMax} characters.`,
  unknownField: 'This field is not known.',
  body: 'Send a JSON object.',
  // Answers.
  connected: 'Connected.',
  disconnected: 'Disconnected. Its jobs are no longer received.',
  rulesSaved: 'Rules saved.',
  regenerated: 'New address made. The old one no longer works.',
  mappingSaved: 'Technician saved.',
  testSent: 'Test job sent. It is listed below once handled.',
  notConnected: 'Connect it first.',
  jobberNotConfigured: 'Jobber sign-in is not set up on this server.',
  jobberFailed: 'Jobber did not accept the sign-in. Try again.',
  providerUnavailable: 'The system could not be reached. Try again in a moment.',
  credentialsRefused: 'The system refused these credentials.',
  signature: 'The webhook signature is missing or wrong.',
  unknownAddress: 'This webhook address is not known. Copy it again from Settings › Integrations › Field service.',
} as const;

export const FIELD_SKIP_LABELS: Record<FieldSkipReason, string> = {
  rules_off: 'Automatic requests are off',
  tagged: 'Tagged to skip',
  no_campaign: 'Technician has no campaign',
  no_contact: 'No phone or email for the channel',
  asked_recently: 'Customer asked recently',
};

const text = (message: string, max: number = FIELD_LIMITS.textMax) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

const tag = z.string({ error: FS_MSG.tags }).trim().min(1, { error: FS_MSG.tags }).max(FIELD_LIMITS.tagMax, { error: FS_MSG.tags });

/** The body of the generic job webhook (Zapier, Make, n8n, a business's own system). */
export const jobWebhookInput = z.strictObject(
  {
    job_id: z.union([text(FS_MSG.jobId), z.number({ error: FS_MSG.jobId }).int({ error: FS_MSG.jobId }).transform(String)], { error: FS_MSG.jobId }),
    completed_at: z.iso.datetime({ offset: true, error: FS_MSG.completedAt }),
    customer: z.strictObject(
      {
        name: text(FS_MSG.customerName),
        phone: phoneSchema(FS_MSG.customerPhone, { e164: true, optional: true }).nullish(),
        email: z.union([z.literal(''), emailSchema(FS_MSG.customerEmail)], { error: FS_MSG.customerEmail }).nullish(),
      },
      { error: (issue) => (issue.code === 'unrecognized_keys' ? FS_MSG.unknownField : FS_MSG.customer) },
    ),
    technician: z
      .strictObject(
        { employee_id: text(FS_MSG.technicianEmployeeId).nullish(), name: text(FS_MSG.technicianName).nullish() },
        { error: (issue) => (issue.code === 'unrecognized_keys' ? FS_MSG.unknownField : FS_MSG.technicianInput) },
      )
      .refine((t) => Boolean(t.employee_id || t.name), { error: FS_MSG.technicianInput }),
    tags: z.array(tag, { error: FS_MSG.tags }).max(FIELD_LIMITS.tagsPerJobMax, { error: FS_MSG.tags }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? FS_MSG.unknownField : FS_MSG.body) },
).superRefine((v, ctx) => {
  if (!v.customer.phone && !v.customer.email) ctx.addIssue({ code: 'custom', path: ['customer', 'phone'], message: FS_MSG.contactRequired });
});
export type JobWebhookInput = z.input<typeof jobWebhookInput>;

export const fieldConnectorItem = z.object({
  provider: z.enum(FIELD_PROVIDERS),
  /** Not connected, Jobber's sign-in under way, or connected. */
  status: z.enum(['none', 'pending', 'connected']),
  account_name: z.string().nullable(),
  connected_at: z.string().nullable(),
  /** The address to give the system for its job-completed webhook, once connected. */
  webhook_url: z.string().nullable(),
  /** Jobber: true when this server has Jobber's app credentials (else the connection is a local demo). */
  oauth: z.boolean(),
});
export type FieldConnectorItem = z.infer<typeof fieldConnectorItem>;

export const fieldRules = z.object({
  enabled: z.boolean(),
  wait_minutes: z.number().int(),
  channel: z.enum(FIELD_CHANNELS),
  repeat_days: z.number().int(),
  skip_tags: z.array(z.string()),
});
export type FieldRules = z.infer<typeof fieldRules>;

export const fieldJobItem = z.object({
  id: z.number().int(),
  source: z.enum(FIELD_SOURCES),
  external_id: z.string(),
  completed_at: z.string(),
  customer: z.string(),
  contact: z.string(),
  technician: z.string().nullable(),
  campaign: z.string().nullable(),
  /** scheduled / sending / sent / failed: the review request's state; skipped: none was made (see reason). */
  status: z.enum(['scheduled', 'sending', 'sent', 'failed', 'skipped']),
  reason: z.enum(FIELD_SKIP_REASONS).nullable(),
  /** When the request goes (or went). */
  scheduled_for: z.string().nullable(),
  error: z.string().nullable(),
  received_at: z.string(),
});
export type FieldJobItem = z.infer<typeof fieldJobItem>;

export const fieldTechnicianItem = z.object({
  /** id:<employee id> or name:<name>, as the mapping keeps it. */
  key: z.string(),
  label: z.string(),
  /** The campaign chosen on the screen; null: found by Employee ID or name, or none. */
  campaign_id: z.number().int().nullable(),
  /** The campaign jobs of this technician go to now, and how it was found. */
  resolved: z.object({ campaign_id: z.number().int(), name: z.string(), by: z.enum(['mapping', 'employee_id', 'name']) }).nullable(),
});
export type FieldTechnicianItem = z.infer<typeof fieldTechnicianItem>;

const access = { kind: 'location', rule: RULES.settingsIntegrations } as const;

export const loadFieldService = defineEndpoint({
  id: 'field-service-load',
  method: 'POST',
  path: '/settings/integrations/field-service/load',
  summary: 'The connectors (Jobber, Housecall Pro, ServiceTitan) with their webhook addresses, and the generic job webhook address.',
  access,
  response: z.object({ connectors: z.array(fieldConnectorItem), job_webhook_url: z.string() }),
});

export const connectFieldProvider = defineEndpoint({
  id: 'field-service-connect',
  method: 'POST',
  path: '/settings/integrations/field-service/connect',
  summary:
    "Connect Housecall Pro (API key and webhook signing secret) or ServiceTitan (tenant, client, app key and the webhooks' HMAC key); the keys are checked with the system and stored encrypted.",
  access,
  body: z.discriminatedUnion(
    'provider',
    [
      z.object({
        provider: z.literal('housecall_pro'),
        api_key: text(FS_MSG.apiKey, 500),
        signing_secret: text(FS_MSG.signingSecret, 500),
      }),
      z.object({
        provider: z.literal('servicetitan'),
        tenant_id: z.string({ error: FS_MSG.tenantId }).trim().regex(/^\d{1,20}$/, { error: FS_MSG.tenantId }),
        client_id: text(FS_MSG.clientId, 500),
        client_secret: text(FS_MSG.clientSecret, 500),
        app_key: text(FS_MSG.appKey, 500),
        hmac_key: z.string({ error: FS_MSG.hmacKey }).trim().min(32, { error: FS_MSG.hmacKey }).max(64, { error: FS_MSG.hmacKey }),
      }),
    ],
    { error: FS_MSG.provider },
  ),
  response: fieldConnectorItem,
});

export const startJobberConnect = defineEndpoint({
  id: 'field-service-jobber-connect',
  method: 'POST',
  path: '/settings/integrations/field-service/jobber/connect',
  summary: "Start connecting Jobber: the address of Jobber's sign-in (or, without Jobber's app credentials on this server, a local demo connection).",
  access,
  response: z.object({ url: z.string().nullable(), connector: fieldConnectorItem }),
});

export const jobberCallback = defineRawEndpoint({
  id: 'field-service-jobber-callback',
  method: 'GET',
  path: '/integrations/jobber/callback',
  summary: "Where Jobber's sign-in returns: the code is exchanged for tokens and the account is read; then back to the screen.",
  access: { kind: 'location', rule: RULES.settingsIntegrations },
  query: z.object({ code: z.string().max(2000).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }),
  produces: { 'text/html': z.string() },
});

export const disconnectFieldProvider = defineEndpoint({
  id: 'field-service-disconnect',
  method: 'POST',
  path: '/settings/integrations/field-service/disconnect',
  summary: "Disconnect a system: its credentials are deleted and its webhooks are no longer accepted.",
  access,
  body: z.object({ provider: z.enum(FIELD_PROVIDERS, { error: FS_MSG.provider }) }),
  response: z.null(),
});

export const regenerateJobWebhook = defineEndpoint({
  id: 'field-service-job-webhook-regenerate',
  method: 'POST',
  path: '/settings/integrations/field-service/job-webhook/regenerate',
  summary: 'A new secret address for the generic job webhook; the old one stops working at once.',
  access,
  response: z.object({ job_webhook_url: z.string() }),
});

export const loadFieldRules = defineEndpoint({
  id: 'field-service-rules-load',
  method: 'POST',
  path: '/settings/integrations/automatic-requests/load',
  summary: 'The rules of automatic review requests after a job.',
  access,
  response: z.object({ rules: fieldRules, send_window: z.object({ start_hour: z.number().int(), end_hour: z.number().int(), time_zone: z.string() }) }),
});

export const saveFieldRules = defineEndpoint({
  id: 'field-service-rules-save',
  method: 'POST',
  path: '/settings/integrations/automatic-requests/save',
  summary: 'Save the rules of automatic review requests after a job.',
  access,
  body: z.object({
    enabled: z.boolean({ error: 'Choose on or off.' }),
    wait_minutes: z.number({ error: FS_MSG.waitMinutes }).int({ error: FS_MSG.waitMinutes }).min(0, { error: FS_MSG.waitMinutes }).max(FIELD_LIMITS.waitMinutesMax, { error: FS_MSG.waitMinutes }),
    channel: z.enum(FIELD_CHANNELS, { error: FS_MSG.channel }),
    repeat_days: z
      .number({ error: FS_MSG.repeatDays })
      .int({ error: FS_MSG.repeatDays })
      .min(FIELD_LIMITS.repeatDaysMin, { error: FS_MSG.repeatDays })
      .max(FIELD_LIMITS.repeatDaysMax, { error: FS_MSG.repeatDays }),
    skip_tags: z
      .array(tag.transform((t) => t.toLowerCase()), { error: FS_MSG.skipTags })
      .max(FIELD_LIMITS.skipTagsMax, { error: FS_MSG.skipTags })
      .transform((tags) => [...new Set(tags)]),
  }),
  response: z.object({ rules: fieldRules }),
});

export const loadFieldTechnicians = defineEndpoint({
  id: 'field-service-technicians-load',
  method: 'POST',
  path: '/settings/integrations/field-service/technicians/load',
  summary: 'The technicians the jobs named, with the campaign each goes to (chosen here, or found by Employee ID or name).',
  access,
  response: z.object({ technicians: z.array(fieldTechnicianItem), campaigns: z.array(z.object({ id: z.number().int(), name: z.string(), employee_id: z.string() })) }),
});

export const saveFieldTechnician = defineEndpoint({
  id: 'field-service-technician-save',
  method: 'POST',
  path: '/settings/integrations/field-service/technicians/save',
  summary: "Tie a technician to a campaign, or (campaign_id null) go back to finding it by Employee ID or name.",
  access,
  body: z.object({
    key: z.string({ error: FS_MSG.technician }).trim().regex(/^(id|name):.{1,200}$/s, { error: FS_MSG.technician }),
    label: text(FS_MSG.technician),
    campaign_id: idSchema(FS_MSG.campaign).nullable(),
  }),
  response: z.null(),
});

export const loadFieldJobs = defineEndpoint({
  id: 'field-service-jobs-load',
  method: 'POST',
  path: '/settings/integrations/field-service/jobs/load',
  summary: 'The jobs received, newest first: each with its review request (scheduled, sent, failed) or why it was skipped.',
  access,
  body: z.object({ page: z.number({ error: FS_MSG.page }).int({ error: FS_MSG.page }).min(1, { error: FS_MSG.page }).default(1) }),
  response: z.object({ jobs: z.array(fieldJobItem), total: z.number().int() }),
});

export const sendTestJob = defineEndpoint({
  id: 'field-service-test-job',
  method: 'POST',
  path: '/settings/integrations/field-service/test-job',
  summary: 'Send a job-completed event through the same path as the systems: the rules apply, and a request goes to the customer given.',
  access,
  body: z
    .object({
      customer_name: text(FS_MSG.customerName),
      customer_phone: phoneSchema(FS_MSG.customerPhone, { e164: true, optional: true }).optional(),
      customer_email: z.union([z.literal(''), emailSchema(FS_MSG.customerEmail)], { error: FS_MSG.customerEmail }).optional(),
      campaign_id: idSchema(FS_MSG.campaign),
      tags: z.array(tag, { error: FS_MSG.tags }).max(FIELD_LIMITS.tagsPerJobMax, { error: FS_MSG.tags }).optional(),
    })
    .superRefine((v, ctx) => {
      if (!v.customer_phone && !v.customer_email) ctx.addIssue({ code: 'custom', path: ['customer_phone'], message: FS_MSG.contactRequired });
    }),
  response: z.object({ job_id: z.string() }),
});

// The systems' webhooks: public, each checked by its system's signature (or the generic one's secret address).

const received = { 'application/json': z.object({ received: z.boolean() }) };

export const jobberWebhook = defineRawEndpoint({
  id: 'field-service-jobber-webhook',
  method: 'POST',
  path: '/integrations/jobber/webhook',
  summary: "Jobber's job events (JOB_CLOSED, VISIT_COMPLETE), signed with X-Jobber-Hmac-SHA256; each event is handled once, on the worker.",
  access: { kind: 'public' },
  produces: received,
});

export const housecallProWebhook = defineRawEndpoint({
  id: 'field-service-housecall-pro-webhook',
  method: 'POST',
  path: '/integrations/housecall-pro/webhook/:key',
  summary: "Housecall Pro's job.completed events, signed with Api-Signature over Api-Timestamp and the body; handled once, on the worker.",
  access: { kind: 'public' },
  params: z.object({ key: z.string().max(100) }),
  produces: received,
});

export const serviceTitanWebhook = defineRawEndpoint({
  id: 'field-service-servicetitan-webhook',
  method: 'POST',
  path: '/integrations/servicetitan/webhook/:key',
  summary: "ServiceTitan's V2 job-completed events, signed with the app's HMAC key; handled once, on the worker.",
  access: { kind: 'public' },
  params: z.object({ key: z.string().max(100) }),
  produces: received,
});

export const jobWebhook = defineRawEndpoint({
  id: 'field-service-job-webhook',
  method: 'POST',
  path: '/integrations/jobs/:token',
  summary: 'The generic job webhook (Zapier, Make, n8n, your own system): one secret address per location; a job sent twice is handled once.',
  access: { kind: 'public' },
  params: z.object({ token: z.string().max(100) }),
  body: jobWebhookInput,
  produces: { 'application/json': z.object({ received: z.boolean(), duplicate: z.boolean() }) },
});
