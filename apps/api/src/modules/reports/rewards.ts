import { z } from 'zod';
import { MSG, reportsApi } from '@kudo/shared';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { hasAddon } from '../../lib/entitlements.js';
import { poolOf } from '../../lib/db.js';
import { localDate, startOfLocalDay } from '../../lib/quiet-hours.js';
import { xlsxFile, type Cell } from '../../lib/spreadsheet/write.js';
import { defineJob } from '../../jobs/define.js';
import { addDays, addMonths, monthStart, type DayRange } from '../analytics/index.js';
import { campaignPoints, campaignStats } from '../leaderboard/index.js';

type Deps = Pick<AppDeps, 'db' | 'providers'>;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const monthName = (first: string) => `${MONTHS[Number(first.slice(5, 7)) - 1]} ${first.slice(0, 4)}`;
const dollars = (cents: number) => Math.round(cents) / 100;

/** Where a month's report is kept by the upload provider. */
export const rewardReportKey = (locationId: number, monthFirst: string) => `kudo/reward-reports/${locationId}-${monthFirst.slice(0, 7)}.xlsx`;

/** Social reviews credited to each campaign in the range, from the review sites the rewards count. */
async function qualifyingReviews(deps: Deps, locationId: number, range: { lo: Date; hi: Date }, sources: string[]) {
  const rows = await deps.db.reviewCredit.groupBy({
    by: ['campaignId'],
    where: { locationId, method: 'human', review: { postedAt: { gte: range.lo, lt: range.hi }, archived: false, source: { in: sources } } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.campaignId, r._count._all]));
}

/**
 * A month's distribution: every technician with points or qualifying reviews, their leaderboard points and
 * their reward (qualifying reviews × the per-review budget), and the totals, as an .xlsx.
 */
export async function buildDistribution(deps: Deps, input: { locationId: number; timeZone: string; month: DayRange; perReviewBudget: number; sources: string[] }) {
  const range = { lo: startOfLocalDay(input.month.from, input.timeZone), hi: startOfLocalDay(addDays(input.month.to, 1), input.timeZone) };
  const [stats, reviews] = await Promise.all([
    campaignStats(deps.db, input.locationId, input.month, input.timeZone),
    qualifyingReviews(deps, input.locationId, range, input.sources),
  ]);
  const lines = stats
    .map((c) => {
      const count = reviews.get(c.id) ?? 0;
      return { name: c.name, employeeId: c.employeeId, department: c.department, points: campaignPoints(c).total, reviews: count, reward: count * input.perReviewBudget };
    })
    .filter((l) => l.points > 0 || l.reviews > 0)
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
  const totalPoints = lines.reduce((s, l) => s + l.points, 0);
  const totalReviews = lines.reduce((s, l) => s + l.reviews, 0);
  const totalReward = lines.reduce((s, l) => s + l.reward, 0);
  const rows: Cell[][] = [
    ...lines.map((l) => [l.name, l.employeeId, l.department, l.points, l.reviews, dollars(l.reward)]),
    ['Total', '', '', totalPoints, totalReviews, dollars(totalReward)],
  ];
  const file = xlsxFile(
    `Rewards ${monthName(input.month.from)}`,
    ['Technician', 'Employee ID', 'Department', 'Points', 'Qualifying Reviews', 'Reward ($)'],
    rows,
    [28, 14, 20, 10, 20, 12],
  );
  return { file, lines, totalPoints, totalReward };
}

/**
 * Closes the month before the current one (in each location's time zone) for every location with employee
 * rewards: builds the report, keeps it with the upload provider and records the distribution. The month is
 * the distribution's unique key, so running it again (or on two workers) never makes a second one.
 */
export async function closeRewardMonths(deps: Deps & { log?: Log }, now = new Date()): Promise<number> {
  const { rows } = await poolOf(deps.db).query<{ id: number; time_zone: string; per_review_budget: number; sources: string[] }>({
    name: 'rewards-locations',
    text: `SELECT l.id, l.time_zone, s.per_review_budget, s.sources
             FROM locations l
             JOIN employee_rewards_settings s ON s.location_id = l.id`,
  });
  let created = 0;
  for (const l of rows) {
    // The add-on as the location's subscription grants it now (live, or in its grace period).
    if (!(await hasAddon(deps.db, l.id, 'employee-rewards', now))) continue;
    const first = addMonths(monthStart(localDate(now, l.time_zone)), -1);
    const month = { from: first, to: addDays(monthStart(localDate(now, l.time_zone)), -1) };
    const monthDate = new Date(`${first}T00:00:00Z`);
    const exists = await deps.db.rewardDistribution.findUnique({ where: { locationId_month: { locationId: l.id, month: monthDate } }, select: { id: true } });
    if (exists) continue;
    try {
      const built = await buildDistribution(deps, { locationId: l.id, timeZone: l.time_zone, month, perReviewBudget: l.per_review_budget, sources: l.sources });
      const key = rewardReportKey(l.id, first);
      await deps.providers.images.saveFile(key, built.file);
      const res = await deps.db.rewardDistribution.createMany({
        data: [{ locationId: l.id, month: monthDate, reportKey: key, totalPoints: built.totalPoints, totalReward: built.totalReward }],
        skipDuplicates: true,
      });
      created += res.count;
    } catch (error) {
      deps.log?.error({ err: error, locationId: l.id }, 'reward distribution failed');
    }
  }
  return created;
}

