export const ROLES = ['Owner', 'Admin', 'User'] as const;
export type RoleName = (typeof ROLES)[number];

export const PERMISSIONS = ['twm', 'dispatch', 'analytics', 'settings'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const SUBSCRIPTIONS = ['kudoPro', 'web-chat', 'contact-card', 'employee-rewards'] as const;
export type SubscriptionCode = (typeof SUBSCRIPTIONS)[number];

export const TWILIO_VERIFIED_STATES = ['verified', 'in_progress', 'rejected', ''] as const;
export type TwilioVerified = (typeof TWILIO_VERIFIED_STATES)[number];

export const UPGRADE_REQUEST_TYPES = [
  'plan',
  'contact-card',
  'employee-rewards',
  'two-way-messaging',
  'chat-widget',
] as const;
export type UpgradeRequestType = (typeof UPGRADE_REQUEST_TYPES)[number];

export const LIMITS = {
  passwordMin: 6,
  nameMax: 50,
  freeTrialDays: 14,
  /** Session lifetime, renewed while in use. */
  sessionDays: 14,
  /** A support staff member's impersonated session. */
  impersonationMinutes: 60,
  passwordResetMinutes: 60,
  emailVerificationDays: 7,
  /** Failed logins for one username before it is locked for the window. */
  loginFailuresPerUser: 10,
  loginFailureWindowMinutes: 15,
  /** Login requests from one IP per minute. */
  loginPerIpPerMinute: 30,
  /** Requests per minute to public, unauthenticated endpoints from one IP. */
  publicPerIpPerMinute: 60,
} as const;

/** The largest file one upload may carry (images, spreadsheets); the messages say "5 MB". */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DEFAULT_BACKEND_VERSION = '0.0.0';

/** The cookie holding the opaque session token, and the one carrying the CSRF token to the SPA. */
export const SESSION_COOKIE = 'kudo_session';
export const CSRF_COOKIE = 'kudo_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Billing terms; the billing page starts on year (15% off the monthly price). */
export const BILLING_TERMS = ['month', 'year'] as const;
export type BillingTerm = (typeof BILLING_TERMS)[number];
export const BILLING_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
export const BILLING = {
  defaultTerm: 'year' as BillingTerm,
  /** The yearly price is twelve months less this share. */
  annualDiscount: 0.15,
  /** Days a location keeps everything after a failed payment, while the provider retries. */
  graceDays: 7,
  /** How long a built-in checkout order can be confirmed. */
  checkoutMinutes: 60,
} as const;
