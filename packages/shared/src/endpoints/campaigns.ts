import { z } from 'zod';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { SMS_TEMPLATE_MAX, smsTemplateTooLong } from '../templates.js';
import { idSchema, isHttpUrl, isValidEmail, phoneSchema } from '../validators.js';
import { defineEndpoint } from './define.js';

/** The review and social sites a campaign may link to; `custom` links carry their own title. */
export const CAMPAIGN_SOCIAL_SOURCES = [
  'google',
  'facebook',
  'homestar',
  'homeadvisor',
  'bbb',
  'houzz',
  'nextdoor',
  'yp',
  'angieslist',
  'porch',
  'custom',
] as const;
export type CampaignSocialSource = (typeof CAMPAIGN_SOCIAL_SOURCES)[number];

export const CAMPAIGN_LIMITS = {
  nameMax: 100,
  descriptionMax: 2000,
  departmentMax: 60,
  employeeIdMax: 64,
  licenseMax: 60,
  urlMax: 2048,
  emailTemplateMax: 5000,
} as const;

/** The message when a location already has as many campaigns as its plan allows. */
export const campaignLimitMessage = (max: number): string =>
  `Your plan allows ${max} campaign${max === 1 ? '' : 's'}. Delete one or upgrade your plan to add another.`;

const YOUTUBE_RE = /^https?:\/\/(www\.|m\.)?(youtube\.com\/(watch\?v=|embed\/|shorts\/|live\/)|youtu\.be\/)[\w-]{6,}/i;
export const isYoutubeUrl = (value: string): boolean => YOUTUBE_RE.test(value);

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: MSG.campaignTooLong });

/** An optional text: null clears it; left out, it stays as it is (an edit) or empty (an add). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MSG.campaignTooLong })
    .nullish()
    .transform((v) => (v === null ? '' : v));

/** A blank template means "use the default" (stored as null); left out, it stays as it is. */
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v && v.trim() ? v.trim() : null);

/** An SMS template: at most 140 characters; blank (or null) means "use the default". */
const smsTemplate = z
  .string()
  .nullish()
  .superRefine((v, ctx) => {
    if (v && v.trim().length > SMS_TEMPLATE_MAX) ctx.addIssue({ code: 'custom', message: smsTemplateTooLong(v.trim().length) });
  })
  .transform(blankToNull);

const emailTemplate = z
  .string()
  .max(CAMPAIGN_LIMITS.emailTemplateMax, { error: MSG.campaignTooLong })
  .nullish()
  .transform(blankToNull);

/** The fields of the campaign form, snake_case as the client sends them (E055, E056). */
export const campaignFields = z.object({
  /** The Employee ID, useful for API integrations. */
  id: optionalText(CAMPAIGN_LIMITS.employeeIdMax),
  name: required(MSG.campaignName, CAMPAIGN_LIMITS.nameMax),
  description: required(MSG.campaignDescription, CAMPAIGN_LIMITS.descriptionMax),
  department: required(MSG.campaignDepartment, CAMPAIGN_LIMITS.departmentMax),
  image: required(MSG.campaignImage, CAMPAIGN_LIMITS.urlMax),
  license: optionalText(CAMPAIGN_LIMITS.licenseMax),
  /** The technician's email (the descriptor shown on the bio page). */
  email: z
    .string()
    .trim()
    .toLowerCase()
    .nullish()
    .transform((v) => (v === null ? '' : v))
    .refine((v) => !v || isValidEmail(v), { error: MSG.validEmail }),
  yt_url: z
    .string()
    .trim()
    .max(CAMPAIGN_LIMITS.urlMax, { error: MSG.campaignTooLong })
    .nullish()
    .transform((v) => (v === null ? '' : v))
    .refine((v) => !v || isYoutubeUrl(v), { error: MSG.campaignYoutubeUrl }),
  /** The technician's FieldOps sign-in; blank keeps the current one (one is created at the first invite). */
  fieldops_username: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[A-Za-z0-9._-]{3,40}$/.test(v), { error: MSG.campaignFieldopsUsername }),
  fieldops_password: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\S{6,64}$/.test(v), { error: MSG.campaignFieldopsPassword }),
  pcheck_sms_template: smsTemplate,
  bio_sms_template: smsTemplate,
  pcheck_email_template: emailTemplate,
  bio_email_template: emailTemplate,
});
export type CampaignFieldsInput = z.input<typeof campaignFields>;

