import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIMITS, MSG, SESSION_COOKIE, type EndpointDef } from '@kudo/shared';
import { hashToken } from '../lib/tokens.js';
import { buildApp } from '../app.js';
import { createDb } from '../lib/db.js';
import { route } from './route.js';
import { admit, FLUSH_MS, flushHits } from '../lib/rate-limit.js';
import { createTestApp, json, loginAs, type TestContext } from '../../test/helpers.js';

const LIMIT = 10;
let t: TestContext;
let widgetUrl: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: String(LIMIT) });
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const widget = await t.db.widgetSetting.findFirstOrThrow({ where: { locationId: austin.id } });
  widgetUrl = `/api/widget/${widget.widgetKey}/data`;
});

const E010 = '/api/location/subscriptions/load';

describe('sessions', () => {
  it('are refused at once after logout', async () => {
    const agent = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const saved = { ...agent.cookies };
    expect((await agent.get(E010)).statusCode).toBe(200);
    await agent.get('/api/logout');
    agent.cookies = saved;
    expect((await agent.get(E010)).statusCode).toBe(401);
  });

  it('of the same user elsewhere are refused at once after a password change, the changing one stays', async () => {
    const here = await loginAs(t.app, t.db, 'admin@kudo.test');
    const elsewhere = await loginAs(t.app, t.db, 'admin@kudo.test');
    expect((await elsewhere.get(E010)).statusCode).toBe(200);
    const change = await here.post('/api/profile/update-password', { currentPassword: 'demo1234', newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' });
    expect(change.statusCode).toBe(200);
    expect((await elsewhere.get(E010)).statusCode).toBe(401);
    expect((await here.get(E010)).statusCode).toBe(200);
  });

  it('slide: renewed once less than half of their lifetime is left, not before', async () => {
    const agent = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const where = { tokenHash: hashToken(agent.cookies[SESSION_COOKIE]!) };
    const HOUR = 60 * 60 * 1000;
    const half = (LIMITS.sessionDays * 24 * HOUR) / 2;
    await t.db.session.updateMany({ where, data: { expiresAt: new Date(Date.now() + half + HOUR) } });
    const early = await agent.get(E010);
    expect(early.cookies.map((c) => c.name)).not.toContain(SESSION_COOKIE);
    await t.db.session.updateMany({ where, data: { expiresAt: new Date(Date.now() + half - HOUR) } });
    const due = await agent.get(E010);
    expect(due.cookies.map((c) => c.name)).toContain(SESSION_COOKIE);
    const renewed = await t.db.session.findFirstOrThrow({ where });
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 2 * half - HOUR);
  });

  it('lose the location at once when the user is removed from it', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    expect((await staff.get(E010)).statusCode).toBe(200);
    expect((await owner.post('/api/settings/general/user/remove', { username: 'staff@kudo.test' })).statusCode).toBe(200);
    const refused = await staff.get(E010);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(MSG.chooseLocation);
  });
});

describe('public rate limit', () => {
  const get = (app: FastifyInstance, ip: string) => app.inject({ url: widgetUrl, remoteAddress: ip }).then((r) => r.statusCode);

  it('trips at its threshold, per address, and every hit reaches the shared count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push(await get(t.app, '203.0.113.50'));
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    expect(await get(t.app, '203.0.113.51')).toBe(200);
    await flushHits(t.db);
    const row = await t.db.rateLimitHit.findUniqueOrThrow({ where: { key: 'public:ip:203.0.113.50' } });
    expect(row.count).toBe(LIMIT + 2);
  });

  it('refuses at once an address that reached its limit through another process', async () => {
    await t.db.$executeRaw`INSERT INTO rate_limit_hits (key, count, reset_at) VALUES ('public:ip:203.0.113.52', ${LIMIT}, now() + interval '1 minute')`;
    expect(await get(t.app, '203.0.113.52')).toBe(429);
  });

  it('admits again once the window is over', async () => {
    const key = 'test:window';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await admit(t.db, key, 4, 500));
    expect(answers).toEqual([true, true, true, true, false, false]);
    await sleep(600);
    expect(await admit(t.db, key, 4, 500)).toBe(true);
    await flushHits(t.db);
    expect((await t.db.rateLimitHit.findUniqueOrThrow({ where: { key } })).count).toBe(1);
  });

  describe('shared by two processes', () => {
    const otherDb = () => createDb(t.url, 2);
    let other: { app: FastifyInstance; db: ReturnType<typeof otherDb> };
    beforeAll(async () => {
      const db = otherDb();
      other = { app: await buildApp(t.config, { db }), db };
    });
    afterAll(async () => {
      await other.app.close();
      await other.db.$disconnect();
    });

    it('admits the limit in total, not per process', async () => {
      const ip = '203.0.113.53';
      const statuses: number[] = [];
      // Far from the limit each process counts in batches...
      for (let i = 0; i < 4; i++) statuses.push(await get(t.app, ip), await get(other.app, ip));
      // ...which reach the other process within a flush; near the limit every hit is counted before the answer.
      await sleep(3 * FLUSH_MS);
      for (let i = 0; i < 4; i++) {
        statuses.push(await get(t.app, ip));
        await sleep(2 * FLUSH_MS);
        statuses.push(await get(other.app, ip));
        await sleep(2 * FLUSH_MS);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
      expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);
    });
  });
});

describe('responses', () => {
  it('keep the envelope and only the declared fields, even when the handler returns more', async () => {
    const app = await buildApp(t.config, { db: t.db });
    const probe = {
      id: 'projection-probe',
      method: 'GET',
      path: '/projection-probe',
      summary: 'Answers more than its contract declares.',
      access: { kind: 'public' },
      response: z.object({ name: z.string(), settings: z.object({ theme: z.number() }), reviews: z.array(z.object({ id: z.number() })) }),
    } as const satisfies EndpointDef;
    const more = { name: 'Austin', internalNote: 'not for the public', settings: { theme: 2, ownerEmail: 'owner@kudo.test' }, reviews: [{ id: 1, phone: '5125550100' }] };
    route(app, app.deps, probe, async () => more);
    try {
      const res = await app.inject({ url: '/api/projection-probe' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('internalNote');
      expect(res.body).not.toContain('ownerEmail');
      expect(res.body).not.toContain('phone');
      expect(Object.keys(res.json())).toEqual(['status', 'data']);
      expect(res.json()).toEqual({ status: 1, data: { name: 'Austin', settings: { theme: 2 }, reviews: [{ id: 1 }] } });
    } finally {
      await app.close();
    }
  });
});
