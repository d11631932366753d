// The Social Reviews Report: the range's Google and Facebook reviews with their credit, as an .xlsx emailed to
// up to three recipients by the job worker.
import { MSG, SOCIAL_REVIEW_LIMITS } from '@kudo/shared';
import { z } from 'zod';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { badRequest } from '../../lib/errors.js';
import { runTask } from '../../lib/tasks.js';
import { localDate, startOfLocalDay } from '../../lib/quiet-hours.js';
import { XLSX_TYPE, xlsxFile, type Cell } from '../../lib/spreadsheet/write.js';
import { defineJob } from '../../jobs/define.js';
import { PLATFORMS } from './sync.js';

/** At most this many reviews in one report. */
export const REPORT_MAX_ROWS = 20_000;

const ymdPlus = (ymd: string, days: number) => new Date(Date.parse(`${ymd}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The first day a report may start on: the first of the month 36 months back. */
export function earliestReportDay(today: string) {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const months = y * 12 + (m - 1) - SOCIAL_REVIEW_LIMITS.reportMonthsBack;
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`;
}

const LABEL: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

/** The workbook of a location's social reviews posted in [from, to] (its calendar days). */
export async function buildReport(deps: Pick<AppDeps, 'db'>, locationId: number, fromDate: string, toDate: string) {
  const location = await deps.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { name: true, timeZone: true } });
  const reviews = await deps.db.review.findMany({
    where: {
      locationId,
      source: { in: [...PLATFORMS] },
      archived: false,
      postedAt: { gte: startOfLocalDay(fromDate, location.timeZone), lt: startOfLocalDay(ymdPlus(toDate, 1), location.timeZone) },
    },
    include: { credits: { include: { campaign: { select: { name: true } } }, orderBy: { id: 'asc' } } },
    orderBy: [{ postedAt: 'desc' }, { id: 'desc' }],
    take: REPORT_MAX_ROWS,
  });
  const names = (r: (typeof reviews)[number], human: boolean) =>
    [...new Set(r.credits.filter((c) => (c.method === 'human') === human).map((c) => c.campaign.name))].join(', ');
  const rows: Cell[][] = reviews.map((r) => [
    localDate(r.postedAt, location.timeZone),
    LABEL[r.source] ?? r.source,
    r.ratingType === 'recommendation' ? (r.rating >= 4 ? 'Recommends' : 'Does not recommend') : r.rating,
    r.authorName,
    r.text,
    names(r, true),
    names(r, false),
    r.replyText ?? '',
    r.url,
  ]);
  const file = xlsxFile(
    'Social Reviews',
    ['Date', 'Source', 'Rating', 'Reviewer', 'Review', 'Credited To', 'Suggested Credit', 'Reply', 'Link'],
    rows,
    [12, 10, 18, 22, 60, 28, 28, 40, 40],
  );
  return { file, filename: `social-reviews-${fromDate}-to-${toDate}.xlsx`, count: reviews.length, locationName: location.name };
}

const payload = z.object({
  locationId: z.number().int().positive(),
  fromDate: z.string(),
  toDate: z.string(),
  emails: z.array(z.string()).min(1).max(SOCIAL_REVIEW_LIMITS.maxRecipients),
});

/** Builds the report and emails it to each recipient as an attachment. */
export async function sendReport(deps: AppDeps & { log: Log }, p: z.output<typeof payload>) {
  const report = await buildReport(deps, p.locationId, p.fromDate, p.toDate);
  const subject = `Social Reviews Report: ${report.locationName}, ${p.fromDate} to ${p.toDate}`;
  const text = `Attached is the Social Reviews Report of ${report.locationName} from ${p.fromDate} to ${p.toDate}: ${report.count} Google and Facebook review${report.count === 1 ? '' : 's'} with the credit given to your team.`;
  for (const to of p.emails) {
    await deps.providers.email.send({
      to,
      subject,
      text,
      locationId: p.locationId,
      audience: 'staff',
      app: 'reports',
      template: 'social-reviews-report',
      attachments: [{ filename: report.filename, contentType: XLSX_TYPE, content: report.file }],
    });
  }
}

/** The report's build and emails, as the Api Tasks logs show them. */
const loggedReport = (deps: AppDeps & { log: Log }, p: z.output<typeof payload>) =>
  runTask(
    deps.db,
    { locationId: p.locationId, app: 'reports', task: 'Social Reviews Report' },
    () => sendReport(deps, p),
    () => ({ status: 'success', message: `Emailed the report of ${p.fromDate} to ${p.toDate} to ${p.emails.join(', ')}.` }),
  );

export const socialReviewReportJob = defineJob({
  name: 'social-reviews.report',
  payload,
  retryLimit: 2,
  async handler(p, deps) {
    await loggedReport(deps, p);
  },
});

/** E147: checks the range and hands the report to the worker (or builds it at once where there is none). */
export async function requestReport(ctx: LocationCtx, input: { fromDate: string; toDate: string; emails: string[] }) {
  if (input.fromDate > input.toDate) throw badRequest(MSG.reportDateOrder, { fromDate: MSG.reportDateOrder });
  const location = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId }, select: { timeZone: true } });
  if (input.fromDate < earliestReportDay(localDate(new Date(), location.timeZone))) throw badRequest(MSG.reportTooFarBack, { fromDate: MSG.reportTooFarBack });
  const job = { locationId: ctx.location.locationId, fromDate: input.fromDate, toDate: input.toDate, emails: input.emails };
  if (ctx.jobs) await ctx.jobs.send(socialReviewReportJob, job);
  else await loggedReport({ ...ctx, log: ctx.log }, job);
  return { recipients: input.emails, fromDate: input.fromDate, toDate: input.toDate };
}
