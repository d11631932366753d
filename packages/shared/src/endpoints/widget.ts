import { z } from 'zod';
import type { AccessRule } from '../access.js';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { emailSchema, phoneSchema } from '../validators.js';
import { defineEndpoint, defineRawEndpoint } from './define.js';
import { binaryBody } from './media.js';

/** The page element a fixed dot is placed in. */
export const WIDGET_STATIC_CONTAINER_ID = 'kudo_widget_static_container';
/** Where the API serves the embeddable script. */
export const WIDGET_SCRIPT_PATH = '/widget/kudo-widget.js';
/** The script tag's attribute that carries the widget key. */
export const WIDGET_KEY_ATTRIBUTE = 'data-kudo-widget';
export const DOT_THEMES = [1, 2, 3, 4, 5] as const;
export const DOT_DEFAULT_COLOR = '#DDDDDD';
export const DOT_DEFAULT_FONT_COLOR = '#FFFFFF';
/** How many approved reviews the widget shows, newest first. */
export const WIDGET_REVIEW_LIMIT = 20;

/** The chat widget also needs the web-chat subscription. */
export const chatWidgetRule = {
  ...RULES.settingsDispatch,
  subscriptions: ['web-chat'],
} as const satisfies AccessRule;

export const HEX_COLOR_RE = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const flag = z.union([z.literal(0), z.literal(1)], { error: MSG.widgetInvalidFlag });
const color = z.string({ error: MSG.widgetInvalidColor }).trim().regex(HEX_COLOR_RE, { error: MSG.widgetInvalidColor });
const orientation = z.enum(['left', 'right'], { error: MSG.widgetInvalidOrientation });
const theme = z
  .number({ error: MSG.widgetInvalidTheme })
  .int({ error: MSG.widgetInvalidTheme })
  .min(1, { error: MSG.widgetInvalidTheme })
  .max(5, { error: MSG.widgetInvalidTheme });
const widgetPhone = phoneSchema(MSG.widgetInvalidPhone, { e164: true, optional: true });

/** The review widget settings, as the screen and the embed script see them. */
export const reviewWidgetSettings = z.object({
  showActivityAlert: flag,
  showImages: flag,
  showRatingsAlways: flag,
  showaudio: flag,
  /** '+1' and ten digits, or '' when unset. */
  phoneNumber: z.string(),
  showpullout: flag,
  color: z.string(),
  fontColor: z.string(),
  orientation: z.enum(['left', 'right']),
  theme: z.number().int(),
  positionFixed: flag,
});
export type ReviewWidgetSettings = z.infer<typeof reviewWidgetSettings>;

export const chatWidgetSettings = z.object({
  enabled: flag,
  greeting: z.string(),
  color: z.string(),
  orientation: z.enum(['left', 'right']),
});
export type ChatWidgetSettings = z.infer<typeof chatWidgetSettings>;

export const widgetSnippets = z.object({
  /** The script tag to paste before </body>. */
  web_widget: z.string(),
  /** The element a fixed dot sits in (minimum 100 by 100 px). */
  static_container: z.string(),
});
export type WidgetSnippets = z.infer<typeof widgetSnippets>;

export const widgetSetting = z.object({
  widgetKey: z.string(),
  /** The public preview of the widget; its last path segment is the widget id. */
  widgetUrl: z.string(),
  settings: reviewWidgetSettings,
  chat: chatWidgetSettings,
  /** Whether the location has the web-chat subscription. */
  chatAvailable: z.boolean(),
  facebookTab: z.object({ pageId: z.string(), addedAt: z.string() }).nullable(),
  /** When the public widget data was last computed. */
  refreshedAt: z.string().nullable(),
  /** All of the location's reviews, and those selected for the widget. */
  reviewCount: z.number().int(),
  approvedCount: z.number().int(),
});
export type WidgetSetting = z.infer<typeof widgetSetting>;

export const loadWebWidget = defineEndpoint({
  id: 'E073',
  method: 'GET',
  path: '/settings/dispatch/web-widget/load',
  summary: 'The web widget screen: the embed snippets and the widget settings.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  response: z.object({ snippets: widgetSnippets, widgetSetting }),
});

export const refreshWidgetData = defineEndpoint({
  id: 'E074',
  method: 'GET',
  path: '/widget/gsd/data/refresh',
  summary: 'Recompute the public widget data (rating, approved reviews) now instead of waiting for it to expire.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  response: z.object({ refreshedAt: z.string(), reviewCount: z.number().int(), approvedCount: z.number().int() }),
});

export const getCodeSnippets = defineEndpoint({
  id: 'E075',
  method: 'POST',
  path: '/widget/get-code-snippets',
  summary: 'The embed snippets of the location’s widget.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  response: z.object({ snippets: widgetSnippets }),
});

export const emailWebmaster = defineEndpoint({
  id: 'E076',
  method: 'POST',
  path: '/settings/dispatch/web-widget/email-webmaster',
  summary: 'Email the embed snippet and installation steps to the website’s webmaster.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({ email: emailSchema() }),
  response: z.object({ email: z.string() }),
});

export const shareReviewWidget = defineEndpoint({
  id: 'E077',
  method: 'POST',
  path: '/settings/share/review-widget',
  summary: 'The public link that shows the review widget, to share with others.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  response: z.object({ url: z.string(), widgetKey: z.string() }),
});

