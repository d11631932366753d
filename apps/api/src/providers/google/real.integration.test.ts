import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../social-errors.js';
import { googleOAuthProvider } from './real.js';

interface Captured {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in for Google's OAuth and Business Profile APIs on 127.0.0.1: records what the SDKs really send. */
let server: http.Server;
let base: string;
let captured: Captured[] = [];
let accountsStatus = 200;
let noAccounts = false;

const send = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      captured.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body });
      if (url.pathname === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code') {
          return send(res, 200, { access_token: 'ya29.access-1', refresh_token: '1//refresh-1', expires_in: 3599, token_type: 'Bearer' });
        }
        if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === '1//refresh-1') {
          return send(res, 200, { access_token: 'ya29.access-2', expires_in: 3599, token_type: 'Bearer' });
        }
        return send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      }
      if (url.pathname === '/revoke') return send(res, 200, {});
      if (req.headers.authorization !== 'Bearer ya29.access-1') return send(res, 401, { error: { code: 401, message: 'UNAUTHENTICATED' } });
      if (url.pathname === '/v1/accounts') {
        if (accountsStatus !== 200) return send(res, accountsStatus, { error: { code: accountsStatus, message: 'backend error' } });
        return send(res, 200, noAccounts ? {} : { accounts: [{ name: 'accounts/42', accountName: 'Demo Plumbing', type: 'PERSONAL' }] });
      }
      if (url.pathname === '/v1/accounts/42/locations') {
        if (!url.searchParams.get('pageToken')) {
          return send(res, 200, {
            locations: [
              {
                name: 'locations/7',
                title: 'Demo Plumbing Austin',
                storefrontAddress: { addressLines: ['1200 S Lamar Blvd'], locality: 'Austin', administrativeArea: 'TX' },
                metadata: { placeId: 'ChIJplace7' },
              },
            ],
            nextPageToken: 'page-2',
          });
        }
        return send(res, 200, { locations: [{ name: 'locations/8', title: 'No Address Yet' }] });
      }
      return send(res, 404, { error: { code: 404 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  captured = [];
  accountsStatus = 200;
  noAccounts = false;
});

const provider = () =>
  googleOAuthProvider({
    clientId: 'client-123.apps.googleusercontent.com',
    clientSecret: 'secret-xyz',
    redirectUri: 'https://app.kudo.test/api/oauth/google/callback',
    oauthBaseUrl: base,
    apiBaseUrl: base,
  });

describe('Google OAuth provider', () => {
  it('builds a consent URL with offline access, the business scope and the state', () => {
    const url = new URL(provider().authUrl('state-abc'));
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/o/oauth2/v2/auth`);
    expect(url.searchParams.get('client_id')).toBe('client-123.apps.googleusercontent.com');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.kudo.test/api/oauth/google/callback');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('state')).toBe('state-abc');
    expect(url.searchParams.get('scope')).toBe('email profile https://www.googleapis.com/auth/business.manage');
  });

  it('exchanges the code at the token endpoint with the client credentials and redirect URI', async () => {
    const tokens = await provider().exchangeCode('good-code');
    expect(tokens.accessToken).toBe('ya29.access-1');
    expect(tokens.refreshToken).toBe('1//refresh-1');
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    const req = captured.find((c) => c.path === '/token')!;
    expect(req.method).toBe('POST');
    const form = new URLSearchParams(req.body);
    expect(Object.fromEntries(form)).toEqual({
      client_id: 'client-123.apps.googleusercontent.com',
      client_secret: 'secret-xyz',
      code: 'good-code',
      grant_type: 'authorization_code',
      redirect_uri: 'https://app.kudo.test/api/oauth/google/callback',
    });
  });

  it('reports a refused code as rejected', async () => {
    await expect(provider().exchangeCode('used-code')).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('refreshes with the refresh token, keeping it when Google sends none back', async () => {
    const tokens = await provider().refresh('1//refresh-1');
    expect(tokens).toMatchObject({ accessToken: 'ya29.access-2', refreshToken: '1//refresh-1' });
    const form = new URLSearchParams(captured.find((c) => c.path === '/token')!.body);
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('1//refresh-1');
    await expect(provider().refresh('1//revoked')).rejects.toBeInstanceOf(ProviderError);
    await expect(provider().refresh('1//revoked')).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('lists the first account and every page of its locations with the read mask and bearer token', async () => {
    const listing = await provider().listLocations('ya29.access-1');
    expect(listing).toEqual({
      accountId: 'accounts/42',
      accountName: 'Demo Plumbing',
      locations: [
        { id: 'locations/7', name: 'Demo Plumbing Austin', placeId: 'ChIJplace7', address: { addressLines: ['1200 S Lamar Blvd'], locality: 'Austin', administrativeArea: 'TX' } },
        { id: 'locations/8', name: 'No Address Yet', placeId: null, address: { addressLines: [], locality: '', administrativeArea: '' } },
      ],
    });
    const accounts = captured.find((c) => c.path === '/v1/accounts')!;
    expect(accounts.method).toBe('GET');
    expect(accounts.headers.authorization).toBe('Bearer ya29.access-1');
    const pages = captured.filter((c) => c.path === '/v1/accounts/42/locations');
    expect(pages).toHaveLength(2);
    expect(pages[0]!.query.get('readMask')).toBe('name,title,storefrontAddress,metadata');
    expect(pages[1]!.query.get('pageToken')).toBe('page-2');
  });

  it('answers no account id when the user has no Business Profile account', async () => {
    noAccounts = true;
    expect(await provider().listLocations('ya29.access-1')).toEqual({ accountId: null, accountName: '', locations: [] });
  });

  it('reports a server error as unavailable and a refused token as rejected', async () => {
    accountsStatus = 400;
    await expect(provider().listLocations('ya29.access-1')).rejects.toMatchObject({ kind: 'rejected' });
    accountsStatus = 200;
    await expect(provider().listLocations('ya29.other')).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('revokes a token at the revoke endpoint', async () => {
    await provider().revoke('1//refresh-1');
    const req = captured.find((c) => c.path === '/revoke')!;
    expect(req.method).toBe('POST');
    expect(req.query.get('token')).toBe('1//refresh-1');
  });
});
