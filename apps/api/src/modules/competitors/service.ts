// Competitors: businesses a location follows by Google place id. Only the place id is kept for good; name,
// address, rating and review count are a cache from Places details, refreshed daily and dropped after 30 days.
import { MSG, type CompetitorData } from '@kudo/shared';
import { z } from 'zod';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { Prisma } from '../../lib/db.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { defineJob } from '../../jobs/define.js';
import { addressParts, type Place, type PlaceAddressParts } from '../../providers/places/index.js';

const DAY = 86_400_000;
/** Figures older than this are refreshed by the job. */
export const REFRESH_AFTER_MS = DAY;
/** Google's terms let place content (all but the place id) be cached at most 30 days. */
export const CACHE_MAX_MS = 30 * DAY;

const EMPTY_ADDRESS: PlaceAddressParts = { street: '', city: '', state: '', country: '', zipcode: '' };

type Row = Prisma.CompetitorGetPayload<object>;

const fresh = (r: Row, now: Date) => r.refreshedAt !== null && now.getTime() - r.refreshedAt.getTime() <= CACHE_MAX_MS;

const figures = (p: Place) => ({
  name: p.name,
  address: (p.components ?? addressParts(p.address)) as unknown as Prisma.InputJsonValue,
  rating: p.rating,
  reviewCount: p.reviewCount,
});

/** Ranked by review count, most first; unknown counts last, then by name. */
const byCount = <T extends { count: number | null; name: string }>(a: T, b: T) =>
  (b.count ?? -1) - (a.count ?? -1) || a.name.localeCompare(b.name);

async function selfOf(ctx: Pick<LocationCtx, 'db' | 'location'>) {
  const locationId = ctx.location.locationId;
  const [place, snapshot, location] = await Promise.all([
    ctx.db.googlePlace.findUnique({ where: { locationId } }),
    ctx.db.ratingSnapshot.findFirst({ where: { locationId, platform: 'google' }, orderBy: { day: 'desc' } }),
    ctx.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { name: true, maxCompetitors: true } }),
  ]);
  // The profile's own latest figures when the sync has them, else the place's as last looked up.
  const self = place
    ? {
        name: place.name,
        place_id: place.placeId,
        rating: snapshot?.rating ?? place.rating,
        count: snapshot?.reviewCount ?? place.reviewCount,
        address: addressParts(place.address),
      }
    : snapshot
      ? { name: location.name, place_id: null, rating: snapshot.rating, count: snapshot.reviewCount, address: EMPTY_ADDRESS }
      : null;
  return { self, max: location.maxCompetitors };
}

/** Looks up figures missing from the cache (new rows, or dropped after 30 days); failures leave them empty. */
async function fillMissing(ctx: Pick<AppDeps, 'db' | 'providers'> & { log: Log }, rows: Row[], now: Date) {
  const out: Row[] = [];
  for (const r of rows) {
    if (fresh(r, now)) {
      out.push(r);
      continue;
    }
    const place = await ctx.providers.places.details(r.placeId).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'competitor place details failed');
      return null;
    });
    out.push(place ? await ctx.db.competitor.update({ where: { id: r.id }, data: { ...figures(place), refreshedAt: now } }) : r);
  }
  return out;
}

async function listOf(ctx: LocationCtx) {
  const now = new Date();
  const rows = await ctx.db.competitor.findMany({ where: { locationId: ctx.location.locationId }, orderBy: { id: 'asc' } });
  return (await fillMissing(ctx, rows, now)).map((r) => {
    const known = fresh(r, now);
    return {
      name: known ? r.name : '',
      count: known ? r.reviewCount : null,
      rating: known ? r.rating : null,
      address: known && r.address ? { ...EMPTY_ADDRESS, ...(r.address as Partial<PlaceAddressParts>) } : EMPTY_ADDRESS,
      place_id: r.placeId,
      competitor: { competitor_id: r.placeId },
    };
  });
}

export async function loadCompetitors(ctx: LocationCtx): Promise<CompetitorData> {
  const [{ self, max }, list] = await Promise.all([selfOf(ctx), listOf(ctx)]);
  return { self, competitor_list: list.sort(byCount), max_competitor: max };
}

