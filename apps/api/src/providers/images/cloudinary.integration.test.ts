import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { cloudinaryImagesProvider as CloudinaryProvider } from './cloudinary.js';

/** A stand-in for Cloudinary's API on 127.0.0.1: keeps raw uploads and answers signed downloads. */
let server: http.Server;
let base: string;
const kept = new Map<string, Buffer>();
const seen: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', body: body.toString('latin1') });
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST' && url.pathname === '/v1_1/demo-cloud/raw/upload') {
        const text = body.toString('latin1');
        const publicId = /name="public_id"\r\n\r\n([^\r]+)/.exec(text)?.[1] ?? '';
        const fileStart = text.indexOf('\r\n\r\n', text.indexOf('name="file"')) + 4;
        const fileEnd = text.lastIndexOf('\r\n--');
        kept.set(publicId, body.subarray(fileStart, fileEnd));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ public_id: publicId, resource_type: 'raw', type: 'authenticated' }));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/v1_1/demo-cloud/raw/download') {
        const file = kept.get(url.searchParams.get('public_id') ?? '');
        if (!file || !url.searchParams.get('signature')) return res.writeHead(404).end();
        return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file);
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The SDK picks http or https once, when it loads, from its configuration: point it at the stand-in first.
  process.env.CLOUDINARY_URL = `cloudinary://key-1:secret-1@demo-cloud?upload_prefix=${encodeURIComponent(base)}`;
  ({ cloudinaryImagesProvider } = await import('./cloudinary.js'));
});
let cloudinaryImagesProvider: typeof CloudinaryProvider;
afterAll(async () => {
  delete process.env.CLOUDINARY_URL;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('Cloudinary kept files', () => {
  it('uploads a report as a private raw file and reads it back by a signed download', async () => {
    const provider = cloudinaryImagesProvider({ cloudName: 'demo-cloud', apiKey: 'key-1', apiSecret: 'secret-1', apiBaseUrl: base });
    const content = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x0d, 0x0a, 0x41]);
    await provider.saveFile('kudo/reward-reports/7-2026-10.xlsx', content);
    const upload = seen.find((s) => s.method === 'POST')!;
    expect(upload.body).toContain('name="type"\r\n\r\nauthenticated');
    expect(upload.body).toContain('name="api_key"\r\n\r\nkey-1');
    expect(upload.body).toContain('name="signature"');
    expect(await provider.readFile('kudo/reward-reports/7-2026-10.xlsx')).toEqual(content);
    expect(await provider.readFile('kudo/reward-reports/8-2026-10.xlsx')).toBeNull();
    await expect(provider.saveFile('../etc/passwd', content)).rejects.toThrow();
  });
});
