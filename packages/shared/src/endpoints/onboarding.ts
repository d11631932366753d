import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { MSG } from '../messages.js';
import { parsePhone } from '../phone.js';
import { RULES } from '../rules.js';
import { isUsStateCode } from '../us-states.js';
import { emailSchema, isHttpUrl, PASSWORD_CHARS_RE, personNameSchema, phoneSchema } from '../validators.js';
import { defineEndpoint } from './define.js';
import { GENERAL_LIMITS, isAcceptableLogoUrl } from './general.js';
import { bulkJobView } from './operate.js';
import { gbpLocation, PLACE_ID_RE, placeItem } from './social.js';

/** The free trial types a sign-up may start: `lite` (email only) from the lite source, `mvo` otherwise. */
export const FREE_TRIAL_TYPES = ['mvo', 'lite'] as const;
export type FreeTrialType = (typeof FREE_TRIAL_TYPES)[number];

export const ONBOARDING_LIMITS = {
  /** pulseChecks a new trial location may send, by trial type. */
  trialPulseChecks: { mvo: 25, lite: 10 } as Record<FreeTrialType, number>,
  /** Sign-ups from one IP address per hour, and attempts for one email per hour. */
  signupsPerIpPerHour: 10,
  signupsPerEmailPerHour: 5,
  /** Email checks from one IP per hour (each tells whether an address has an account). */
  emailChecksPerIpPerHour: 60,
  /** Map look-ups one IP may make per minute before it has an account (each is a paid call). */
  placesPerIpPerMinute: 30,
  /** The most contacts one onboarding send takes. */
  contactsMax: 500,
} as const;

/** The onboarding password: the rules of every password form (settings, reset), with onboarding's messages. */
export const signupPasswordSchema = z
  .string({ error: MSG.signupPasswordPattern })
  .min(LIMITS.passwordMin, { error: MSG.signupPasswordMin })
  .max(128, { error: MSG.signupPasswordPattern })
  .regex(PASSWORD_CHARS_RE, { error: MSG.signupPasswordPattern });

/** The account fields of step 0 (the Onboarding account of the specification). */
export const signupAccount = z.object({
  firstName: personNameSchema(MSG.signupFirstName),
  lastName: personNameSchema(MSG.signupLastName),
  businessEmail: emailSchema(),
  businessPhone: phoneSchema(MSG.signupPhone),
  password: signupPasswordSchema,
  terms: z.literal(true, { error: MSG.signupTerms }),
  marketingOptIn: z.boolean().default(false),
});

export const validateEmail = defineEndpoint({
  id: 'E020',
  method: 'POST',
  path: '/self-service/mvo/validate-email',
  summary: 'Whether an email already has a user (step 0 of onboarding checks it before going on).',
  access: { kind: 'public' },
  rateLimit: 'public',
  body: z.object({ email: emailSchema() }),
  response: z.object({ email_exists: z.boolean() }),
});

/** The Google connection of onboarding: the tokens travel sealed (encrypted by the server), never in clear. */
export const googleGrant = z.object({
  /** The sealed sign-in (tokens and the profile's locations), handed back with the sign-up. */
  accessToken: z.string(),
  accountId: z.string(),
  /** Sealed inside accessToken; always null here. */
  refreshToken: z.null(),
  userId: z.string().nullable(),
  locations: z.array(gbpLocation),
});
export type GoogleGrant = z.infer<typeof googleGrant>;

export const validateAuth = defineEndpoint({
  id: 'E022',
  method: 'POST',
  path: '/self-service/mvo/validate-auth',
  summary: "Google connect during onboarding: exchanges the sign-in code and lists the profile's locations.",
  access: { kind: 'public' },
  rateLimit: 'public',
  body: z.object({
    code: z.string({ error: MSG.googleConnectTrouble }).min(1, { error: MSG.googleConnectTrouble }).max(2048, { error: MSG.googleConnectTrouble }),
  }),
  response: googleGrant,
});

export const googleAuthUrl = defineEndpoint({
  id: 'onboarding-google-auth-url',
  method: 'GET',
  path: '/self-service/mvo/google/auth-url',
  summary: 'Where the onboarding Google sign-in popup goes, and the state it comes back with.',
  access: { kind: 'public' },
  rateLimit: 'public',
  response: z.object({ url: z.string(), state: z.string() }),
});

export const placesSearch = defineEndpoint({
  id: 'onboarding-places-search',
  method: 'GET',
  path: '/self-service/mvo/places/search',
  summary: 'Businesses on the map matching the text (up to 10), before the account exists.',
  access: { kind: 'public' },
  rateLimit: 'public',
  query: z.object({ q: z.string().trim().max(200, { error: 'Search at most 200 characters' }).default('') }),
  response: z.object({ places: z.array(placeItem) }),
});

