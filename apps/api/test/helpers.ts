import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, MSG, SESSION_COOKIE } from '@kudo/shared';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type Db } from '../src/lib/db.js';
import { withDatabase } from '../src/db/embedded.js';
import type { JobQueue } from '../src/jobs/index.js';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  url: string;
}

/**
 * A fresh database cloned from the seeded template, and the app on it. Everything is dropped after
 * the file's tests.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { jobs?: JobQueue } = {}): Promise<TestContext> {
  const adminUrl = inject('adminUrl');
  const name = `kudo_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url, PUBLIC_URL: 'http://kudo.test', RATE_LIMIT_LOGIN_PER_MINUTE: '1000', RATE_LIMIT_PUBLIC_PER_MINUTE: '1000', SESSION_CACHE_SECONDS: '0', ...env });
  const db = createDb(url, 4);
  const app = await buildApp(config, { db, ...(options.jobs ? { jobs: options.jobs } : {}) });
  afterAll(async () => {
    await app.close();
    await db.$disconnect();
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, db, config, url };
}

/** A logged-in browser: its cookies and CSRF token, sent with every request it makes. */
export class Agent {
  cookies: Record<string, string> = {};
  constructor(private readonly app: FastifyInstance) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
    return res;
  }

  async request(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const csrf = this.cookies[CSRF_COOKIE];
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      cookies: this.cookies,
      headers: { ...(csrf && method !== 'GET' ? { [CSRF_HEADER]: csrf } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return this.remember(res);
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: unknown, headers?: Record<string, string>) => this.request('POST', url, payload ?? {}, headers);

  async login(username: string, password = 'demo1234') {
    const res = await this.post('/api/authorize-me', { username, password });
    if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.body}`);
    return res;
  }

  get hasSession() {
    return Boolean(this.cookies[SESSION_COOKIE]);
  }
}

/** Logs in and, for users with several locations, selects the named one. */
export async function loginAs(app: FastifyInstance, db: Db, email: string, locationName?: string): Promise<Agent> {
  const agent = new Agent(app);
  await agent.login(email);
  if (locationName) {
    const location = await db.location.findFirstOrThrow({ where: { name: locationName } });
    const res = await agent.post('/api/account/location-change/select', { location_id: location.id });
    if (res.statusCode !== 200) throw new Error(`select ${locationName} failed: ${res.body}`);
  }
  return agent;
}

export const json = (res: LightMyRequestResponse) => res.json() as { status: 0 | 1; data?: any; message?: string; errors?: Record<string, string> };

/** The ids of the two seeded locations the tenancy tests play against each other. */
export async function demoLocationIds(db: Db): Promise<{ austinId: number; dallasId: number }> {
  const austin = await db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const dallas = await db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  return { austinId: austin.id, dallasId: dallas.id };
}

/** A visitor without a session gets the same 401 from every endpoint that needs one. */
export async function expectNotLoggedIn(app: FastifyInstance, method: string, url: string, payload?: unknown) {
  const res = await new Agent(app).request(method, url, payload);
  expect(res.statusCode, `${method} ${url}`).toBe(401);
  expect(json(res)).toEqual({ status: 0, message: MSG.notLoggedIn });
}

/** A job queue that only records what was sent to it, for tests that run the handlers themselves. */
export function recordingQueue() {
  const sent: { name: string; payload: unknown; options?: { singletonKey?: string; startAfter?: Date } }[] = [];
  const queue: JobQueue = {
    send: async (job, payload, options) => {
      sent.push({ name: job.name, payload, ...(options ? { options } : {}) });
      return `job-${sent.length}`;
    },
    stop: async () => undefined,
  };
  return { queue, sent };
}

/** A multipart body the way a browser's FormData sends it: the fields, then the file. */
export function multipart(fields: Record<string, string | number | boolean | null>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----kudo${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Gives a location these add-ons on an active subscription (keeping those it has), as a purchase would. */
export async function grantAddons(db: Db, locationId: number, codes: readonly string[]) {
  const current = await db.subscription.findUnique({ where: { locationId } });
  const addons = [...new Set([...(current?.addons ?? []), ...codes])].sort();
  await db.subscription.upsert({
    where: { locationId },
    create: { locationId, status: 'active', addons },
    update: { status: 'active', addons, pastDueSince: null },
  });
}
