// The Connect Social Media screen's operations, by responsibility; `load` answers the whole screen.
import type { LocationCtx } from '../../http/context.js';
import { accountsOf } from './accounts.js';
import { toPlaceItem } from './places.js';
import { googleState, refreshGoogleIfDue } from './google.js';
import { facebookState } from './facebook.js';

export async function load(ctx: LocationCtx) {
  const locationId = ctx.location.locationId;
  const [{ rows, accounts }, place, google, facebook] = await Promise.all([
    accountsOf(ctx.db, locationId),
    ctx.db.googlePlace.findUnique({ where: { locationId } }),
    ctx.db.googleConnection.findUnique({ where: { locationId } }),
    ctx.db.facebookConnection.findUnique({ where: { locationId } }),
  ]);
  const fresh = google ? await refreshGoogleIfDue(ctx, google) : null;
  return {
    social_media: Object.fromEntries(accounts.map((a) => [a.key, a])),
    order: accounts.map((a) => a.key),
    place: place ? toPlaceItem(place) : null,
    google: googleState(fresh),
    facebook: facebookState(facebook, rows.find((r) => r.uniqueType === 'facebook') ?? null),
  };
}

export * from './accounts.js';
export * from './connections.js';
export * from './facebook.js';
export * from './google.js';
export * from './places.js';
