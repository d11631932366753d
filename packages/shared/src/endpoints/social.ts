import { z } from 'zod';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { SITE_LABELS } from '../sites.js';
import { isHttpUrl } from '../validators.js';
import { defineEndpoint, defineRawEndpoint } from './define.js';
import { htmlPage } from './media.js';

/** The review sites a location can link, in their default order; custom links may repeat. */
export const SOCIAL_TYPES = [
  'homestar',
  'google',
  'facebook',
  'bbb',
  'homeadvisor',
  'houzz',
  'nextdoor',
  'yp',
  'angieslist',
  'porch',
  'custom',
] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];
/** The built-in sites: one row each per location. */
export const SOCIAL_SITE_TYPES = SOCIAL_TYPES.filter((t): t is Exclude<SocialType, 'custom'> => t !== 'custom');
export type SocialSiteType = (typeof SOCIAL_SITE_TYPES)[number];

export const SOCIAL_TYPE_LABELS: Record<SocialType, string> = SITE_LABELS;

export const SOCIAL_LIMITS = { urlMax: 2048, titleMax: 60, customMax: 20, searchMax: 200 } as const;

/** A row's key: the site type, or `custom:<id>` for a custom link. */
export const SOCIAL_KEY_RE = /^(?:homestar|google|facebook|bbb|homeadvisor|houzz|nextdoor|yp|angieslist|porch|custom:[1-9]\d{0,9})$/;
/** Google place ids: letters, digits, `_` and `-`. */
export const PLACE_ID_RE = /^[A-Za-z0-9_-]{1,300}$/;

const optionalUrl = z
  .string({ error: MSG.socialUrlInvalid })
  .trim()
  .max(SOCIAL_LIMITS.urlMax, { error: MSG.socialUrlInvalid })
  .refine((v) => v === '' || isHttpUrl(v), { error: MSG.socialUrlInvalid });

const accountKey = z
  .string({ error: MSG.socialUnknownAccount })
  .trim()
  .regex(SOCIAL_KEY_RE, { error: MSG.socialUnknownAccount });

export const socialAccount = z.object({
  key: z.string(),
  type: z.enum(SOCIAL_TYPES),
  /** null for a built-in site that was never set. */
  id: z.number().int().nullable(),
  homepage: z.string(),
  reviewPage: z.string(),
  title: z.string().nullable(),
  order: z.number().int(),
});
export type SocialAccount = z.infer<typeof socialAccount>;

export const gbpLocation = z.object({
  id: z.string(),
  name: z.string(),
  placeId: z.string().nullable(),
  address: z.object({ addressLines: z.array(z.string()), locality: z.string(), administrativeArea: z.string() }),
});
export type GbpLocationItem = z.infer<typeof gbpLocation>;

const connectionStatus = z.enum(['connected', 'expired']).nullable();

export const googleConnection = z.object({
  connected: z.boolean(),
  status: connectionStatus,
  accountId: z.string().nullable(),
  account_id: z.string().nullable(),
  accountName: z.string(),
  location: gbpLocation.nullable(),
  locations: z.array(gbpLocation),
});
export type GoogleConnectionState = z.infer<typeof googleConnection>;

const pageItem = z.object({ id: z.string(), name: z.string() });

export const facebookConnection = z.object({
  connected: z.boolean(),
  status: connectionStatus,
  userName: z.string(),
  pageList: z.array(pageItem),
  pageSelected: pageItem.nullable(),
  homepage: z.string(),
  review: z.string(),
});
export type FacebookConnectionState = z.infer<typeof facebookConnection>;

export const placeItem = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
});
export type PlaceItem = z.infer<typeof placeItem>;

const access = { kind: 'location', rule: RULES.settingsGeneral } as const;
const PREFIX = '/settings/manage/social-media-connect';

export const load = defineEndpoint({
  id: 'E023',
  method: 'GET',
  path: '/settings/general/connect-social-media/load',
  summary: 'The Connect Social Media screen: review/homepage links in their order, the Google place, and the Google and Facebook connections.',
  access,
  response: z.object({
    social_media: z.record(z.string(), socialAccount),
    /** Every row's key, in the order the list shows them. */
    order: z.array(z.string()),
    place: placeItem.nullable(),
    google: googleConnection,
    facebook: facebookConnection,
  }),
});

const oauthCode = (message: string) =>
  z.object({ code: z.string({ error: message }).trim().min(1, { error: message }).max(4096, { error: message }) });