export const placesDetails = defineEndpoint({
  id: 'onboarding-places-details',
  method: 'GET',
  path: '/self-service/mvo/places/details/:placeId',
  summary: 'A business on the map by its Google place id, before the account exists.',
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ placeId: z.string().regex(PLACE_ID_RE, { error: MSG.placeNotFound }) }),
  response: z.object({ place: placeItem }),
});

const businessName = z.string({ error: MSG.signupBusinessName }).trim().min(1, { error: MSG.signupBusinessName }).max(120, { error: MSG.signupBusinessName });

/**
 * The create-account payload: the account, plus either the Google fields (the sealed grant, the chosen
 * Business Profile location and its name) or a place id and name, plus the trial type of the source.
 */
export const signup = defineEndpoint({
  id: 'E021',
  method: 'POST',
  path: '/self-service/mvo/signup',
  summary: 'Create the account, its first location (on a free trial) and its owner, and log the owner in.',
  access: { kind: 'public' },
  rateLimit: 'public',
  body: signupAccount
    .extend({
      businessName,
      locationId: z.string().max(200).optional(),
      accessToken: z.string().max(20_000).optional(),
      logo: z.null().optional(),
      placeId: z.string().regex(PLACE_ID_RE, { error: MSG.placeNotFound }).optional(),
      freeTrialType: z.enum(FREE_TRIAL_TYPES, { error: MSG.signupTrialType }).default('mvo'),
    })
    .superRefine((v, ctx) => {
      const google = v.locationId !== undefined && v.accessToken !== undefined;
      if (!google && v.placeId === undefined) ctx.addIssue({ code: 'custom', path: ['placeId'], message: MSG.signupBusinessRequired });
    }),
  response: z.object({
    auth: z.literal(true),
    user_id: z.number().int(),
    location_id: z.number().int(),
    free_trial_type: z.enum(FREE_TRIAL_TYPES),
  }),
});

export const onboardingCampaign = z.object({ uid: z.string(), campaign_uid: z.string(), name: z.string(), image: z.string() });

export const load = defineEndpoint({
  id: 'onboarding-load',
  method: 'GET',
  path: '/self-service/onboarding/load',
  summary: 'What the pulseCheck steps of onboarding and the trial wizard show: the trial, the campaign, the logo.',
  access: { kind: 'location', rule: RULES.onboardingStep },
  response: z.object({
    location_name: z.string(),
    free_trial: z.boolean(),
    free_trial_type: z.string().nullable(),
    free_trial_days: z.number().int(),
    pcheck_count: z.number().int(),
    campaign: onboardingCampaign.nullable(),
    logo_url: z.string().nullable(),
    nav_bkg_color: z.string(),
    user_email: z.string(),
    user_phone: z.string(),
  }),
});

/** 'Upload a new logo' on the preview step: the location's logo, as Logo & Color keeps it (null removes it). */
export const saveLogo = defineEndpoint({
  id: 'onboarding-logo-save',
  method: 'POST',
  path: '/self-service/onboarding/logo',
  summary: "Set the location's logo from the pulseCheck preview (null removes it).",
  access: { kind: 'location', rule: RULES.settings },
  body: z.object({
    logo: z
      .string({ error: MSG.validLogo })
      .trim()
      .max(GENERAL_LIMITS.logoUrlMax, { error: MSG.validLogo })
      .refine((v) => v === '' || isAcceptableLogoUrl(v), { error: MSG.validLogo })
      .transform((v) => (v === '' ? null : v))
      .nullable(),
  }),
  response: z.object({ logo_url: z.string().nullable() }),
});

/** One contact of the add-to-contacts step, as read from a sheet or pasted. */
export const contactRow = z.object({
  first_name: z.string().max(100).default(''),
  last_name: z.string().max(100).default(''),
  address: z.string().max(255).default(''),
  phone: z.string().max(40).default(''),
  email: z.string().max(254).default(''),
});
export type ContactRow = z.infer<typeof contactRow>;

/** A contact's problem, or null: it needs a ten-digit phone or a valid email, and what it has must be valid. */
export function contactProblem(row: Pick<ContactRow, 'phone' | 'email'>): string | null {
  const phone = row.phone.trim();
  const email = row.email.trim();
  const phoneOk = phone !== '' && parsePhone(phone) !== null;
  const emailOk = email !== '' && emailSchema().safeParse(email).success;
  if (!phoneOk && !emailOk) return MSG.contactsRowInvalid;
  if ((phone !== '' && !phoneOk) || (email !== '' && !emailOk)) return MSG.contactsRowInvalid;
  return null;
}

