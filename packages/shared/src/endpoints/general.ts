import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../constants.js';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { emailSchema, isHttpUrl, isValidEmail, newPasswordSchema, phoneSchema } from '../validators.js';
import { defineEndpoint } from './define.js';

const flag = z.union([z.literal(0), z.literal(1)]);
/** A switch sent by a client: 0/1 or a boolean; read as a boolean. */
const switchInput = (message: string) =>
  z.union([z.boolean(), z.literal(0), z.literal(1)], { error: message }).transform((v) => v === true || v === 1);

// ——— Branding and company details ———

/** A colour as #rrggbb; stored lower-cased. */
export const HEX_COLOR_RE = /^#[0-9a-fA-F]{6}$/;
/** Reporting recipients' names: letters, digits, period, apostrophe, comma or space. */
export const REPORTING_NAME_RE = /^[\p{L}\p{N} .',]+$/u;

export const GENERAL_LIMITS = {
  logoUrlMax: 2048,
  companyNameMax: 100,
  addressMax: 200,
  placeMax: 100,
  zipMax: 12,
  websiteMax: 255,
  reportingNameMax: 100,
  usersPerPage: 10,
  pageLinks: 5,
} as const;

/**
 * A logo address in the right shape: a secure (https) image address, or one of our own uploads (a path
 * below /api/images/, or an http address the server then checks is on its own image host).
 */
export function isAcceptableLogoUrl(value: string): boolean {
  if (value.startsWith('/api/images/')) return !value.includes('..') && !/\s/.test(value);
  return isHttpUrl(value);
}

/** A website as typed: a bare domain gets https:// in front; anything that is not an http(s) address fails. */
export function normalizeWebsite(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return isHttpUrl(withScheme) ? withScheme : null;
}

export const branding = z.object({
  navBkgColor: z.string(),
  navLogoUrl: z.string().nullable(),
});

export const companyDetails = z.object({
  companyName: z.string(),
  companyAddress: z.string(),
  companyCity: z.string(),
  companyState: z.string(),
  companyCountry: z.string(),
  companyZipcode: z.string(),
  companyPhoneNumber: z.string(),
  companyWebUrl: z.string(),
});
export type CompanyDetails = z.infer<typeof companyDetails>;

export const loadBranding = defineEndpoint({
  id: 'E035',
  method: 'GET',
  path: '/settings/general/branding/load',
  summary: "The location's menu-bar colour and logo, and its company details.",
  access: { kind: 'location', rule: RULES.settingsGeneral },
  response: branding.extend(companyDetails.shape),
});

export const saveBranding = defineEndpoint({
  id: 'E036',
  method: 'POST',
  path: '/settings/manage/branding/save',
  summary: "Save the menu-bar colour and logo (null removes the logo).",
  access: { kind: 'location', rule: RULES.settingsGeneral },
  body: z.object({
    color: z
      .string({ error: MSG.validColor })
      .trim()
      .regex(HEX_COLOR_RE, { error: MSG.validColor })
      .transform((v) => v.toLowerCase()),
    logo: z
      .string({ error: MSG.validLogo })
      .trim()
      .max(GENERAL_LIMITS.logoUrlMax, { error: MSG.validLogo })
      .refine((v) => v === '' || isAcceptableLogoUrl(v), { error: MSG.validLogo })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .default(null),
  }),
  response: branding,
});

const text = (max: number, message: string = MSG.fieldTooLong) =>
  z.string({ error: message }).trim().max(max, { error: message }).default('');

export const saveCompanyDetails = defineEndpoint({
  id: 'E037',
  method: 'POST',
  path: '/settings/manage/branding/company-details/save',
  summary: 'Save the company details (also shown on the default campaign).',
  access: { kind: 'location', rule: RULES.settingsGeneral },
  body: z.object({
    name: z
      .string({ error: MSG.validCompanyName })
      .trim()
      .min(1, { error: MSG.validCompanyName })
      .max(GENERAL_LIMITS.companyNameMax, { error: MSG.validCompanyName }),
    address: text(GENERAL_LIMITS.addressMax),
    city: text(GENERAL_LIMITS.placeMax),
    state: text(GENERAL_LIMITS.placeMax),
    country: text(GENERAL_LIMITS.placeMax),
    zip: z
      .string({ error: MSG.validZip })
      .trim()
      .max(GENERAL_LIMITS.zipMax, { error: MSG.validZip })
      .regex(/^[A-Za-z0-9 -]*$/, { error: MSG.validZip })
      .default(''),
    phone: phoneSchema(MSG.validPhone, { optional: true }).default(''),
    website: z
      .string({ error: MSG.validWebsite })
      .max(GENERAL_LIMITS.websiteMax, { error: MSG.validWebsite })
      .transform((v, ctx) => {
        const url = normalizeWebsite(v);
        if (url === null) {
          ctx.addIssue({ code: 'custom', message: MSG.validWebsite });
          return z.NEVER;
        }
        return url;
      })
      .default(''),
  }),
  response: companyDetails,
});

/** What the menu bar shows for the current location: every member may read it. */
export const currentBranding = defineEndpoint({
  id: 'location-branding',
  method: 'GET',
  path: '/location/branding',
  summary: "The current location's menu-bar colour and logo, for the layout.",
  access: { kind: 'location', rule: { allowTrial: true } },
  response: branding,
});

// ——— Users ———

const permissionFlags = z.object(
  Object.fromEntries(PERMISSIONS.map((p) => [p, flag])) as Record<(typeof PERMISSIONS)[number], typeof flag>,
);

export const portalUser = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role_name: z.enum(ROLES),
  access_type: z.string(),
  active: flag,
  permissions: permissionFlags,
  verified: z.boolean(),
  /** Owner-role and Account-access users cannot be changed or removed here. */
  locked: z.boolean(),
  /** The user asking: they cannot deactivate or remove themselves. */
  is_self: z.boolean(),
  created: z.string(),
});
export type PortalUser = z.infer<typeof portalUser>;