const uidSchema = z.string({ error: MSG.campaignNotFound }).trim().min(1, { error: MSG.campaignNotFound }).max(64, { error: MSG.campaignNotFound });

export const campaignItem = z.object({
  /** The public id used in customer links. */
  uid: z.string(),
  /** Employee ID. */
  id: z.string(),
  campaign_id: z.number().int(),
  campaignId: z.number().int(),
  name: z.string(),
  description: z.string(),
  department: z.string(),
  image: z.string(),
  license: z.string(),
  email: z.string(),
  yt_url: z.string(),
  /** Never the password itself: whether one is set (it is sent to the technician by the FieldOps invite). */
  fieldops_password: z.boolean(),
  fieldopsUsername: z.string().nullable(),
  pcheck_sms_template: z.string().nullable(),
  bio_sms_template: z.string().nullable(),
  pcheck_email_template: z.string().nullable(),
  bio_email_template: z.string().nullable(),
  is_default: z.boolean(),
  /** How many links of its own the campaign has (0: it uses the location's social media). */
  social_media_count: z.number().int(),
  created: z.string(),
});
export type CampaignItem = z.infer<typeof campaignItem>;

export const accountTemplates = z.object({
  bioEmailTemplate: z.string(),
  bioSmsTemplate: z.string(),
  pcheckEmailTemplate: z.string(),
  pcheckSmsTemplate: z.string(),
});
export type AccountTemplates = z.infer<typeof accountTemplates>;

export const planItem = z.object({ code: z.string(), name: z.string(), max_campaign: z.number().int() });

export const fetchCampaigns = defineEndpoint({
  id: 'E054',
  method: 'POST',
  path: '/settings/manage/kudo/campaigns/fetch',
  summary: "The location's campaigns, the default campaign's uid and the default message templates.",
  access: { kind: 'location', rule: RULES.settingsDispatch },
  response: z.object({
    campaigns: z.array(campaignItem),
    default_campaign_uid: z.string().nullable(),
    /** The location's templates (its own or the global fallback), so settings users need no dispatch access. */
    accountTemplates,
    /** The global fallback, for "Reset to default". */
    globalTemplates: accountTemplates,
  }),
});

export const editCampaign = defineEndpoint({
  id: 'E055',
  method: 'POST',
  path: '/settings/manage/kudo/campaigns/edit',
  summary: 'Change a campaign (optional fields left out stay as they are); `is_default: true` makes it the default.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: campaignFields.extend({
    uid: uidSchema,
    is_default: z.boolean().optional(),
    /**
     * A campaign may come back as E054 answered it, where the password is only a flag (true: one is set): the flag
     * keeps the password as it is. A string is a new password; blank or null keeps it too.
     */
    fieldops_password: z
      .union([z.string(), z.boolean()], { error: MSG.campaignFieldopsPassword })
      .nullish()
      .transform((v): string | null | undefined => (typeof v === 'string' ? v : null))
      .pipe(campaignFields.shape.fieldops_password),
    /** The username as E054 names it; `fieldops_username` wins when both are sent. */
    fieldopsUsername: campaignFields.shape.fieldops_username,
  }),
  response: campaignItem,
});

export const addCampaign = defineEndpoint({
  id: 'E056',
  method: 'POST',
  path: '/settings/manage/kudo/campaigns/add',
  summary: "Add a campaign, up to the plan's maximum; a location's first campaign becomes its default.",
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: campaignFields,
  response: campaignItem,
});

export const deleteCampaign = defineEndpoint({
  id: 'E057',
  method: 'POST',
  path: '/settings/manage/kudo/campaigns/delete',
  summary: 'Delete a campaign (not the default one); its past pulseChecks stay in the reports.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({ uid: uidSchema }),
  response: z.object({ uid: z.string() }),
});

export const shareApp = defineEndpoint({
  id: 'E058',
  method: 'POST',
  path: '/settings/manage/kudo/campaigns/share-app',
  summary: "Invite a campaign's technician to the FieldOps app by email and/or SMS, with their sign-in details.",
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z
    .object({
      email: z
        .string()
        .trim()
        .toLowerCase()
        .nullish()
        .transform((v) => v ?? '')
        .refine((v) => v === '' || isValidEmail(v), { error: MSG.fieldopsEmail }),
      phone_number: phoneSchema(MSG.fieldopsPhone, { optional: true })
        .nullish()
        .transform((v) => v ?? ''),
      campaign: uidSchema,
    })
    .refine((v) => v.email !== '' || v.phone_number !== '', { error: MSG.fieldopsNoContact, path: ['email'] }),
  response: z.object({ email: z.boolean(), sms: z.boolean(), fieldopsUsername: z.string() }),
});

