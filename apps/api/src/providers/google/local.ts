import { socialApi } from '@kudo/shared';
import { localConsentPage } from '../local-consent.js';
import { ProviderError } from '../social-errors.js';
import { localFeed, localFeedHas, localFeedProfile } from '../local-reviews.js';
import type { Db } from '../../lib/db.js';
import type { GbpListing, GbpReviewReply, GoogleProvider } from './types.js';

/** The two Google accounts of the local sign-in page: one manages two locations, the other none. */
export const LOCAL_GOOGLE_ACCOUNTS = [
  { key: '1', email: 'owner.demo@gmail.example', label: 'Demo Plumbing (two Business Profile locations)' },
  { key: '2', email: 'new.business@gmail.example', label: 'New Business (no Business Profile locations)' },
] as const;

const LISTINGS: Record<string, GbpListing> = {
  '1': {
    accountId: 'accounts/1180000000000000001',
    accountName: 'Demo Plumbing',
    locations: [
      {
        id: 'locations/5120000000000000101',
        name: 'Demo Plumbing Austin',
        placeId: 'ChIJdemoAustinPlumbing0001',
        address: { addressLines: ['1200 S Lamar Blvd'], locality: 'Austin', administrativeArea: 'TX' },
      },
      {
        id: 'locations/5120000000000000102',
        name: 'Demo Plumbing Dallas',
        placeId: 'ChIJdemoDallasPlumbing0002',
        address: { addressLines: ['2400 Ross Ave'], locality: 'Dallas', administrativeArea: 'TX' },
      },
    ],
  },
  '2': { accountId: 'accounts/1180000000000000002', accountName: 'New Business', locations: [] },
};

const HOUR = 3600_000;

/** Where the local feed keeps the replies posted to it, by the feed review's id. */
interface FeedReplies {
  of(ids: readonly string[]): Promise<Map<string, GbpReviewReply>>;
  put(id: string, reply: GbpReviewReply): Promise<void>;
  remove(id: string): Promise<void>;
}

/** In the database (local_feed_replies): every process, the API's and the worker's, and every restart sees them. */
function storedReplies(db: Db): FeedReplies {
  return {
    async of(ids) {
      const rows = await db.localFeedReply.findMany({ where: { reviewId: { in: [...ids] } } });
      return new Map(rows.map((r) => [r.reviewId, { comment: r.comment, updateTime: r.updateTime }]));
    },
    async put(id, reply) {
      const data = { comment: reply.comment, updateTime: reply.updateTime ?? new Date() };
      await db.localFeedReply.upsert({ where: { reviewId: id }, create: { reviewId: id, ...data }, update: data });
    },
    async remove(id) {
      await db.localFeedReply.deleteMany({ where: { reviewId: id } });
    },
  };
}

/** In memory, for a provider made without a database (unit tests). */
function memoryReplies(): FeedReplies {
  const replies = new Map<string, GbpReviewReply>();
  return {
    of: async (ids) => new Map(ids.flatMap((id) => (replies.has(id) ? [[id, replies.get(id)!] as const] : []))),
    put: async (id, reply) => void replies.set(id, reply),
    remove: async (id) => void replies.delete(id),
  };
}

/**
 * Codes come from our own sign-in page (GET /api/dev/oauth/google): `local-google:<account>`. Replies posted to the
 * local feed are kept with `db` (else in memory) and come back with the feed's reviews, as Google's do.
 */
export function localGoogleProvider(db?: Db): GoogleProvider {
  const replies = db ? storedReplies(db) : memoryReplies();
  const known = (location: string, reviewId: string) => {
    if (!localFeedHas(location, reviewId)) throw new ProviderError('unavailable', `No local review ${reviewId}`);
  };
  const accountOf = (value: string, prefix: string) => {
    const match = new RegExp(`^${prefix}:([12])(?::.*)?$`).exec(value);
    if (!match) throw new ProviderError('rejected', 'Unknown local Google code or token');
    return match[1]!;
  };
  return {
    routes: [
      localConsentPage(
        socialApi.localGoogleConsent,
        'google',
        'Google',
        LOCAL_GOOGLE_ACCOUNTS.map((a) => ({ key: a.key, label: a.email, sub: a.label })),
      ),
    ],
    kind: 'local',
    authUrl: (state) => `/api/dev/oauth/google?state=${encodeURIComponent(state)}`,
    async exchangeCode(code) {
      const account = accountOf(code, 'local-google');
      return {
        accessToken: `local-google-access:${account}:${Date.now()}`,
        refreshToken: `local-google-refresh:${account}`,
        expiresAt: new Date(Date.now() + HOUR),
      };
    },
    async refresh(refreshToken) {
      const account = accountOf(refreshToken, 'local-google-refresh');
      return { accessToken: `local-google-access:${account}:${Date.now()}`, refreshToken, expiresAt: new Date(Date.now() + HOUR) };
    },
    async listLocations(accessToken) {
      return structuredClone(LISTINGS[accountOf(accessToken, 'local-google-access')]!);
    },
    async revoke() {},
    // The demo connections hold no tokens: the local feed answers whatever the stored tokens.
    async listReviews(_auth, location, pageToken) {
      const all = localFeed(location.locationId);
      const profile = localFeedProfile(location.locationId);
      const start = pageToken && /^\d+$/.test(pageToken) ? Number(pageToken) : 0;
      const page = all.slice(start, start + 50);
      const posted = await replies.of(page.map((r) => r.id));
      return {
        reviews: page.map((r) => ({
          reviewId: r.id,
          reviewerName: r.author,
          stars: r.stars,
          comment: r.text,
          createTime: r.postedAt,
          updateTime: posted.get(r.id)?.updateTime ?? r.postedAt,
          reply: posted.get(r.id) ?? null,
        })),
        nextPageToken: start + 50 < all.length ? String(start + 50) : null,
        averageRating: profile?.rating ?? null,
        totalReviewCount: profile?.count ?? null,
      };
    },
    async replyToReview(_auth, location, reviewId, comment) {
      known(location.locationId, reviewId);
      const reply = { comment, updateTime: new Date() };
      await replies.put(reviewId, reply);
      return reply;
    },
    async deleteReviewReply(_auth, location, reviewId) {
      known(location.locationId, reviewId);
      await replies.remove(reviewId);
    },
  };
}
