// The location's review and homepage links: adding, editing, clearing and ordering them.
import {
  MSG,
  SOCIAL_SITE_TYPES,
  SOCIAL_LIMITS,
  SOCIAL_TYPE_LABELS,
  type SocialAccount,
  type SocialSiteType,
} from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { type Prisma } from '../../lib/db.js';
import {
  customKey,
  isEmptyLink,
  isPermutation,
  isSiteType,
  looksLikeSite,
  nextOrder,
  orderedAccounts,
  reviewPageFor,
} from './links.js';

export type Tx = Prisma.TransactionClient;

export async function accountsOf(db: Tx, locationId: number) {
  const rows = await db.socialAccount.findMany({ where: { locationId }, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
  return { rows, accounts: orderedAccounts(rows) };
}


/** Sets a site's links, creating its row at its default place when it has none. */
export async function upsertSite(db: Tx, locationId: number, type: SocialSiteType, data: { homepage?: string; reviewPage?: string }) {
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

export async function accountByKey(db: Tx, locationId: number, key: string): Promise<SocialAccount> {
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
