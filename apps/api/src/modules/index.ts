import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/context.js';
import type { JobDef } from '../jobs/define.js';
import { registerAccountRoutes } from './account/routes.js';
import { registerAnalyticsRoutes } from './analytics/routes.js';
import { registerCardRoutes } from './card/routes.js';
import { registerCarrierRegistrationRoutes } from './carrier-registration/routes.js';
import { advanceRegistrationJob, sweepRegistrationsJob } from './carrier-registration/service.js';
import { sendDueCardsJob } from './card/sending.js';
import { registerCampaignsRoutes } from './campaigns/routes.js';
import { verifyReportingEmail } from './general/reporting.js';
import { registerGeneralRoutes } from './general/routes.js';
import { registerImageRoutes } from './images/routes.js';
import { conversationBulkJob } from './inbox/bulk.js';
import { followUpJob, followUpSweepJob } from './inbox/followups.js';
import { registerInboxRoutes } from './inbox/routes.js';
import { registerNotifyRoutes } from './notify/routes.js';
import { verifyNotificationEmail } from './notify/service.js';
import { boostJob, bulkDispatchJob, bulkSweepJob } from './operate/jobs.js';
import { registerOperateRoutes } from './operate/routes.js';
import { registerPulseCheckRoutes } from './pulsecheck/routes.js';
import { registerSessionRoutes, type EmailVerifier } from './session/routes.js';
import { verifyUserEmail } from './session/service.js';
import { registerSmsRoutes } from './sms/routes.js';
import { registerSocialRoutes } from './social/routes.js';
import { registerSystemRoutes } from './system/routes.js';
import { registerWidgetRoutes } from './widget/routes.js';
import { registerSocialReviewRoutes } from './social-reviews/routes.js';
import { reviewSyncDueJob, reviewSyncJob } from './social-reviews/sync.js';
import { socialReviewReportJob } from './social-reviews/report.js';
import { registerCompetitorRoutes } from './competitors/routes.js';
import { competitorRefreshJob } from './competitors/service.js';
import { registerLeaderboardRoutes } from './leaderboard/routes.js';
import { registerOnboardingRoutes } from './onboarding/routes.js';
import { registerLogsRoutes } from './logs/routes.js';
import { registerReportRoutes } from './reports/routes.js';
import { sendDueReportsJob } from './reports/service.js';
import { closeRewardMonthsJob } from './reports/rewards.js';
import { registerBillingRoutes } from './billing/routes.js';
import { stripeEventJob } from './billing/stripe-events.js';
import { registerPublicApiRoutes } from './public-api/routes.js';
import { reviewRequestsDueJob } from './public-api/review-requests.js';
import { registerWebhookRoutes } from './webhooks/routes.js';
import { deliverWebhooksJob } from './webhooks/delivery.js';
import { classifyReviewsJob } from './review-topics/queue.js';
import { backfillJob as reviewTopicsBackfillJob } from './review-topics/backfill.js';
import { registerFieldServiceRoutes } from './field-service/routes.js';
import { fieldJobEventJob, fieldJobEventsSweepJob } from './field-service/jobs.js';
import { registerInsightsRoutes } from './insights/routes.js';
import { registerReviewReplyRoutes } from './review-replies/routes.js';
import { reviewRepliesJob } from './review-replies/worker.js';

/*
 * The one place that knows every product area: the app registers their routes, the worker runs their jobs.
 * Areas do not reach into each other for this; an area adds its registrar, jobs or verifier here.
 */

/** What each kind of emailed verification link confirms (/verification/{type}/email/…). */
const emailVerifiers: Record<string, EmailVerifier> = {
  user: verifyUserEmail,
  reporting: verifyReportingEmail,
  notification: verifyNotificationEmail,
};

/** Every product area's routes, registered in this order. */
export const areas: readonly ((app: FastifyInstance, deps: AppDeps) => void)[] = [
  registerSystemRoutes,
  (app, deps) => registerSessionRoutes(app, deps, emailVerifiers),
  registerAccountRoutes,
  registerImageRoutes,
  registerSmsRoutes,
  registerOperateRoutes,
  registerPulseCheckRoutes,
  registerGeneralRoutes,
  registerCampaignsRoutes,
  registerWidgetRoutes,
  registerCardRoutes,
  registerNotifyRoutes,
  registerSocialRoutes,
  registerAnalyticsRoutes,
  registerSocialReviewRoutes,
  registerCompetitorRoutes,
  registerInboxRoutes,
  registerLeaderboardRoutes,
  registerOnboardingRoutes,
  registerCarrierRegistrationRoutes,
  registerLogsRoutes,
  registerReportRoutes,
  registerBillingRoutes,
  registerPublicApiRoutes,
  registerWebhookRoutes,
  registerFieldServiceRoutes,
  registerInsightsRoutes,
  registerReviewReplyRoutes,
];

/** Every product area's background jobs; the worker adds its own maintenance. */
export const areaJobs: readonly JobDef[] = [
  sendDueCardsJob,
  bulkDispatchJob,
  bulkSweepJob,
  boostJob,
  reviewSyncJob,
  reviewSyncDueJob,
  socialReviewReportJob,
  competitorRefreshJob,
  followUpJob,
  followUpSweepJob,
  conversationBulkJob,
  sendDueReportsJob,
  closeRewardMonthsJob,
  advanceRegistrationJob,
  sweepRegistrationsJob,
  stripeEventJob,
  reviewRequestsDueJob,
  deliverWebhooksJob,
  fieldJobEventJob,
  fieldJobEventsSweepJob,
  classifyReviewsJob,
  reviewTopicsBackfillJob,
  reviewRepliesJob,
];
