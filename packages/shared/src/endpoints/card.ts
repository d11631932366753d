import { z } from 'zod';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { isHttpUrl, isValidEmail, phoneSchema } from '../validators.js';
import { defineEndpoint, defineRawEndpoint } from './define.js';
import { binaryBody } from './media.js';

/** Delays, in seconds, after a pulseCheck before the contact card is sent (the first is the default). */
export const CARD_DELAY_OPTIONS = [1800, 3600, 5400, 7200] as const;
export const CARD_DEFAULT_DELAY = 1800;

export const CARD_LIMITS = {
  /** Outbound phone numbers besides the primary one. */
  outboundPhones: 10,
  emails: 10,
  searchTerms: 10,
  searchTermMax: 50,
  noteMax: 500,
  companyNameMax: 100,
  logoUrlMax: 2048,
  /** Contact-card SMS templates: two segments. */
  smsBodyMax: 320,
  /** Test messages per location per minute. */
  demoSendsPerMinute: 10,
} as const;

export const REWARDS_LIMITS = { reportRecipients: 10 } as const;

/** Review sites whose reviews earn employee rewards. */
export const REWARD_SOURCES = ['google', 'facebook'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

/** The contact-card messages, in the order the Templates tab lists them, with their category. */
export const CARD_COMM_TYPES = [
  'hs-contact-card-after-pcheck',
  'hs-contact-card-appt-confirmation',
  'hs-appt-rescheduled-confirmation',
] as const;
export type CardCommType = (typeof CARD_COMM_TYPES)[number];

/**
 * The placeholders a contact-card template may use:
 * - customer_name: the customer's first name;
 * - company_name: the card's company name;
 * - card_link: the link that saves the contact card (vCard) to the phone;
 * - phone: the card's primary phone number;
 * - appointment_date / appointment_time: the appointment the message confirms.
 */
export const CARD_PLACEHOLDERS = [
  'customer_name',
  'company_name',
  'card_link',
  'phone',
  'appointment_date',
  'appointment_time',
] as const;
export type CardPlaceholder = (typeof CARD_PLACEHOLDERS)[number];

export interface CardTemplate {
  commType: CardCommType;
  templateName: string;
  smsBody: string;
}

/** The global defaults: what a location sends until it edits its own templates. */
export const CARD_DEFAULT_TEMPLATES: readonly (CardTemplate & { category: string })[] = [
  {
    category: 'Contact Card',
    commType: 'hs-contact-card-after-pcheck',
    templateName: 'After pulseCheck',
    smsBody:
      'Hi {customer_name}, thanks again for choosing {company_name}! Save our contact card so you can always reach us: {card_link}',
  },
  {
    category: 'Appointments',
    commType: 'hs-contact-card-appt-confirmation',
    templateName: 'Appointment confirmation',
    smsBody:
      'Hi {customer_name}, your appointment with {company_name} is confirmed for {appointment_date} at {appointment_time}. Save our contact card: {card_link}',
  },
  {
    category: 'Appointments',
    commType: 'hs-appt-rescheduled-confirmation',
    templateName: 'Appointment rescheduled',
    smsBody:
      'Hi {customer_name}, your appointment with {company_name} has moved to {appointment_date} at {appointment_time}. Questions? Call {phone}. Our card: {card_link}',
  },
];

const PLACEHOLDER_RE = /\{([a-z_]+)\}/g;

/** The first placeholder of a template that the contact-card messages do not know, or null. */
export function unknownCardPlaceholder(body: string): string | null {
  for (const m of body.matchAll(PLACEHOLDER_RE)) {
    if (!(CARD_PLACEHOLDERS as readonly string[]).includes(m[1]!)) return m[0];
  }
  return null;
}

/** Fills a contact-card template's placeholders; unknown braces are left as written. */
export function renderCardTemplate(body: string, values: Partial<Record<CardPlaceholder, string>>): string {
  return body.replace(PLACEHOLDER_RE, (match, name: string) =>
    (CARD_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as CardPlaceholder] ?? '') : match,
  );
}

/** A phone number, typed with or without punctuation; stored as its ten digits. */
const cardPhoneSchema = phoneSchema(MSG.cardValidNumber);

/** A phone that may be left empty (''). */
const optionalCardPhone = phoneSchema(MSG.cardValidNumber, { optional: true });

const cardEmailSchema = z
  .string({ error: MSG.validEmail })
  .trim()
  .toLowerCase()
  .refine(isValidEmail, { error: MSG.validEmail });

/** Search terms arrive as a list or as the comma-joined text the screen shows. */
const searchTermsSchema = z
  .union([z.array(z.string({ error: MSG.cardSearchTermTooLong })), z.string()], { error: MSG.cardSearchTermsTooMany })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string().max(CARD_LIMITS.searchTermMax, { error: MSG.cardSearchTermTooLong }))
      .max(CARD_LIMITS.searchTerms, { error: MSG.cardSearchTermsTooMany }),
  );

const uniq = <T>(items: T[]): T[] => [...new Set(items)];

