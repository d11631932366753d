// The review sync: a location's Google reviews and Facebook recommendations into the reviews table, with credit
// suggestions and the day's rating snapshot, under a per-location lease and with backoff after errors.
import { analyticsApi } from '@kudo/shared';
import { z } from 'zod';
import type { AppDeps, Log } from '../../http/context.js';
import { decryptSecret } from '../../lib/crypto.js';
import type { Prisma } from '../../lib/db.js';
import { localDate } from '../../lib/quiet-hours.js';
import { runTask, type TaskOutcome } from '../../lib/tasks.js';
import { defineJob } from '../../jobs/define.js';
import { isProviderError } from '../../providers/social-errors.js';
import { markConnectionExpired } from '../social/index.js';
import { googleAuth } from './google-auth.js';
import { MATCHING_DAYS, mentionedCampaigns, namesMatch, type CampaignName } from './credit.js';

export type Platform = 'google' | 'facebook';
export const PLATFORMS: readonly Platform[] = ['google', 'facebook'];

type Deps = AppDeps & { log: Log };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How long one sync may hold a location's lease. */
export const LEASE_MS = 10 * MINUTE;
/** A location's reviews are synced this often. */
export const SYNC_EVERY_MS = 6 * HOUR;
/** After n failures in a row the next try waits 15 min × 2^(n−1), at most a day. */
export const backoffMs = (failures: number) => Math.min(15 * MINUTE * 2 ** Math.max(0, failures - 1), 24 * HOUR);
/** At most this many pages per sync (Google 50 a page, Facebook 100): the rest comes on the next one. */
const MAX_PAGES = 20;

/** A review as the platforms give it, ready for the reviews table. */
interface FetchedReview {
  externalId: string;
  authorName: string;
  rating: number;
  ratingType: 'star' | 'recommendation';
  text: string;
  postedAt: Date;
  sourceUpdatedAt: Date | null;
  reply: { comment: string; updateTime: Date | null } | null;
  url: string;
}

interface Fetched {
  reviews: FetchedReview[];
  profile: { rating: number | null; count: number | null } | null;
}

export type SyncOutcome = 'synced' | 'locked' | 'not-connected' | 'expired' | 'refused' | 'failed';

class NotConnected extends Error {}

export const facebookReviewsUrl = (pageId: string) => `https://www.facebook.com/${encodeURIComponent(pageId)}/reviews`;

export const googleReviewUrl = (placeId: string | null) =>
  placeId ? `https://search.google.com/local/reviews?placeid=${encodeURIComponent(placeId)}` : 'https://business.google.com/reviews';

async function fetchGoogle(deps: Deps, locationId: number, since: Date | null): Promise<Fetched> {
  const conn = await deps.db.googleConnection.findUnique({ where: { locationId } });
  if (!conn || !conn.selectedId) throw new NotConnected();
  if (conn.status !== 'connected') throw new NotConnected('expired');
  const auth = googleAuth(deps, conn);
  const ref = { accountId: conn.accountId, locationId: conn.selectedId };
  const url = googleReviewUrl(conn.selectedPlaceId);
  const reviews: FetchedReview[] = [];
  let profile: Fetched['profile'] = null;
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await deps.providers.google.listReviews(auth, ref, pageToken);
    if (page === 0) profile = { rating: res.averageRating, count: res.totalReviewCount };
    for (const r of res.reviews) {
      reviews.push({
        externalId: r.reviewId,
        authorName: r.reviewerName,
        rating: r.stars >= 1 && r.stars <= 5 ? r.stars : 0,
        ratingType: 'star',
        text: r.comment,
        postedAt: r.createTime,
        sourceUpdatedAt: r.updateTime,
        reply: r.reply,
        url,
      });
    }
    pageToken = res.nextPageToken ?? undefined;
    // Newest changes come first: a page with nothing changed since the last sync ends it.
    const changed = res.reviews.some((r) => !since || (r.updateTime ?? r.createTime) > since);
    if (!pageToken || !changed) break;
  }
  return { reviews: reviews.filter((r) => r.rating > 0), profile };
}

