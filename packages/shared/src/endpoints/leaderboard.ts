import { z } from 'zod';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { isCalendarDay } from './analytics.js';
import { defineEndpoint } from './define.js';

export const LEADERBOARD_DATE_RANGES = ['WEEKLY', 'MONTHLY'] as const;
export type LeaderboardDateRange = (typeof LEADERBOARD_DATE_RANGES)[number];
/** The first card's title. */
export const COMPANY_OVERALL = 'Company Overall';
/** The card of the campaigns without a department. */
export const NO_DEPARTMENT = 'No Department';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/**
 * The calendar day (YYYY-MM-DD) of an HTTP date in its preferred form, "Mon, 02 Nov 2026 00:00:00 GMT",
 * read strictly: the day must exist, the weekday must be that day's and the time must be a real time.
 * Anything else (other forms included) is null.
 */
export function parseHttpDate(value: string): string | null {
  const m = IMF_FIXDATE.exec(value);
  if (!m) return null;
  const [, weekday, dd, mon, yyyy, hh, mm, ss] = m as unknown as [string, string, string, string, string, string, string, string];
  const year = Number(yyyy);
  const month = MONTHS.indexOf(mon);
  const date = Number(dd);
  if (year < 1970 || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  const d = new Date(Date.UTC(year, month, date));
  if (d.getUTCDate() !== date || d.getUTCMonth() !== month || WEEKDAYS[d.getUTCDay()] !== weekday) return null;
  return d.toISOString().slice(0, 10);
}

/** An HTTP date in its preferred form, read strictly (see parseHttpDate), as its calendar day. */
export const httpDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const day = parseHttpDate(v);
      if (!day) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return day;
    });

const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isCalendarDay(v), { error: message });

/** A report's range: either end may be left out (to: today; from: one month before to). */
const reportRange = {
  from_date: day(MSG.leaderboardFromDate).optional(),
  to_date: day(MSG.leaderboardToDate).optional(),
};

const figure = z.object({ value: z.number().nullable() });

export const leaderboardCampaign = z.object({
  campaign_uid: z.string(),
  name: z.string(),
  image: z.string(),
  department_name: z.string(),
  leaderboard_points: z.number().int(),
  review_leads: z.number().int(),
});

export const leaderboardCard = z.object({
  title: z.string(),
  /** null on the Company Overall card. */
  department_name: z.string().nullable(),
  kudo_index: figure,
  leaderboard_points: figure,
  review_leads: figure,
  /** Highest points first. */
  campaigns: z.array(leaderboardCampaign),
});
export type LeaderboardCard = z.infer<typeof leaderboardCard>;

/** This week (the default) or this month. */
const periodBody = z
  .object({ date_range: z.enum(LEADERBOARD_DATE_RANGES, { error: MSG.leaderboardDateRange }).default('WEEKLY') })
  .prefault({});

export const loadLeaderboard = defineEndpoint({
  id: 'E132',
  method: 'POST',
  path: '/analytics/reload/leaderboard',
  summary: "The leaderboard's cards for this week or this month (Company Overall first, then each department).",
  access: { kind: 'location', rule: RULES.leaderboard },
  body: periodBody,
  response: z.object({
    cards: z.array(leaderboardCard),
    settings: z.object({ from_date: z.string(), to_date: z.string(), date_range: z.enum(LEADERBOARD_DATE_RANGES) }),
  }),
});

const counts = {
  total_points: z.number().int(),
  kudo_index: z.number().nullable(),
  pulse_checks_count: z.number().int(),
  review_leads: z.number().int(),
  happy_count: z.number().int(),
  neutral_count: z.number().int(),
  unhappy_count: z.number().int(),
};

export const departmentRow = z.object({
  department_name: z.string(),
  ...counts,
  pulse_check_points: z.number().int(),
  social_points: z.number().int(),
});
export type DepartmentRow = z.infer<typeof departmentRow>;

export const fetchDepartments = defineEndpoint({
  id: 'E133',
  method: 'POST',
  path: '/analytics/logs/fetch/departments',
  summary: "Each department's points, Kudo Index, pulseChecks, review leads and moods in a date range.",
  access: { kind: 'location', rule: RULES.leaderboard },
  body: z.object(reportRange).prefault({}),
  response: z.object({ from_date: z.string(), to_date: z.string(), rows: z.array(departmentRow) }),
});

export const campaignRow = z.object({
  campaign_uid: z.string(),
  campaign_name: z.string(),
  employee_id: z.string(),
  department_name: z.string(),
  ...counts,
  bio_count: z.number().int(),
});
export type CampaignRow = z.infer<typeof campaignRow>;