const permissionsInput = z.object(
  Object.fromEntries(PERMISSIONS.map((p) => [p, switchInput('Each permission must be 0 or 1').default(true)])) as Record<
    (typeof PERMISSIONS)[number],
    z.ZodDefault<ReturnType<typeof switchInput>>
  >,
);

export const listUsers = defineEndpoint({
  id: 'E044',
  method: 'POST',
  path: '/settings/manage/users/get-all',
  summary: "The location's portal users with their role, access type, state and permissions.",
  access: { kind: 'location', rule: RULES.settingsGeneral },
  response: z.object({ users: z.array(portalUser) }),
});

export const addUser = defineEndpoint({
  id: 'E045',
  method: 'POST',
  path: '/settings/manage/users/add',
  summary: 'Create a portal user at this location and email them a verification link.',
  access: { kind: 'location', rule: RULES.settingsGeneralManageUsers },
  body: z.object({
    username: emailSchema(),
    password: newPasswordSchema,
    permissions: permissionsInput.default({ twm: true, dispatch: true, analytics: true, settings: true }),
  }),
  response: z.object({ user: portalUser, notice: z.string() }),
});

const usernameInput = z
  .string({ error: MSG.userNotFound })
  .trim()
  .toLowerCase()
  .refine(isValidEmail, { error: MSG.userNotFound });

export const editUser = defineEndpoint({
  id: 'E046',
  method: 'POST',
  path: '/settings/manage/users/edit',
  summary: "Change a user's active state and permission flags at this location.",
  access: { kind: 'location', rule: RULES.settingsGeneralManageUsers },
  body: z.object({
    username: usernameInput,
    active: switchInput('active must be 0 or 1'),
    permissions: z.object(
      Object.fromEntries(PERMISSIONS.map((p) => [p, switchInput('Each permission must be 0 or 1')])) as Record<
        (typeof PERMISSIONS)[number],
        ReturnType<typeof switchInput>
      >,
    ),
  }),
  response: portalUser,
});

export const removeUser = defineEndpoint({
  id: 'E047',
  method: 'POST',
  path: '/settings/general/user/remove',
  summary: "Remove a user's access to this location (the user's login stays).",
  access: { kind: 'location', rule: RULES.settingsGeneralManageUsers },
  body: z.object({ username: usernameInput }),
  response: z.null(),
});

// ——— Reporting emails ———

export const reportingRecipient = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  weekly: flag,
  monthly: flag,
  verified: z.boolean(),
  enabled: z.boolean(),
  created: z.string(),
});
export type ReportingRecipient = z.infer<typeof reportingRecipient>;

const reportingEmail = emailSchema(MSG.reportingValidEmail);

export const loadReporting = defineEndpoint({
  id: 'E048',
  method: 'GET',
  path: '/settings/general/reporting/load',
  summary: 'The weekly and monthly report recipients of the location.',
  access: { kind: 'location', rule: RULES.settingsGeneral },
  response: z.object({ recipients: z.array(reportingRecipient) }),
});

export const addReporting = defineEndpoint({
  id: 'E049',
  method: 'POST',
  path: '/settings/manage/email-reporting/add',
  summary: 'Add a report recipient and email them a verification link.',
  access: { kind: 'location', rule: RULES.settingsGeneral },
  body: z.object({
    name: z
      .string({ error: MSG.reportingValidName })
      .trim()
      .min(1, { error: MSG.reportingValidName })
      .max(GENERAL_LIMITS.reportingNameMax, { error: MSG.reportingValidName })
      .regex(REPORTING_NAME_RE, { error: MSG.reportingValidName }),
    email: reportingEmail,
    weekly: switchInput('weekly must be 0 or 1').default(true),
    monthly: switchInput('monthly must be 0 or 1').default(true),
  }),
  response: reportingRecipient,
});

const byEmail = z.object({ email: reportingEmail });

export const resendReporting = defineEndpoint({
  id: 'E050',
  method: 'POST',
  path: '/settings/manage/email-reporting/resend-verification',
  summary: 'Send a fresh verification link to an unverified recipient.',
  access: { kind: 'location', rule: RULES.settingsGeneral },
  body: byEmail,
  response: reportingRecipient,
});

export const editReporting = defineEndpoint({
  id: 'E051',
  method: 'POST',
  path: '/settings/manage/email-reporting/edit',
  summary: 'Turn the weekly and monthly reports of a recipient on or off.',
  access: { kind: 'location', rule: RULES.settingsGeneral },
  body: byEmail.extend({
    new_weekly: switchInput('new_weekly must be 0 or 1'),
    new_monthly: switchInput('new_monthly must be 0 or 1'),
    enabled: switchInput('enabled must be 0 or 1').optional(),
  }),
  response: reportingRecipient,
});

export const deleteReporting = defineEndpoint({
  id: 'E052',
  method: 'POST',
  path: '/settings/manage/email-reporting/delete',
  summary: 'Remove a verified recipient.',
  access: { kind: 'location', rule: RULES.settingsGeneral },
  body: byEmail,
  response: z.null(),
});

export const deleteReportingVerification = defineEndpoint({
  id: 'E053',
  method: 'POST',
  path: '/settings/manage/email-reporting/delete-verification',
  summary: 'Remove an unverified recipient and cancel its pending verification.',
  access: { kind: 'location', rule: RULES.settingsGeneral },
  body: byEmail,
  response: z.null(),
});
