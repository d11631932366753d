import { z } from 'zod';
import { PERMISSIONS, ROLES, UPGRADE_REQUEST_TYPES } from '../constants.js';
import { MSG } from '../messages.js';
import { emailSchema, idSchema, newPasswordSchema, personNameSchema, phoneSchema } from '../validators.js';
import { defineEndpoint } from './define.js';

const flag = z.union([z.literal(0), z.literal(1)]);

export const locationItem = z.object({
  location_id: z.number().int(),
  name: z.string(),
  address: z.array(z.string()),
  free_trial: z.boolean(),
  free_trial_type: z.string().nullable(),
  free_trial_days: z.number().int(),
  pcheck_count: z.number().int(),
  twilio_verified: z.string(),
  hs_10dlc: z.boolean(),
  enabled_features: z.array(z.object({ name: z.string() })),
  time_zone: z.string(),
  /** Whether a Google Business Profile is connected and working (the lite trial offers to connect one). */
  google_connected: z.boolean(),
  /** When the user last switched to it: the picker's "Recent Locations". */
  last_selected_at: z.string().nullable(),
});
export type LocationItem = z.infer<typeof locationItem>;

const credentials = z.object({
  username: z.string({ error: MSG.provideCredentials }).trim().min(1, { error: MSG.provideCredentials }).max(254),
  password: z.string({ error: MSG.provideCredentials }).min(1, { error: MSG.provideCredentials }).max(128),
});

export const login = defineEndpoint({
  id: 'E001',
  method: 'POST',
  path: '/authorize-me',
  summary: 'Log in with email and password; starts a new session.',
  access: { kind: 'public' },
  rateLimit: 'login',
  body: credentials,
  response: z.object({
    auth: z.literal(true),
    user_id: z.number().int(),
    is_platform_staff: z.boolean(),
    /** The location chosen for the session when the user has exactly one. */
    current_location_id: z.number().int().nullable(),
  }),
});

export const logout = defineEndpoint({
  id: 'E002',
  method: 'GET',
  path: '/logout',
  summary: 'End the session on the server and clear its cookies.',
  access: { kind: 'public' },
  response: z.null(),
});

export const sendRecovery = defineEndpoint({
  id: 'E003',
  method: 'POST',
  path: '/password-recovery/send_recovery',
  summary: 'Email a single-use password reset link, valid one hour.',
  access: { kind: 'public' },
  rateLimit: 'public',
  form: true,
  query: z.object({ dashboard: z.string().optional() }),
  body: z.object({ email: emailSchema() }),
  response: z.null(),
});

const resetToken = z.object({
  dashboard: z.string().optional(),
  im: z.string({ error: MSG.resetLinkInvalid }).min(16, { error: MSG.resetLinkInvalid }).max(200),
});

export const checkResetToken = defineEndpoint({
  id: 'E004',
  method: 'GET',
  path: '/password-recovery/reset_password',
  summary: 'Tell whether a password reset link is still valid.',
  access: { kind: 'public' },
  rateLimit: 'public',
  query: resetToken,
  response: z.object({ valid: z.literal(true), email: z.string() }),
});

export const updateRecoveredPassword = defineEndpoint({
  id: 'E005',
  method: 'POST',
  path: '/password-recovery/update_password',
  summary: 'Set a new password with a reset link; ends every session of the user.',
  access: { kind: 'public' },
  rateLimit: 'public',
  form: true,
  query: resetToken,
  body: z
    .object({
      password: newPasswordSchema,
      password_confirmation: z.string({ error: MSG.passwordsDoNotMatch }),
    })
    .refine((v) => v.password === v.password_confirmation, {
      error: MSG.passwordsDoNotMatch,
      path: ['password_confirmation'],
    }),
  response: z.null(),
});

export const magicLogin = defineEndpoint({
  id: 'E006',
  method: 'GET',
  path: '/internal/abracadabra/:accountId',
  summary: "Support staff sign in as an account's owner for one hour; every use is audited.",
  access: { kind: 'staff' },
  params: z.object({
    accountId: z
      .string()
      .regex(/^\d{1,9}$/, { error: MSG.magicLoginBadId })
      .transform(Number),
  }),
  response: z.object({ account_id: z.number().int(), current_location_id: z.number().int().nullable() }),
});

export const verifyEmail = defineEndpoint({
  id: 'E007',
  method: 'GET',
  path: '/verification/:type/email/:accountId/:transactionId',
  summary: 'Confirm an email address from the link sent to it.',
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({
    type: z.string().max(40),
    accountId: z.string().regex(/^\d{1,9}$/, { error: MSG.verificationInvalid }).transform(Number),
    transactionId: z.string().min(16, { error: MSG.verificationInvalid }).max(200),
  }),
  response: z.object({ verified: z.literal(true) }),
});

export const loadLocations = defineEndpoint({
  id: 'E008',
  method: 'POST',
  path: '/account/locations/load',
  summary: "The user's locations and the session's current one.",
  access: { kind: 'user' },
  response: z.object({
    locations: z.array(locationItem),
    current_location: locationItem.nullable(),
    is_multi_location: z.boolean(),
    is_franchise: z.boolean(),
  }),
});

