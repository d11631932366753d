import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { createTestApp, json, loginAs, type TestContext } from '../../../test/helpers.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { createProviders } from '../../providers/index.js';
import { backoffMs, dueSyncs, syncReviews } from './sync.js';

/** Stand-ins for Google's token endpoint and Business Profile v4 reviews, and Facebook's Graph, on 127.0.0.1. */
let server: http.Server;
let base: string;
const seen: { method: string; path: string; query: URLSearchParams; auth: string | undefined; body: string }[] = [];
let mode: { google: 'ok' | 'refresh-refused' | 'down'; facebook: 'ok' | 'refused' | 'token' } = { google: 'ok', facebook: 'ok' };
let reviewText = 'Sarah Nguyen fixed our shower valve in no time.';

const send = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const gReview = (id: string, stars: string, comment: string, day: number, reviewer = 'Jennifer Morales') => ({
  name: `accounts/42/locations/7/reviews/${id}`,
  reviewId: id,
  reviewer: { displayName: reviewer },
  starRating: stars,
  comment,
  createTime: `2026-10-${String(day).padStart(2, '0')}T15:00:00Z`,
  updateTime: `2026-10-${String(day).padStart(2, '0')}T15:00:00Z`,
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, auth: req.headers.authorization, body });
      if (url.pathname === '/token') {
        const form = new URLSearchParams(body);
        if (mode.google !== 'refresh-refused' && form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === '1//refresh-1') {
          return send(res, 200, { access_token: 'ya29.fresh', expires_in: 3599, token_type: 'Bearer' });
        }
        return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      }
      if (url.pathname.startsWith('/v4/')) {
        if (mode.google === 'down') return send(res, 503, { error: { code: 503, message: 'The service is currently unavailable.' } });
        if (req.headers.authorization !== 'Bearer ya29.fresh') return send(res, 401, { error: { code: 401, message: 'UNAUTHENTICATED' } });
        if (url.pathname === '/v4/accounts/42/locations/7/reviews' && req.method === 'GET') {
          if (url.searchParams.get('pageToken') === 'p2') {
            return send(res, 200, { reviews: [gReview('g-3', 'TWO', 'Late and pricey.', 3, 'Tom Becker')], averageRating: 4.7, totalReviewCount: 128 });
          }
          return send(res, 200, {
            reviews: [gReview('g-1', 'FIVE', reviewText, 20), gReview('g-2', 'THREE', '', 12, 'David K.')],
            averageRating: 4.7,
            totalReviewCount: 128,
            nextPageToken: 'p2',
          });
        }
        const reply = /^\/v4\/accounts\/42\/locations\/7\/reviews\/([^/]+)\/reply$/.exec(url.pathname);
        if (reply && req.method === 'PUT') return send(res, 200, { comment: JSON.parse(body).comment, updateTime: '2026-11-01T10:00:00Z' });
        if (reply && req.method === 'DELETE') return send(res, 200, {});
        return send(res, 404, { error: { code: 404, message: 'Not found' } });
      }
      if (url.pathname === '/v21.0/104') {
        if (req.headers.authorization !== 'Bearer page-token') return send(res, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
        return send(res, 200, { overall_star_rating: 4.6, rating_count: 40, id: '104' });
      }
      if (url.pathname === '/v21.0/104/ratings') {
        if (mode.facebook === 'token') return send(res, 400, { error: { message: 'Error validating access token: Session has expired.', type: 'OAuthException', code: 190 } });
        if (mode.facebook === 'refused') {
          return send(res, 400, { error: { message: '(#12) ratings field is deprecated for versions v21.0 and higher', type: 'OAuthException', code: 12 } });
        }
        if (url.searchParams.get('after') === 'c2') {
          return send(res, 200, {
            data: [{ created_time: '2026-09-02T12:00:00+0000', recommendation_type: 'negative', review_text: 'No show.', reviewer: { id: '9', name: 'Greg Summers' }, open_graph_story: { id: 'story-3' } }],
            paging: { cursors: { before: 'c2b', after: 'c3' } },
          });
        }
        return send(res, 200, {
          data: [
            { created_time: '2026-10-05T12:00:00+0000', recommendation_type: 'positive', review_text: 'Tasha was great!', reviewer: { id: '7', name: 'Rachel Kim' }, open_graph_story: { id: 'story-1' } },
            { created_time: '2026-10-01T12:00:00+0000', recommendation_type: 'positive', review_text: '', reviewer: { id: '8', name: 'Sam Whitfield' }, open_graph_story: { id: 'story-2' } },
          ],
          paging: { cursors: { before: 'c1', after: 'c2' }, next: `${base}/v21.0/104/ratings?after=c2` },
        });
      }
      send(res, 404, { error: { message: 'unknown path' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the review sync against the real Google and Facebook clients', () => {
  let t: TestContext;
  let deps: Parameters<typeof syncReviews>[0];
  let austinId: number;
  const NOW = new Date('2026-11-02T18:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_OAUTH_BASE_URL: base,
      GOOGLE_API_BASE_URL: base,
      FACEBOOK_APP_ID: 'facebook-id',
      FACEBOOK_APP_SECRET: 'facebook-secret',
      FACEBOOK_GRAPH_BASE_URL: base,
    });
    deps = { db: t.db, config: t.config, providers: createProviders(t.config, t.db), log: quiet };
    austinId = (await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } })).id;
  });

  const connectGoogle = async (over: { accessToken?: string; expiresAt?: Date } = {}) => {
    await t.db.googleConnection.update({
      where: { locationId: austinId },
      data: {
        status: 'connected',
        accountId: 'accounts/42',
        selectedId: 'locations/7',
        accessToken: encryptSecret(t.config, over.accessToken ?? 'ya29.stale'),
        refreshToken: encryptSecret(t.config, '1//refresh-1'),
        expiresAt: over.expiresAt ?? new Date(Date.now() - 60_000),
      },
    });
    await t.db.socialConnection.updateMany({ where: { locationId: austinId, provider: 'google' }, data: { status: 'connected' } });
    await t.db.reviewSyncState.deleteMany({ where: { locationId: austinId } });
  };

  beforeEach(() => {
    mode = { google: 'ok', facebook: 'ok' };
    seen.length = 0;
  });

  it('reads every page with a renewed token, stores the reviews once and writes the day\'s snapshot', async () => {
    await connectGoogle();
    expect(await syncReviews(deps, austinId, 'google', NOW)).toBe('synced');

    const reviewCalls = seen.filter((s) => s.path === '/v4/accounts/42/locations/7/reviews');
    expect(reviewCalls.map((c) => c.query.get('pageToken'))).toEqual([null, 'p2']);
    expect(reviewCalls[0]!.query.get('pageSize')).toBe('50');
    expect(reviewCalls.every((c) => c.auth === 'Bearer ya29.fresh')).toBe(true);
    // The renewed token is kept, encrypted.
    const conn = await t.db.googleConnection.findUniqueOrThrow({ where: { locationId: austinId } });
    expect(decryptSecret(t.config, conn.accessToken!)).toBe('ya29.fresh');
    expect(conn.accessToken).not.toContain('ya29');

    const rows = await t.db.review.findMany({ where: { locationId: austinId, source: 'google', externalId: { startsWith: 'g-' } }, orderBy: { externalId: 'asc' } });
    expect(rows.map((r) => [r.externalId, r.rating, r.sentiment, r.authorName])).toEqual([
      ['g-1', 5, 'positive', 'Jennifer Morales'],
      ['g-2', 3, 'neutral', 'David K.'],
      ['g-3', 2, 'negative', 'Tom Becker'],
    ]);
    // Sarah Nguyen is named in the text: her campaign is suggested.
    const sarah = await t.db.campaign.findFirstOrThrow({ where: { locationId: austinId, name: 'Sarah Nguyen' } });
    const credits = await t.db.reviewCredit.findMany({ where: { reviewId: rows[0]!.id } });
    expect(credits.map((c) => [c.campaignId, c.method])).toEqual([[sarah.id, 'mentions']]);

    // The snapshot of the location's day (Chicago) holds the profile's own figures.
    const snap = await t.db.ratingSnapshot.findUniqueOrThrow({
      where: { locationId_platform_day: { locationId: austinId, platform: 'google', day: new Date('2026-11-02T00:00:00Z') } },
    });
    expect([snap.reviewCount, snap.rating]).toEqual([128, 4.7]);
    const state = await t.db.reviewSyncState.findUniqueOrThrow({ where: { locationId_platform: { locationId: austinId, platform: 'google' } } });
    expect(state).toMatchObject({ failures: 0, lastError: null, errorKind: null, lockedUntil: null });
    expect(state.nextSyncAt!.getTime()).toBeGreaterThan(NOW.getTime());
  });

  it('a re-sync duplicates nothing, keeps a removed suggestion removed and takes a changed text', async () => {
    const before = await t.db.review.count({ where: { locationId: austinId } });
    const g1 = await t.db.review.findFirstOrThrow({ where: { locationId: austinId, externalId: 'g-1' } });
    await t.db.reviewCredit.deleteMany({ where: { reviewId: g1.id } });
    await t.db.reviewSyncState.deleteMany({ where: { locationId: austinId } });
    expect(await syncReviews(deps, austinId, 'google', NOW)).toBe('synced');
    expect(await t.db.review.count({ where: { locationId: austinId } })).toBe(before);
    expect(await t.db.reviewCredit.count({ where: { reviewId: g1.id } })).toBe(0);

    reviewText = 'Priya Patel came back and fixed it for good.';
    await t.db.reviewSyncState.deleteMany({ where: { locationId: austinId } });
    expect(await syncReviews(deps, austinId, 'google', NOW)).toBe('synced');
    expect(await t.db.review.count({ where: { locationId: austinId } })).toBe(before);
    const changed = await t.db.review.findUniqueOrThrow({ where: { id: g1.id }, include: { credits: { include: { campaign: true } } } });
    expect(changed.text).toBe(reviewText);
    expect(changed.credits.map((c) => [c.campaign.name, c.method])).toEqual([['Priya Patel', 'mentions']]);
  });

  it('keeps two syncs of a location apart with its lease', async () => {
    await t.db.reviewSyncState.update({
      where: { locationId_platform: { locationId: austinId, platform: 'google' } },
      data: { lockedUntil: new Date(NOW.getTime() + 60_000) },
    });
    expect(await syncReviews(deps, austinId, 'google', NOW)).toBe('locked');
    expect(seen).toHaveLength(0);
    expect(await dueSyncs(deps, NOW)).not.toContainEqual({ locationId: austinId, platform: 'google' });
    // A lease that ran out (a worker that died) no longer holds.
    expect(await syncReviews(deps, austinId, 'google', new Date(NOW.getTime() + 11 * 60_000))).toBe('synced');
  });

  it('backs off while Google is down, without touching the connection', async () => {
    await connectGoogle({ accessToken: 'ya29.fresh', expiresAt: new Date(Date.now() + 3600_000) });
    mode.google = 'down';
    expect(await syncReviews(deps, austinId, 'google', NOW)).toBe('failed');
    expect(await syncReviews(deps, austinId, 'google', NOW)).toBe('failed');
    const state = await t.db.reviewSyncState.findUniqueOrThrow({ where: { locationId_platform: { locationId: austinId, platform: 'google' } } });
    expect(state).toMatchObject({ failures: 2, errorKind: 'unavailable', lockedUntil: null });
    expect(state.nextSyncAt!.getTime()).toBe(NOW.getTime() + backoffMs(2));
    expect(backoffMs(2)).toBe(30 * 60_000);
    expect((await t.db.googleConnection.findUniqueOrThrow({ where: { locationId: austinId } })).status).toBe('connected');
  });

  it('marks the connection expired when Google refuses the tokens, and the dashboard says so', async () => {
    await connectGoogle();
    mode.google = 'refresh-refused';
    expect(await syncReviews(deps, austinId, 'google', NOW)).toBe('expired');
    expect((await t.db.googleConnection.findUniqueOrThrow({ where: { locationId: austinId } })).status).toBe('expired');
    const state = await t.db.reviewSyncState.findUniqueOrThrow({ where: { locationId_platform: { locationId: austinId, platform: 'google' } } });
    expect(state).toMatchObject({ errorKind: 'expired', nextSyncAt: null, failures: 1 });
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const notices = json(await owner.get('/api/notifications/fetch')).data;
    expect(notices.gmb_connect.error_type).toBe('GOOGLE_EXPIRED');
    // An expired connection is not synced again until it is renewed.
    expect(await dueSyncs(deps, NOW)).not.toContainEqual({ locationId: austinId, platform: 'google' });
    expect(await syncReviews(deps, austinId, 'google', NOW)).toBe('expired');
  });

  it('posts and removes a reply on Google with the stored tokens', async () => {
    await connectGoogle();
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const g1 = await t.db.review.findFirstOrThrow({ where: { locationId: austinId, externalId: 'g-1' } });
    const put = await owner.request('PUT', `/api/analytics/social-media-reviews/${g1.id}/reply`, { comment: 'Thank you, Jennifer!' });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toMatchObject({ message: MSG.socialReplySaved, data: { review: { reply: { comment: 'Thank you, Jennifer!', updated_at: '2026-11-01T10:00:00.000Z' } } } });
    const call = seen.find((s) => s.method === 'PUT')!;
    expect(call.path).toBe('/v4/accounts/42/locations/7/reviews/g-1/reply');
    expect(JSON.parse(call.body)).toEqual({ comment: 'Thank you, Jennifer!' });
    expect(call.auth).toBe('Bearer ya29.fresh');
    const del = await owner.request('DELETE', `/api/analytics/social-media-reviews/${g1.id}/reply`);
    expect(json(del)).toMatchObject({ message: MSG.socialReplyDeleted, data: { review: { reply: null } } });
    expect(seen.some((s) => s.method === 'DELETE' && s.path === '/v4/accounts/42/locations/7/reviews/g-1/reply')).toBe(true);
  });

  describe('Facebook', () => {
    const connectFacebook = async () => {
      await t.db.facebookConnection.update({
        where: { locationId: austinId },
        data: { status: 'connected', pageSelectedId: '104', pageToken: encryptSecret(t.config, 'page-token') },
      });
      await t.db.reviewSyncState.deleteMany({ where: { locationId: austinId, platform: 'facebook' } });
    };

    it('stores recommendations across pages as 5 or 1 with the page\'s own figures', async () => {
      await connectFacebook();
      expect(await syncReviews(deps, austinId, 'facebook', NOW)).toBe('synced');
      const rows = await t.db.review.findMany({ where: { locationId: austinId, source: 'facebook', externalId: { startsWith: 'story-' } }, orderBy: { externalId: 'asc' } });
      expect(rows.map((r) => [r.externalId, r.rating, r.ratingType, r.sentiment])).toEqual([
        ['story-1', 5, 'recommendation', 'positive'],
        ['story-2', 5, 'recommendation', 'positive'],
        ['story-3', 1, 'recommendation', 'negative'],
      ]);
      expect(seen.filter((s) => s.path === '/v21.0/104/ratings').map((s) => s.query.get('after'))).toEqual([null, 'c2']);
      const tasha = await t.db.campaign.findFirstOrThrow({ where: { locationId: austinId, name: 'Tasha Williams' } });
      expect(await t.db.reviewCredit.count({ where: { reviewId: rows[0]!.id, campaignId: tasha.id, method: 'mentions' } })).toBe(1);
      const snap = await t.db.ratingSnapshot.findUniqueOrThrow({
        where: { locationId_platform_day: { locationId: austinId, platform: 'facebook', day: new Date('2026-11-02T00:00:00Z') } },
      });
      expect([snap.reviewCount, snap.rating]).toEqual([40, 4.6]);
      expect(await syncReviews(deps, austinId, 'facebook', new Date(NOW.getTime() + 7 * 3600_000))).toBe('synced');
      expect(await t.db.review.count({ where: { locationId: austinId, source: 'facebook', externalId: { startsWith: 'story-' } } })).toBe(3);
    });

    it('records a call the Graph refuses on the connection instead of failing, and the dashboard shows it', async () => {
      await connectFacebook();
      mode.facebook = 'refused';
      expect(await syncReviews(deps, austinId, 'facebook', NOW)).toBe('refused');
      const state = await t.db.reviewSyncState.findUniqueOrThrow({ where: { locationId_platform: { locationId: austinId, platform: 'facebook' } } });
      expect(state.errorKind).toBe('refused');
      expect(state.lastError).toContain('deprecated');
      expect((await t.db.facebookConnection.findUniqueOrThrow({ where: { locationId: austinId } })).status).toBe('connected');
      const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
      expect(json(await owner.get('/api/notifications/fetch')).data.fb_connect).toMatchObject({
        error_type: 'FB_REVIEWS_REFUSED',
        message: MSG.facebookReviewsRefused,
      });
      // The stored reviews stay, and a good sync clears the notice.
      mode.facebook = 'ok';
      expect(await syncReviews(deps, austinId, 'facebook', new Date(NOW.getTime() + 25 * 3600_000))).toBe('synced');
      expect(json(await owner.get('/api/notifications/fetch')).data.fb_connect).toBeNull();
    });

    it('marks the page connection expired when its token is refused', async () => {
      await connectFacebook();
      mode.facebook = 'token';
      expect(await syncReviews(deps, austinId, 'facebook', NOW)).toBe('expired');
      expect((await t.db.facebookConnection.findUniqueOrThrow({ where: { locationId: austinId } })).status).toBe('expired');
      const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
      expect(json(await owner.get('/api/notifications/fetch')).data.fb_connect.error_type).toBe('FB_EXPIRED');
    });
  });
});
