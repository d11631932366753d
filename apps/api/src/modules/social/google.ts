// The Google Business Profile connection: sign-in, token refresh, the chosen profile location, sign-out.
import { MSG, type GbpLocationItem, type GoogleConnectionState, type PlaceItem } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { Prisma } from '../../lib/db.js';
import type { GoogleConnection } from '../../generated/prisma/client.js';
import { isProviderError } from '../../providers/social-errors.js';
import { unavailable, asStatus, syncConnection } from './connections.js';
import { toPlaceItem, storePlace } from './places.js';

/** Refresh an access token this long before it runs out. */
const REFRESH_MARGIN_MS = 60_000;

const storedLocations = (conn: GoogleConnection): GbpLocationItem[] => (Array.isArray(conn.locations) ? (conn.locations as unknown as GbpLocationItem[]) : []);

export function googleState(conn: GoogleConnection | null): GoogleConnectionState {
  if (!conn) return { connected: false, status: null, accountId: null, account_id: null, accountName: '', location: null, locations: [] };
  const status = asStatus(conn.status);
  return {
    connected: status === 'connected',
    status,
    accountId: conn.accountId,
    account_id: conn.accountId,
    accountName: conn.accountName,
    location: conn.selectedId
      ? {
          id: conn.selectedId,
          name: conn.selectedName ?? '',
          placeId: conn.selectedPlaceId,
          address: (conn.selectedAddress as GbpLocationItem['address'] | null) ?? { addressLines: [], locality: '', administrativeArea: '' },
        }
      : null,
    locations: storedLocations(conn),
  };
}

/** Renews Google's access token when it is about to run out; a refused refresh marks the connection expired. */
export async function refreshGoogleIfDue(ctx: LocationCtx, conn: GoogleConnection): Promise<GoogleConnection> {
  if (conn.status !== 'connected' || !conn.refreshToken) return conn;
  if (conn.expiresAt && conn.expiresAt.getTime() > Date.now() + REFRESH_MARGIN_MS) return conn;
  let refreshToken: string;
  try {
    refreshToken = decryptSecret(ctx.config, conn.refreshToken);
  } catch (error) {
    ctx.log.warn({ err: error }, 'stored Google refresh token cannot be read');
    return markGoogleExpired(ctx, conn);
  }
  try {
    const tokens = await ctx.providers.google.refresh(refreshToken);
    return await ctx.db.googleConnection.update({
      where: { id: conn.id },
      data: {
        accessToken: encryptSecret(ctx.config, tokens.accessToken),
        ...(tokens.refreshToken && tokens.refreshToken !== refreshToken ? { refreshToken: encryptSecret(ctx.config, tokens.refreshToken) } : {}),
        expiresAt: tokens.expiresAt,
      },
    });
  } catch (error) {
    if (isProviderError(error) && error.kind === 'rejected') return markGoogleExpired(ctx, conn);
    // Google could not be reached: keep the connection as it is and try again on the next load.
    ctx.log.warn({ err: error }, 'Google token refresh failed');
    return conn;
  }
}

async function markGoogleExpired(ctx: LocationCtx, conn: GoogleConnection) {
  return ctx.db.$transaction(async (tx) => {
    const updated = await tx.googleConnection.update({ where: { id: conn.id }, data: { status: 'expired' } });
    await syncConnection(tx, conn.locationId, 'google', { status: 'expired', name: conn.accountName, externalId: conn.accountId });
    return updated;
  });
}

