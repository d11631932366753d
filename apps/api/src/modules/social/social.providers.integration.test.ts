import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { decryptSecret } from '../../lib/crypto.js';
import { json } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

/**
 * The screen's endpoints with the real Google, Places and Facebook providers, pointed at one stand-in server
 * on 127.0.0.1 whose answers each test sets.
 */
let server: http.Server;
let base: string;
const seen: { method: string; path: string; auth?: string }[] = [];
let mode: { accounts: 'ok' | 'none' | 'down'; places: 'ok' | 'down'; graph: 'ok' | 'down' } = { accounts: 'ok', places: 'ok', graph: 'ok' };

const send = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const P = '/api/settings/manage/social-media-connect';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({ method: req.method ?? '', path: url.pathname, auth: req.headers.authorization });
      if (url.pathname === '/token') return send(res, 200, { access_token: 'ya29.fake', refresh_token: '1//fake', expires_in: 3600 });
      if (url.pathname === '/v1/accounts') {
        if (mode.accounts === 'down') return send(res, 500, { error: { code: 500 } });
        return send(res, 200, mode.accounts === 'none' ? {} : { accounts: [{ name: 'accounts/9', accountName: 'Fake Co' }] });
      }
      if (url.pathname === '/v1/accounts/9/locations') return send(res, 200, {});
      if (url.pathname.startsWith('/places')) {
        if (mode.places === 'down') return send(res, 503, { error: { code: 503 } });
        return send(res, 200, { places: [] });
      }
      if (url.pathname.startsWith('/v21.0/')) {
        if (mode.graph === 'down') return send(res, 500, { error: { message: 'unknown', code: 1 } });
        if (url.pathname === '/v21.0/oauth/access_token') return send(res, 200, { access_token: 'EAAfake' });
        if (url.pathname === '/v21.0/me') return send(res, 200, { id: '1', name: 'Fake User' });
        if (url.pathname === '/v21.0/me/accounts') return send(res, 200, { data: [{ id: '77', name: 'Fake Page', access_token: 'EAApage77' }] });
      }
      return send(res, 404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const t = useDemoApp({
  env: () => ({
    GOOGLE_MAPS_API_KEY: 'maps-key',
    GOOGLE_PLACES_BASE_URL: `${base}/places`,
    GOOGLE_CLIENT_ID: 'cid',
    GOOGLE_CLIENT_SECRET: 'csecret',
    GOOGLE_OAUTH_BASE_URL: base,
    GOOGLE_API_BASE_URL: base,
    FACEBOOK_APP_ID: 'fbid',
    FACEBOOK_APP_SECRET: 'fbsecret',
    FACEBOOK_GRAPH_BASE_URL: base,
  }),
});

describe('with the real providers', () => {
  it('sends the popup to Google with our callback, and offers no local sign-in page', async () => {
    const { url, state } = json(await t.owner.get('/api/settings/general/connect-social-media/google/auth-url')).data;
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(`${base}/o/oauth2/v2/auth`);
    expect(u.searchParams.get('redirect_uri')).toBe('http://kudo.test/api/oauth/google/callback');
    expect(u.searchParams.get('state')).toBe(state);
    const fb = new URL(json(await t.owner.get('/api/settings/general/connect-social-media/facebook/auth-url')).data.url);
    expect(fb.searchParams.get('redirect_uri')).toBe('http://kudo.test/api/oauth/facebook/callback');
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/oauth/google' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/oauth/facebook' })).statusCode).toBe(404);
  });

  it('connects Google: the account with no locations says so, and the tokens are stored encrypted', async () => {
    mode = { accounts: 'ok', places: 'ok', graph: 'ok' };
    const res = await t.owner.post(`${P}/google-my-business/connect`, { code: '4/real-code' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ message: MSG.noLocationsFound, data: { accountId: 'accounts/9', accountName: 'Fake Co', locations: [] } });
    expect(seen.find((s) => s.path === '/v1/accounts')?.auth).toBe('Bearer ya29.fake');
    const conn = await t.db.googleConnection.findFirstOrThrow({ where: { accountId: 'accounts/9' } });
    expect(decryptSecret(t.config, conn.accessToken!)).toBe('ya29.fake');
    expect(decryptSecret(t.config, conn.refreshToken!)).toBe('1//fake');
  });

  it('answers the unavailable message when Google has no account id or fails, and changes nothing', async () => {
    const before = await t.db.googleConnection.findMany();
    for (const accounts of ['none', 'down'] as const) {
      mode = { accounts, places: 'ok', graph: 'ok' };
      const res = await t.owner.post(`${P}/google-my-business/connect`, { code: '4/real-code' });
      expect(res.statusCode).toBe(503);
      expect(json(res).message).toBe(MSG.googleUnavailable);
    }
    expect(await t.db.googleConnection.findMany()).toEqual(before);
  });

  it('answers the unavailable message when Places is down', async () => {
    mode = { accounts: 'ok', places: 'down', graph: 'ok' };
    const search = await t.owner.get('/api/settings/general/places/search?q=plumbing');
    expect(search.statusCode).toBe(503);
    expect(json(search).message).toBe(MSG.googleUnavailable);
    const select = await t.owner.post(`${P}/google/placeid-select`, { place_id: 'ChIJsomething' });
    expect(select.statusCode).toBe(503);
    mode.places = 'ok';
    const missing = await t.owner.post(`${P}/google/placeid-select`, { place_id: 'ChIJsomething' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe(MSG.placeNotFound);
  });

  it('connects Facebook through the Graph API, and answers its own unavailable message when Graph fails', async () => {
    mode = { accounts: 'ok', places: 'ok', graph: 'ok' };
    const ok = await t.owner.post(`${P}/facebook/connect`, { code: 'fb-code' });
    expect(json(ok).data).toMatchObject({ connected: true, userName: 'Fake User', pageList: [{ id: '77', name: 'Fake Page' }] });
    mode.graph = 'down';
    const down = await t.owner.post(`${P}/facebook/connect`, { code: 'fb-code' });
    expect(down.statusCode).toBe(503);
    expect(json(down).message).toBe(MSG.facebookUnavailable);
  });
});
