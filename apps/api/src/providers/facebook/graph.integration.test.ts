import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { facebookGraphProvider } from './graph.js';

interface Captured {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

/** A stand-in for the Graph API on 127.0.0.1. */
let server: http.Server;
let base: string;
let captured: Captured[] = [];
let down = false;

const send = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    captured.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers });
    if (down) return send(res, 500, { error: { message: 'An unknown error has occurred.', code: 1 } });
    if (url.pathname === '/v21.0/oauth/access_token') {
      if (url.searchParams.get('code') === 'good-code') return send(res, 200, { access_token: 'EAAuser', token_type: 'bearer', expires_in: 5183944 });
      return send(res, 400, { error: { message: 'This authorization code has been used.', type: 'OAuthException', code: 100 } });
    }
    if (req.headers.authorization !== 'Bearer EAAuser') {
      return send(res, 400, { error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } });
    }
    if (url.pathname === '/v21.0/me') return send(res, 200, { id: '55', name: 'Dana Demo' });
    if (url.pathname === '/v21.0/me/accounts') {
      if (!url.searchParams.get('after')) {
        return send(res, 200, {
          data: [{ id: '101', name: 'Demo Plumbing Austin', access_token: 'EAApage101', category: 'Plumber' }],
          paging: { cursors: { before: 'b', after: 'cursor-2' }, next: 'https://graph.facebook.com/next' },
        });
      }
      return send(res, 200, { data: [{ id: '102', name: 'Demo Plumbing Dallas', access_token: 'EAApage102' }], paging: { cursors: { before: 'c', after: 'd' } } });
    }
    return send(res, 404, { error: { message: 'Unknown path', code: 803 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  captured = [];
  down = false;
});

const provider = () =>
  facebookGraphProvider({ appId: 'app-1', appSecret: 'shh', redirectUri: 'https://app.kudo.test/api/oauth/facebook/callback', graphBaseUrl: base });

describe('Facebook Graph provider', () => {
  it('builds the login dialog URL with the permissions and state', () => {
    const url = new URL(provider().authUrl('st-1'));
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v21.0/dialog/oauth');
    expect(url.searchParams.get('client_id')).toBe('app-1');
    expect(url.searchParams.get('state')).toBe('st-1');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.kudo.test/api/oauth/facebook/callback');
    expect(url.searchParams.get('scope')!.split(',')).toContain('pages_show_list');
  });

  it('exchanges the code with the app credentials, then reads the user with the token', async () => {
    expect(await provider().exchangeCode('good-code')).toEqual({ userToken: 'EAAuser', userName: 'Dana Demo' });
    const exchange = captured[0]!;
    expect(exchange.path).toBe('/v21.0/oauth/access_token');
    expect(Object.fromEntries(exchange.query)).toEqual({
      client_id: 'app-1',
      client_secret: 'shh',
      redirect_uri: 'https://app.kudo.test/api/oauth/facebook/callback',
      code: 'good-code',
    });
    expect(exchange.headers.authorization).toBeUndefined();
    expect(captured[1]).toMatchObject({ path: '/v21.0/me' });
    expect(captured[1]!.headers.authorization).toBe('Bearer EAAuser');
  });

  it('lists every page of /me/accounts with their page tokens', async () => {
    expect(await provider().listPages('EAAuser')).toEqual([
      { id: '101', name: 'Demo Plumbing Austin', accessToken: 'EAApage101' },
      { id: '102', name: 'Demo Plumbing Dallas', accessToken: 'EAApage102' },
    ]);
    expect(captured.map((c) => c.query.get('after'))).toEqual([null, 'cursor-2']);
    expect(captured[0]!.query.get('fields')).toBe('id,name,access_token');
  });

  it('reports a used code or an expired token as rejected, and a Graph outage as unavailable', async () => {
    await expect(provider().exchangeCode('used')).rejects.toMatchObject({ kind: 'rejected' });
    await expect(provider().listPages('EAAexpired')).rejects.toMatchObject({ kind: 'rejected' });
    down = true;
    await expect(provider().listPages('EAAuser')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
