import { z } from 'zod';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { isCalendarDay } from './analytics.js';
import { defineEndpoint } from './define.js';
import { httpDate } from './leaderboard.js';

/** How many rows 'Pull next 500 logs' adds (Outbound, Opt-Outs, Api Tasks). */
export const LOGS_PAGE = 500;
/** Rows per page of the cursor-paged logs (Api Tasks v2, Email Jobs, SMS Jobs). */
export const LOGS_V2_LIMIT = 100;
export const LOGS_SEARCH_MAX = 200;

const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isCalendarDay(v), { error: message });

/**
 * `export: true` asks for the rows as a downloaded file shows them: customer phone numbers and emails are
 * masked there for users without the settings permission.
 */
const exporting = z.boolean({ error: MSG.logsExport }).default(false);

/** The v1 logs' request: a range of local days (to: today; from: one month before to) and the rows already shown. */
const v1Body = z
  .object({
    from_date: day(MSG.leaderboardFromDate).optional(),
    to_date: day(MSG.leaderboardToDate).optional(),
    offset: z.number({ error: MSG.logsOffset }).int({ error: MSG.logsOffset }).min(0, { error: MSG.logsOffset }).max(10_000_000, { error: MSG.logsOffset }).default(0),
    search: z
      .string({ error: MSG.reviewSearchInvalid })
      .trim()
      .max(LOGS_SEARCH_MAX, { error: MSG.reviewSearchTooLong })
      .default(''),
    export: exporting,
  })
  .prefault({});

const v1Meta = z.object({ from_date: z.string(), to_date: z.string(), shown: z.number().int(), total: z.number().int() });
const v1Response = <R extends z.ZodType>(row: R) => z.object({ meta: v1Meta, rows: z.array(row) });

export const outboundRow = z.object({
  /** SMS-12 or EMAIL-34: the message's log row. */
  id: z.string(),
  /** ISO 8601, UTC. */
  date: z.string(),
  campaign: z.string(),
  /** The customer's name and number or address (masked for users who may not see them). */
  customer: z.string(),
  channel: z.enum(['SMS', 'Email']),
  /** The provider that carried it: Twilio, SendGrid or the local outbox. */
  service: z.string(),
  status: z.string(),
  /** What sent it: dispatch, bulk, boost, alerts, inbox, reports, card… */
  app: z.string(),
});
export type OutboundRow = z.infer<typeof outboundRow>;

export const fetchOutbound = defineEndpoint({
  id: 'E151',
  method: 'POST',
  path: '/analytics/logs/fetch/outbound',
  summary: 'Every SMS and email sent for the location in a date range, newest first, 500 at a time; search covers ID, customer and channel.',
  access: { kind: 'location', rule: RULES.logs },
  body: v1Body,
  response: v1Response(outboundRow),
});

export const optOutRow = z.object({
  id: z.number().int(),
  /** The phone number or email address (masked for users who may not see them). */
  number: z.string(),
  date: z.string(),
  /** What the opt-out covers: all messages, pulseChecks and bios (HS) or messaging (CNXN). */
  application: z.string(),
  /** How it came: the STOP keyword, an unsubscribe link, the dashboard, a bulk upload, the carrier… */
  source: z.string(),
});
export type OptOutRow = z.infer<typeof optOutRow>;

export const fetchOptOuts = defineEndpoint({
  id: 'E152',
  method: 'POST',
  path: '/analytics/logs/fetch/opt_outs',
  summary: "The location's opt-outs in a date range with what they cover and their source, newest first, 500 at a time.",
  access: { kind: 'location', rule: RULES.logs },
  body: v1Body,
  response: v1Response(optOutRow),
});

export const apiTaskRow = z.object({
  id: z.number().int(),
  date: z.string(),
  action: z.string(),
  comment: z.string(),
  status: z.string(),
  app: z.string(),
});
export type ApiTaskRow = z.infer<typeof apiTaskRow>;