/**
 * Pasted contacts: one per line, comma separated. Non-lite order: first name, last name, address, phone,
 * email; lite order: first name, last name, email. Blank lines are skipped.
 */
export function parsePastedContacts(text: string, lite: boolean): ContactRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.split(',').map((cell) => cell.trim()))
    .filter((cells) => cells.some((c) => c !== ''))
    .map((c) =>
      lite
        ? { first_name: c[0] ?? '', last_name: c[1] ?? '', address: '', phone: '', email: c[2] ?? '' }
        : { first_name: c[0] ?? '', last_name: c[1] ?? '', address: c[2] ?? '', phone: c[3] ?? '', email: c[4] ?? '' },
    );
}

/**
 * Reads an uploaded contacts sheet (multipart, field `file`: .xls, .xlsx or .csv) with the columns First Name,
 * Last Name, Address, Phone Number, Email; nothing is stored or sent.
 */
export const readContacts = defineEndpoint({
  id: 'onboarding-contacts-read',
  method: 'POST',
  path: '/self-service/onboarding/contacts/read',
  summary: 'Read the contacts of an uploaded Excel or CSV file (nothing is sent).',
  access: { kind: 'location', rule: RULES.onboardingStep },
  response: z.object({ rows: z.array(contactRow.extend({ error: z.string().nullable() })) }),
});

export const sendContacts = defineEndpoint({
  id: 'onboarding-contacts-send',
  method: 'POST',
  path: '/self-service/onboarding/contacts/send',
  summary: "Send a pulseCheck to each contact from the location's default campaign, through the bulk send.",
  access: { kind: 'location', rule: { permission: 'dispatch', allowTrial: true } },
  body: z.object({
    rows: z
      .array(contactRow, { error: MSG.contactsRequired })
      .min(1, { error: MSG.contactsRequired })
      .max(ONBOARDING_LIMITS.contactsMax, { error: MSG.contactsExceedRemaining }),
  }),
  response: bulkJobView,
});

export const BUSINESS_TYPES = ['sole_proprietorship', 'partnership', 'llc', 'corporation', 'co_operative', 'non_profit'] as const;
export const BUSINESS_TYPE_LABELS: Record<(typeof BUSINESS_TYPES)[number], string> = {
  sole_proprietorship: 'Sole proprietorship',
  partnership: 'Partnership',
  llc: 'Limited liability company (LLC)',
  corporation: 'Corporation',
  co_operative: 'Co-operative',
  non_profit: 'Non-profit',
};

const carrierText = (message: string, max: number) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

/** The positions carriers accept for a business's authorized contact. */
export const CONTACT_POSITIONS = ['Director', 'GM', 'VP', 'CEO', 'CFO', 'General Counsel', 'Other'] as const;

const carrierOptional = (message: string, max: number) => z.string({ error: message }).trim().max(max, { error: message }).default('');

const usState = z
  .string({ error: MSG.carrierState })
  .trim()
  .transform((v) => v.toUpperCase());
const zipCode = z.string({ error: MSG.carrierPostalCode }).trim();
const ZIP_RE = /^\d{5}(-\d{4})?$/;

/** The contact's title and the business's address: kept when given; a submission needs them (below). */
const carrierAddressFields = {
  contact_title: carrierOptional(MSG.carrierContactTitle, 100),
  contact_position: z.union([z.enum(CONTACT_POSITIONS), z.literal('')], { error: MSG.carrierContactPosition }).default(''),
  street: carrierOptional(MSG.carrierStreet, 255),
  city: carrierOptional(MSG.carrierCity, 100),
  state: usState.refine((v) => v === '' || isUsStateCode(v), { error: MSG.carrierState }).default(''),
  postal_code: zipCode.refine((v) => v === '' || ZIP_RE.test(v), { error: MSG.carrierPostalCode }).default(''),
};

const einRule = (v: { business_type: string; ein: string }, ctx: z.RefinementCtx) => {
  if (v.business_type !== 'sole_proprietorship' && v.ein === '') ctx.addIssue({ code: 'custom', path: ['ein'], message: MSG.carrierEin });
};

/** The brand details every registration has. */
const carrierBrandFields = {
  legal_name: carrierText(MSG.carrierLegalName, 255),
  business_type: z.enum(BUSINESS_TYPES, { error: MSG.carrierBusinessType }),
  ein: z
    .string({ error: MSG.carrierEin })
    .trim()
    .max(20, { error: MSG.carrierEin })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{9}$/.test(v), { error: MSG.carrierEin })
    .default(''),
  website: z
    .string({ error: MSG.carrierWebsite })
    .trim()
    .max(2048, { error: MSG.carrierWebsite })
    .refine((v) => v === '' || isHttpUrl(v), { error: MSG.carrierWebsite })
    .default(''),
  contact_first_name: personNameSchema(MSG.carrierContactFirstName),
  contact_last_name: personNameSchema(MSG.carrierContactLastName),
  contact_email: emailSchema(),
  contact_phone: phoneSchema(MSG.signupPhone),
};

