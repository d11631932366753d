import type { Db } from '../../lib/db.js';
import { poolOf } from '../../lib/db.js';
import { startOfLocalDay } from '../../lib/quiet-hours.js';
import { addDays, kudoIndex, round2, type Day, type DayRange } from '../analytics/index.js';
import { campaignPoints, campaignStats, sumStats } from '../leaderboard/index.js';
import { previousPeriod, type ReportFrequency } from './schedule.js';

/** How many technicians the report ranks. */
export const TOP_TECHNICIANS = 5;

export interface PlatformFigures {
  platform: 'google' | 'facebook';
  newReviews: number;
  /** The rating at the end of the period and its change over the period (null when unknown). */
  rating: number | null;
  ratingChange: number | null;
}

export interface CompetitorFigures {
  placeId: string;
  name: string;
  rating: number | null;
  reviewCount: number | null;
  /** Since the previous report of the same frequency (null on the first report, or when unknown). */
  ratingChange: number | null;
  reviewCountChange: number | null;
}

/** Everything a weekly or monthly report says about one location and period. */
export interface ReportFigures {
  frequency: ReportFrequency;
  period: DayRange;
  pulseChecksSent: number;
  pulseChecksAnswered: number;
  kudoIndex: number | null;
  kudoIndexChange: number | null;
  happy: number;
  neutral: number;
  unhappy: number;
  reviewLeads: number;
  platforms: PlatformFigures[];
  technicians: { name: string; department: string; points: number }[];
  competitors: CompetitorFigures[];
  /** Answers per local day by sentiment, for the chart. */
  daily: { day: Day; happy: number; neutral: number; unhappy: number }[];
}

/** What a report keeps for the next one to compare with. */
export interface ReportSnapshot {
  competitors?: { placeId: string; rating: number | null; reviewCount: number | null }[];
}

const PLATFORMS = ['google', 'facebook'] as const;

async function platformFigures(db: Db, locationId: number, period: DayRange, lo: Date, hi: Date): Promise<PlatformFigures[]> {
  const { rows } = await poolOf(db).query<{ platform: string; new_reviews: number; rating_end: number | null; rating_start: number | null }>({
    name: 'reports-platform-figures',
    text: `SELECT p.platform,
                  (SELECT count(*)::int FROM reviews r
                    WHERE r.location_id = $1 AND r.source = p.platform AND NOT r.archived AND r.posted_at >= ($2::timestamptz AT TIME ZONE 'UTC') AND r.posted_at < ($3::timestamptz AT TIME ZONE 'UTC')) AS new_reviews,
                  (SELECT s.rating FROM rating_snapshots s
                    WHERE s.location_id = $1 AND s.platform = p.platform AND s.day <= $5::date ORDER BY s.day DESC LIMIT 1) AS rating_end,
                  (SELECT s.rating FROM rating_snapshots s
                    WHERE s.location_id = $1 AND s.platform = p.platform AND s.day < $4::date ORDER BY s.day DESC LIMIT 1) AS rating_start
             FROM unnest($6::text[]) AS p(platform)`,
    values: [locationId, lo.toISOString(), hi.toISOString(), period.from, period.to, [...PLATFORMS]],
  });
  return PLATFORMS.map((platform) => {
    const r = rows.find((row) => row.platform === platform);
    const end = r?.rating_end ?? null;
    const start = r?.rating_start ?? null;
    return {
      platform,
      newReviews: r?.new_reviews ?? 0,
      rating: round2(end),
      ratingChange: end !== null && start !== null ? round2(end - start) : null,
    };
  });
}

