import { CUSTOMER_PATHS, RULES, type AccessRule } from '@kudo/shared';
import { matchPath } from 'react-router-dom';

/**
 * Every screen of the dashboard in one table: its name, path, who may enter and which frame it sits in.
 * Menus, redirects and links address screens by name through `pathFor`, so a path changes here only.
 * This module is data only (no React, no feature imports) so that any layer may read it.
 */

/**
 * - public: anyone; `guestOnly` screens send a logged-in user to the dashboard instead.
 * - user: logged in, with or without a current location.
 * - location: logged in with a current location, passing `rule` (checked with `checkAccess`).
 */
export type RouteAccess =
  | { kind: 'public'; guestOnly?: boolean }
  | { kind: 'user' }
  | { kind: 'location'; rule: AccessRule };

/** main: banner, menu bar and footer; bare: a standalone page of the dashboard (login and the like); none: no dashboard frame at all. */
export type RouteLayout = 'main' | 'bare' | 'none';

interface RouteDefOf<Name extends string> {
  path: string;
  access: RouteAccess;
  layout: RouteLayout;
  /** A parent route that only forwards to one of its children. */
  redirectTo?: Name;
  /** Other paths that show the same screen (old links in sent messages). */
  aliases?: readonly string[];
  /** Shows the free-trial banner above the content for trial locations. */
  trialBanner?: boolean;
}

const PUBLIC = { kind: 'public' } as const;
const USER = { kind: 'user' } as const;
const at = (rule: AccessRule): RouteAccess => ({ kind: 'location', rule });

// Rules shared by a parent and its children (the parent's guard covers its children in the spec); the
// API checks the same rules on the calls behind these screens.
const operateRule: AccessRule = RULES.operate;
const onboardingStepRule: AccessRule = RULES.onboardingStep;
const wizardRule: AccessRule = RULES.wizard;
const settingsRule: AccessRule = RULES.settings;
const settingsGeneralRule: AccessRule = RULES.settingsGeneral;
const settingsDispatchRule: AccessRule = RULES.settingsDispatch;
const settingsMessagingRule: AccessRule = RULES.settingsMessaging;
const settingsReviewsRule: AccessRule = RULES.settingsReviews;
const settingsContactCardRule: AccessRule = RULES.settingsContactCard;
const analyzeRule: AccessRule = RULES.analyze;
const leaderboardRule: AccessRule = RULES.leaderboard;
const logsRule: AccessRule = RULES.logs;

const PULSECHECK_FLOW = CUSTOMER_PATHS.flow;

