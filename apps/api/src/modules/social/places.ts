// The location's Google place: map search and details (rate-limited, each is a paid call) and the chosen place.
import { MSG, type PlaceItem } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { notFound, tooManyRequests } from '../../lib/errors.js';
import { hit } from '../../lib/rate-limit.js';
import type { GooglePlace } from '../../generated/prisma/client.js';
import type { Place } from '../../providers/places/index.js';
import { googleMapsUrl, googleReviewUrl } from './links.js';
import { type Tx, upsertSite, accountByKey } from './accounts.js';
import { unavailable } from './connections.js';

export const toPlaceItem = (p: Pick<GooglePlace, 'placeId' | 'name' | 'address' | 'lat' | 'lng' | 'rating' | 'reviewCount'> | Place): PlaceItem => ({
  placeId: p.placeId,
  name: p.name,
  address: p.address,
  lat: p.lat,
  lng: p.lng,
  rating: p.rating,
  reviewCount: p.reviewCount,
});


async function placeDetails(ctx: LocationCtx, placeId: string): Promise<Place | null> {
  try {
    return await ctx.providers.places.details(placeId);
  } catch (error) {
    ctx.log.warn({ err: error }, 'place details failed');
    throw unavailable(MSG.googleUnavailable);
  }
}

/** Map look-ups a location may make per minute (each one is a paid Google call). */
export const PLACES_PER_MINUTE = 60;

async function limitPlaces(ctx: LocationCtx) {
  const { count } = await hit(ctx.db, `places:location:${ctx.location.locationId}`, 60_000);
  if (count > PLACES_PER_MINUTE) throw tooManyRequests();
}

export async function searchPlaces(ctx: LocationCtx, q: string) {
  if (!q) return { places: [] };
  await limitPlaces(ctx);
  try {
    return { places: (await ctx.providers.places.search(q, { limit: 10 })).map(toPlaceItem) };
  } catch (error) {
    ctx.log.warn({ err: error }, 'place search failed');
    throw unavailable(MSG.googleUnavailable);
  }
}

export async function getPlace(ctx: LocationCtx, placeId: string) {
  await limitPlaces(ctx);
  const place = await placeDetails(ctx, placeId);
  if (!place) throw notFound(MSG.placeNotFound);
  return { place: toPlaceItem(place) };
}

/**
 * Stores the place and points the Google row at it: its review link always; its homepage when it is empty or
 * was the map link of the previous place (a homepage the user typed is kept).
 */
export async function storePlace(tx: Tx, locationId: number, place: PlaceItem) {
  const previous = await tx.googlePlace.findUnique({ where: { locationId }, select: { placeId: true } });
  const data = {
    placeId: place.placeId,
    name: place.name,
    address: place.address,
    lat: place.lat,
    lng: place.lng,
    rating: place.rating,
    reviewCount: place.reviewCount,
  };
  await tx.googlePlace.upsert({ where: { locationId }, create: { locationId, ...data }, update: data });
  const row = await tx.socialAccount.findUnique({ where: { locationId_uniqueType: { locationId, uniqueType: 'google' } } });
  await upsertSite(tx, locationId, 'google', {
    reviewPage: googleReviewUrl(place.placeId),
    homepage:
      !row?.homepage || (previous && row.homepage === googleMapsUrl(previous.placeId)) ? googleMapsUrl(place.placeId) : row.homepage,
  });
}

export async function selectPlace(ctx: LocationCtx, placeId: string) {
  const place = await placeDetails(ctx, placeId);
  if (!place) throw notFound(MSG.placeNotFound);
  const locationId = ctx.location.locationId;
  const item = toPlaceItem(place);
  return ctx.db.$transaction(async (tx) => {
    await storePlace(tx, locationId, item);
    return { place: item, account: await accountByKey(tx, locationId, 'google') };
  });
}
