import { z } from 'zod';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { senderAddress } from '../../lib/customer-email.js';
import { poolOf } from '../../lib/db.js';
import { defineJob } from '../../jobs/define.js';
import { runTask } from '../../lib/tasks.js';
import type { DayRange } from '../analytics/index.js';
import { reportCharts, reportEmail } from './email.js';
import { reportFigures, snapshotOf, type ReportSnapshot } from './figures.js';
import { latestDuePeriod, REPORT_FREQUENCIES, REPORT_LATE_LIMIT_MS, reportDueNow, type ReportFrequency } from './schedule.js';
import { reportUnsubscribeUrl } from './unsubscribe.js';

/** How long one worker holds a report it sends; a report left by a stopped worker is resumed after this. */
const LEASE_MINUTES = 10;
/** Where the report's 'View in Kudo' button leads. */
const VIEW_PATH = '/analyze/overview';

type ReportDeps = Pick<AppDeps, 'db' | 'config' | 'providers'>;

async function locationOf(db: AppDeps['db'], locationId: number) {
  const l = await db.location.findUniqueOrThrow({ where: { id: locationId } });
  return { id: l.id, timeZone: l.timeZone, business: { name: l.name, address: senderAddress(l) } };
}

/** What the last report of that frequency before a period kept, for the competitors' movement. */
async function previousSnapshot(db: AppDeps['db'], locationId: number, frequency: ReportFrequency, periodStart: string): Promise<ReportSnapshot | null> {
  const row = await db.reportSend.findFirst({
    where: { locationId, frequency, status: 'sent', periodStart: { lt: new Date(`${periodStart}T00:00:00Z`) } },
    orderBy: { periodStart: 'desc' },
    select: { snapshot: true },
  });
  return (row?.snapshot as ReportSnapshot | undefined) ?? null;
}

/** A location's report for a period: its figures and chart images, built once for every recipient. */
async function buildReport(deps: ReportDeps, locationId: number, frequency: ReportFrequency, period: DayRange) {
  const location = await locationOf(deps.db, locationId);
  const previous = await previousSnapshot(deps.db, locationId, frequency, period.from);
  const figures = await reportFigures(deps.db, { locationId, timeZone: location.timeZone, frequency, period, previous });
  const charts = await reportCharts(figures);
  return { location, figures, charts };
}

/**
 * Sends one claimed report to its recipients: the verified, enabled ones who chose its frequency, except those
 * it already reached (a resumed send). Each recipient is recorded as soon as their email is accepted.
 */
async function sendClaimed(deps: ReportDeps & { log: Log }, claim: { id: number; locationId: number; frequency: ReportFrequency; period: DayRange; sentTo: string[] }) {
  const recipients = await deps.db.reportingRecipient.findMany({
    where: {
      locationId: claim.locationId,
      verified: true,
      enabled: true,
      ...(claim.frequency === 'weekly' ? { weekly: true } : { monthly: true }),
      email: { notIn: claim.sentTo },
    },
    orderBy: { id: 'asc' },
  });
  const report = await runTask(
    deps.db,
    { locationId: claim.locationId, app: 'reports', task: claim.frequency === 'weekly' ? 'Weekly report build' : 'Monthly report build' },
    () => buildReport(deps, claim.locationId, claim.frequency, claim.period),
    () => ({ status: 'success', message: `${claim.frequency} report for ${recipients.length} recipient(s)` }),
  );
  for (const r of recipients) {
    await deps.providers.email.send({
      app: 'reports',
      ...reportEmail({
        to: r.email,
        locationId: claim.locationId,
        business: report.location.business,
        figures: report.figures,
        charts: report.charts,
        viewUrl: `${deps.config.publicUrl}${VIEW_PATH}`,
        unsubscribeUrl: reportUnsubscribeUrl(deps.config, r.id, claim.frequency),
      }),
    });
    await deps.db.$executeRaw`UPDATE report_sends SET sent_to = array_append(sent_to, ${r.email}) WHERE id = ${claim.id}`;
  }
  await deps.db.reportSend.update({
    where: { id: claim.id },
    data: { status: 'sent', sentAt: new Date(), leaseUntil: null, error: null, snapshot: JSON.parse(JSON.stringify(snapshotOf(report.figures))) },
  });
  return recipients.length;
}

/**
 * The schedule's sweep: finds the locations whose weekly (Monday 08:00) or monthly (the 1st, 08:00) report is
 * due in their time zone and that have a recipient for it, claims each (location, frequency, period) with
 * INSERT … ON CONFLICT DO NOTHING, then sends every claimed report not held by another worker. However many
 * workers run it and however often, a period's report goes out once.
 */