export const ROUTES = {
  // R01–R09: session and home
  root: { path: '/', access: PUBLIC, layout: 'bare', redirectTo: 'dashboard' },
  login: { path: '/login', access: { kind: 'public', guestOnly: true }, layout: 'bare' },
  'password-recovery': { path: '/password-recovery', access: PUBLIC, layout: 'bare' },
  'password-reset': { path: '/password-recovery/reset_password', access: PUBLIC, layout: 'bare' },
  'select-location': { path: '/select-location', access: USER, layout: 'bare' },
  'magic-login': { path: '/internal/abracadabra/:accountId', access: USER, layout: 'bare' },
  'email-verification': {
    path: '/verification/:verificationType/email/:accountId/:transactionId',
    access: PUBLIC,
    layout: 'bare',
  },
  'user-preferences': { path: '/user-preferences', access: USER, layout: 'main' },
  dashboard: { path: '/dashboard', access: at({ allowTrial: true }), layout: 'main', trialBanner: true },

  // R10–R14: operate and message
  operate: { path: '/operate', access: at(operateRule), layout: 'main', redirectTo: 'operate-dispatch' },
  'operate-dispatch': { path: '/operate/dispatch', access: at(operateRule), layout: 'main' },
  'operate-contact-card': {
    path: '/operate/contact-card',
    access: at({ ...operateRule, subscriptions: ['contact-card'] }),
    layout: 'main',
  },
  'operate-quick-actions': { path: '/operate/quick-actions', access: at(operateRule), layout: 'main' },
  // Ours: every recent send with who or what sent it (the public API's requests among them).
  'operate-activity': { path: '/operate/activity', access: at(operateRule), layout: 'main' },
  // The menu entry needs kudoPro too; the inbox is the paid messaging product, so the screen does as well.
  message: { path: '/message', access: at(RULES.message), layout: 'main' },

  // R15–R21: onboarding; its entry guard picks the furthest step reached
  onboarding: { path: '/onboarding', access: PUBLIC, layout: 'none' },
  'onboarding-account-details': {
    path: '/onboarding/account-details',
    access: { kind: 'public', guestOnly: true },
    layout: 'none',
  },
  'onboarding-connect-social-media': {
    path: '/onboarding/connect-social-media',
    access: { kind: 'public', guestOnly: true },
    layout: 'none',
  },
  'onboarding-preview-pulsecheck': { path: '/onboarding/preview-pulsecheck', access: at(onboardingStepRule), layout: 'none' },
  'onboarding-add-to-contacts': { path: '/onboarding/add-to-contacts', access: at(onboardingStepRule), layout: 'none' },
  'onboarding-confirm-and-send': { path: '/onboarding/confirm-and-send', access: at(onboardingStepRule), layout: 'none' },
  'onboarding-finish': { path: '/onboarding/finish', access: at(onboardingStepRule), layout: 'none' },

  // R22–R25: trial wizard (doc 3 names it "wizard"); its own guard checks days and pulseChecks left
  'wizard-pulsecheck': {
    path: '/pulsecheck-wizard',
    access: at(wizardRule),
    layout: 'none',
    redirectTo: 'wizard-preview-pulsecheck',
  },
  'wizard-preview-pulsecheck': { path: '/pulsecheck-wizard/preview-pulsecheck', access: at(wizardRule), layout: 'none' },
  'wizard-add-to-contacts': { path: '/pulsecheck-wizard/add-to-contacts', access: at(wizardRule), layout: 'none' },
  'wizard-confirm-and-send': { path: '/pulsecheck-wizard/confirm-and-send', access: at(wizardRule), layout: 'none' },

  // R26–R35: customer-facing pages
  pulsecheck: { path: '/pulsecheck', access: PUBLIC, layout: 'none' },
  'pulsecheck-select-campaign': {
    path: CUSTOMER_PATHS.pulseCheck,
    access: PUBLIC,
    layout: 'none',
    aliases: [CUSTOMER_PATHS.pulseCheckAlias],
  },
  'pulsecheck-mood': {
    path: `${PULSECHECK_FLOW}/mood`,
    access: PUBLIC,
    layout: 'none',
    aliases: [CUSTOMER_PATHS.flowAlias],
  },
  'pulsecheck-social-media': { path: `${PULSECHECK_FLOW}/social-media`, access: PUBLIC, layout: 'none' },
  'pulsecheck-rating': { path: `${PULSECHECK_FLOW}/rating`, access: PUBLIC, layout: 'none' },
  'pulsecheck-review': { path: `${PULSECHECK_FLOW}/review`, access: PUBLIC, layout: 'none' },
  'pulsecheck-thank-you': { path: `${PULSECHECK_FLOW}/thank-you`, access: PUBLIC, layout: 'none' },
  'sample-pulsecheck': { path: CUSTOMER_PATHS.sample, access: PUBLIC, layout: 'none' },
  'view-bio': {
    path: CUSTOMER_PATHS.bio,
    access: PUBLIC,
    layout: 'none',
    aliases: [...CUSTOMER_PATHS.bioAliases],
  },
  'preview-review-widget': { path: '/preview-review-widget/:id', access: PUBLIC, layout: 'none' },

  // R36: the catch-all
  'not-found': { path: '*', access: PUBLIC, layout: 'bare' },

  // R37–R55: settings. /settings itself forwards trial users to billing and others to general.
  settings: { path: '/settings', access: at(settingsRule), layout: 'main' },
  'settings-general': {
    path: '/settings/general',
    access: at(settingsGeneralRule),
    layout: 'main',
    redirectTo: 'settings-general-connect-social-media',
  },
  'settings-general-connect-social-media': {
    path: '/settings/general/connect-social-media',
    access: at(settingsGeneralRule),
    layout: 'main',
  },
  'settings-general-branding': { path: '/settings/general/branding', access: at(settingsGeneralRule), layout: 'main' },
  'settings-general-users': { path: '/settings/general/users', access: at(settingsGeneralRule), layout: 'main' },
  'settings-general-reporting': { path: '/settings/general/reporting', access: at(settingsGeneralRule), layout: 'main' },
  'settings-dispatch': {
    path: '/settings/dispatch',
    access: at(settingsDispatchRule),
    layout: 'main',
    redirectTo: 'settings-dispatch-campaigns',
  },
  'settings-dispatch-campaigns': { path: '/settings/dispatch/campaigns', access: at(settingsDispatchRule), layout: 'main' },
  'settings-dispatch-notifications': {
    path: '/settings/dispatch/notifications',
    access: at(settingsDispatchRule),
    layout: 'main',
  },
  'settings-dispatch-web-widget': { path: '/settings/dispatch/web-widget', access: at(settingsDispatchRule), layout: 'main' },
  // Ours: the reply voice of review drafts and the automatic reply rules.
  'settings-reviews': {
    path: '/settings/reviews',
    access: at(settingsReviewsRule),
    layout: 'main',
    redirectTo: 'settings-reviews-voice',
  },
  'settings-reviews-voice': { path: '/settings/reviews/reply-voice', access: at(settingsReviewsRule), layout: 'main' },
  'settings-reviews-auto-reply': { path: '/settings/reviews/auto-reply', access: at(settingsReviewsRule), layout: 'main' },
  'settings-messaging': {
    path: '/settings/messaging',
    access: at(settingsMessagingRule),
    layout: 'main',
    redirectTo: 'settings-messaging-notifications',
  },
  'settings-messaging-notifications': {
    path: '/settings/messaging/notifications',
    access: at(settingsMessagingRule),
    layout: 'main',
  },
  'settings-messaging-auto-reply': { path: '/settings/messaging/auto-reply', access: at(settingsMessagingRule), layout: 'main' },
  // The carrier registration: every location that texts has one, trial or not, so Owners and Admins reach it without kudoPro.
  'settings-messaging-registration': {
    path: '/settings/messaging/registration',
    access: at({ permission: 'settings', allowTrial: true, roles: ['Owner', 'Admin'] }),
    layout: 'main',
  },
  'settings-contact-card': {
    path: '/settings/contact-card',
    access: at(settingsContactCardRule),
    layout: 'main',
    redirectTo: 'settings-contact-card-contact-information',
  },
  'settings-contact-card-contact-information': {
    path: '/settings/contact-card/contact-information',
    access: at(settingsContactCardRule),
    layout: 'main',
  },
  'settings-contact-card-templates': {
    path: '/settings/contact-card/templates',
    access: at(settingsContactCardRule),
    layout: 'main',
  },
  'settings-employee-rewards': {
    path: '/settings/employee-rewards',
    access: at(RULES.settingsEmployeeRewards),
    layout: 'main',
  },
  // Ours: the public API's keys and its documentation (Owner and Admin).
  'settings-integrations': {
    path: '/settings/integrations',
    access: at(RULES.settingsIntegrations),
    layout: 'main',
    redirectTo: 'settings-integrations-api-keys',
  },
  'settings-integrations-api-keys': { path: '/settings/integrations/api-keys', access: at(RULES.settingsIntegrations), layout: 'main' },
  'settings-integrations-api-docs': { path: '/settings/integrations/api-docs', access: at(RULES.settingsIntegrations), layout: 'main' },
  // Ours: the webhooks that send the location's events to other systems, and their deliveries (Owner and Admin).
  'settings-integrations-webhooks': { path: '/settings/integrations/webhooks', access: at(RULES.settingsIntegrations), layout: 'main' },
  // Ours: review requests from jobs done in field-service software, and their rules (Owner and Admin).
  'settings-integrations-field-service': { path: '/settings/integrations/field-service', access: at(RULES.settingsIntegrations), layout: 'main' },
  'settings-integrations-automatic-requests': { path: '/settings/integrations/automatic-requests', access: at(RULES.settingsIntegrations), layout: 'main' },
  'settings-billing': {
    path: '/settings/billing',
    access: at(settingsRule),
    layout: 'main',
    redirectTo: 'settings-billing-subscriptions',
  },
  'settings-billing-subscriptions': {
    path: '/settings/billing/subscriptions',
    access: at(settingsRule),
    layout: 'main',
    trialBanner: true,
  },
  // The built-in payment provider's pages: its checkout and its subscription management.
  'billing-checkout': { path: '/billing/checkout/:id', access: at(settingsRule), layout: 'main' },
  'billing-manage': { path: '/billing/manage', access: at(settingsRule), layout: 'main' },

  // R56–R66: analyze
  analyze: { path: '/analyze', access: at(analyzeRule), layout: 'main', redirectTo: 'analyze-overview' },
  'analyze-overview': { path: '/analyze/overview', access: at(analyzeRule), layout: 'main', trialBanner: true },
  'analyze-reviews': {
    path: '/analyze/reviews',
    access: at(analyzeRule),
    layout: 'main',
    redirectTo: 'analyze-reviews-customer-reviews',
  },
  'analyze-reviews-customer-reviews': {
    path: '/analyze/reviews/customer-reviews',
    access: at(analyzeRule),
    layout: 'main',
    trialBanner: true,
  },
  'analyze-reviews-social-reviews': {
    path: '/analyze/reviews/social-reviews',
    access: at(analyzeRule),
    layout: 'main',
    trialBanner: true,
  },
  // Ours: one review with its draft reply (where a bad-review alert links).
  'analyze-reviews-reply': { path: '/analyze/reviews/reply/:id', access: at(analyzeRule), layout: 'main' },
  'analyze-insights': { path: '/analyze/insights', access: at(analyzeRule), layout: 'main', trialBanner: true },
  'analyze-comp-analysis': { path: '/analyze/comp-analysis', access: at(analyzeRule), layout: 'main', trialBanner: true },
  'analyze-dispatching': { path: '/analyze/dispatching', access: at(analyzeRule), layout: 'main', trialBanner: true },
  'analyze-twm': {
    path: '/analyze/two-way-messaging',
    access: at({ ...analyzeRule, subscriptions: ['kudoPro', 'web-chat'] }),
    layout: 'main',
    redirectTo: 'analyze-twm-messaging',
  },
  'analyze-twm-messaging': {
    path: '/analyze/two-way-messaging/messaging',
    access: at({ ...analyzeRule, subscriptions: ['kudoPro'] }),
    layout: 'main',
    trialBanner: true,
  },
  'analyze-twm-chat-widget': {
    path: '/analyze/two-way-messaging/chat-widget',
    access: at({ ...analyzeRule, subscriptions: ['web-chat'] }),
    layout: 'main',
    trialBanner: true,
  },
  'analyze-employee-rewards': {
    path: '/analyze/employee-rewards',
    access: at({ ...analyzeRule, subscriptions: ['employee-rewards'] }),
    layout: 'main',
    trialBanner: true,
  },

  // R67–R75: leaderboard
  leaderboard: { path: '/leaderboard', access: at(leaderboardRule), layout: 'main', redirectTo: 'leaderboard-summary' },
  'leaderboard-summary': { path: '/leaderboard/summary', access: at(leaderboardRule), layout: 'main' },
  'leaderboard-reports': {
    path: '/leaderboard/reports',
    access: at(leaderboardRule),
    layout: 'main',
    redirectTo: 'leaderboard-reports-departments',
  },
  'leaderboard-reports-departments': { path: '/leaderboard/reports/departments', access: at(leaderboardRule), layout: 'main' },
  'leaderboard-reports-campaigns': { path: '/leaderboard/reports/campaigns', access: at(leaderboardRule), layout: 'main' },
  'leaderboard-reports-campaign-reviews': {
    path: '/leaderboard/reports/campaign-reviews',
    access: at(leaderboardRule),
    layout: 'main',
  },
  'leaderboard-reports-fieldops-usage': {
    path: '/leaderboard/reports/fieldops-usage',
    access: at(leaderboardRule),
    layout: 'main',
  },
  'leaderboard-reports-projection': { path: '/leaderboard/reports/projection', access: at(leaderboardRule), layout: 'main' },
  'leaderboard-projection': { path: '/leaderboard-projection', access: at(leaderboardRule), layout: 'none' },

  // R76–R82: logs (closed to trial users)
  logs: { path: '/logs', access: at(logsRule), layout: 'main', redirectTo: 'logs-outbound' },
  'logs-outbound': { path: '/logs/outbound', access: at(logsRule), layout: 'main' },
  'logs-opt-outs': { path: '/logs/opt-outs', access: at(logsRule), layout: 'main' },
  'logs-api-tasks': { path: '/logs/api-tasks', access: at(logsRule), layout: 'main' },
  'logs-api-tasks-v2': { path: '/logs/api-tasks-v2', access: at(logsRule), layout: 'main' },
  'logs-email-jobs': { path: '/logs/email-jobs', access: at(logsRule), layout: 'main' },
  'logs-sms-jobs': { path: '/logs/sms-jobs', access: at(logsRule), layout: 'main' },

  // Ours: what the local SMS and email providers "sent", readable while developing
  'dev-outbox': { path: '/dev/outbox', access: USER, layout: 'main' },
} as const satisfies Record<string, RouteDefOf<string>>;