export async function connectGoogle(ctx: LocationCtx, code: string) {
  const google = ctx.providers.google;
  let tokens;
  let listing;
  try {
    tokens = await google.exchangeCode(code);
    listing = await google.listLocations(tokens.accessToken);
  } catch (error) {
    ctx.log.warn({ err: error }, 'Google connect failed');
    if (isProviderError(error) && error.kind === 'rejected') throw badRequest(MSG.googleSignInFailed);
    throw unavailable(MSG.googleUnavailable);
  }
  if (!listing.accountId || !Array.isArray(listing.locations)) throw unavailable(MSG.googleUnavailable);
  const locationId = ctx.location.locationId;
  const accountId = listing.accountId;
  const previous = await ctx.db.googleConnection.findUnique({ where: { locationId } });
  // Reconnecting keeps the chosen location when the account still has it.
  const kept = previous?.selectedId ? listing.locations.find((l) => l.id === previous.selectedId) : undefined;
  const data = {
    accountId,
    accountName: listing.accountName,
    status: 'connected',
    accessToken: encryptSecret(ctx.config, tokens.accessToken),
    refreshToken: tokens.refreshToken ? encryptSecret(ctx.config, tokens.refreshToken) : (previous?.refreshToken ?? null),
    expiresAt: tokens.expiresAt,
    locations: listing.locations as unknown as Prisma.InputJsonValue,
    selectedId: kept?.id ?? null,
    selectedName: kept?.name ?? null,
    selectedPlaceId: kept?.placeId ?? null,
    selectedAddress: kept ? (kept.address as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
    connectedAt: new Date(),
  };
  const conn = await ctx.db.$transaction(async (tx) => {
    const saved = await tx.googleConnection.upsert({
      where: { locationId },
      create: { locationId, ...data },
      update: data,
    });
    await syncConnection(tx, locationId, 'google', { status: 'connected', name: listing.accountName, externalId: accountId });
    return saved;
  });
  const state = googleState(conn);
  return state.locations.length === 0 ? { data: state, message: MSG.noLocationsFound } : { data: state, message: null };
}

async function liveGoogle(ctx: LocationCtx) {
  const conn = await ctx.db.googleConnection.findUnique({ where: { locationId: ctx.location.locationId } });
  if (!conn) throw conflict(MSG.googleNotConnected);
  if (conn.status !== 'connected') throw conflict(MSG.googleConnectionExpired);
  return conn;
}

export async function saveGoogleLocation(ctx: LocationCtx, gbpLocationId: string) {
  const conn = await liveGoogle(ctx);
  const chosen = storedLocations(conn).find((l) => l.id === gbpLocationId);
  if (!chosen) throw notFound(MSG.googleLocationNotFound);
  // The profile's place, with the map's details when they can be had.
  let place: PlaceItem | null = null;
  if (chosen.placeId) {
    const found = await ctx.providers.places.details(chosen.placeId).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'place details for a Business Profile location failed');
      return null;
    });
    const address = [chosen.address.addressLines.join(', '), chosen.address.locality, chosen.address.administrativeArea].filter(Boolean).join(', ');
    place = found ? toPlaceItem(found) : { placeId: chosen.placeId, name: chosen.name, address, lat: null, lng: null, rating: null, reviewCount: null };
  }
  const locationId = ctx.location.locationId;
  const updated = await ctx.db.$transaction(async (tx) => {
    const saved = await tx.googleConnection.update({
      where: { id: conn.id },
      data: {
        selectedId: chosen.id,
        selectedName: chosen.name,
        selectedPlaceId: chosen.placeId,
        selectedAddress: chosen.address as unknown as Prisma.InputJsonValue,
      },
    });
    if (place) await storePlace(tx, locationId, place);
    return saved;
  });
  return googleState(updated);
}

export async function signOutGoogle(ctx: LocationCtx) {
  const locationId = ctx.location.locationId;
  const conn = await ctx.db.googleConnection.findUnique({ where: { locationId } });
  await ctx.db.$transaction(async (tx) => {
    await tx.googleConnection.deleteMany({ where: { locationId } });
    await syncConnection(tx, locationId, 'google', null);
  });
  const stored = conn?.refreshToken ?? conn?.accessToken;
  if (stored) {
    try {
      await ctx.providers.google.revoke(decryptSecret(ctx.config, stored));
    } catch (error) {
      ctx.log.warn({ err: error }, 'Google token revoke failed');
    }
  }
}
