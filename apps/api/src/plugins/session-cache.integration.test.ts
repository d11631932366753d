import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MSG, SESSION_COOKIE } from '@kudo/shared';
import { buildApp } from '../app.js';
import { createDb, Prisma, type Db } from '../lib/db.js';
import { hashToken } from '../lib/tokens.js';
import { readSession, toLoadedSession } from './session.js';
import { Agent, createTestApp, json, loginAs, type TestContext } from '../../test/helpers.js';
import { SESSION_FACTS_CHANNEL, SessionCache, type KeptFacts } from './session-cache.js';

const ROLE = '/api/access/location-user/load';
const SUBSCRIPTIONS = '/api/location/subscriptions/load';

/** Changes rows without firing triggers: what a change the processes never hear of would look like. */
async function unannounced(db: Db, sql: Prisma.Sql) {
  await db.$transaction([db.$executeRaw`SET LOCAL session_replication_role = replica`, db.$executeRaw(sql)]);
}

/** Waits until `check` holds (an announcement travels through the database), for at most two seconds. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('not within two seconds');
}

const roleOf = async (agent: Agent) => {
  const res = await agent.get(ROLE);
  return res.statusCode === 200 ? (json(res).data.location.role.name as string) : res.statusCode;
};

describe('sessions kept by each API process', () => {
  let t: TestContext;
  /** A second API process on the same database. */
  let other: FastifyInstance;
  let otherDb: Db;

  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
    otherDb = createDb(t.url, 2);
    other = await buildApp(t.config, { db: otherDb });
  });
  afterAll(async () => {
    await other.close();
    await otherDb.$disconnect();
  });

  /** Logs in through the first process and hands the same browser to the second. */
  async function loggedIn(email: string, location?: string) {
    const here = await loginAs(t.app, t.db, email, location);
    const there = new Agent(other);
    there.cookies = here.cookies;
    // Each process reads the session once (the first read only starts the listening connection).
    await eventually(async () => {
      await here.get(ROLE);
      await there.get(ROLE);
      return listening(t.app) && listening(other);
    });
    return { here, there };
  }

  const listening = (app: FastifyInstance) => app.sessions.keeping();

  it('answers from what it kept: a change nobody announced is not seen until the entry ages out', async () => {
    const { here } = await loggedIn('staff@kudo.test');
    expect(await roleOf(here)).toBe('User');
    const user = await t.db.user.findUniqueOrThrow({ where: { email: 'staff@kudo.test' } });
    await unannounced(t.db, Prisma.sql`UPDATE memberships SET role = 'Admin' WHERE user_id = ${user.id}`);
    // Kept: the unannounced change is invisible, which proves the session was not read again.
    expect(await roleOf(here)).toBe('User');
    // Announced (the same change made normally): seen at once.
    await t.db.membership.updateMany({ where: { userId: user.id }, data: { role: 'User' } });
    await t.db.membership.updateMany({ where: { userId: user.id }, data: { role: 'Admin' } });
    await eventually(async () => (await roleOf(here)) === 'Admin');
    await t.db.membership.updateMany({ where: { userId: user.id }, data: { role: 'User' } });
    await eventually(async () => (await roleOf(here)) === 'User');
  });

  it('refuses a session logged out in another process', async () => {
    const { here, there } = await loggedIn('admin@kudo.test', 'Demo Plumbing Austin');
    expect((await there.get(ROLE)).statusCode).toBe(200);
    expect((await here.get('/api/logout')).statusCode).toBe(200);
    // The process that logged out forgets at once.
    const again = new Agent(t.app);
    again.cookies = there.cookies;
    expect((await again.get(ROLE)).statusCode).toBe(401);
    // The other process as soon as the announcement arrives.
    await eventually(async () => (await there.get(ROLE)).statusCode === 401);
    expect(json(await there.get(ROLE)).message).toBe(MSG.notLoggedIn);
  });

  it('refuses a user removed from the location, and sees a subscription change, in the other process', async () => {
    const { there } = await loggedIn('lite@kudo.test');
    const before = json(await there.get(SUBSCRIPTIONS)).data.locationSubscriptions as string[];
    const user = await t.db.user.findUniqueOrThrow({ where: { email: 'lite@kudo.test' } });
    const membership = await t.db.membership.findFirstOrThrow({ where: { userId: user.id } });
    // A subscription bought (then removed) by another process changes what the location may use.
    const existing = await t.db.subscription.findUnique({ where: { locationId: membership.locationId } });
    const sub = existing ?? (await t.db.subscription.create({ data: { locationId: membership.locationId, status: 'canceled', addons: [] } }));
    const addons = sub.addons.includes('web-chat') ? sub.addons.filter((a) => a !== 'web-chat') : [...sub.addons, 'web-chat'];
    await t.db.subscription.update({ where: { id: sub.id }, data: { addons, status: 'active', currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) } });
    await eventually(async () => JSON.stringify(json(await there.get(SUBSCRIPTIONS)).data.locationSubscriptions) !== JSON.stringify(before));
    if (existing) await t.db.subscription.update({ where: { id: sub.id }, data: existing });
    else await t.db.subscription.delete({ where: { id: sub.id } });
    await eventually(async () => JSON.stringify(json(await there.get(SUBSCRIPTIONS)).data.locationSubscriptions) === JSON.stringify(before));
    await t.db.membership.update({ where: { id: membership.id }, data: { active: false } });
    await eventually(async () => (await there.get(SUBSCRIPTIONS)).statusCode !== 200);
    await t.db.membership.update({ where: { id: membership.id }, data: { active: true } });
    await eventually(async () => (await there.get(SUBSCRIPTIONS)).statusCode === 200);
  });

  it('refuses a kept session once its expiry passes, without an announcement', async () => {
    const { here } = await loggedIn('owner@kudo.test', 'Demo Plumbing Austin');
    const user = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
    const row = (await readSession(t.db, hashToken(here.cookies[SESSION_COOKIE]!)))!;
    expect(row.user_id).toBe(user.id);
    expect(toLoadedSession(row)?.userId).toBe(user.id);
    // The kept row, as it will be once its time has come: what every use checks before answering.
    expect(toLoadedSession({ ...row, expires_at: Date.now() - 1 })).toBeNull();
  });

  it('reads every session from the database while the listening connection is down, and listens again', async () => {
    const { here } = await loggedIn('staff@kudo.test');
    const user = await t.db.user.findUniqueOrThrow({ where: { email: 'staff@kudo.test' } });
    await t.db.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'kudo-session-facts' AND datname = current_database()`;
    await eventually(async () => !listening(t.app));
    // Not listening: a change nobody announced is seen by the next request.
    await unannounced(t.db, Prisma.sql`UPDATE memberships SET role = 'Admin' WHERE user_id = ${user.id}`);
    expect(await roleOf(here)).toBe('Admin');
    await unannounced(t.db, Prisma.sql`UPDATE memberships SET role = 'User' WHERE user_id = ${user.id}`);
    expect(await roleOf(here)).toBe('User');
    // Back within a second or two, and keeping again.
    await eventually(async () => {
      await roleOf(here);
      return listening(t.app);
    });
  });

  it('announces every fact a session carries, and nothing for a new session or an unrelated column', async () => {
    const listener = new (await import('pg')).default.Client({ connectionString: t.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`LISTEN ${SESSION_FACTS_CHANNEL}`);
    try {
      const owner = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
      const membership = await t.db.membership.findFirstOrThrow({ where: { userId: owner.id } });
      const location = await t.db.location.findUniqueOrThrow({ where: { id: membership.locationId } });
      const expect_ = async (change: () => Promise<unknown>, payloads: string[]) => {
        heard.length = 0;
        await change();
        await new Promise((r) => setTimeout(r, 150));
        expect(heard.sort()).toEqual(payloads.sort());
      };
      await expect_(() => t.db.user.update({ where: { id: owner.id }, data: { firstName: `${owner.firstName}x` } }), []);
      await expect_(() => t.db.user.update({ where: { id: owner.id }, data: { isPlatformStaff: !owner.isPlatformStaff } }), [`u:${owner.id}`]);
      await expect_(() => t.db.user.update({ where: { id: owner.id }, data: { isPlatformStaff: owner.isPlatformStaff, firstName: owner.firstName } }), [`u:${owner.id}`]);
      await expect_(() => t.db.membership.update({ where: { id: membership.id }, data: { lastSelectedAt: new Date() } }), []);
      await expect_(() => t.db.membership.update({ where: { id: membership.id }, data: { permTwm: !membership.permTwm } }), [`u:${owner.id}`]);
      await expect_(() => t.db.membership.update({ where: { id: membership.id }, data: { permTwm: membership.permTwm } }), [`u:${owner.id}`]);
      await expect_(() => t.db.location.update({ where: { id: location.id }, data: { name: `${location.name}` } }), []);
      await expect_(() => t.db.location.update({ where: { id: location.id }, data: { freeTrial: !location.freeTrial } }), [`l:${location.id}`]);
      await expect_(() => t.db.location.update({ where: { id: location.id }, data: { freeTrial: location.freeTrial } }), [`l:${location.id}`]);
      const agent = new Agent(t.app);
      await expect_(() => agent.login('owner@kudo.test'), []);
      const session = await t.db.session.findFirstOrThrow({ where: { userId: owner.id }, orderBy: { createdAt: 'desc' } });
      await expect_(() => agent.get('/api/logout'), [`s:${session.id}`]);
    } finally {
      await listener.end();
    }
  });
});

describe('SessionCache', () => {
  const log = { warn: () => undefined } as never;
  const row = (id: string, user_id: number, location_id: number | null): KeptFacts => ({ id, user_id, location_id });

  it('forgets by session, user and location, and everything for anything else', () => {
    const cache = new SessionCache<KeptFacts>({}, 60_000, 10, log);
    // Pretend to listen: entries are kept only then.
    (cache as unknown as { client: object }).client = {};
    const fill = () => {
      for (const [k, r] of [['a', row('s1', 1, 10)], ['b', row('s2', 1, 11)], ['c', row('s3', 2, 10)], ['d', row('s4', 3, null)]] as const) cache.keep(k, r, cache.begin());
    };
    fill();
    cache.heard('s:s2');
    expect(['a', 'b', 'c', 'd'].filter((k) => cache.get(k))).toEqual(['a', 'c', 'd']);
    cache.heard('u:1');
    expect(['a', 'b', 'c', 'd'].filter((k) => cache.get(k))).toEqual(['c', 'd']);
    fill();
    cache.heard('l:10');
    expect(['a', 'b', 'c', 'd'].filter((k) => cache.get(k))).toEqual(['b', 'd']);
    fill();
    cache.heard('u:nope');
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that began before an announcement, and keeps at most its maximum', () => {
    const cache = new SessionCache<KeptFacts>({}, 60_000, 2, log);
    (cache as unknown as { client: object }).client = {};
    const generation = cache.begin();
    cache.heard('u:99');
    cache.keep('a', row('s1', 1, 1), generation);
    expect(cache.get('a')).toBeUndefined();
    for (const k of ['a', 'b', 'c']) cache.keep(k, row(k, 1, 1), cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });
});