async function dailyAnswers(db: Db, locationId: number, period: DayRange, lo: Date, hi: Date, timeZone: string) {
  const { rows } = await poolOf(db).query<{ day: string; happy: number; neutral: number; unhappy: number }>({
    name: 'reports-daily-answers',
    text: `SELECT to_char((r.posted_at AT TIME ZONE 'UTC') AT TIME ZONE $4, 'YYYY-MM-DD') AS day,
                  count(*) FILTER (WHERE r.sentiment = 'positive')::int AS happy,
                  count(*) FILTER (WHERE r.sentiment = 'neutral')::int AS neutral,
                  count(*) FILTER (WHERE r.sentiment = 'negative')::int AS unhappy
             FROM reviews r
            WHERE r.location_id = $1 AND r.posted_at >= ($2::timestamptz AT TIME ZONE 'UTC') AND r.posted_at < ($3::timestamptz AT TIME ZONE 'UTC')
              AND r.source = 'kudo' AND r.dispatch_id IS NOT NULL AND NOT r.archived AND r.campaign_id IS NOT NULL
            GROUP BY 1`,
    values: [locationId, lo.toISOString(), hi.toISOString(), timeZone],
  });
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: ReportFigures['daily'] = [];
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) {
    const r = byDay.get(d);
    days.push({ day: d, happy: r?.happy ?? 0, neutral: r?.neutral ?? 0, unhappy: r?.unhappy ?? 0 });
  }
  return days;
}

/**
 * The figures of a location's report for a period: pulseChecks and answers, the Kudo Index against the period
 * before, sentiment, review leads (as the leaderboard counts them), new Google and Facebook reviews with the
 * rating's change, the top technicians by leaderboard points and the competitors against the last report.
 */
export async function reportFigures(
  db: Db,
  input: { locationId: number; timeZone: string; frequency: ReportFrequency; period: DayRange; previous?: ReportSnapshot | null },
): Promise<ReportFigures> {
  const { locationId, timeZone, frequency, period } = input;
  const lo = startOfLocalDay(period.from, timeZone);
  const hi = startOfLocalDay(addDays(period.to, 1), timeZone);
  const [stats, before, platforms, daily, competitors] = await Promise.all([
    campaignStats(db, locationId, period, timeZone),
    campaignStats(db, locationId, previousPeriod(frequency, period), timeZone),
    platformFigures(db, locationId, period, lo, hi),
    dailyAnswers(db, locationId, period, lo, hi, timeZone),
    db.competitor.findMany({ where: { locationId }, orderBy: [{ rating: { sort: 'desc', nulls: 'last' } }, { name: 'asc' }] }),
  ]);
  const now = sumStats(stats);
  const then = sumStats(before);
  const index = kudoIndex(now.kudoSum, now.kudoCount);
  const indexBefore = kudoIndex(then.kudoSum, then.kudoCount);
  const technicians = stats
    .map((c) => ({ name: c.name, department: c.department, points: campaignPoints(c).total }))
    .filter((t) => t.points > 0)
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name))
    .slice(0, TOP_TECHNICIANS);
  const earlier = new Map((input.previous?.competitors ?? []).map((c) => [c.placeId, c]));
  return {
    frequency,
    period,
    pulseChecksSent: now.pchecks,
    pulseChecksAnswered: now.responses,
    kudoIndex: index,
    kudoIndexChange: index !== null && indexBefore !== null ? Math.round((index - indexBefore) * 10) / 10 : null,
    happy: now.happy,
    neutral: now.neutral,
    unhappy: now.unhappy,
    reviewLeads: now.reviewLeads,
    platforms,
    technicians,
    competitors: competitors.map((c) => {
      const e = earlier.get(c.placeId);
      return {
        placeId: c.placeId,
        name: c.name,
        rating: round2(c.rating),
        reviewCount: c.reviewCount,
        ratingChange: e && e.rating !== null && c.rating !== null ? round2(c.rating - e.rating) : null,
        reviewCountChange: e && e.reviewCount !== null && c.reviewCount !== null ? c.reviewCount - e.reviewCount : null,
      };
    }),
    daily,
  };
}

/** What the next report compares with. */
export const snapshotOf = (f: ReportFigures): ReportSnapshot => ({
  competitors: f.competitors.map((c) => ({ placeId: c.placeId, rating: c.rating, reviewCount: c.reviewCount })),
});
