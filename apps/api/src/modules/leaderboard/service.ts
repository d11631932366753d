import type { EndpointData, leaderboardApi } from '@kudo/shared';
import { leaderboardApi as api } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { poolOf } from '../../lib/db.js';
import { kudoIndex, locationClock, round2, type DayRange } from '../analytics/index.js';
import { creditedReviewCounts } from '../social-reviews/index.js';
import { leaderboardRange, periodOf } from './range.js';
import { campaignPoints, sumStats, type CampaignStats } from './points.js';

type Db = LocationCtx['db'];

/** The instants bounding a range of local days: [lo, hi). */
export async function bounds(db: Db, range: DayRange, timeZone: string): Promise<{ lo: Date; hi: Date }> {
  const { rows } = await poolOf(db).query<{ lo: Date; hi: Date }>({
    name: 'leaderboard-bounds',
    text: 'SELECT ($1::date)::timestamp AT TIME ZONE $3 AS lo, ($2::date + 1)::timestamp AT TIME ZONE $3 AS hi',
    values: [range.from, range.to, timeZone],
  });
  return rows[0]!;
}

/**
 * Every campaign of the location (deleted ones only when they have figures in the range) with its figures:
 * answered pulseChecks by the day of their first answer (archived ones left out), review leads with their
 * answer, pulseChecks and bios sent (test sends left out) and social reviews credited by a person. The figures
 * come from the campaigns' daily rollup (kept current by triggers on reviews and dispatches): at most one row
 * per campaign and day, whatever the number of pulseChecks.
 */
export async function campaignStats(db: Db, locationId: number, range: DayRange, timeZone: string): Promise<CampaignStats[]> {
  const { lo, hi } = await bounds(db, range, timeZone);
  const [{ rows }, credits] = await Promise.all([
    poolOf(db).query<Record<string, string | number | null>>({
      name: 'leaderboard-campaign-stats',
      text: `WITH days AS (
               SELECT s.campaign_id, sum(s.responses)::int AS responses, sum(s.happy)::int AS happy, sum(s.neutral)::int AS neutral,
                      sum(s.unhappy)::int AS unhappy, (sum(s.kudo_sum_x2520) / 2520)::float8 AS kudo_sum, sum(s.kudo_count)::int AS kudo_count,
                      sum(s.review_leads)::int AS review_leads, sum(s.pchecks)::int AS pchecks, sum(s.bios)::int AS bios
                 FROM campaign_daily_stats s
                WHERE s.location_id = $1 AND s.day >= $2::date AND s.day <= $3::date
                GROUP BY 1
             )
             SELECT c.id, c.uid, c.name, c.image, c.department, c.employee_id, c.deleted_at IS NOT NULL AS deleted,
                    d.responses, d.happy, d.neutral, d.unhappy, d.kudo_sum, d.kudo_count, d.review_leads, d.pchecks, d.bios
               FROM campaigns c
               LEFT JOIN days d ON d.campaign_id = c.id
              WHERE c.location_id = $1
              ORDER BY c.id`,
      values: [locationId, range.from, range.to],
    }),
    creditedReviewCounts(db, locationId, { from: lo, to: hi }),
  ]);
  const n = (v: unknown) => (v == null ? 0 : Number(v));
  return rows
    .map((r) => ({
      id: Number(r.id),
      uid: String(r.uid),
      name: String(r.name),
      image: String(r.image),
      department: String(r.department),
      employeeId: String(r.employee_id),
      deleted: Boolean(r.deleted),
      responses: n(r.responses),
      happy: n(r.happy),
      neutral: n(r.neutral),
      unhappy: n(r.unhappy),
      kudoSum: n(r.kudo_sum),
      kudoCount: n(r.kudo_count),
      reviewLeads: n(r.review_leads),
      pchecks: n(r.pchecks),
      bios: n(r.bios),
      credits: credits.get(Number(r.id)) ?? 0,
    }))
    .filter((c) => !c.deleted || c.responses + c.pchecks + c.bios + c.credits > 0);
}