export const saveWidgetSettings = defineEndpoint({
  id: 'E078',
  method: 'POST',
  path: '/settings/kudo/save-widget-settings',
  summary: 'Save review widget and dot settings; any subset of the fields may be sent.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  body: z.object({
    settings: z
      .object(
        {
          showActivityAlert: flag.optional(),
          showImages: flag.optional(),
          showRatingsAlways: flag.optional(),
          showaudio: flag.optional(),
          phoneNumber: widgetPhone.optional(),
          showpullout: flag.optional(),
          color: color.optional(),
          fontColor: color.optional(),
          orientation: orientation.optional(),
          theme: theme.optional(),
          positionFixed: flag.optional(),
        },
        { error: MSG.widgetNothingToSave },
      )
      .refine((s) => Object.values(s).some((v) => v !== undefined), { error: MSG.widgetNothingToSave }),
  }),
  response: z.object({ settings: reviewWidgetSettings }),
});

export const loadReviewWidget = defineEndpoint({
  id: 'E079',
  method: 'GET',
  // Written without the leading slash in the inventory; served at the same path below /api.
  path: '/settings/dispatch/review-widget/load',
  summary: 'The review widget settings.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  response: z.object({ settings: reviewWidgetSettings }),
});

export const addFacebookTab = defineEndpoint({
  id: 'E080',
  method: 'POST',
  path: '/widget/facebook-tab/add-tab',
  summary: 'Install the review widget as a tab of the connected Facebook page.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  response: z.object({ pageId: z.string(), pageName: z.string(), addedAt: z.string() }),
});

export const enableChatWidget = defineEndpoint({
  id: 'E081',
  method: 'POST',
  path: '/settings/kudo/web-chat/enable',
  summary: 'Turn the chat widget on (web-chat subscription).',
  access: { kind: 'location', rule: chatWidgetRule },
  response: z.object({ chat: chatWidgetSettings }),
});

export const disableChatWidget = defineEndpoint({
  id: 'E082',
  method: 'POST',
  path: '/settings/kudo/web-chat/disable',
  summary: 'Turn the chat widget off.',
  access: { kind: 'location', rule: chatWidgetRule },
  response: z.object({ chat: chatWidgetSettings }),
});

export const saveChatWidget = defineEndpoint({
  id: 'E083',
  method: 'POST',
  path: '/settings/kudo/web-chat/save',
  summary: 'Save the chat widget’s greeting, colour and position.',
  access: { kind: 'location', rule: chatWidgetRule },
  body: z.object({
    greeting: z
      .string({ error: MSG.chatWidgetInvalidGreeting })
      .trim()
      .min(1, { error: MSG.chatWidgetInvalidGreeting })
      .max(200, { error: MSG.chatWidgetInvalidGreeting }),
    color,
    orientation,
  }),
  response: z.object({ chat: chatWidgetSettings }),
});

export const widgetReview = z.object({
  id: z.number().int(),
  author: z.string(),
  rating: z.number().int(),
  text: z.string(),
  source: z.string(),
  postedAt: z.string(),
  audioUrl: z.string().nullable(),
  url: z.string(),
  /** The technician or department the review is about, with its photo. */
  campaign: z.object({ name: z.string(), image: z.string() }).nullable(),
});
export type WidgetReview = z.infer<typeof widgetReview>;

export const widgetData = z.object({
  business: z.object({
    name: z.string(),
    phone: z.string(),
    website: z.string(),
    address: z.object({
      street: z.string(),
      city: z.string(),
      region: z.string(),
      postalCode: z.string(),
      country: z.string(),
    }),
  }),
  /** Over ALL the location's reviews, not only the approved ones. */
  aggregateRating: z.object({ ratingValue: z.number(), reviewCount: z.number().int() }),
  /** Reviews in the last 30 days, for the activity alert. */
  recentReviewCount: z.number().int(),
  /** The approved reviews, newest first. */
  reviews: z.array(widgetReview),
  /** The full list of reviews on the review site (or the business website). */
  allReviewsUrl: z.string().nullable(),
  settings: reviewWidgetSettings,
  /** The website chat button: shown when the location switched it on and has web-chat; its greeting and look. */
  chat: z.object({ enabled: z.boolean(), greeting: z.string(), color: z.string(), orientation: z.enum(['left', 'right']) }),
  generatedAt: z.string(),
});
export type WidgetData = z.infer<typeof widgetData>;

export const publicWidgetData = defineEndpoint({
  id: 'widget-data',
  method: 'GET',
  path: '/widget/:key/data',
  summary: 'What the embedded widget shows: rating, approved reviews and dot settings. Public, CORS open, cached 60 s.',
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ key: z.string().min(1).max(64) }),
  response: widgetData,
});

/** The WordPress plugin of the location's widget, made for it (a zip to install on the website). */
export const wordpressPlugin = defineRawEndpoint({
  id: 'widget-wordpress-plugin',
  method: 'GET',
  path: '/settings/dispatch/web-widget/wordpress-plugin',
  summary: 'Download the WordPress plugin that embeds the location’s review widget.',
  access: { kind: 'location', rule: RULES.settingsDispatch },
  produces: { 'application/zip': binaryBody },
});

/** The embeddable script websites load; public, CORS open, cached a day with an ETag. */
export const widgetScript = defineRawEndpoint({
  id: 'widget-script',
  method: 'GET',
  path: WIDGET_SCRIPT_PATH,
  outsideApi: true,
  summary: 'The review widget’s script, embedded by websites.',
  access: { kind: 'public' },
  produces: { 'application/javascript': z.string().meta({ description: 'The script.' }) },
});