export const googleConnect = defineEndpoint({
  id: 'E024',
  method: 'POST',
  path: `${PREFIX}/google-my-business/connect`,
  summary: 'Exchange a Google sign-in code; answers the Business Profile account id and its locations.',
  access,
  body: oauthCode(MSG.googleSignInFailed),
  response: googleConnection,
});

export const googleSaveLocation = defineEndpoint({
  id: 'E025',
  method: 'POST',
  path: `${PREFIX}/google-my-business/save-location`,
  summary: 'Choose which Business Profile location this location is.',
  access,
  body: z.object({
    location_id: z
      .string({ error: MSG.googleLocationNotFound })
      .trim()
      .min(1, { error: MSG.googleLocationNotFound })
      .max(200, { error: MSG.googleLocationNotFound }),
  }),
  response: googleConnection,
});

export const googleSignOut = defineEndpoint({
  id: 'E026',
  method: 'POST',
  path: `${PREFIX}/google-my-business/sign-out`,
  summary: 'Disconnect Google Business Profile from this location.',
  access,
  response: z.null(),
});

export const facebookConnect = defineEndpoint({
  id: 'E027',
  method: 'POST',
  path: `${PREFIX}/facebook/connect`,
  summary: 'Exchange a Facebook sign-in code; answers the pages the user manages.',
  access,
  body: oauthCode(MSG.facebookSignInFailed),
  response: facebookConnection,
});

export const facebookPageSelect = defineEndpoint({
  id: 'E028',
  method: 'POST',
  path: `${PREFIX}/facebook/page-select`,
  summary: 'Choose the Facebook page of this location.',
  access,
  body: z.object({
    page_id: z
      .string({ error: MSG.facebookPageNotFound })
      .trim()
      .regex(/^\d{1,30}$/, { error: MSG.facebookPageNotFound }),
    page_name: z.string().trim().max(200).optional(),
  }),
  response: facebookConnection,
});

export const facebookSignOut = defineEndpoint({
  id: 'E029',
  method: 'POST',
  path: `${PREFIX}/facebook/sign-out`,
  summary: 'Disconnect Facebook from this location.',
  access,
  response: z.null(),
});

export const placeSelect = defineEndpoint({
  id: 'E030',
  method: 'POST',
  path: `${PREFIX}/google/placeid-select`,
  summary: "Save the location's Google place (by place id) and its Google review link.",
  access,
  body: z.object({
    place_id: z.string({ error: MSG.placeNotFound }).trim().regex(PLACE_ID_RE, { error: MSG.placeNotFound }),
  }),
  response: z.object({ place: placeItem, account: socialAccount }),
});

export const clearAccount = defineEndpoint({
  id: 'E031',
  method: 'POST',
  path: `${PREFIX}/social-media/clear`,
  summary: "Clear a site's links, or remove a custom link.",
  access,
  body: z.object({ social_media: accountKey }),
  response: z.null(),
});

const saveAnswer = z.object({
  /** ok: saved; warning: see status_message. */
  status: z.enum(['ok', 'warning']),
  status_message: z.string().nullable(),
  /** The saved row; null when a warning stopped the save. */
  account: socialAccount.nullable(),
});

export const saveHomepage = defineEndpoint({
  id: 'E032',
  method: 'POST',
  path: `${PREFIX}/social-media/save-homepage`,
  summary: "Add a site by its homepage link; a link that does not look like that site's answers a warning and saves nothing.",
  access,
  body: z.object({
    social_media: z
      .string({ error: MSG.socialUnknownAccount })
      .trim()
      .refine((v) => (SOCIAL_TYPES as readonly string[]).includes(v) && v !== 'custom', { error: MSG.socialUnknownAccount }),
    social_media_url: optionalUrl.refine((v) => v !== '', { error: MSG.socialUrlRequired }),
  }),
  response: saveAnswer,
});

export const saveAccount = defineEndpoint({
  id: 'E033',
  method: 'POST',
  path: `${PREFIX}/social-media/save-sm`,
  summary: "Save a site's review page and homepage, or add (social_media 'custom') or edit a custom link.",
  access,
  body: z
    .object({
      social_media: z
        .string({ error: MSG.socialUnknownAccount })
        .trim()
        .refine((v) => v === 'custom' || SOCIAL_KEY_RE.test(v), { error: MSG.socialUnknownAccount }),
      title: z.string({ error: MSG.socialTitleRequired }).trim().max(SOCIAL_LIMITS.titleMax, { error: `A title may be at most ${SOCIAL_LIMITS.titleMax} characters` }).optional(),
      review_page: optionalUrl.optional().default(''),
      homepage: optionalUrl.optional().default(''),
    })
    .superRefine((v, ctx) => {
      const custom = v.social_media === 'custom' || v.social_media.startsWith('custom:');
      if (custom && !v.title) ctx.addIssue({ code: 'custom', path: ['title'], message: MSG.socialTitleRequired });
      if (!v.review_page && !v.homepage) {
        ctx.addIssue({ code: 'custom', path: [custom ? 'homepage' : 'review_page'], message: MSG.socialUrlRequired });
      }
    }),
  response: saveAnswer,
});

