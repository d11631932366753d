import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { Agent, createTestApp, json, loginAs, type TestContext } from '../../../test/helpers.js';

let t: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets/app.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: webDist, RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
});

describe('health and envelope', () => {
  it('answers status 1 once the database is migrated', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, data: { database: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('answers an unknown API path with a JSON 404, never the SPA', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, message: MSG.notFound });
  });

  it('answers malformed JSON with a 400 and no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authorize-me',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: 'The request body is not valid JSON.' });
  });

  it('answers wrongly typed fields with a 400, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/authorize-me', payload: { username: ['x'], password: { a: 1 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.provideCredentials);
  });

  it('rate limits login per IP', async () => {
    const attempt = (username: string, password: string, remoteAddress = '203.0.113.7') =>
      t.app.inject({ method: 'POST', url: '/api/authorize-me', remoteAddress, payload: { username, password } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(`x${i}@kudo.test`, 'wrong-pass')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt('owner@kudo.test', 'demo1234');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.tooManyRequests);
    expect((await attempt('owner@kudo.test', 'demo1234', '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('SPA', () => {
  it('serves index.html for app routes and files from the build', async () => {
    const page = await t.app.inject({ url: '/settings/general/users', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({ url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
  });
});

describe('dev outbox', () => {
  it('lists what the local providers sent, newest first, to logged-in users only', async () => {
    await t.db.outboxMessage.createMany({
      data: [
        { channel: 'sms', to: '+15125550111', from: '+15125550100', body: 'first' },
        { channel: 'email', to: 'a@kudo.test', from: 'x', subject: 'Hi', body: 'second http://kudo.test/x' },
      ],
    });
    expect((await new Agent(t.app).get('/api/dev/outbox')).statusCode).toBe(401);
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const all = json(await admin.get('/api/dev/outbox')).data.messages;
    expect(all[0]).toMatchObject({ channel: 'email', subject: 'Hi' });
    expect(all[1]).toMatchObject({ channel: 'sms', body: 'first' });
    const sms = json(await admin.get('/api/dev/outbox?channel=sms')).data.messages;
    expect(sms.every((m: { channel: string }) => m.channel === 'sms')).toBe(true);
  });

  it('tells the app which providers are local', async () => {
    expect(json(await t.app.inject({ url: '/api/app-info' })).data.local_providers).toEqual({ sms: true, email: true });
    const real = await createTestApp({ SENDGRID_API_KEY: 'SG.test-key' });
    expect(json(await real.app.inject({ url: '/api/app-info' })).data.local_providers).toEqual({ sms: true, email: false });
  });
});
