import {
  MSG,
  SOCIAL_SITE_TYPES,
  SOCIAL_LIMITS,
  SOCIAL_TYPE_LABELS,
  type FacebookConnectionState,
  type GbpLocationItem,
  type GoogleConnectionState,
  type PlaceItem,
  type SocialAccount,
  type SocialSiteType,
} from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.js';
import { hit } from '../../lib/rate-limit.js';
import { newToken } from '../../lib/tokens.js';
import { Prisma } from '../../lib/db.js';
import type { FacebookConnection, GoogleConnection, GooglePlace } from '../../generated/prisma/client.js';
import type { Place } from '../../providers/places/index.js';
import { isProviderError } from '../../providers/social-errors.js';
import {
  customKey,
  facebookPageUrl,
  facebookReviewUrl,
  googleMapsUrl,
  googleReviewUrl,
  isEmptyLink,
  isPermutation,
  isSiteType,
  looksLikeSite,
  nextOrder,
  orderedAccounts,
  reviewPageFor,
} from './links.js';

type Tx = Prisma.TransactionClient;
const unavailable = (message: string) => new AppError(503, message);

/** Refresh an access token this long before it runs out. */
const REFRESH_MARGIN_MS = 60_000;

// ---------------------------------------------------------------- reading

const toPlaceItem = (p: Pick<GooglePlace, 'placeId' | 'name' | 'address' | 'lat' | 'lng' | 'rating' | 'reviewCount'> | Place): PlaceItem => ({
  placeId: p.placeId,
  name: p.name,
  address: p.address,
  lat: p.lat,
  lng: p.lng,
  rating: p.rating,
  reviewCount: p.reviewCount,
});

const storedLocations = (conn: GoogleConnection): GbpLocationItem[] => (Array.isArray(conn.locations) ? (conn.locations as unknown as GbpLocationItem[]) : []);

interface StoredPage {
  id: string;
  name: string;
  /** Encrypted; absent on connections made before tokens were kept. */
  token?: string;
}
const storedPages = (conn: FacebookConnection): StoredPage[] => (Array.isArray(conn.pages) ? (conn.pages as unknown as StoredPage[]) : []);

const asStatus = (s: string) => (s === 'expired' ? 'expired' : 'connected');

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

type SiteLinks = { homepage: string; reviewPage: string } | null;

/**
 * The Facebook connection as the screen shows it. Its links are the location's Facebook row (what the user saved
 * last); the selected page's own addresses only fill in a link the row does not have.
 */
export function facebookState(conn: FacebookConnection | null, links: SiteLinks): FacebookConnectionState {
  if (!conn) return { connected: false, status: null, userName: '', pageList: [], pageSelected: null, homepage: '', review: '' };
  const status = asStatus(conn.status);
  const selected = conn.pageSelectedId;
  return {
    connected: status === 'connected',
    status,
    userName: conn.userName,
    pageList: storedPages(conn).map((p) => ({ id: p.id, name: p.name })),
    pageSelected: selected ? { id: selected, name: conn.pageSelectedName ?? '' } : null,
    homepage: links?.homepage || (selected ? facebookPageUrl(selected) : ''),
    review: links?.reviewPage || (selected ? facebookReviewUrl(selected) : ''),
  };
}

const facebookLinks = (db: Tx, locationId: number): Promise<SiteLinks> =>
  db.socialAccount.findUnique({ where: { locationId_uniqueType: { locationId, uniqueType: 'facebook' } }, select: { homepage: true, reviewPage: true } });