export const updateOrder = defineEndpoint({
  id: 'E034',
  method: 'POST',
  path: `${PREFIX}/social-media/update-order`,
  summary: 'Save the order of the links: `order` lists every row key once, first to last.',
  access,
  body: z.object({
    order: z
      .array(z.string().regex(SOCIAL_KEY_RE, { error: MSG.socialOrderMismatch }), { error: MSG.socialOrderMismatch })
      .min(1, { error: MSG.socialOrderMismatch })
      .max(SOCIAL_TYPES.length + SOCIAL_LIMITS.customMax, { error: MSG.socialOrderMismatch }),
    /** The list as the client holds it, keyed by row key; when sent, its keys must be those of `order`. */
    data: z.record(z.string(), z.unknown()).optional(),
  }),
  response: z.object({ order: z.array(z.string()) }),
});

export const googleAuthUrl = defineEndpoint({
  id: 'google-auth-url',
  method: 'GET',
  path: '/settings/general/connect-social-media/google/auth-url',
  summary: 'Where the Google sign-in popup goes, and the state it comes back with.',
  access,
  response: z.object({ url: z.string(), state: z.string() }),
});

export const facebookAuthUrl = defineEndpoint({
  id: 'facebook-auth-url',
  method: 'GET',
  path: '/settings/general/connect-social-media/facebook/auth-url',
  summary: 'Where the Facebook sign-in popup goes, and the state it comes back with.',
  access,
  response: z.object({ url: z.string(), state: z.string() }),
});

export const placesSearch = defineEndpoint({
  id: 'places-search',
  method: 'GET',
  path: '/settings/general/places/search',
  summary: 'Businesses on the map matching the text (up to 10).',
  access,
  query: z.object({
    q: z
      .string()
      .trim()
      .max(SOCIAL_LIMITS.searchMax, { error: `Search at most ${SOCIAL_LIMITS.searchMax} characters` })
      .default(''),
  }),
  response: z.object({ places: z.array(placeItem) }),
});

export const placesDetails = defineEndpoint({
  id: 'places-details',
  method: 'GET',
  path: '/settings/general/places/details/:placeId',
  summary: 'A business on the map by its Google place id.',
  access,
  params: z.object({ placeId: z.string().regex(PLACE_ID_RE, { error: MSG.placeNotFound }) }),
  response: z.object({ place: placeItem }),
});

/**
 * The sign-in popups' way back: Google and Facebook (or the local consent page) redirect here with the code
 * and state; the page hands them to the settings screen that opened it and closes.
 */
export const oauthCallback = defineRawEndpoint({
  id: 'oauth-callback',
  method: 'GET',
  path: '/oauth/:provider/callback',
  summary: 'Where Google and Facebook sign-in return: a page that hands the code to the settings screen.',
  access: { kind: 'public' },
  rateLimit: 'public',
  // Any other provider is a page that does not exist (404), not bad input.
  params: z.object({ provider: z.string().max(20) }),
  query: z.record(z.string(), z.unknown()),
  produces: htmlPage,
});

/** The local stand-ins for the providers' consent screens (local Google and Facebook providers only). */
export const localGoogleConsent = defineRawEndpoint({
  id: 'dev-oauth-google',
  method: 'GET',
  path: '/dev/oauth/google',
  summary: 'The local Google consent page: choose a demo account (local Google provider only).',
  access: { kind: 'public' },
  query: z.object({ state: z.string().max(200).optional() }),
  produces: htmlPage,
});

export const localFacebookConsent = defineRawEndpoint({
  id: 'dev-oauth-facebook',
  method: 'GET',
  path: '/dev/oauth/facebook',
  summary: 'The local Facebook consent page: choose a demo user (local Facebook provider only).',
  access: { kind: 'public' },
  query: z.object({ state: z.string().max(200).optional() }),
  produces: htmlPage,
});
