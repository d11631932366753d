import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTES, type RouteDef, type RouteName } from './routes';

/**
 * The screens built so far. A route of the table without an entry here is not rendered at all: its
 * path falls through to not-found until its area is built.
 */
export const PAGES: Partial<Record<RouteName, LazyExoticComponent<ComponentType>>> = {
  login: lazy(() => import('../features/session/pages/LoginPage')),
  'password-recovery': lazy(() => import('../features/session/pages/PasswordRecoveryPage')),
  'password-reset': lazy(() => import('../features/session/pages/PasswordResetPage')),
  'select-location': lazy(() => import('../features/session/pages/SelectLocationPage')),
  'magic-login': lazy(() => import('../features/session/pages/MagicLoginPage')),
  'email-verification': lazy(() => import('../features/session/pages/EmailVerificationPage')),
  'user-preferences': lazy(() => import('../features/session/pages/UserPreferencesPage')),
  dashboard: lazy(() => import('../features/dashboard/pages/DashboardPage')),
  message: lazy(() => import('../features/inbox/pages/InboxPage')),
  'analyze-twm-messaging': lazy(() => import('../features/inbox/pages/MessagingUsagePage')),
  'analyze-twm-chat-widget': lazy(() => import('../features/inbox/pages/ChatWidgetReportPage')),
  'operate-dispatch': lazy(() => import('../features/operate/pages/DispatchPage')),
  'operate-contact-card': lazy(() => import('../features/operate/pages/ContactCardPage')),
  'operate-quick-actions': lazy(() => import('../features/operate/pages/QuickActionsPage')),
  'operate-activity': lazy(() => import('../features/operate/pages/ActivityPage')),
  'dev-outbox': lazy(() => import('../features/dev-outbox/pages/DevOutboxPage')),
  settings: lazy(() => import('../features/settings/SettingsIndexPage')),
  'settings-general-connect-social-media': lazy(() => import('../features/social/pages/ConnectSocialMediaPage')),
  'settings-general-branding': lazy(() => import('../features/general/pages/BrandingPage')),
  'settings-general-users': lazy(() => import('../features/general/pages/UsersPage')),
  'settings-general-reporting': lazy(() => import('../features/general/pages/ReportingPage')),
  'settings-contact-card-contact-information': lazy(() => import('../features/card/pages/ContactInformationPage')),
  'settings-contact-card-templates': lazy(() => import('../features/card/pages/TemplatesPage')),
  'settings-employee-rewards': lazy(() => import('../features/card/pages/EmployeeRewardsPage')),
  'settings-dispatch-campaigns': lazy(() => import('../features/campaigns/pages/CampaignsPage')),
  'settings-dispatch-web-widget': lazy(() => import('../features/widget/pages/WebWidgetPage')),
  'preview-review-widget': lazy(() => import('../features/widget/pages/PreviewReviewWidgetPage')),
  'settings-dispatch-notifications': lazy(() => import('../features/notify/pages/NotificationsPage')),
  'settings-messaging-notifications': lazy(() => import('../features/notify/pages/EscalationPage')),
  'settings-messaging-auto-reply': lazy(() => import('../features/notify/pages/AutoReplyPage')),
  'analyze-comp-analysis': lazy(() => import('../features/competitors/pages/CompetitorsPage')),
  'analyze-reviews-customer-reviews': lazy(() => import('../features/reviews/pages/CustomerReviewsPage')),
  'analyze-reviews-social-reviews': lazy(() => import('../features/reviews/pages/SocialReviewsPage')),
  'analyze-overview': lazy(() => import('../features/analytics/pages/OverviewPage')),
  'analyze-dispatching': lazy(() => import('../features/analytics/pages/DispatchingPage')),
  'leaderboard-summary': lazy(() => import('../features/leaderboard/pages/SummaryPage')),
  'leaderboard-reports-departments': lazy(() => import('../features/leaderboard/pages/DepartmentsPage')),
  'leaderboard-reports-campaigns': lazy(() => import('../features/leaderboard/pages/CampaignsPage')),
  'leaderboard-reports-campaign-reviews': lazy(() => import('../features/leaderboard/pages/CampaignReviewsPage')),
  'leaderboard-reports-fieldops-usage': lazy(() => import('../features/leaderboard/pages/FieldOpsUsagePage')),
  'leaderboard-reports-projection': lazy(() => import('../features/leaderboard/pages/ProjectionTabPage')),
  'leaderboard-projection': lazy(() => import('../features/leaderboard/pages/ProjectionPage')),
  onboarding: lazy(() => import('../features/onboarding/pages/OnboardingEntryPage')),
  'onboarding-account-details': lazy(() => import('../features/onboarding/pages/AccountDetailsPage')),
  'onboarding-connect-social-media': lazy(() => import('../features/onboarding/pages/ConnectPage')),
  'onboarding-preview-pulsecheck': lazy(() => import('../features/onboarding/pages/PreviewPulseCheckPage')),
  'onboarding-add-to-contacts': lazy(() => import('../features/onboarding/pages/AddToContactsPage')),
  'onboarding-confirm-and-send': lazy(() => import('../features/onboarding/pages/ConfirmAndSendPage')),
  'onboarding-finish': lazy(() => import('../features/onboarding/pages/FinishPage')),
  'wizard-preview-pulsecheck': lazy(() => import('../features/onboarding/pages/WizardPreviewPage')),
  'wizard-add-to-contacts': lazy(() => import('../features/onboarding/pages/WizardContactsPage')),
  'wizard-confirm-and-send': lazy(() => import('../features/onboarding/pages/WizardConfirmPage')),
  'logs-outbound': lazy(() => import('../features/logs/pages/OutboundPage')),
  'logs-opt-outs': lazy(() => import('../features/logs/pages/OptOutsPage')),
  'logs-api-tasks': lazy(() => import('../features/logs/pages/ApiTasksPage')),
  'logs-api-tasks-v2': lazy(() => import('../features/logs/pages/ApiTasksV2Page')),
  'logs-email-jobs': lazy(() => import('../features/logs/pages/EmailJobsPage')),
  'logs-sms-jobs': lazy(() => import('../features/logs/pages/SmsJobsPage')),
  'analyze-employee-rewards': lazy(() => import('../features/rewards/pages/RewardDistributionsPage')),
  'settings-integrations-api-keys': lazy(() => import('../features/integrations/pages/ApiKeysPage')),
  'settings-integrations-api-docs': lazy(() => import('../features/integrations/pages/ApiDocsPage')),
  'settings-billing-subscriptions': lazy(() => import('../features/billing/pages/BillingPage')),
  'billing-checkout': lazy(() => import('../features/billing/pages/CheckoutPage')),
  'billing-manage': lazy(() => import('../features/billing/pages/ManagePage')),
};

/** Whether a screen can be shown: its page is built, or it forwards to one that can be. */
export function isBuilt(name: RouteName): boolean {
  const def: RouteDef = ROUTES[name];
  return PAGES[name] !== undefined || (def.redirectTo !== undefined && isBuilt(def.redirectTo));
}
