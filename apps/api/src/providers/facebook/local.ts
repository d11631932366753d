import { socialApi } from '@kudo/shared';
import { localConsentPage } from '../local-consent.js';
import { localFeed, localFeedProfile } from '../local-reviews.js';
import { ProviderError } from '../social-errors.js';
import type { FacebookPage, FacebookProvider } from './types.js';

/** The two Facebook users of the local sign-in page: one manages two pages, the other none. */
export const LOCAL_FACEBOOK_USERS = [
  { key: '1', name: 'Dana Demo', label: 'Dana Demo (manages two pages)' },
  { key: '2', name: 'Pat Newcomer', label: 'Pat Newcomer (manages no pages)' },
] as const;

const PAGES: Record<string, Omit<FacebookPage, 'accessToken'>[]> = {
  '1': [
    { id: '104000000000001', name: 'Demo Plumbing Austin' },
    { id: '104000000000002', name: 'Demo Plumbing Dallas' },
  ],
  '2': [],
};

/** Codes come from our own sign-in page (GET /api/dev/oauth/facebook): `local-facebook:<user>`. */
export function localFacebookProvider(): FacebookProvider {
  const userOf = (value: string, prefix: string) => {
    const match = new RegExp(`^${prefix}:([12])$`).exec(value);
    if (!match) throw new ProviderError('rejected', 'Unknown local Facebook code or token');
    return match[1]!;
  };
  return {
    routes: [
      localConsentPage(
        socialApi.localFacebookConsent,
        'facebook',
        'Facebook',
        LOCAL_FACEBOOK_USERS.map((u) => ({ key: u.key, label: u.name, sub: u.label })),
      ),
    ],
    kind: 'local',
    authUrl: (state) => `/api/dev/oauth/facebook?state=${encodeURIComponent(state)}`,
    async exchangeCode(code) {
      const user = userOf(code, 'local-facebook');
      return { userToken: `local-facebook-user:${user}`, userName: LOCAL_FACEBOOK_USERS.find((u) => u.key === user)!.name };
    },
    async listPages(userToken) {
      const user = userOf(userToken, 'local-facebook-user');
      return PAGES[user]!.map((p) => ({ ...p, accessToken: `local-facebook-page:${p.id}` }));
    },
    // The demo page holds no token: the local feed answers whatever the stored token.
    async listRatings(pageId, _pageToken, after) {
      const all = localFeed(pageId);
      const start = after && /^\d+$/.test(after) ? Number(after) : 0;
      return {
        ratings: all.slice(start, start + 100).map((r) => ({
          id: r.id,
          reviewerName: r.author,
          recommends: r.stars >= 4,
          text: r.text,
          createdAt: r.postedAt,
        })),
        after: start + 100 < all.length ? String(start + 100) : null,
      };
    },
    async pageRating(pageId) {
      const p = localFeedProfile(pageId);
      return { rating: p?.rating ?? null, count: p?.count ?? null };
    },
  };
}