export const selectLocation = defineEndpoint({
  id: 'E009',
  method: 'POST',
  path: '/account/location-change/select',
  summary: 'Switch the session to another of the user’s locations.',
  access: { kind: 'user' },
  body: z.object({
    location_id: idSchema(MSG.chooseLocation, true),
  }),
  response: z.object({ current_location: locationItem }),
});

export const loadSubscriptions = defineEndpoint({
  id: 'E010',
  method: 'GET',
  path: '/location/subscriptions/load',
  summary: "The current location's active subscriptions.",
  access: { kind: 'location', rule: { allowTrial: true } },
  response: z.object({ locationSubscriptions: z.array(z.string()) }),
});

export const permissionsMap = z.object(
  Object.fromEntries(PERMISSIONS.map((p) => [p, flag])) as Record<(typeof PERMISSIONS)[number], typeof flag>,
);

export const loadLocationUser = defineEndpoint({
  id: 'E011',
  method: 'GET',
  path: '/access/location-user/load',
  summary: "The user's role and permissions at the current location.",
  access: { kind: 'location', rule: { allowTrial: true } },
  response: z.object({
    location: z.object({
      location_id: z.number().int(),
      permissions: permissionsMap,
      role: z.object({ name: z.enum(ROLES) }),
      access_type: z.string(),
      kudoAccountId: z.number().int(),
    }),
    impersonated: z.boolean(),
  }),
});

export const identity = z.object({
  id: z.number().int(),
  username: z.string(),
  created: z.string(),
  metadata: z.object({
    profile: z.object({
      name: z.object({ first: z.string(), last: z.string() }),
      profilePic: z.string().nullable(),
    }),
  }),
});

export const loadIdentity = defineEndpoint({
  id: 'E012',
  method: 'GET',
  path: '/location/identity/load',
  summary: 'Who is logged in: name and picture for the account menu.',
  access: { kind: 'user' },
  response: identity,
});

export const profile = z.object({
  name: z.object({ first: z.string(), last: z.string() }),
  contact: z.object({ email: z.string(), phoneNumber: z.string() }),
});
export type Profile = z.infer<typeof profile>;

export const loadProfile = defineEndpoint({
  id: 'E013',
  method: 'POST',
  path: '/profile-load',
  summary: "The user's own profile.",
  access: { kind: 'user' },
  response: profile,
});

export const profileInput = z.object({
  name: z.object({
    first: personNameSchema(MSG.validFirstName),
    last: personNameSchema(MSG.validLastName),
  }),
  contact: z.object({
    phoneNumber: phoneSchema(MSG.validPhone, { optional: true }),
  }),
});

export const saveProfile = defineEndpoint({
  id: 'E014',
  method: 'POST',
  path: '/profile-save',
  summary: "Save the user's names and phone number.",
  access: { kind: 'user' },
  body: profileInput,
  response: profile,
});

export const passwordChange = z
  .object({
    currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, { error: MSG.currentPasswordRequired }).max(128),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: MSG.passwordsDoNotMatch }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });

export const updatePassword = defineEndpoint({
  id: 'E015',
  method: 'POST',
  path: '/profile/update-password',
  summary: "Change the user's password (the current one is checked); other sessions end.",
  access: { kind: 'user' },
  body: passwordChange,
  response: z.null(),
});

export const crossSell = defineEndpoint({
  id: 'E016',
  method: 'GET',
  path: '/cross-sell/integration',
  summary: "The location's customer-retention partner account.",
  access: { kind: 'location', rule: { allowTrial: true } },
  response: z.object({ enabled: z.boolean(), external_customer_id: z.string().nullable() }),
});

export const currentVersion = defineEndpoint({
  id: 'E017',
  method: 'GET',
  path: '/current-version',
  summary: "The server's version, shown in the logged-in layout's footer; not told to strangers.",
  access: { kind: 'user' },
  response: z.object({ latest_version: z.string() }),
});

const connectionNotice = z
  .object({
    /** *_REVIEWS_REFUSED: the connection stands but the platform refuses to share its reviews. */
    error_type: z.enum(['GOOGLE_EXPIRED', 'FB_EXPIRED', 'GOOGLE_REVIEWS_REFUSED', 'FB_REVIEWS_REFUSED']),
    message: z.string(),
    learn_more_url: z.string(),
  })
  .nullable();

export const fetchNotifications = defineEndpoint({
  id: 'E018',
  method: 'GET',
  path: '/notifications/fetch',
  summary: 'Problems with the Google and Facebook connections of the location.',
  access: { kind: 'location', rule: { allowTrial: true } },
  response: z.object({ gmb_connect: connectionNotice, fb_connect: connectionNotice }),
});

export const upgradeRequest = defineEndpoint({
  id: 'E019',
  method: 'POST',
  path: '/self-service/notifications/upgrade-request',
  summary: 'Ask sales for an upgrade; recorded and emailed to the sales team.',
  access: { kind: 'location', rule: { allowTrial: true } },
  body: z.object({ type: z.enum(UPGRADE_REQUEST_TYPES).default('plan') }).default({ type: 'plan' }),
  response: z.object({ request_id: z.number().int() }),
});
