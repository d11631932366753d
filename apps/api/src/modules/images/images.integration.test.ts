import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, MSG } from '@kudo/shared';
import type { Agent } from '../../../test/helpers.js';
import { createTestApp, json, loginAs, multipart } from '../../../test/helpers.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);


describe('image uploads on the local host (E038, E039)', async () => {
  const t = await createTestApp();
  const sign = async (agent: Agent) => {
    const res = await agent.post('/api/settings/manage/image-upload/digital-signature', { purpose: 'temp' });
    expect(res.statusCode).toBe(200);
    return json(res).data as Record<string, string | number | boolean | null>;
  };
  const upload = (fields: Record<string, string | number | boolean | null>, file: { name: string; type: string; data: Buffer }) => {
    const { payload, headers } = multipart(fields, file);
    return t.app.inject({ method: 'POST', url: '/api/images/upload', payload, headers });
  };

  it('signs, stores a PNG sent with the signature and serves it back', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const signed = await sign(owner);
    expect(signed).toMatchObject({ api_key: 'local', overwrite: false, max_bytes: UPLOAD_MAX_BYTES, upload_url: 'http://kudo.test/api/images/upload' });
    const { upload_url: _url, max_bytes: _max, ...fields } = signed;
    const res = await upload(fields, { name: 'logo.png', type: 'image/png', data: PNG });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { secure_url: string; format: string; bytes: number };
    expect(body.format).toBe('png');
    expect(body.bytes).toBe(PNG.length);
    expect(body.secure_url).toMatch(/^http:\/\/kudo\.test\/api\/images\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(body.secure_url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);

    // The same signature cannot write a second file under that name.
    const again = await upload(fields, { name: 'logo.png', type: 'image/png', data: PNG });
    expect(again.statusCode).toBe(409);
  });

  it('judges the type by the bytes, not by the name or the declared type', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const { upload_url: _u, max_bytes: _m, ...fields } = await sign(owner);
    const res = await upload(fields, { name: 'logo.png', type: 'image/png', data: Buffer.from('<svg onload="alert(1)"/>') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { message: MSG.imageType } });
  });

  it('refuses files over 5 MB', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const { upload_url: _u, max_bytes: _m, ...fields } = await sign(owner);
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const res = await upload(fields, { name: 'big.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { message: MSG.imageTooLarge } });
  });

  it('refuses uploads without a valid signature', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const { upload_url: _u, max_bytes: _m, ...fields } = await sign(owner);
    for (const forged of [
      { ...fields, signature: 'f'.repeat(64) },
      { ...fields, public_id: 'kudo/aaaaaaaaaaaaaaaaaaaaaa' },
      { ...fields, public_id: '../../etc/passwd' },
      { ...fields, timestamp: Number(fields.timestamp) - 7200 },
      { ...fields, api_key: 'other' },
    ]) {
      const res = await upload(forged, { name: 'a.png', type: 'image/png', data: PNG });
      expect(res.statusCode).toBe(401);
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/images/upload', payload: {} });
    expect(none.statusCode).toBe(400);
  });

  it('signs only for a logged-in user with the settings permission', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/settings/manage/image-upload/digital-signature', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    const res = await staff.post('/api/settings/manage/image-upload/digital-signature', { purpose: 'temp' });
    expect(res.statusCode).toBe(403);
    const bad = await (await loginAs(t.app, t.db, 'admin@kudo.test')).post('/api/settings/manage/image-upload/digital-signature', { purpose: 'forever' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for unknown or malformed image names', async () => {
    for (const url of ['/api/images/aaaaaaaaaaaaaaaaaaaaaa.png', '/api/images/..%2F..%2Fpackage.json', '/api/images/x.svg']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('image uploads signed for Cloudinary', async () => {
  const t = await createTestApp({
    CLOUDINARY_CLOUD_NAME: 'demo-cloud',
    CLOUDINARY_API_KEY: '123456789',
    CLOUDINARY_API_SECRET: 'shh-secret',
    CLOUDINARY_API_BASE_URL: 'http://127.0.0.1:9/cloudinary',
  });

  it('answers the fields of a signed direct upload, signed as Cloudinary documents it', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const res = await owner.post('/api/settings/manage/image-upload/digital-signature', { purpose: 'temp' });
    const data = json(res).data as { api_key: string; public_id: string; timestamp: number; signature: string; upload_url: string };
    expect(data.api_key).toBe('123456789');
    expect(data.upload_url).toBe('http://127.0.0.1:9/cloudinary/v1_1/demo-cloud/image/upload');
    // Cloudinary: sha1 of the sorted parameters joined with & followed by the API secret.
    const expected = createHash('sha1')
      .update(`overwrite=false&public_id=${data.public_id}&timestamp=${data.timestamp}shh-secret`)
      .digest('hex');
    expect(data.signature).toBe(expected);
    expect(JSON.stringify(data)).not.toContain('shh-secret');
    // No local store is offered when Cloudinary is the host.
    expect((await t.app.inject({ method: 'POST', url: '/api/images/upload', payload: {} })).statusCode).toBe(404);
  });
});
