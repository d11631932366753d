import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { SmsSendError } from './errors.js';
import { createSmsProvider } from './index.js';
import { twilioSmsProvider } from './twilio.js';

interface Captured {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

/** A stand-in for Twilio's REST API on 127.0.0.1: records what the official SDK really sends. */
let server: http.Server;
let baseUrl: string;
const captured: Captured[] = [];
let next: { status: number; body: unknown } | null = null;

const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'test-auth-token';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      captured.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, form });
      const answer = next ?? {
        status: 201,
        body: { sid: 'SM0000000000000000000000000000000a', status: 'queued', to: form.get('To'), from: form.get('From'), body: form.get('Body') },
      };
      next = null;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Twilio SMS provider', () => {
  it('posts the message to the account’s Messages resource with Basic auth and the form fields', async () => {
    const provider = twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: '+15125550199', baseUrl });
    const result = await provider.send({ to: '+15125550123', body: 'Your Kudo code is 123456', locationId: 3 });
    expect(provider.kind).toBe('twilio');
    expect(result.id).toBe('SM0000000000000000000000000000000a');
    const req = captured.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(req.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(req.form.get('To')).toBe('+15125550123');
    expect(req.form.get('From')).toBe('+15125550199');
    expect(req.form.get('Body')).toBe('Your Kudo code is 123456');
    expect(req.form.has('MessagingServiceSid')).toBe(false);
  });

  it('sends through a Messaging Service when no from number is configured, with media when given', async () => {
    const provider = twilioSmsProvider({ accountSid: SID, authToken: TOKEN, messagingServiceSid: 'MG123', baseUrl });
    await provider.send({ to: '+15125550124', body: 'Hello', mediaUrl: 'https://img.example/card.png' });
    const req = captured.at(-1)!;
    expect(req.form.get('MessagingServiceSid')).toBe('MG123');
    expect(req.form.has('From')).toBe(false);
    expect(req.form.get('MediaUrl')).toBe('https://img.example/card.png');
  });

  it('maps error 21610 to an opted-out failure', async () => {
    next = {
      status: 400,
      body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', more_info: 'https://www.twilio.com/docs/errors/21610', status: 400 },
    };
    const provider = twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: '+15125550199', baseUrl });
    const error = await provider.send({ to: '+15125550125', body: 'Hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).reason).toBe('opted_out');
    expect((error as SmsSendError).providerCode).toBe(21610);
  });

  it('maps an invalid number to unreachable and a refused request to rejected', async () => {
    const provider = twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: '+15125550199', baseUrl });
    next = { status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 } };
    await expect(provider.send({ to: '+15005550001', body: 'Hi' })).rejects.toMatchObject({ reason: 'unreachable', providerCode: 21211 });
    next = { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
    await expect(provider.send({ to: '+15125550126', body: 'Hi' })).rejects.toMatchObject({ reason: 'rejected', providerCode: 20003 });
  });

  it('reports an unreachable API as unavailable', async () => {
    const provider = twilioSmsProvider({ accountSid: SID, authToken: TOKEN, from: '+15125550199', baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
    await expect(provider.send({ to: '+15125550127', body: 'Hi' })).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('is chosen when the Twilio credentials are set, and needs a sender', async () => {
    const env = { NODE_ENV: 'test', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_BASE_URL: baseUrl } as const;
    expect(() => createSmsProvider(loadConfig(env), {} as never)).toThrow(/TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID/);
    const provider = createSmsProvider(loadConfig({ ...env, TWILIO_FROM_NUMBER: '+15125550198' }), {} as never);
    expect(provider.kind).toBe('twilio');
    await provider.send({ to: '+15125550128', body: 'Configured' });
    expect(captured.at(-1)!.form.get('From')).toBe('+15125550198');
    expect(createSmsProvider(loadConfig({ NODE_ENV: 'test' }), {} as never).kind).toBe('local');
  });
});