export const closeRewardMonthsJob = defineJob({
  name: 'rewards.close-month',
  payload: z.object({}).passthrough(),
  // Hourly: each location's month closes in the first hour after its local midnight on the 1st.
  cron: '5 * * * *',
  retryLimit: 1,
  async handler(_payload, deps) {
    await closeRewardMonths(deps);
  },
});

/** A distribution as the Reward Distributions screen lists it. */
const toDistribution = (r: { id: number; month: Date; status: string }): reportsApi.RewardDistribution => ({
  id: r.id,
  date: r.month.toISOString().slice(0, 7),
  status: r.status === 'fulfilled' ? 'fulfilled' : 'pending',
  fulfillmentReportUrl: `/api${reportsApi.rewardDistributionReport.path.replace(':id', String(r.id))}`,
});

/** E098: the location's distributions, newest month first. */
export async function loadDistributions(ctx: LocationCtx): Promise<{ fulfillmentList: { data: reportsApi.RewardDistribution[] } }> {
  const rows = await ctx.db.rewardDistribution.findMany({ where: { locationId: ctx.location.locationId }, orderBy: { month: 'desc' } });
  return { fulfillmentList: { data: rows.map(toDistribution) } };
}

/** Marks a distribution of the location fulfilled (when, is kept) or pending again; recorded in the audit log. */
export async function setDistributionStatus(ctx: LocationCtx, id: number, status: reportsApi.RewardDistribution['status']): Promise<reportsApi.RewardDistribution> {
  const row = await ctx.db.rewardDistribution.findFirst({ where: { id, locationId: ctx.location.locationId } });
  if (!row) throw notFound(MSG.rewardReportNotFound);
  const updated = await ctx.db.rewardDistribution.update({
    where: { id: row.id },
    data: { status, fulfilledAt: status === 'fulfilled' ? (row.fulfilledAt ?? new Date()) : null },
  });
  await audit(ctx.db, {
    action: `reward-distribution.${status}`,
    actorUserId: ctx.session.userId,
    accountId: ctx.location.accountId,
    locationId: row.locationId,
    ip: ctx.ip,
    details: { month: toDistribution(row).date },
  });
  return toDistribution(updated);
}

/**
 * A distribution whose file the store does not have (the demo's, or a store that lost it) is built again from the
 * month's figures and kept, so its download always works.
 */
async function rebuildReport(deps: Deps, id: number, locationId: number, first: string, key: string): Promise<Buffer> {
  const [location, settings] = await Promise.all([
    deps.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { timeZone: true } }),
    deps.db.employeeRewardsSettings.findUnique({ where: { locationId } }),
  ]);
  const month = { from: first, to: addDays(addMonths(first, 1), -1) };
  const built = await buildDistribution(deps, {
    locationId,
    timeZone: location.timeZone,
    month,
    perReviewBudget: settings?.perReviewBudget ?? 0,
    sources: settings?.sources ?? ['google', 'facebook'],
  });
  await deps.providers.images.saveFile(key, built.file);
  await deps.db.rewardDistribution.update({ where: { id }, data: { totalPoints: built.totalPoints, totalReward: built.totalReward } });
  return built.file;
}

/** A distribution's report file, only at its own location. */
export async function distributionReport(ctx: LocationCtx, id: number): Promise<{ file: Buffer; filename: string }> {
  const row = await ctx.db.rewardDistribution.findFirst({ where: { id, locationId: ctx.location.locationId } });
  if (!row) throw notFound(MSG.rewardReportNotFound);
  const first = row.month.toISOString().slice(0, 10);
  const file = (await ctx.providers.images.readFile(row.reportKey)) ?? (await rebuildReport(ctx, row.id, row.locationId, first, row.reportKey));
  return { file, filename: `reward-distribution-${first.slice(0, 7)}.xlsx` };
}