async function fetchFacebook(deps: Deps, locationId: number, since: Date | null): Promise<Fetched> {
  const conn = await deps.db.facebookConnection.findUnique({ where: { locationId } });
  if (!conn || !conn.pageSelectedId) throw new NotConnected();
  if (conn.status !== 'connected') throw new NotConnected('expired');
  const token = conn.pageToken ? decryptSecret(deps.config, conn.pageToken) : null;
  const pageId = conn.pageSelectedId;
  const url = facebookReviewsUrl(pageId);
  const profile = await deps.providers.facebook.pageRating(pageId, token);
  const reviews: FetchedReview[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await deps.providers.facebook.listRatings(pageId, token, after);
    for (const r of res.ratings) {
      reviews.push({
        externalId: r.id,
        authorName: r.reviewerName,
        rating: r.recommends ? 5 : 1,
        ratingType: 'recommendation',
        text: r.text,
        postedAt: r.createdAt,
        sourceUpdatedAt: null,
        reply: null,
        url,
      });
    }
    after = res.after ?? undefined;
    const changed = res.ratings.some((r) => !since || r.createdAt > since);
    if (!after || !changed) break;
  }
  return { reviews, profile };
}

/** Stores the fetched reviews: new ones are created, changed ones updated; answers the ids whose text is new. */
async function store(deps: Deps, locationId: number, source: Platform, fetched: FetchedReview[]) {
  const fresh: { id: number; text: string; authorName: string; postedAt: Date }[] = [];
  for (let i = 0; i < fetched.length; i += 200) {
    const chunk = fetched.slice(i, i + 200);
    const existing = await deps.db.review.findMany({
      where: { locationId, source, externalId: { in: chunk.map((r) => r.externalId) } },
      select: { id: true, externalId: true, text: true, rating: true, authorName: true, replyText: true, sourceUpdatedAt: true },
    });
    const byId = new Map(existing.map((r) => [r.externalId, r]));
    for (const r of chunk) {
      const data = {
        authorName: r.authorName.slice(0, 200),
        rating: r.rating,
        ratingType: r.ratingType,
        sentiment: analyticsApi.sentimentFromStars(r.rating),
        text: r.text,
        postedAt: r.postedAt,
        url: r.url,
        sourceUpdatedAt: r.sourceUpdatedAt,
        replyText: r.reply?.comment ?? null,
        replyUpdatedAt: r.reply?.updateTime ?? null,
      };
      const old = byId.get(r.externalId);
      if (!old) {
        // Concurrent syncs are kept apart by the lease; the unique key still guards against a duplicate.
        const created = await deps.db.review.upsert({
          where: { locationId_source_externalId: { locationId, source, externalId: r.externalId } },
          create: { locationId, source, externalId: r.externalId, ...data },
          update: data,
          select: { id: true },
        });
        fresh.push({ id: created.id, text: r.text, authorName: r.authorName, postedAt: r.postedAt });
        continue;
      }
      const same =
        old.text === r.text &&
        old.rating === r.rating &&
        old.authorName === data.authorName &&
        old.replyText === data.replyText &&
        (old.sourceUpdatedAt?.getTime() ?? null) === (r.sourceUpdatedAt?.getTime() ?? null);
      if (same) continue;
      await deps.db.review.update({ where: { id: old.id }, data });
      if (old.text !== r.text) fresh.push({ id: old.id, text: r.text, authorName: r.authorName, postedAt: r.postedAt });
    }
  }
  return fresh;
}

/**
 * Credit suggestions for reviews whose text is new: the campaigns their text mentions, and the campaigns that
 * sent a pulseCheck or bio to a customer of the reviewer's name in the days before the review. A suggestion a
 * person removed is not made again unless the review's text changes.
 */
export async function suggestCredits(
  db: Deps['db'] | Prisma.TransactionClient,
  locationId: number,
  reviews: readonly { id: number; text: string; authorName: string; postedAt: Date }[],
) {
  if (reviews.length === 0) return 0;
  const campaigns: CampaignName[] = await db.campaign.findMany({ where: { locationId, deletedAt: null }, select: { id: true, name: true } });
  const rows: Prisma.ReviewCreditCreateManyInput[] = [];
  for (const r of reviews) {
    for (const campaignId of mentionedCampaigns(r.text, campaigns)) rows.push({ locationId, reviewId: r.id, campaignId, method: 'mentions' });
    const first = r.authorName.trim().split(/\s+/)[0];
    if (!first || first.length < 2) continue;
    const sent = await db.dispatch.findMany({
      where: {
        locationId,
        isTest: false,
        createdAt: { gte: new Date(r.postedAt.getTime() - MATCHING_DAYS * 86_400_000), lte: r.postedAt },
        customerName: { startsWith: first, mode: 'insensitive' },
        campaign: { deletedAt: null },
      },
      select: { campaignId: true, customerName: true },
      take: 100,
    });
    for (const d of sent) {
      if (namesMatch(r.authorName, d.customerName)) rows.push({ locationId, reviewId: r.id, campaignId: d.campaignId, method: 'matching' });
    }
  }
  if (rows.length === 0) return 0;
  const res = await db.reviewCredit.createMany({ data: rows, skipDuplicates: true });
  return res.count;
}

