import type { EndpointDef, RawEndpointDef } from './define.js';
import * as images from './images.js';
import * as operate from './operate.js';
import * as pulsecheck from './pulsecheck.js';
import * as general from './general.js';
import * as campaigns from './campaigns.js';
import * as session from './session.js';
import * as social from './social.js';
import * as system from './system.js';
import * as notify from './notify.js';
import * as widget from './widget.js';
import * as card from './card.js';
import * as analytics from './analytics.js';
import * as socialReviews from './social-reviews.js';
import * as competitors from './competitors.js';
import * as inbox from './inbox.js';
import * as leaderboard from './leaderboard.js';
import * as onboarding from './onboarding.js';
import * as logs from './logs.js';
import * as reports from './reports.js';
import * as billing from './billing.js';
import * as integrations from './integrations.js';
import * as webhooks from './webhooks.js';
import * as fieldService from './field-service.js';
import * as insights from './insights.js';
import * as reviewReplies from './review-replies.js';

export * from './define.js';
export * as generalApi from './general.js';
export * as sessionApi from './session.js';
export * as socialApi from './social.js';
export * as campaignsApi from './campaigns.js';
export * as imagesApi from './images.js';
export * as operateApi from './operate.js';
export * as pulsecheckApi from './pulsecheck.js';
export { PULSECHECK_ROUTES } from './pulsecheck-routes.js';
export * as systemApi from './system.js';
export * as notifyApi from './notify.js';
export * as widgetApi from './widget.js';
export * as cardApi from './card.js';
export * as analyticsApi from './analytics.js';
export * as socialReviewsApi from './social-reviews.js';
export * as competitorsApi from './competitors.js';
export * as inboxApi from './inbox.js';
export * as leaderboardApi from './leaderboard.js';
export * as onboardingApi from './onboarding.js';
export * as logsApi from './logs.js';
export * as reportsApi from './reports.js';
export * as billingApi from './billing.js';
export * as integrationsApi from './integrations.js';
export * as webhooksApi from './webhooks.js';
export * as fieldServiceApi from './field-service.js';
export * as insightsApi from './insights.js';
export * as reviewRepliesApi from './review-replies.js';

const isEndpoint = (v: unknown): v is EndpointDef =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v && 'access' in v;

const isRawEndpoint = (v: unknown): v is RawEndpointDef =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'produces' in v && 'access' in v;

const areas = [
  system,
  session,
  social,
  images,
  general,
  campaigns,
  card,
  widget,
  notify,
  operate,
  pulsecheck,
  analytics,
  socialReviews,
  competitors,
  inbox,
  leaderboard,
  onboarding,
  logs,
  reports,
  billing,
  integrations,
  webhooks,
  fieldService,
  insights,
  reviewReplies,
].flatMap(
  (area): unknown[] => Object.values(area),
);

/** Every JSON endpoint of the API, in one list: the server registers these, the OpenAPI document lists them. */
export const endpoints: readonly EndpointDef[] = areas.filter(isEndpoint);
/** Every endpoint that answers something else than JSON (files, pages, TwiML), registered and documented alike. */
export const rawEndpoints: readonly RawEndpointDef[] = areas.filter(isRawEndpoint);
export type { LocationItem, Profile } from './session.js';
export type { OutboxMessage } from './system.js';
export type { BillingSubscription } from './billing.js';
export { API_KEY_MSG, type ApiKeyItem } from './integrations.js';
export type { WebhookDeliveryItem, WebhookItem } from './webhooks.js';
export {
  FIELD_CHANNELS,
  FIELD_DEFAULTS,
  FIELD_LIMITS,
  FS_MSG,
  FIELD_PROVIDERS,
  FIELD_SKIP_LABELS,
  FIELD_SKIP_REASONS,
  FIELD_SOURCE_LABELS,
  FIELD_SOURCES,
  type FieldConnectorItem,
  type FieldJobItem,
  type FieldProvider,
  type FieldRules,
  type FieldSkipReason,
  type FieldSource,
  type FieldTechnicianItem,
  type JobWebhookInput,
} from './field-service.js';
export type { CompanyDetails, PortalUser, ReportingRecipient } from './general.js';
export { IMAGE_TYPES } from './images.js';
export type { PublicLocationData } from './pulsecheck.js';
export { ACTIVITY_LIMIT, APP_CODES, type ActivityItem, type AppCode, type BulkJobView, type DispatchPayload, type DispatchResult } from './operate.js';
export type { AccountTemplates, CampaignItem, CampaignSocialLink, CampaignSocialSource } from './campaigns.js';
export { CAMPAIGN_LIMITS, CAMPAIGN_SOCIAL_SOURCES, campaignLimitMessage, isYoutubeUrl } from './campaigns.js';
export type { AutoReplyData, EscalationContactItem, NotificationEmailItem, NotificationsData, Sentiment } from './notify.js';
export {
  CARD_COMM_TYPES,
  CARD_DEFAULT_DELAY,
  CARD_DEFAULT_TEMPLATES,
  CARD_DELAY_OPTIONS,
  CARD_LIMITS,
  CARD_PLACEHOLDERS,
  REWARD_SOURCES,
  REWARDS_LIMITS,
  renderCardTemplate,
  unknownCardPlaceholder,
} from './card.js';
export type { CardCommType, CardSettingsData, CardTemplate, RewardSource, RewardsSettings } from './card.js';
export { PLACE_ID_RE, SOCIAL_KEY_RE, SOCIAL_LIMITS, SOCIAL_SITE_TYPES, SOCIAL_TYPE_LABELS, SOCIAL_TYPES } from './social.js';
export type { FacebookConnectionState, GbpLocationItem, GoogleConnectionState, PlaceItem, SocialAccount, SocialSiteType, SocialType } from './social.js';
export { ATTRIBUTION_METHODS, SOCIAL_REVIEW_LIMITS, SOCIAL_REVIEW_VIEWS, toYmd } from './social-reviews.js';
export type { AttributionMethod, SocialReviewCursor, SocialReviewItem, SocialReviewPage } from './social-reviews.js';
export type { CompetitorData } from './competitors.js';
export { INBOX_LIMITS, INBOX_MSG, fillPlaceholders, messageBodyProblem, placeholdersOf } from './inbox.js';
export type { AssigneeView, ConversationView, FetchConversationsData, InboxEventData, InboxMessage, NewConversationJob, UsageRow } from './inbox.js';
export { BUSINESS_TYPE_LABELS, BUSINESS_TYPES, contactProblem, FREE_TRIAL_TYPES, ONBOARDING_LIMITS, parsePastedContacts } from './onboarding.js';
export type { CarrierRegistrationData, ContactRow, FreeTrialType, GoogleGrant } from './onboarding.js';
export {
  REPLY_LIMITS,
  REPLY_MSG,
  REPLY_PLACEHOLDERS,
  REPLY_PROBLEM_LABELS,
  REPLY_TARGETS,
  REPLY_TONE_LABELS,
  REPLY_TONES,
  RULE_DELAYS,
  RULE_MODES,
  RULE_RATING_LABELS,
  RULE_RATINGS,
  RULE_SOURCES,
  renderReplyTemplate,
  replyFirstName,
  replyProblemMessage,
  replyProblems,
  unknownReplyPlaceholder,
  withheldNames,
  type AutoReplyActivityItem,
  type ReplyDraftData,
  type ReplyProblem,
  type ReplyRule,
  type ReplyRuleInput,
  type ReplySettings,
  type ReplyTarget,
  type ReplyTone,
  type RuleMode,
  type RuleRating,
} from './review-replies.js';