/** The brand details of a carrier (10DLC) registration. A sole proprietorship has no EIN; everyone else does. */
export const carrierRegistration = z.object({ ...carrierBrandFields, ...carrierAddressFields }).superRefine(einRule);
export type CarrierRegistrationData = z.output<typeof carrierRegistration>;

/** The details a submission needs: the brand details, the contact's title and position, and the business address. */
export const carrierSubmission = z
  .object({
    ...carrierBrandFields,
    contact_title: carrierText(MSG.carrierContactTitle, 100),
    contact_position: z.enum(CONTACT_POSITIONS, { error: MSG.carrierContactPosition }),
    street: carrierText(MSG.carrierStreet, 255),
    city: carrierText(MSG.carrierCity, 100),
    state: usState.refine(isUsStateCode, { error: MSG.carrierState }),
    postal_code: zipCode.regex(ZIP_RE, { error: MSG.carrierPostalCode }),
  })
  .superRefine(einRule);

const carrierRegistrationView = z.object({
  legal_name: z.string(),
  business_type: z.string(),
  ein: z.string(),
  website: z.string(),
  contact_first_name: z.string(),
  contact_last_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  contact_title: z.string(),
  contact_position: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
});

const carrierAccess = { kind: 'location', rule: { allowTrial: true, roles: ['Owner', 'Admin'] } } as const;

export const loadCarrierRegistration = defineEndpoint({
  id: 'carrier-registration-load',
  method: 'GET',
  path: '/settings/carrier-registration/load',
  summary: "The location's business details for the carrier (10DLC) registration, if given.",
  access: carrierAccess,
  response: z.object({ registration: carrierRegistrationView.nullable(), twilio_verified: z.string() }),
});

export const saveCarrierRegistration = defineEndpoint({
  id: 'carrier-registration-save',
  method: 'POST',
  path: '/settings/carrier-registration/save',
  summary: "Keep the location's business details for the carrier (10DLC) registration.",
  access: carrierAccess,
  body: carrierRegistration,
  response: z.object({ registration: carrierRegistrationView, twilio_verified: z.string() }),
});

/** Where a location's carrier registration stands: not_submitted until the business first submits its details. */
export const CARRIER_STATUSES = ['not_submitted', 'pending', 'in_review', 'approved', 'failed'] as const;
export const CARRIER_STEPS = ['profile', 'brand', 'service', 'campaign'] as const;
export const CARRIER_STEP_STATUSES = ['draft', 'pending', 'in_review', 'approved', 'failed'] as const;

export const carrierStatusView = z.object({
  status: z.enum(CARRIER_STATUSES),
  /** Approved before, with changed details now under review: the texts keep going meanwhile. */
  updating: z.boolean(),
  steps: z.array(z.object({ step: z.enum(CARRIER_STEPS), status: z.enum(CARRIER_STEP_STATUSES) })),
  /** The carrier's reason for a failed registration, and the form field it concerns (null when none). */
  failure: z.object({ reason: z.string(), field: z.string().nullable() }).nullable(),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  /** When the worker looks at the registration again (while pending or in review). */
  next_check_at: z.string().nullable(),
  /** The brand's trust score, and the messages a day it allows, as the carriers report them. */
  trust_score: z.number().int().nullable(),
  daily_limit: z.number().int().nullable(),
  /** What registration costs the business, in US dollars. */
  fees: z.object({ brand: z.number(), vetting: z.number(), campaign_vetting: z.number(), campaign_monthly: z.number() }),
  /** Messages a day by trust score: a score at or above min_score allows limit. */
  daily_limits: z.array(z.object({ min_score: z.number().int(), limit: z.number().int() })),
  twilio_verified: z.string(),
});
export type CarrierStatusView = z.output<typeof carrierStatusView>;

export const carrierRegistrationStatus = defineEndpoint({
  id: 'carrier-registration-status',
  method: 'GET',
  path: '/settings/carrier-registration/status',
  summary: "Where the location's carrier (10DLC) registration stands, step by step, with its fees and limits.",
  access: carrierAccess,
  response: carrierStatusView,
});

export const submitCarrierRegistration = defineEndpoint({
  id: 'carrier-registration-submit',
  method: 'POST',
  path: '/settings/carrier-registration/submit',
  summary: "Keep the location's business details and submit its carrier (10DLC) registration, or send changed details as an update.",
  access: carrierAccess,
  body: carrierSubmission,
  response: z.object({ registration: carrierRegistrationView, status: carrierStatusView }),
});