export type RouteName = keyof typeof ROUTES;
export type RouteDef = RouteDefOf<RouteName>;

// Fails to compile when a redirect names a route that is not in the table.
const redirectsNameRoutes: Readonly<Record<RouteName, RouteDef>> = ROUTES;
void redirectsNameRoutes;

export const routeNames = Object.keys(ROUTES) as RouteName[];

export function routeDef(name: RouteName): RouteDef {
  return ROUTES[name];
}

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

type RouteParams<N extends RouteName> = { [K in ParamNames<(typeof ROUTES)[N]['path']>]: string | number };

/** The path of a screen, with its `:params` filled; a typo in a name or a missing param fails type-checking. */
export function pathFor<N extends RouteName>(
  name: N,
  ...[params]: ParamNames<(typeof ROUTES)[N]['path']> extends never ? [] : [RouteParams<N>]
): string {
  const template: string = ROUTES[name].path;
  const values = (params ?? {}) as Record<string, string | number>;
  return template.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`pathFor(${name}): missing ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** Router state carried to login and select-location: where to return, and a message to show there. */
export interface ReturnState {
  from?: string;
  notice?: string;
}

/**
 * A path the app may send someone back to after login: ours, not another site's (`//host`), and not the
 * login screen itself.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const pathname = value.split(/[?#]/)[0];
  if (pathname === ROUTES.login.path) return null;
  return value;
}

/** The screen a path belongs to (aliases included), or null when only the catch-all would take it. */
export function routeForPath(pathname: string): RouteName | null {
  for (const name of routeNames) {
    const def: RouteDef = ROUTES[name];
    if (def.path === '*') continue;
    for (const path of [def.path, ...(def.aliases ?? [])]) {
      if (matchPath({ path, end: true }, pathname)) return name;
    }
  }
  return null;
}