const cardDetails = z.object({
  overrides: z.object({ companyName: z.string().nullable(), companyLogo: z.string().nullable() }),
  /** The first is the primary phone; the rest are the outbound numbers. */
  voicePhones: z.array(z.string()),
  /** The first is the SMS number. */
  textPhones: z.array(z.string()),
  emails: z.array(z.string()),
  searchTerms: z.array(z.string()),
  note: z.string(),
});

export const cardSettingsData = z.object({
  /** No JPEG encoder ships with the server: always null (PNG and SVG are offered). */
  qrcodeJpg: z.string().nullable(),
  /** Null until the card is saved for the first time. */
  qrcodePng: z.string().nullable(),
  qrcodeSvg: z.string().nullable(),
  /** The public vCard address the QR code points at; null until the card is saved. */
  vcardUrl: z.string().nullable(),
  enabled: z.boolean(),
  delayTime: z.number().int(),
  defaults: z.object({ companyName: z.string(), companyLogo: z.string().nullable() }),
  vcfDetails: cardDetails,
});
export type CardSettingsData = z.infer<typeof cardSettingsData>;

export const loadSettings = defineEndpoint({
  id: 'E090',
  method: 'POST',
  path: '/contact-card-settings/load',
  summary: "The location's contact card: its details, defaults, QR code images and public vCard address.",
  access: { kind: 'location', rule: RULES.settingsContactCard },
  response: cardSettingsData,
});

export const saveSettingsBody = z.object({
  primaryPhoneNumber: optionalCardPhone.default(''),
  smsPhoneNumber: optionalCardPhone.default(''),
  phoneNumbers: z
    .array(cardPhoneSchema, { error: MSG.cardValidNumber })
    .max(CARD_LIMITS.outboundPhones, { error: MSG.cardTooManyPhones })
    .default([])
    .transform(uniq),
  emails: z
    .array(cardEmailSchema, { error: MSG.validEmail })
    .max(CARD_LIMITS.emails, { error: MSG.cardTooManyEmails })
    .default([])
    .transform(uniq),
  note: z.string({ error: MSG.cardNoteTooLong }).trim().max(CARD_LIMITS.noteMax, { error: MSG.cardNoteTooLong }).default(''),
  searchTerms: searchTermsSchema.default([]).transform(uniq),
  companyName: z
    .string({ error: MSG.cardCompanyNameTooLong })
    .trim()
    .max(CARD_LIMITS.companyNameMax, { error: MSG.cardCompanyNameTooLong })
    .nullish()
    .transform((v) => v || null),
  companyLogo: z
    .string({ error: MSG.cardLogoInvalid })
    .trim()
    .max(CARD_LIMITS.logoUrlMax, { error: MSG.cardLogoInvalid })
    .refine((v) => v === '' || isHttpUrl(v), { error: MSG.cardLogoInvalid })
    .nullish()
    .transform((v) => v || null),
  enabled: z.boolean({ error: MSG.cardEnabledInvalid }).default(false),
  delayTime: z.coerce
    .number({ error: MSG.cardDelayInvalid })
    .refine((v) => (CARD_DELAY_OPTIONS as readonly number[]).includes(v), { error: MSG.cardDelayInvalid })
    .default(CARD_DEFAULT_DELAY),
});
export type SaveCardSettingsInput = z.input<typeof saveSettingsBody>;

export const saveSettings = defineEndpoint({
  id: 'E091',
  method: 'POST',
  path: '/contact-card-settings/save',
  summary: "Save the location's contact card; the first save creates its public vCard address.",
  access: { kind: 'location', rule: RULES.settingsContactCard },
  body: saveSettingsBody,
  response: cardSettingsData,
});

const templateItem = z.object({ commType: z.string(), templateName: z.string(), smsBody: z.string() });
export const templateCategories = z.object({
  categories: z.array(z.object({ name: z.string(), templates: z.array(templateItem) })),
});

export const loadTemplates = defineEndpoint({
  id: 'E092',
  method: 'GET',
  path: '/contact-card-template/load',
  summary: "The contact-card SMS templates by category: the location's own, or the global defaults.",
  access: { kind: 'location', rule: RULES.settingsContactCard },
  response: templateCategories,
});

const smsBodySchema = z
  .string({ error: MSG.cardSmsBodyRequired })
  .trim()
  .min(1, { error: MSG.cardSmsBodyRequired })
  .max(CARD_LIMITS.smsBodyMax, { error: MSG.cardSmsBodyTooLong })
  .superRefine((v, ctx) => {
    const unknown = unknownCardPlaceholder(v);
    if (unknown) ctx.addIssue({ code: 'custom', message: `${MSG.cardUnknownPlaceholder} ${unknown}` });
  });