export const fetchApiTasks = defineEndpoint({
  id: 'E153',
  method: 'POST',
  path: '/analytics/logs/fetch/api_tasks',
  summary: "The location's imports, syncs, exports and report builds in a date range with their outcome, newest first, 500 at a time.",
  access: { kind: 'location', rule: RULES.logs },
  body: v1Body,
  response: v1Response(apiTaskRow),
});

const cursorValue = z.string({ error: MSG.logsCursor }).trim().min(1, { error: MSG.logsCursor }).max(200, { error: MSG.logsCursor });

/** The v2 logs' request: HTTP dates ("Mon, 02 Nov 2026 00:00:00 GMT"), 100 rows, and a cursor either way. */
const v2Body = z
  .object({
    fromDate: httpDate(MSG.httpFromDate),
    toDate: httpDate(MSG.httpToDate),
    limit: z.number({ error: MSG.logsLimit }).int({ error: MSG.logsLimit }).min(1, { error: MSG.logsLimit }).max(LOGS_V2_LIMIT, { error: MSG.logsLimit }).default(LOGS_V2_LIMIT),
    after: cursorValue.nullish(),
    before: cursorValue.nullish(),
    export: exporting,
  })
  .refine((b) => !(b.after && b.before), { error: MSG.logsCursorBoth, path: ['after'] });

export const logsCursor = z.object({ before: z.string().nullable(), after: z.string().nullable(), hasBefore: z.boolean(), hasAfter: z.boolean() });
export type LogsCursor = z.infer<typeof logsCursor>;

const v2Response = <R extends z.ZodType>(row: R) =>
  z.object({
    userSearch: z.object({ fromDate: z.string(), toDate: z.string(), limit: z.number().int() }),
    rows: z.array(row),
    cursor: logsCursor,
  });

export const apiTaskV2Row = z.object({
  id: z.number().int(),
  status: z.string(),
  app: z.string(),
  task: z.string(),
  message: z.string(),
  timestamp: z.string(),
});
export type ApiTaskV2Row = z.infer<typeof apiTaskV2Row>;

export const listApiTasks = defineEndpoint({
  id: 'E154',
  method: 'POST',
  path: '/reporting/logs/api-tasks/list',
  summary: "The location's tasks (imports, syncs, exports, report builds) with their outcome, 100 at a time by cursor.",
  access: { kind: 'location', rule: RULES.logs },
  body: v2Body,
  response: v2Response(apiTaskV2Row),
});

export const emailJobRow = z.object({
  jobId: z.number().int(),
  app: z.string(),
  status: z.string(),
  userEmail: z.string(),
  subject: z.string(),
  template: z.string(),
  campaignUid: z.string().nullable(),
  campaignName: z.string().nullable(),
  /** The provider's message id: SendGrid's X-Message-Id (or the Dev outbox row). */
  mandrillId: z.string().nullable(),
  timestamp: z.string(),
});
export type EmailJobRow = z.infer<typeof emailJobRow>;

export const listEmailJobs = defineEndpoint({
  id: 'E155',
  method: 'POST',
  path: '/reporting/logs/email-jobs/list',
  summary: 'Every email sent for the location with its provider message id, 100 at a time by cursor.',
  access: { kind: 'location', rule: RULES.logs },
  body: v2Body,
  response: v2Response(emailJobRow),
});

export const smsJobRow = z.object({
  jobId: z.number().int(),
  app: z.string(),
  status: z.string(),
  /** The number it was sent from. */
  kudoNumber: z.string(),
  userNumber: z.string(),
  body: z.string(),
  campaignUid: z.string().nullable(),
  campaignName: z.string().nullable(),
  /** Twilio's message SID (or the Dev outbox row). */
  twilioSid: z.string().nullable(),
  timestamp: z.string(),
});
export type SmsJobRow = z.infer<typeof smsJobRow>;

export const listSmsJobs = defineEndpoint({
  id: 'E156',
  method: 'POST',
  path: '/reporting/logs/sms-jobs/list',
  summary: 'Every SMS sent for the location with its Twilio SID, 100 at a time by cursor.',
  access: { kind: 'location', rule: RULES.logs },
  body: v2Body,
  response: v2Response(smsJobRow),
});