export async function sendDueReports(deps: ReportDeps & { log: Log }, now = new Date()): Promise<{ claimed: number; sent: number }> {
  const pool = poolOf(deps.db);
  const { rows: candidates } = await pool.query<{ id: number; time_zone: string; weekly: boolean; monthly: boolean }>({
    name: 'reports-candidates',
    text: `SELECT l.id, l.time_zone, bool_or(r.weekly) AS weekly, bool_or(r.monthly) AS monthly
             FROM locations l JOIN reporting_recipients r ON r.location_id = l.id
            WHERE r.verified AND r.enabled AND (r.weekly OR r.monthly)
            GROUP BY l.id, l.time_zone`,
  });
  const keys: { locationId: number; frequency: ReportFrequency; period: DayRange }[] = [];
  for (const c of candidates) {
    for (const frequency of REPORT_FREQUENCIES) {
      if (!c[frequency]) continue;
      const due = reportDueNow(frequency, now, c.time_zone);
      if (due) keys.push({ locationId: c.id, frequency, period: due.period });
    }
  }
  let claimed = 0;
  if (keys.length) {
    const res = await pool.query({
      name: 'reports-claim',
      text: `INSERT INTO report_sends (location_id, frequency, period_start, period_end)
             SELECT * FROM unnest($1::int[], $2::text[], $3::date[], $4::date[])
             ON CONFLICT (location_id, frequency, period_start) DO NOTHING`,
      values: [keys.map((k) => k.locationId), keys.map((k) => k.frequency), keys.map((k) => k.period.from), keys.map((k) => k.period.to)],
    });
    claimed = res.rowCount ?? 0;
  }

  // Every pending report (just claimed here or elsewhere, or left by a stopped worker), each taken under a lease.
  const pending = await deps.db.reportSend.findMany({ where: { status: 'pending' }, select: { id: true }, orderBy: { id: 'asc' } });
  let sent = 0;
  for (const { id } of pending) {
    const { rows } = await pool.query<{ id: number; location_id: number; frequency: ReportFrequency; period_start: string; period_end: string; sent_to: string[]; created_at: Date }>({
      name: 'reports-lease',
      text: `UPDATE report_sends SET lease_until = now() + make_interval(mins => $2)
              WHERE id = $1 AND status = 'pending' AND (lease_until IS NULL OR lease_until < now())
              RETURNING id, location_id, frequency, to_char(period_start, 'YYYY-MM-DD') AS period_start,
                        to_char(period_end, 'YYYY-MM-DD') AS period_end, sent_to, created_at`,
      values: [id, LEASE_MINUTES],
    });
    const row = rows[0];
    if (!row) continue;
    try {
      await sendClaimed(deps, {
        id: row.id,
        locationId: row.location_id,
        frequency: row.frequency,
        period: { from: row.period_start, to: row.period_end },
        sentTo: row.sent_to,
      });
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A failure is retried when the lease ends, until the report is a day old; then it is given up.
      const givenUp = now.getTime() - row.created_at.getTime() > REPORT_LATE_LIMIT_MS;
      await deps.db.reportSend.update({ where: { id: row.id }, data: { error: message.slice(0, 500), ...(givenUp ? { status: 'failed', leaseUntil: null } : {}) } });
      deps.log.error({ err: error, reportSend: row.id }, 'report email failed');
    }
  }
  return { claimed, sent };
}

export const sendDueReportsJob = defineJob({
  name: 'reports.send-due',
  payload: z.object({}).passthrough(),
  // Every quarter hour: 08:00 local comes on the quarter in every time zone.
  cron: '*/15 * * * *',
  retryLimit: 0,
  expireInSeconds: 15 * 60,
  async handler(_payload, deps) {
    await sendDueReports(deps);
  },
});

/** Settings › reporting: the report that would go out now (the latest due period), emailed to the current user. */
export async function sendSampleReport(ctx: LocationCtx, frequency: ReportFrequency, now = new Date()) {
  const locationId = ctx.location.locationId;
  const { timeZone } = await locationOf(ctx.db, locationId);
  const { period } = latestDuePeriod(frequency, now, timeZone);
  const report = await buildReport(ctx, locationId, frequency, period);
  const to = ctx.session.email;
  await ctx.providers.email.send({
    app: 'reports',
    ...reportEmail({
      to,
      locationId,
      business: report.location.business,
      figures: report.figures,
      charts: report.charts,
      viewUrl: `${ctx.config.publicUrl}${VIEW_PATH}`,
      unsubscribeUrl: null,
    }),
  });
  return { email: to, frequency };
}