export async function addCompetitor(ctx: LocationCtx, placeId: string): Promise<CompetitorData> {
  const locationId = ctx.location.locationId;
  const own = await ctx.db.googlePlace.findUnique({ where: { locationId }, select: { placeId: true } });
  if (own?.placeId === placeId) throw badRequest(MSG.competitorIsSelf, { place_id: MSG.competitorIsSelf });
  const existing = await ctx.db.competitor.findUnique({ where: { locationId_placeId: { locationId, placeId } } });
  if (existing) throw badRequest(MSG.competitorExists, { place_id: MSG.competitorExists });
  const limits = await ctx.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { maxCompetitors: true } });
  if ((await ctx.db.competitor.count({ where: { locationId } })) >= limits.maxCompetitors) {
    throw badRequest(MSG.competitorLimit, { place_id: MSG.competitorLimit });
  }
  let place: Place | null;
  try {
    place = await ctx.providers.places.details(placeId);
  } catch (error) {
    ctx.log.warn({ err: error }, 'competitor place details failed');
    throw new AppError(503, MSG.googleUnavailable);
  }
  if (!place) throw badRequest(MSG.placeNotFound, { place_id: MSG.placeNotFound });
  await ctx.db.$transaction(async (tx) => {
    // One add at a time per location, so that two at once cannot pass the limit together.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('competitors'), ${locationId})`;
    const count = await tx.competitor.count({ where: { locationId } });
    if (count >= limits.maxCompetitors) throw badRequest(MSG.competitorLimit, { place_id: MSG.competitorLimit });
    const created = await tx.competitor.createMany({ data: [{ locationId, placeId, ...figures(place), refreshedAt: new Date() }], skipDuplicates: true });
    if (created.count === 0) throw badRequest(MSG.competitorExists, { place_id: MSG.competitorExists });
  });
  return loadCompetitors(ctx);
}

export async function removeCompetitor(ctx: LocationCtx, placeId: string): Promise<CompetitorData> {
  const gone = await ctx.db.competitor.deleteMany({ where: { locationId: ctx.location.locationId, placeId } });
  if (gone.count === 0) throw notFound(MSG.competitorNotFound);
  return loadCompetitors(ctx);
}

/** The dashboard's Competitors panel. */
export async function dashboardCompetitors(ctx: LocationCtx) {
  const data = await loadCompetitors(ctx);
  return {
    self: data.self ? { name: data.self.name, place_id: data.self.place_id, rating: data.self.rating, count: data.self.count } : null,
    competitor_list: data.competitor_list.map((c) => ({ name: c.name, place_id: c.place_id, rating: c.rating, count: c.count })),
  };
}

/**
 * Refreshes the figures older than a day from Places details, and drops those that could not be refreshed in
 * 30 days (only the place id stays). Answers how many were refreshed.
 */
export async function refreshCompetitors(deps: Pick<AppDeps, 'db' | 'providers'> & { log: Log }, now: Date = new Date(), limit = 500) {
  await deps.db.competitor.updateMany({
    where: { refreshedAt: { lt: new Date(now.getTime() - CACHE_MAX_MS) } },
    data: { name: '', address: Prisma.DbNull, rating: null, reviewCount: null, refreshedAt: null },
  });
  const due = await deps.db.competitor.findMany({
    where: { OR: [{ refreshedAt: null }, { refreshedAt: { lt: new Date(now.getTime() - REFRESH_AFTER_MS) } }] },
    orderBy: [{ refreshedAt: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
    take: limit,
  });
  let refreshed = 0;
  for (const r of due) {
    try {
      const place = await deps.providers.places.details(r.placeId);
      if (!place) continue;
      await deps.db.competitor.update({ where: { id: r.id }, data: { ...figures(place), refreshedAt: now } });
      refreshed += 1;
    } catch (error) {
      deps.log.warn({ err: error, placeId: r.placeId }, 'competitor refresh failed');
    }
  }
  return refreshed;
}

export const competitorRefreshJob = defineJob({
  name: 'competitors.refresh',
  payload: z.object({}).passthrough(),
  cron: '17 8 * * *',
  retryLimit: 1,
  async handler(_payload, deps) {
    await refreshCompetitors(deps);
  },
});