export const fetchCampaigns = defineEndpoint({
  id: 'E134',
  method: 'POST',
  path: '/analytics/logs/fetch/campaigns',
  summary: "Each campaign's points, Kudo Index, bios, pulseChecks, review leads and moods in a date range.",
  access: { kind: 'location', rule: RULES.leaderboard },
  body: z
    .object({
      ...reportRange,
      /** Only this department's campaigns; empty or absent: all. */
      department: z
        .string({ error: MSG.leaderboardDepartment })
        .trim()
        .max(100, { error: MSG.leaderboardDepartment })
        .nullish()
        .transform((v) => v || null),
    })
    .prefault({}),
  response: z.object({ from_date: z.string(), to_date: z.string(), rows: z.array(campaignRow) }),
});

const httpRange = z.object({ fromDate: httpDate(MSG.httpFromDate), toDate: httpDate(MSG.httpToDate) });

export const campaignReviewRow = z.object({
  campaignUid: z.string(),
  campaignName: z.string(),
  department: z.string(),
  googleReviews: z.number().int(),
  /** Mean stars of the credited Google reviews, 2 decimals; null without any. */
  googleRating: z.number().nullable(),
  facebookReviews: z.number().int(),
  facebookRating: z.number().nullable(),
});
export type CampaignReviewRow = z.infer<typeof campaignReviewRow>;

export const fetchCampaignReviews = defineEndpoint({
  id: 'E135',
  method: 'POST',
  path: '/social-media/reporting/technician-social-review',
  summary: 'Per campaign, the Google and Facebook reviews of a date range credited to it, with their mean rating.',
  access: { kind: 'location', rule: RULES.leaderboard },
  body: httpRange,
  response: z.object({ fromDate: z.string(), toDate: z.string(), rows: z.array(campaignReviewRow) }),
});

export const fieldOpsRow = z.object({
  campaignUid: z.string(),
  name: z.string(),
  pcheck: z.number().int(),
  bio: z.number().int(),
  total: z.number().int(),
});
export type FieldOpsRow = z.infer<typeof fieldOpsRow>;

export const fetchFieldOpsUsage = defineEndpoint({
  id: 'E136',
  method: 'POST',
  path: '/reporting/field-ops-tech-usage',
  summary: 'Per campaign, the pulseChecks and bios sent in a date range.',
  access: { kind: 'location', rule: RULES.leaderboard },
  body: httpRange,
  response: z.object({ fromDate: z.string(), toDate: z.string(), rows: z.array(fieldOpsRow) }),
});

/** The projection display's period choices and the title each one gives the display ('Weekly Leaderboard'). */
export const PROJECTION_DATE_OPTIONS: readonly { value: LeaderboardDateRange; title: string }[] = [
  { value: 'WEEKLY', title: 'Weekly' },
  { value: 'MONTHLY', title: 'Monthly' },
];
/** How many approved comments the display rotates through at most (the latest of the period). */
export const PROJECTION_COMMENTS_MAX = 30;

const projectionCampaign = z.object({ name: z.string(), image: z.string() });

export const projectionDepartment = z.object({
  department_name: z.string(),
  /** 1 for the most points. */
  rank: z.number().int(),
  department_data: z.object({ kudo_index: z.number().nullable(), points: z.number().int(), review_leads: z.number().int() }),
  /** Highest points first. */
  campaigns: z.array(z.object({ campaign: projectionCampaign, points: z.number().int(), summary: z.object({ review_leads: z.number().int() }) })),
});
export type ProjectionDepartment = z.infer<typeof projectionDepartment>;

export const projectionCampaignRank = z.object({ rank: z.number().int(), points: z.number().int(), campaign: projectionCampaign });
export type ProjectionCampaignRank = z.infer<typeof projectionCampaignRank>;

export const projectionComment = z.object({ text: z.string(), campaign_image: z.string(), campaign_name: z.string() });
export type ProjectionComment = z.infer<typeof projectionComment>;

const share = z.object({ value: z.number().int(), percent: z.string() });

export const reloadProjection = defineEndpoint({
  id: 'E137',
  method: 'POST',
  path: '/analytics/projection/reload',
  summary: "The shop display: the account's colours and logo, the period's totals, departments and campaigns by points, and approved comments.",
  access: { kind: 'location', rule: RULES.leaderboard },
  body: periodBody,
  response: z.object({
    date_range: z.enum(LEADERBOARD_DATE_RANGES),
    date_options: z.array(z.object({ value: z.enum(LEADERBOARD_DATE_RANGES), title: z.string() })),
    page_data: z.object({
      meta: z.object({ account_color: z.string(), font_color: z.string(), navlogourl: z.string().nullable() }),
      projection_data: z.object({
        account: z.object({
          totals: z.object({
            pulse_checks_participant_count: z.object({ value: z.number().int() }),
            bio_count: z.object({ value: z.number().int() }),
            pulse_checks_count: z.object({ value: z.number().int() }),
            happy_count: share,
            neutral_count: share,
            unhappy_count: share,
          }),
        }),
        departments: z.array(projectionDepartment),
        campaigns: z.array(projectionCampaignRank),
        comments: z.array(projectionComment),
      }),
    }),
  }),
});
