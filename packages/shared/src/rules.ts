import type { AccessRule } from './access.js';

/**
 * The access rules of the product's areas, shared by the SPA's routes and the API's endpoints so that a
 * screen and the calls behind it always agree.
 */
export const RULES = {
  dashboard: { allowTrial: true },
  operate: { permission: 'dispatch' },
  message: { permission: 'twm', subscriptions: ['kudoPro'] },
  analyze: { permission: 'analytics', allowTrial: true },
  leaderboard: { permission: 'analytics' },
  logs: {},
  onboardingStep: { allowTrial: true },
  wizard: { allowTrial: true },
  /** Settings as a whole, and Billing. */
  settings: { permission: 'settings', allowTrial: true },
  /** General (social media, branding, users, reporting): trial users only on the lite trial. */
  settingsGeneral: { permission: 'settings', allowLite: true, trialFailure: 'not-found' },
  /** Creating and changing portal users: Owner and Admin only. */
  settingsGeneralManageUsers: { permission: 'settings', allowLite: true, trialFailure: 'not-found', roles: ['Owner', 'Admin'] },
  settingsDispatch: { permission: 'settings', trialFailure: 'not-found' },
  /** Reviews (reply voice, automatic replies): like Dispatch, every plan but not a trial. */
  settingsReviews: { permission: 'settings', trialFailure: 'not-found' },
  settingsMessaging: { permission: 'settings', subscriptions: ['kudoPro'] },
  settingsContactCard: { permission: 'settings', subscriptions: ['contact-card'] },
  settingsEmployeeRewards: { permission: 'settings', subscriptions: ['employee-rewards'] },
  /** API keys and the public API's documentation: Owner and Admin only, not on a trial. */
  settingsIntegrations: { permission: 'settings', roles: ['Owner', 'Admin'], trialFailure: 'not-found' },
} as const satisfies Record<string, AccessRule>;
