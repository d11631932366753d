import { z } from 'zod';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { idSchema } from '../validators.js';
import { defineEndpoint, defineRawEndpoint } from './define.js';
import { binaryBody, htmlPage } from './media.js';

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** Settings › reporting: emails the current user the weekly or monthly report that would go out now. */
export const sendSampleReport = defineEndpoint({
  id: 'report-sample',
  method: 'POST',
  path: '/settings/manage/email-reporting/sample',
  summary: 'Email the current user a sample of the weekly or monthly report, as it would go out now.',
  access: { kind: 'location', rule: RULES.settingsGeneral },
  body: z.object({ frequency: z.enum(REPORT_FREQUENCIES, { error: MSG.reportFrequency }) }),
  response: z.object({ email: z.string(), frequency: z.enum(REPORT_FREQUENCIES) }),
});

/** The signed query of a report's unsubscribe link: recipient, frequency and signature. */
const reportUnsubscribeQuery = z.object({ r: z.string().max(20), f: z.string().max(20), s: z.string().max(200) }).partial();

/** The unsubscribe link of a weekly or monthly report, opened in a browser: a page that asks to confirm. */
export const reportUnsubscribePage = defineRawEndpoint({
  id: 'report-unsubscribe-page',
  method: 'GET',
  path: '/public/report-unsubscribe',
  summary: 'The page of a report email’s unsubscribe link: asks to confirm (a GET changes nothing).',
  access: { kind: 'public' },
  rateLimit: 'public',
  query: reportUnsubscribeQuery,
  produces: htmlPage,
});

/** The confirmation of that page, and mail clients' one-click unsubscribe (RFC 8058): stops that report. */
export const reportUnsubscribe = defineRawEndpoint({
  id: 'report-unsubscribe',
  method: 'POST',
  path: '/public/report-unsubscribe',
  summary: 'Stop the weekly or monthly report for the recipient of a signed unsubscribe link.',
  access: { kind: 'public' },
  rateLimit: 'public',
  form: true,
  query: reportUnsubscribeQuery,
  body: z.object({ 'List-Unsubscribe': z.string().max(40).optional() }).nullish(),
  produces: htmlPage,
});

export const REWARD_STATUSES = ['pending', 'fulfilled'] as const;

export const rewardDistribution = z.object({
  id: z.number().int(),
  /** The month distributed, YYYY-MM. */
  date: z.string(),
  status: z.enum(REWARD_STATUSES),
  fulfillmentReportUrl: z.string(),
});
export type RewardDistribution = z.infer<typeof rewardDistribution>;

const rewardsRule = { ...RULES.analyze, subscriptions: ['employee-rewards'] } as const;

/** The Reward Distributions screen: every closed month, newest first. */
export const loadRewardDistributions = defineEndpoint({
  id: 'E098',
  method: 'POST',
  path: '/employee-rewards/fulfillment-table/load',
  summary: 'The closed months of employee rewards with their status and report.',
  access: { kind: 'location', rule: rewardsRule },
  response: z.object({ fulfillmentList: z.object({ data: z.array(rewardDistribution) }) }),
});

/** Marks a distribution fulfilled once its rewards are paid out, or pending again. */
export const setRewardDistributionStatus = defineEndpoint({
  id: 'reward-distribution-status',
  method: 'POST',
  path: '/employee-rewards/fulfillment/:id/status',
  summary: 'Mark a reward distribution fulfilled (its rewards were paid out) or pending again.',
  access: { kind: 'location', rule: RULES.settingsEmployeeRewards },
  params: z.object({ id: idSchema(MSG.rewardReportNotFound, true) }),
  body: z.object({ status: z.enum(REWARD_STATUSES, { error: MSG.rewardStatusInvalid }) }),
  response: rewardDistribution,
});

/** A distribution's report (.xlsx: technician, points, reward, totals). */
export const rewardDistributionReport = defineRawEndpoint({
  id: 'reward-distribution-report',
  method: 'GET',
  path: '/employee-rewards/fulfillment/:id/report',
  summary: 'Download the report of a reward distribution (.xlsx).',
  access: { kind: 'location', rule: rewardsRule },
  params: z.object({ id: idSchema(MSG.rewardReportNotFound, true) }),
  produces: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': binaryBody },
});