/** Today's figures of the platform's profile, as the profile states them, on the location's calendar day. */
export async function writeSnapshot(
  db: Deps['db'] | Prisma.TransactionClient,
  locationId: number,
  platform: Platform,
  timeZone: string,
  profile: { rating: number | null; count: number | null },
  now: Date,
) {
  if (profile.count === null) return;
  const day = new Date(`${localDate(now, timeZone)}T00:00:00Z`);
  const data = { reviewCount: profile.count, rating: profile.rating };
  await db.ratingSnapshot.upsert({
    where: { locationId_platform_day: { locationId, platform, day } },
    create: { locationId, platform, day, ...data },
    update: data,
  });
}

async function finish(deps: Deps, locationId: number, platform: Platform, data: Prisma.ReviewSyncStateUpdateInput) {
  await deps.db.reviewSyncState.update({ where: { locationId_platform: { locationId, platform } }, data: { ...data, lockedUntil: null } });
}

/** Syncs one location's reviews on one platform, unless another sync holds its lease. */
export async function syncReviews(deps: Deps, locationId: number, platform: Platform, now: Date = new Date()): Promise<SyncOutcome> {
  await deps.db.reviewSyncState.upsert({
    where: { locationId_platform: { locationId, platform } },
    create: { locationId, platform },
    update: {},
  });
  const lease = await deps.db.reviewSyncState.updateMany({
    where: { locationId, platform, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    data: { lockedUntil: new Date(now.getTime() + LEASE_MS) },
  });
  if (lease.count === 0) return 'locked';
  const state = await deps.db.reviewSyncState.findUniqueOrThrow({ where: { locationId_platform: { locationId, platform } } });
  const failures = state.failures + 1;
  try {
    const location = await deps.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { timeZone: true } });
    const fetched = platform === 'google' ? await fetchGoogle(deps, locationId, state.lastSyncedAt) : await fetchFacebook(deps, locationId, state.lastSyncedAt);
    const fresh = await store(deps, locationId, platform, fetched.reviews);
    await suggestCredits(deps.db, locationId, fresh);
    if (fetched.profile) await writeSnapshot(deps.db, locationId, platform, location.timeZone, fetched.profile, now);
    await finish(deps, locationId, platform, { lastSyncedAt: now, lastError: null, errorKind: null, failures: 0, nextSyncAt: new Date(now.getTime() + SYNC_EVERY_MS) });
    return 'synced';
  } catch (error) {
    if (error instanceof NotConnected) {
      // Nothing to sync until the location connects (or reconnects): connecting asks for a sync again.
      await finish(deps, locationId, platform, { nextSyncAt: null });
      return error.message === 'expired' ? 'expired' : 'not-connected';
    }
    const message = (error as Error).message.slice(0, 500);
    if (isProviderError(error) && error.kind === 'rejected') {
      // The platform refused the stored tokens: the connection shows Reconnect and the dashboard its red banner.
      await markConnectionExpired(deps.db, locationId, platform);
      await finish(deps, locationId, platform, { lastError: message, errorKind: 'expired', failures, nextSyncAt: null });
      deps.log.warn({ err: error, locationId, platform }, 'review sync: connection refused, marked expired');
      return 'expired';
    }
    if (isProviderError(error) && error.kind === 'refused') {
      // The platform refuses the call itself (a newer API version): recorded for the dashboard, tried again daily.
      await finish(deps, locationId, platform, { lastError: message, errorKind: 'refused', failures, nextSyncAt: new Date(now.getTime() + 24 * HOUR) });
      deps.log.warn({ err: error, locationId, platform }, 'review sync: call refused');
      return 'refused';
    }
    await finish(deps, locationId, platform, { lastError: message, errorKind: 'unavailable', failures, nextSyncAt: new Date(now.getTime() + backoffMs(failures)) });
    deps.log.warn({ err: error, locationId, platform }, 'review sync failed');
    return 'failed';
  }
}

