import { analyticsApi, MSG, type EndpointData } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { notFound } from '../../lib/errors.js';
import { socialReviewCore } from '../social-reviews/index.js';
import { addMonths, monthLabel, monthStart } from './dates.js';
import { locationClock } from './location.js';
import { ratingQueries } from './queries.js';
import { gain, round2 } from './scores.js';

type Platform = analyticsApi.RatingPlatform;
interface Snapshot {
  day: string;
  count: number;
  ratings: number | null;
}
interface PlatformFigures {
  platform: Platform;
  oldest: Snapshot;
  latest: Snapshot;
}

/** The first ("joining") and the latest snapshot of each platform: four index look-ups. */
async function platformFigures(ctx: LocationCtx): Promise<PlatformFigures[]> {
  const rows = await ratingQueries.ends(ctx.db, ctx.location.locationId);
  return rows.map((r) => ({
    platform: r.platform,
    oldest: { day: r.first_day, count: r.first_count, ratings: round2(r.first_rating) },
    latest: { day: r.last_day, count: r.last_count, ratings: round2(r.last_rating) },
  }));
}

/** Counts added up; ratings weighted by their counts. */
function combine(items: readonly { count: number; ratings: number | null }[]) {
  const count = items.reduce((s, x) => s + x.count, 0);
  const rated = items.filter((x) => x.ratings !== null && x.count > 0);
  const weight = rated.reduce((s, x) => s + x.count, 0);
  const ratings = weight === 0 ? null : round2(rated.reduce((s, x) => s + x.ratings! * x.count, 0) / weight);
  return { count, ratings };
}

export async function ratingsGrowth(ctx: LocationCtx): Promise<EndpointData<typeof analyticsApi.loadRatingsGrowth>> {
  const figures = await platformFigures(ctx);
  return {
    overall: combine(figures.map((f) => f.latest)),
    social_media: figures.map((f) => ({
      social_media: f.platform,
      count: f.latest.count,
      ratings: f.latest.ratings,
      latest: f.latest,
      oldest: f.oldest,
      kudo_effect: gain(f.latest, f.oldest),
    })),
  };
}

/** One point per month: the month's last snapshot. Last Year is the current month and the 11 before it. */
export async function ratingsChart(
  ctx: LocationCtx,
  input: { time_range: 'year' | 'all'; social_media: Platform },
): Promise<EndpointData<typeof analyticsApi.loadRatingsChart>> {
  const { today } = await locationClock(ctx.db, ctx.location.locationId);
  const since = input.time_range === 'year' ? monthStart(addMonths(today, -11)) : '0001-01-01';
  const rows = await ratingQueries.monthly(ctx.db, ctx.location.locationId, input.social_media, since);
  return rows.map((r) => ({ count: r.review_count, ratings: round2(r.rating), label: monthLabel(r.day) }));
}

/**
 * The dashboard panel. A location that follows no platform yet (no snapshot and no connection) answers 404
 * with a message, so that the panel offers Connect.
 */
export async function dashboardRatings(ctx: LocationCtx): Promise<EndpointData<typeof analyticsApi.dashboardRatings>> {
  const figures = await platformFigures(ctx);
  if (figures.length === 0) {
    const connected = await ctx.db.socialConnection.count({ where: { locationId: ctx.location.locationId } });
    if (connected === 0) throw notFound(MSG.ratingsNotConnected);
  }
  const panel = (f: PlatformFigures | undefined) =>
    f ? { latest: { count: f.latest.count, ratings: f.latest.ratings }, kudo_effect: gain(f.latest, f.oldest) } : null;
  const latest = combine(figures.map((f) => f.latest));
  const oldest = combine(figures.map((f) => f.oldest));
  return {
    total: { latest, kudo_effect: { count: latest.count - oldest.count, ratings: gain(latest, oldest).ratings } },
    google: panel(figures.find((f) => f.platform === 'google')),
    facebook: panel(figures.find((f) => f.platform === 'facebook')),
  };
}

/** The dashboard's Latest Reviews: the newest Google and Facebook reviews, archived ones left out. */
export async function latestSocialReviews(ctx: LocationCtx): Promise<EndpointData<typeof analyticsApi.dashboardSocialReviews>> {
  const reviews = await ctx.db.review.findMany({
    where: { locationId: ctx.location.locationId, source: { in: ['google', 'facebook'] }, archived: false },
    orderBy: [{ postedAt: 'desc' }, { id: 'desc' }],
    take: analyticsApi.LATEST_REVIEWS_LIMIT,
  });
  return {
    reviews: reviews.map(socialReviewCore),
  };
}