export const byPoints = <T extends { points: number; name: string }>(a: T, b: T) => b.points - a.points || a.name.localeCompare(b.name);
export const departmentOf = (c: CampaignStats) => c.department.trim() || api.NO_DEPARTMENT;

/** Groups campaigns by department, in name order. */
export function byDepartment(stats: readonly CampaignStats[]): [string, CampaignStats[]][] {
  const groups = new Map<string, CampaignStats[]>();
  for (const c of stats) groups.set(departmentOf(c), [...(groups.get(departmentOf(c)) ?? []), c]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export async function loadLeaderboard(ctx: LocationCtx, body: { date_range: leaderboardApi.LeaderboardDateRange }): Promise<EndpointData<typeof api.loadLeaderboard>> {
  const clock = await locationClock(ctx.db, ctx.location.locationId);
  const range = periodOf(body.date_range, clock.today);
  const stats = await campaignStats(ctx.db, ctx.location.locationId, range, clock.timeZone);
  const card = (title: string, department: string | null, list: readonly CampaignStats[]): leaderboardApi.LeaderboardCard => {
    const total = sumStats(list);
    return {
      title,
      department_name: department,
      kudo_index: { value: kudoIndex(total.kudoSum, total.kudoCount) },
      leaderboard_points: { value: campaignPoints(total).total },
      review_leads: { value: total.reviewLeads },
      campaigns: list
        .map((c) => ({ c, name: c.name, points: campaignPoints(c).total }))
        .sort(byPoints)
        .map(({ c, points }) => ({ campaign_uid: c.uid, name: c.name, image: c.image, department_name: departmentOf(c), leaderboard_points: points, review_leads: c.reviewLeads })),
    };
  };
  return {
    cards: [card(api.COMPANY_OVERALL, null, stats), ...byDepartment(stats).map(([d, list]) => card(d, d, list))],
    settings: { from_date: range.from, to_date: range.to, date_range: body.date_range },
  };
}

/** The checked range of a report and its campaigns' figures. */
async function reportStats(ctx: LocationCtx, input: { from?: string | undefined; to?: string | undefined }, fields?: { from: string; to: string }) {
  const clock = await locationClock(ctx.db, ctx.location.locationId);
  const range = leaderboardRange(input, clock.today, fields);
  return { range, stats: await campaignStats(ctx.db, ctx.location.locationId, range, clock.timeZone) };
}

const moods = (s: Pick<CampaignStats, 'happy' | 'neutral' | 'unhappy'>) => ({ happy_count: s.happy, neutral_count: s.neutral, unhappy_count: s.unhappy });

export async function fetchDepartments(ctx: LocationCtx, body: { from_date?: string | undefined; to_date?: string | undefined }) {
  const { range, stats } = await reportStats(ctx, { from: body.from_date, to: body.to_date });
  const rows: leaderboardApi.DepartmentRow[] = byDepartment(stats).map(([department, list]) => {
    const total = sumStats(list);
    const points = campaignPoints(total);
    return {
      department_name: department,
      total_points: points.total,
      kudo_index: kudoIndex(total.kudoSum, total.kudoCount),
      pulse_checks_count: total.pchecks,
      pulse_check_points: points.pulseCheck,
      review_leads: total.reviewLeads,
      social_points: points.social,
      ...moods(total),
    };
  });
  rows.sort((a, b) => b.total_points - a.total_points || a.department_name.localeCompare(b.department_name));
  return { from_date: range.from, to_date: range.to, rows };
}

export async function fetchCampaigns(ctx: LocationCtx, body: { from_date?: string | undefined; to_date?: string | undefined; department: string | null }) {
  const { range, stats } = await reportStats(ctx, { from: body.from_date, to: body.to_date });
  const wanted = body.department?.toLowerCase() ?? null;
  const rows: leaderboardApi.CampaignRow[] = stats
    .filter((c) => wanted === null || departmentOf(c).toLowerCase() === wanted)
    .map((c) => ({
      campaign_uid: c.uid,
      campaign_name: c.name,
      employee_id: c.employeeId,
      department_name: departmentOf(c),
      total_points: campaignPoints(c).total,
      kudo_index: kudoIndex(c.kudoSum, c.kudoCount),
      bio_count: c.bios,
      pulse_checks_count: c.pchecks,
      review_leads: c.reviewLeads,
      ...moods(c),
    }));
  rows.sort((a, b) => b.total_points - a.total_points || a.campaign_name.localeCompare(b.campaign_name));
  return { from_date: range.from, to_date: range.to, rows };
}

const HTTP_FIELDS = { from: 'fromDate', to: 'toDate' };

/** The Google and Facebook reviews posted in the range that a person credited to each campaign. */
export async function fetchCampaignReviews(ctx: LocationCtx, body: { fromDate: string; toDate: string }) {
  const clock = await locationClock(ctx.db, ctx.location.locationId);
  const range = leaderboardRange({ from: body.fromDate, to: body.toDate }, clock.today, HTTP_FIELDS);
  const { lo, hi } = await bounds(ctx.db, range, clock.timeZone);
  const { rows } = await poolOf(ctx.db).query<Record<string, string | number | null>>({
    name: 'leaderboard-campaign-reviews',
    text: `WITH credited AS (
             SELECT rc.campaign_id,
                    count(*) FILTER (WHERE r.source = 'google')::int AS google_reviews,
                    avg(r.rating) FILTER (WHERE r.source = 'google')::float8 AS google_rating,
                    count(*) FILTER (WHERE r.source IN ('facebook', 'fb'))::int AS facebook_reviews,
                    avg(r.rating) FILTER (WHERE r.source IN ('facebook', 'fb'))::float8 AS facebook_rating
               FROM review_credits rc JOIN reviews r ON r.id = rc.review_id
              WHERE rc.location_id = $1 AND rc.method = 'human' AND r.location_id = $1
                AND r.posted_at >= $2 AND r.posted_at < $3 AND NOT r.archived
              GROUP BY 1
           )
           SELECT c.uid, c.name, c.department, c.deleted_at IS NOT NULL AS deleted,
                  k.google_reviews, k.google_rating, k.facebook_reviews, k.facebook_rating
             FROM campaigns c LEFT JOIN credited k ON k.campaign_id = c.id
            WHERE c.location_id = $1 AND (c.deleted_at IS NULL OR k.campaign_id IS NOT NULL)
            ORDER BY c.name, c.id`,
    values: [ctx.location.locationId, lo, hi],
  });
  const rating = (v: unknown) => (v == null ? null : round2(Number(v)));
  const out: leaderboardApi.CampaignReviewRow[] = rows.map((r) => ({
    campaignUid: String(r.uid),
    campaignName: String(r.name),
    department: String(r.department),
    googleReviews: Number(r.google_reviews ?? 0),
    googleRating: rating(r.google_rating),
    facebookReviews: Number(r.facebook_reviews ?? 0),
    facebookRating: rating(r.facebook_rating),
  }));
  return { fromDate: range.from, toDate: range.to, rows: out };
}

/** The pulseChecks and bios each campaign sent in the range (test sends left out). */
export async function fetchFieldOpsUsage(ctx: LocationCtx, body: { fromDate: string; toDate: string }) {
  const { range, stats } = await reportStats(ctx, { from: body.fromDate, to: body.toDate }, HTTP_FIELDS);
  const rows: leaderboardApi.FieldOpsRow[] = stats
    .map((c) => ({ campaignUid: c.uid, name: c.name, pcheck: c.pchecks, bio: c.bios, total: c.pchecks + c.bios }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return { fromDate: range.from, toDate: range.to, rows };
}

