import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/** Twilio's Messages API, as far as sending needs it: every request is kept for the assertions. */
export async function fakeTwilio() {
  const requests: { url: string; body: string }[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body });
      n += 1;
      const form = new URLSearchParams(body);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${String(n).padStart(32, '0')}`, status: 'queued', from: form.get('From'), to: form.get('To'), body: form.get('Body') }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}
