// The Facebook connection: sign-in, the chosen page (which sets the Facebook links), sign-out.
import { MSG, type FacebookConnectionState } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { encryptSecret } from '../../lib/crypto.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { type Prisma } from '../../lib/db.js';
import type { FacebookConnection } from '../../generated/prisma/client.js';
import { isProviderError } from '../../providers/social-errors.js';
import { facebookPageUrl, facebookReviewUrl } from './links.js';
import { type Tx, upsertSite } from './accounts.js';
import { unavailable, asStatus, syncConnection } from './connections.js';

interface StoredPage {
  id: string;
  name: string;
  /** Encrypted; absent on connections made before tokens were kept. */
  token?: string;
}
const storedPages = (conn: FacebookConnection): StoredPage[] => (Array.isArray(conn.pages) ? (conn.pages as unknown as StoredPage[]) : []);

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
