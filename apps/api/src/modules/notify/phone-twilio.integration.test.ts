import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { createTestApp, json, loginAs, type TestContext } from '../../../test/helpers.js';

/** Phone verification through the Twilio provider, against a stand-in for Twilio's API on 127.0.0.1. */
const SID = 'AC00000000000000000000000000000002';
let server: http.Server;
let t: TestContext;
const sent: URLSearchParams[] = [];
let next: { status: number; body: unknown } | null = null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      sent.push(form);
      const answer = next ?? { status: 201, body: { sid: `SM${String(sent.length).padStart(32, '0')}`, status: 'queued' } };
      next = null;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM_NUMBER: '+15125550100',
    TWILIO_BASE_URL: baseUrl,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('phone verification with Twilio', () => {
  it('texts the code through Twilio and verifies it', async () => {
    const agent = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const res = await agent.post('/api/verification/phone/token', { phone_number: '(512) 555-0133' });
    expect(res.statusCode).toBe(200);
    const form = sent.at(-1)!;
    expect(form.get('To')).toBe('+15125550133');
    expect(form.get('From')).toBe('+15125550100');
    const code = form.get('Body')!.match(/\b(\d{6})\b/)![1]!;
    const check = await agent.post(`/api/verification/phone/token/${json(res).data.verification_key}`, { auth: code, phone_number: '5125550133' });
    expect(json(check).data).toEqual({ valid: true });
  });

  it('answers an opted-out number (Twilio 21610) with a clear 400 and keeps no pending code', async () => {
    const agent = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    next = { status: 400, body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 } };
    const res = await agent.post('/api/verification/phone/token', { phone_number: '5125550134' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.smsOptedOut);
    expect(await t.db.phoneVerification.count({ where: { phone: '+15125550134' } })).toBe(0);
  });

  it('answers a Twilio outage with 502 and no 500', async () => {
    const agent = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    next = { status: 503, body: { code: 20500, message: 'Internal Server Error', status: 503 } };
    const res = await agent.post('/api/verification/phone/token', { phone_number: '5125550135' });
    expect(res.statusCode).toBe(502);
    expect(json(res).message).toBe(MSG.smsSendFailed);
  });
});
