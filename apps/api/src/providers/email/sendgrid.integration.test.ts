import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendgridEmailProvider } from './sendgrid.js';

interface Captured {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A stand-in for SendGrid's API on 127.0.0.1: records what the official SDK really sends. */
let server: http.Server;
let baseUrl: string;
const captured: Captured[] = [];
let nextStatus = 202;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      captured.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : {} });
      if (nextStatus === 202) {
        res.writeHead(202, { 'x-message-id': 'sg-message-1' }).end();
      } else {
        res.writeHead(nextStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'The from address does not match a verified Sender Identity.' }] }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SendGrid email provider', () => {
  it('posts the message to /v3/mail/send with the API key, headers and both bodies', async () => {
    const provider = sendgridEmailProvider({ apiKey: 'SG.test-key', from: 'Kudo <no-reply@kudo.test>', baseUrl });
    const result = await provider.send({
      to: 'customer@example.com',
      subject: 'How did we do?',
      text: 'Tell us: http://kudo.test/p/abc',
      html: '<p>Tell us</p>',
      headers: { 'List-Unsubscribe': '<http://kudo.test/u/1>' },
      locationId: 7,
    });
    expect(result.id).toBe('sg-message-1');
    const req = captured.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v3/mail/send');
    expect(req.headers.authorization).toBe('Bearer SG.test-key');
    expect(req.body).toMatchObject({
      from: { email: 'no-reply@kudo.test', name: 'Kudo' },
      subject: 'How did we do?',
      personalizations: [{ to: [{ email: 'customer@example.com' }] }],
      headers: { 'List-Unsubscribe': '<http://kudo.test/u/1>' },
      custom_args: { location_id: '7' },
    });
    expect(req.body.content).toEqual([
      { type: 'text/plain', value: 'Tell us: http://kudo.test/p/abc' },
      { type: 'text/html', value: '<p>Tell us</p>' },
    ]);
  });

  it('sends attachments base64-encoded with their name, type and disposition', async () => {
    const provider = sendgridEmailProvider({ apiKey: 'SG.test-key', from: 'no-reply@kudo.test', baseUrl });
    const content = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x10]);
    await provider.send({
      to: 'owner@example.com',
      subject: 'Social Reviews Report',
      text: 'Attached.',
      attachments: [{ filename: 'social-reviews.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content }],
    });
    const req = captured.at(-1)!;
    const attachments = req.body.attachments as { content: string; filename: string; type: string; disposition: string }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      filename: 'social-reviews.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      disposition: 'attachment',
    });
    expect(Buffer.from(attachments[0]!.content, 'base64').equals(content)).toBe(true);
  });

  it('sends an inline image with its content id, for the HTML body to show', async () => {
    const provider = sendgridEmailProvider({ apiKey: 'SG.test-key', from: 'no-reply@kudo.test', baseUrl });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    await provider.send({
      to: 'owner@example.com',
      subject: 'Weekly report',
      text: 'See the chart.',
      html: '<img src="cid:chart-1">',
      attachments: [{ filename: 'chart.png', contentType: 'image/png', content: png, contentId: 'chart-1' }],
    });
    const attachments = captured.at(-1)!.body.attachments as Record<string, string>[];
    expect(attachments).toEqual([{ content: png.toString('base64'), filename: 'chart.png', type: 'image/png', disposition: 'inline', content_id: 'chart-1' }]);
  });

  it('sends no attachments field for a plain email', async () => {
    const provider = sendgridEmailProvider({ apiKey: 'SG.test-key', from: 'no-reply@kudo.test', baseUrl });
    await provider.send({ to: 'a@example.com', subject: 's', text: 't' });
    expect(captured.at(-1)!.body).not.toHaveProperty('attachments');
  });

  it('fails loudly when SendGrid refuses the message', async () => {
    nextStatus = 403;
    const provider = sendgridEmailProvider({ apiKey: 'SG.test-key', from: 'no-reply@kudo.test', baseUrl });
    await expect(provider.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    nextStatus = 202;
  });
});