export const socialMediaLink = z.object({
  socialMediaId: z.number().int(),
  source: z.enum(CAMPAIGN_SOCIAL_SOURCES),
  url: z.string(),
  metadata: z.object({ title: z.string() }).nullable(),
});
export type CampaignSocialLink = z.infer<typeof socialMediaLink>;

const socialMediaLoad = z.object({
  campaign_uid: z.string(),
  /** On while the campaign has no links of its own: the location's social media is used instead. */
  use_account_defaults: z.boolean(),
  social_media: z.array(socialMediaLink),
});

const socialUrlInput = z
  .object({
    source: z.enum(CAMPAIGN_SOCIAL_SOURCES, { error: MSG.socialSource }),
    url: z
      .string({ error: MSG.socialUrl })
      .trim()
      .max(CAMPAIGN_LIMITS.urlMax, { error: MSG.socialUrl })
      .refine(isHttpUrl, { error: MSG.socialUrl }),
    metadata: z
      .object({ title: z.string().trim().max(80, { error: MSG.campaignTooLong }).optional() })
      .nullish(),
    social_media_id: idSchema().optional(),
  })
  .refine((v) => v.source !== 'custom' || Boolean(v.metadata?.title), { error: MSG.socialTitle, path: ['metadata', 'title'] });

export const loadCampaignSocialMedia = defineEndpoint({
  id: 'E059',
  method: 'POST',
  path: '/settings/dispatch/campaigns/social-media/load',
  summary: "A campaign's own review and social links.",
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({ campaign_uid: uidSchema }),
  response: socialMediaLoad,
});

export const addCampaignSocialMedia = defineEndpoint({
  id: 'E060',
  method: 'POST',
  path: '/settings/dispatch/campaigns/social-media/add',
  summary: 'Add a link to a campaign (one per source; any number of custom links).',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({ campaign_uid: uidSchema, social_media_url: socialUrlInput }),
  response: socialMediaLoad,
});

export const saveCampaignSocialMedia = defineEndpoint({
  id: 'E061',
  method: 'POST',
  path: '/settings/dispatch/campaigns/social-media/save',
  summary: "Change a campaign's link, found by social_media_id (or by source for non-custom links).",
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({ campaign_uid: uidSchema, social_media_url: socialUrlInput }),
  response: socialMediaLoad,
});

export const removeCampaignSocialMedia = defineEndpoint({
  id: 'E062',
  method: 'POST',
  path: '/settings/dispatch/campaigns/social-media/remove',
  summary: "Remove one of a campaign's links.",
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({
    campaign_uid: uidSchema,
    social_media_url: z.object({ social_media_id: idSchema(MSG.socialAccountNotFound) }),
  }),
  response: socialMediaLoad,
});

export const editDefaultTemplates = defineEndpoint({
  id: 'E063',
  method: 'POST',
  path: '/settings/dispatch/campaigns/default-templates/edit',
  summary: "Change the location's default templates; a blank one returns to the global default, a missing one stays.",
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({
    bioEmailTemplate: emailTemplate,
    bioSmsTemplate: smsTemplate,
    pcheckEmailTemplate: emailTemplate,
    pcheckSmsTemplate: smsTemplate,
  }),
  response: z.object({ accountTemplates }),
});

export const loadCampaignPlan = defineEndpoint({
  id: 'E064',
  method: 'GET',
  path: '/settings/dispatch/campaigns/plan',
  summary: "The location's plan and how many campaigns it has, for the campaign limit.",
  access: { kind: 'location', rule: RULES.settingsDispatch },
  response: z.object({ plan: planItem, campaign_count: z.number().int() }),
});

export const loadDispatch = defineEndpoint({
  id: 'E105',
  method: 'POST',
  path: '/operate/dispatch',
  summary: 'What the dispatch screen needs: the campaigns to send from and the default templates.',
  access: { kind: 'location', rule: RULES.operate },
  response: z.object({
    accountCampaigns: z.array(
      z.object({ uid: z.string(), name: z.string(), department: z.string(), image: z.string(), is_default: z.boolean() }),
    ),
    accountTemplates,
  }),
});
