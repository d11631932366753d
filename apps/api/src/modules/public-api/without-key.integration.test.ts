import { describe, expect, it } from 'vitest';
import { publicApi } from '@kudo/shared';
import { createTestApp } from '../../../test/helpers.js';
import { newApiKey } from './keys.js';

const { API_MSG } = publicApi;

describe('public API calls without a valid key', async () => {
  // Three calls a minute per address without a valid key.
  const t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '3' });
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const made = newApiKey();
  await t.db.apiKey.create({ data: { locationId: austin.id, name: 'valid', prefix: made.prefix, keyHash: made.hash, scopes: ['reviews:read'] } });
  const call = (remoteAddress: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/reviews', remoteAddress, headers: authorization ? { authorization } : {} });

  it('are refused with 401 up to the limit, then with 429 and Retry-After, a valid key too, from that address only', async () => {
    const statuses = [];
    for (const auth of [undefined, 'Bearer kudo_nope', 'Basic abc']) statuses.push((await call('203.0.113.7', auth)).statusCode);
    expect(statuses).toEqual([401, 401, 401]);

    const refused = await call('203.0.113.7', 'Bearer kudo_guess');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: API_MSG.tooManyWithoutKey } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Refused before the key is looked up: a valid one from this address waits too.
    expect((await call('203.0.113.7', `Bearer ${made.key}`)).statusCode).toBe(429);

    // Another address is not concerned, with or without a key.
    expect((await call('203.0.113.8', `Bearer ${made.key}`)).statusCode).toBe(200);
    expect((await call('203.0.113.8')).statusCode).toBe(401);
  });

  it('does not count calls made with a valid key', async () => {
    for (let i = 0; i < 6; i++) expect((await call('203.0.113.9', `Bearer ${made.key}`)).statusCode).toBe(200);
    expect((await call('203.0.113.9')).statusCode).toBe(401);
  });
});