async function accountsOf(db: Tx, locationId: number) {
  const rows = await db.socialAccount.findMany({ where: { locationId }, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
  return { rows, accounts: orderedAccounts(rows) };
}

/** Marks a connection and the core record the notifications and trial banner read. */
async function syncConnection(
  db: Tx,
  locationId: number,
  provider: 'google' | 'facebook',
  state: { status: 'connected' | 'expired'; name: string; externalId: string | null } | null,
) {
  if (!state) {
    await db.socialConnection.deleteMany({ where: { locationId, provider } });
    return;
  }
  await db.socialConnection.upsert({
    where: { locationId_provider: { locationId, provider } },
    create: { locationId, provider, status: state.status, name: state.name, externalId: state.externalId },
    update: { status: state.status, name: state.name, externalId: state.externalId },
  });
}

/** Renews Google's access token when it is about to run out; a refused refresh marks the connection expired. */
async function refreshGoogleIfDue(ctx: LocationCtx, conn: GoogleConnection): Promise<GoogleConnection> {
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

// ---------------------------------------------------------------- links

/** Sets a site's links, creating its row at its default place when it has none. */
async function upsertSite(db: Tx, locationId: number, type: SocialSiteType, data: { homepage?: string; reviewPage?: string }) {
  return db.socialAccount.upsert({
    where: { locationId_uniqueType: { locationId, uniqueType: type } },
    create: {
      locationId,
      type,
      uniqueType: type,
      homepage: data.homepage ?? '',
      reviewPage: data.reviewPage ?? '',
      sortOrder: SOCIAL_SITE_TYPES.indexOf(type),
    },
    update: data,
  });
}

async function accountByKey(db: Tx, locationId: number, key: string): Promise<SocialAccount> {
  const { accounts } = await accountsOf(db, locationId);
  const account = accounts.find((a) => a.key === key);
  if (!account) throw notFound(MSG.socialLinkNotFound);
  return account;
}

interface SaveResult {
  data: { status: 'ok' | 'warning'; status_message: string | null; account: SocialAccount | null };
  message: string | null;
}

const warningFor = (type: SocialSiteType) => MSG.socialHomepageWarning.replace('{site}', SOCIAL_TYPE_LABELS[type]);

export async function clear(ctx: LocationCtx, key: string) {
  const locationId = ctx.location.locationId;
  if (key.startsWith('custom:')) {
    const { count } = await ctx.db.socialAccount.deleteMany({ where: { locationId, type: 'custom', id: Number(key.slice(7)) } });
    if (count === 0) throw notFound(MSG.socialLinkNotFound);
    return;
  }
  await ctx.db.socialAccount.updateMany({ where: { locationId, uniqueType: key }, data: { homepage: '', reviewPage: '', title: null } });
}

export async function saveHomepage(ctx: LocationCtx, input: { social_media: string; social_media_url: string }): Promise<SaveResult> {
  const type = input.social_media;
  if (!isSiteType(type)) throw badRequest(MSG.socialUnknownAccount, { social_media: MSG.socialUnknownAccount });
  const url = input.social_media_url;
  if (!looksLikeSite(type, url)) {
    return { data: { status: 'warning', status_message: warningFor(type), account: null }, message: null };
  }
  const locationId = ctx.location.locationId;
  return ctx.db.$transaction(async (tx) => {
    const before = await tx.socialAccount.findUnique({ where: { locationId_uniqueType: { locationId, uniqueType: type } } });
    await upsertSite(tx, locationId, type, { homepage: url, reviewPage: before?.reviewPage || reviewPageFor(type, url) });
    const account = await accountByKey(tx, locationId, type);
    return { data: { status: 'ok', status_message: null, account }, message: isEmptyLink(before) ? MSG.socialAdded : MSG.socialEdited };
  });
}

export async function saveAccount(
  ctx: LocationCtx,
  input: { social_media: string; title?: string; review_page: string; homepage: string },
): Promise<SaveResult> {
  const locationId = ctx.location.locationId;
  const key = input.social_media;
  return ctx.db.$transaction(async (tx) => {
    if (key === 'custom') {
      const rows = await tx.socialAccount.findMany({ where: { locationId } });
      if (rows.filter((r) => r.type === 'custom').length >= SOCIAL_LIMITS.customMax) throw badRequest(MSG.socialCustomLimit);
      const row = await tx.socialAccount.create({
        data: {
          locationId,
          type: 'custom',
          title: input.title ?? '',
          homepage: input.homepage,
          reviewPage: input.review_page,
          sortOrder: nextOrder(rows),
        },
      });
      const account = await accountByKey(tx, locationId, customKey(row.id));
      return { data: { status: 'ok', status_message: null, account }, message: MSG.socialCustomAdded };
    }
    if (key.startsWith('custom:')) {
      const { count } = await tx.socialAccount.updateMany({
        where: { locationId, type: 'custom', id: Number(key.slice(7)) },
        data: { title: input.title ?? '', homepage: input.homepage, reviewPage: input.review_page },
      });
      if (count === 0) throw notFound(MSG.socialLinkNotFound);
      const account = await accountByKey(tx, locationId, key);
      return { data: { status: 'ok', status_message: null, account }, message: MSG.socialEdited };
    }
    if (!isSiteType(key)) throw badRequest(MSG.socialUnknownAccount, { social_media: MSG.socialUnknownAccount });
    const before = await tx.socialAccount.findUnique({ where: { locationId_uniqueType: { locationId, uniqueType: key } } });
    await upsertSite(tx, locationId, key, { homepage: input.homepage, reviewPage: input.review_page });
    const account = await accountByKey(tx, locationId, key);
    // The user confirmed these links in the edit dialog: they are saved, with a note when they look off.
    const off = [input.homepage, input.review_page].some((u) => u && !looksLikeSite(key, u));
    return {
      data: { status: off ? ('warning' as const) : ('ok' as const), status_message: off ? warningFor(key) : null, account },
      message: isEmptyLink(before) ? MSG.socialAdded : MSG.socialEdited,
    };
  });
}

export async function updateOrder(ctx: LocationCtx, input: { order: string[]; data?: Record<string, unknown> }) {
  const locationId = ctx.location.locationId;
  return ctx.db.$transaction(async (tx) => {
    const { rows, accounts } = await accountsOf(tx, locationId);
    const keys = accounts.map((a) => a.key);
    if (!isPermutation(input.order, keys) || (input.data && !isPermutation(Object.keys(input.data), keys))) {
      throw badRequest(MSG.socialOrderMismatch, { order: MSG.socialOrderMismatch });
    }
    const bySite = new Map(rows.filter((r) => r.uniqueType).map((r) => [r.uniqueType!, r]));
    for (const [index, key] of input.order.entries()) {
      if (key.startsWith('custom:')) {
        await tx.socialAccount.updateMany({ where: { locationId, id: Number(key.slice(7)) }, data: { sortOrder: index } });
      } else if (bySite.has(key)) {
        await tx.socialAccount.update({ where: { id: bySite.get(key)!.id }, data: { sortOrder: index } });
      } else {
        await tx.socialAccount.create({ data: { locationId, type: key, uniqueType: key, sortOrder: index } });
      }
    }
    return { order: (await accountsOf(tx, locationId)).accounts.map((a) => a.key) };
  });
}

// ---------------------------------------------------------------- Google place

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
async function storePlace(tx: Tx, locationId: number, place: PlaceItem) {
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

// ---------------------------------------------------------------- Google Business Profile

export async function authUrl(ctx: LocationCtx, provider: 'google' | 'facebook') {
  const state = newToken();
  return { url: ctx.providers[provider].authUrl(state), state };
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

// ---------------------------------------------------------------- Facebook

export async function connectFacebook(ctx: LocationCtx, code: string) {
  const facebook = ctx.providers.facebook;
  let user;
  let pages;
  try {
    user = await facebook.exchangeCode(code);
    pages = await facebook.listPages(user.userToken);
  } catch (error) {
    ctx.log.warn({ err: error }, 'Facebook connect failed');
    if (isProviderError(error) && error.kind === 'rejected') throw badRequest(MSG.facebookSignInFailed);
    throw unavailable(MSG.facebookUnavailable);
  }
  const locationId = ctx.location.locationId;
  const previous = await ctx.db.facebookConnection.findUnique({ where: { locationId } });
  const kept = previous?.pageSelectedId ? pages.find((p) => p.id === previous.pageSelectedId) : undefined;
  const stored: StoredPage[] = pages.map((p) => ({ id: p.id, name: p.name, token: encryptSecret(ctx.config, p.accessToken) }));
  const data = {
    status: 'connected',
    userName: user.userName,
    userToken: encryptSecret(ctx.config, user.userToken),
    pages: stored as unknown as Prisma.InputJsonValue,
    pageSelectedId: kept?.id ?? null,
    pageSelectedName: kept?.name ?? null,
    pageToken: kept ? stored.find((p) => p.id === kept.id)!.token : null,
    connectedAt: new Date(),
  };
  const conn = await ctx.db.$transaction(async (tx) => {
    const saved = await tx.facebookConnection.upsert({ where: { locationId }, create: { locationId, ...data }, update: data });
    await syncConnection(tx, locationId, 'facebook', { status: 'connected', name: kept?.name ?? user.userName, externalId: kept?.id ?? null });
    return saved;
  });
  const state = facebookState(conn, await facebookLinks(ctx.db, locationId));
  return state.pageList.length === 0 ? { data: state, message: MSG.noPagesFound } : { data: state, message: null };
}

export async function selectFacebookPage(ctx: LocationCtx, pageId: string) {
  const locationId = ctx.location.locationId;
  const conn = await ctx.db.facebookConnection.findUnique({ where: { locationId } });
  if (!conn) throw conflict(MSG.facebookNotConnected);
  if (conn.status !== 'connected') throw conflict(MSG.facebookConnectionExpired);
  // The page's name comes from Facebook's list, not from the request.
  const page = storedPages(conn).find((p) => p.id === pageId);
  if (!page) throw notFound(MSG.facebookPageNotFound);
  const updated = await ctx.db.$transaction(async (tx) => {
    const saved = await tx.facebookConnection.update({
      where: { id: conn.id },
      data: { pageSelectedId: page.id, pageSelectedName: page.name, pageToken: page.token ?? null },
    });
    await syncConnection(tx, locationId, 'facebook', { status: 'connected', name: page.name, externalId: page.id });
    const row = await tx.socialAccount.findUnique({ where: { locationId_uniqueType: { locationId, uniqueType: 'facebook' } } });
    const links = await upsertSite(tx, locationId, 'facebook', {
      reviewPage: facebookReviewUrl(page.id),
      homepage: row?.homepage || facebookPageUrl(page.id),
    });
    return { saved, links };
  });
  return facebookState(updated.saved, updated.links);
}

export async function signOutFacebook(ctx: LocationCtx) {
  const locationId = ctx.location.locationId;
  await ctx.db.$transaction(async (tx) => {
    await tx.facebookConnection.deleteMany({ where: { locationId } });
    await syncConnection(tx, locationId, 'facebook', null);
  });
}

// ---------------------------------------------------------------- for other areas

/**
 * Marks a location's Google or Facebook connection expired, for the jobs that use its tokens (review sync) when
 * the provider refuses them: the screen then shows Reconnect and the notifications report GOOGLE_EXPIRED / FB_EXPIRED.
 */
export async function markConnectionExpired(db: Tx, locationId: number, provider: 'google' | 'facebook') {
  const conn =
    provider === 'google'
      ? await db.googleConnection.findUnique({ where: { locationId } })
      : await db.facebookConnection.findUnique({ where: { locationId } });
  if (!conn) return;
  if (provider === 'google') await db.googleConnection.update({ where: { locationId }, data: { status: 'expired' } });
  else await db.facebookConnection.update({ where: { locationId }, data: { status: 'expired' } });
  await db.socialConnection.updateMany({ where: { locationId, provider }, data: { status: 'expired' } });
}