/** The connected locations whose sync is due: never synced, or their next sync time has come. */
export async function dueSyncs(deps: Pick<AppDeps, 'db'>, now: Date, limit = 20): Promise<{ locationId: number; platform: Platform }[]> {
  const [google, facebook] = await Promise.all([
    deps.db.googleConnection.findMany({ where: { status: 'connected', selectedId: { not: null } }, select: { locationId: true } }),
    deps.db.facebookConnection.findMany({ where: { status: 'connected', pageSelectedId: { not: null } }, select: { locationId: true } }),
  ]);
  const candidates = [...google.map((c) => ({ locationId: c.locationId, platform: 'google' as const })), ...facebook.map((c) => ({ locationId: c.locationId, platform: 'facebook' as const }))];
  if (candidates.length === 0) return [];
  const states = await deps.db.reviewSyncState.findMany({
    where: { locationId: { in: [...new Set(candidates.map((c) => c.locationId))] } },
    select: { locationId: true, platform: true, nextSyncAt: true, lastSyncedAt: true, lockedUntil: true },
  });
  const stateOf = new Map(states.map((s) => [`${s.locationId}:${s.platform}`, s]));
  return candidates
    .filter((c) => {
      const s = stateOf.get(`${c.locationId}:${c.platform}`);
      if (!s) return true;
      if (s.lockedUntil && s.lockedUntil > now) return false;
      // A connection that came back after an expiry has no next time yet: sync it now.
      return s.nextSyncAt ? s.nextSyncAt <= now : true;
    })
    .slice(0, limit);
}

const platformSchema = z.enum(['google', 'facebook']);

const SYNC_OUTCOMES: Partial<Record<SyncOutcome, TaskOutcome>> = {
  synced: { status: 'success', message: 'Reviews and ratings are up to date.' },
  expired: { status: 'failed', message: 'The connection was refused: reconnect to sync again.' },
  refused: { status: 'failed', message: 'The platform refused the call; it is tried again tomorrow.' },
  failed: { status: 'failed', message: 'The platform could not be reached; it is tried again shortly.' },
};

/** A sync as the Api Tasks logs show it (one that found the work taken or nothing connected is not logged). */
const loggedSync = (deps: Deps, locationId: number, platform: Platform) =>
  runTask(
    deps.db,
    { locationId, app: 'social-reviews', task: `${platform === 'google' ? 'Google' : 'Facebook'} reviews sync` },
    () => syncReviews(deps, locationId, platform),
    (outcome) => SYNC_OUTCOMES[outcome] ?? null,
  );

/** One location's sync on one platform: asked for on connect (and by the schedule below). */
export const reviewSyncJob = defineJob({
  name: 'social-reviews.sync',
  payload: z.object({ locationId: z.number().int().positive(), platform: platformSchema }),
  retryLimit: 0,
  expireInSeconds: LEASE_MS / 1000,
  async handler(payload, deps) {
    await loggedSync(deps, payload.locationId, payload.platform);
  },
});

/** Every ten minutes: the syncs that are due, one after another (each under its location's lease). */
export const reviewSyncDueJob = defineJob({
  name: 'social-reviews.sync-due',
  payload: z.object({}).passthrough(),
  cron: '*/10 * * * *',
  retryLimit: 0,
  expireInSeconds: 9 * 60,
  async handler(_payload, deps) {
    for (const due of await dueSyncs(deps, new Date())) await loggedSync(deps, due.locationId, due.platform);
  },
});

/**
 * Asks the worker for a sync of the location's reviews on the platform (after a connection was made). A queue
 * that cannot take it does not undo the connection: the schedule finds the never-synced connection anyway.
 */
export async function requestReviewSync(deps: AppDeps & { log: Log }, locationId: number, platform: Platform) {
  try {
    await deps.jobs?.send(reviewSyncJob, { locationId, platform }, { singletonKey: `review-sync-${locationId}-${platform}` });
  } catch (error) {
    deps.log.warn({ err: error, locationId, platform }, 'could not queue a review sync');
  }
}