export const saveTemplates = defineEndpoint({
  id: 'E093',
  method: 'POST',
  path: '/contact-card-template/save',
  summary: "Save the location's contact-card SMS templates.",
  access: { kind: 'location', rule: RULES.settingsContactCard },
  body: z.object({
    categories: z
      .array(
        z.object({
          name: z.string().max(100).optional(),
          templates: z
            .array(
              z.object({
                commType: z.enum(CARD_COMM_TYPES, { error: MSG.cardUnknownTemplate }),
                templateName: z.string().max(100).optional(),
                smsBody: smsBodySchema,
              }),
            )
            .max(CARD_COMM_TYPES.length * 2),
        }),
        { error: MSG.cardTemplatesRequired },
      )
      .min(1, { error: MSG.cardTemplatesRequired })
      .max(CARD_COMM_TYPES.length * 2),
  }),
  response: templateCategories,
});

export const demoTemplate = defineEndpoint({
  id: 'E094',
  method: 'POST',
  path: '/comm/demo-template',
  summary:
    'Send a test SMS of a contact-card template, filled from the card, to a phone number: the text as edited on the screen when `smsBody` is sent, else the saved one.',
  access: { kind: 'location', rule: RULES.settingsContactCard },
  body: z.object({
    commType: z.enum(CARD_COMM_TYPES, { error: MSG.cardChooseTemplate }),
    phoneNumber: phoneSchema(MSG.validPhone, { e164: true }),
    smsBody: smsBodySchema.optional(),
  }),
  response: z.null(),
});

export const rewardsSettings = z.object({
  startMonth: z.number().int(),
  /** Cents per review; changed by support only. */
  perReviewBudget: z.number().int(),
  reportRecipients: z.array(z.object({ email: z.string() })),
  sources: z.array(z.enum(REWARD_SOURCES)),
});
export type RewardsSettings = z.infer<typeof rewardsSettings>;

export const loadRewards = defineEndpoint({
  id: 'E096',
  method: 'POST',
  path: '/employee-rewards/settings/load',
  summary: "The location's employee rewards configuration.",
  access: { kind: 'location', rule: RULES.settingsEmployeeRewards },
  response: rewardsSettings,
});

export const saveRewards = defineEndpoint({
  id: 'E097',
  method: 'POST',
  path: '/employee-rewards/settings/save',
  summary: "Update the location's employee rewards configuration (the budget is changed by support).",
  access: { kind: 'location', rule: RULES.settingsEmployeeRewards },
  body: z.object({
    employeeRewardsSettings: z.object(
      {
        startMonth: z.coerce
          .number({ error: MSG.rewardsStartMonth })
          .int({ error: MSG.rewardsStartMonth })
          .min(1, { error: MSG.rewardsStartMonth })
          .max(12, { error: MSG.rewardsStartMonth }),
        perReviewBudget: z.coerce
          .number({ error: MSG.rewardsBudgetInvalid })
          .int({ error: MSG.rewardsBudgetInvalid })
          .min(0, { error: MSG.rewardsBudgetInvalid })
          .max(1_000_000_00, { error: MSG.rewardsBudgetInvalid })
          .optional(),
        reportRecipients: z
          .array(z.object({ email: cardEmailSchema }, { error: MSG.validEmail }), { error: MSG.validEmail })
          .max(REWARDS_LIMITS.reportRecipients, { error: MSG.rewardsTooManyRecipients })
          .default([])
          .transform((list) => [...new Map(list.map((r) => [r.email, r])).values()]),
        sources: z
          .array(z.enum(REWARD_SOURCES, { error: MSG.rewardsUnknownSource }), { error: MSG.rewardsUnknownSource })
          .default([])
          .transform((list) => REWARD_SOURCES.filter((s) => list.includes(s))),
      },
      { error: MSG.rewardsSettingsRequired },
    ),
  }),
  response: rewardsSettings,
});

/** E095: the QR code of the current location's contact card, for the screen and its download buttons. */
export const qrCodePng = defineRawEndpoint({
  id: 'E095-png',
  method: 'GET',
  path: '/contact-card/qrcode.png',
  summary: "The QR code of the current location's contact card, as PNG (a download).",
  access: { kind: 'location', rule: RULES.settingsContactCard },
  produces: { 'image/png': binaryBody },
});

export const qrCodeSvg = defineRawEndpoint({
  id: 'E095-svg',
  method: 'GET',
  path: '/contact-card/qrcode.svg',
  summary: "The QR code of the current location's contact card, as SVG (a download).",
  access: { kind: 'location', rule: RULES.settingsContactCard },
  produces: { 'image/svg+xml': binaryBody },
});

/** The public vCard the QR code and the texted link open: no login, rate limited like every public page. */
export const publicVCard = defineRawEndpoint({
  id: 'card-vcard',
  method: 'GET',
  path: '/public/contact-card/:file',
  summary: 'A contact card as vCard 3.0, by its public key (`<cardKey>.vcf`); no login.',
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ file: z.string().max(80) }),
  /** `via=qr` is in the QR code's address: such an open counts as a scan. Other values are ignored. */
  query: z.object({ via: z.string().optional().catch(undefined) }),
  produces: { 'text/vcard': z.string().meta({ description: 'vCard 3.0.' }) },
});
