import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardApi, endpoints, rawEndpoints, widgetApi, type EndpointDef, type RawEndpointDef } from '@kudo/shared';
import { createTestApp, loginAs } from '../../test/helpers.js';

/** Every outside service configured: the server registers their webhooks instead of the local stand-ins. */
const CREDENTIALS = {
  SENDGRID_API_KEY: 'sg-key',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'twilio-token',
  TWILIO_FROM_NUMBER: '+15125550100',
  CLOUDINARY_CLOUD_NAME: 'kudo',
  CLOUDINARY_API_KEY: 'cloudinary-key',
  CLOUDINARY_API_SECRET: 'cloudinary-secret',
  GOOGLE_MAPS_API_KEY: 'maps-key',
  GOOGLE_CLIENT_ID: 'google-id',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  FACEBOOK_APP_ID: 'facebook-id',
  FACEBOOK_APP_SECRET: 'facebook-secret',
  STRIPE_SECRET_KEY: 'sk_test_kudo',
  STRIPE_WEBHOOK_SECRET: 'whsec_kudo',
};

const url = (e: EndpointDef | RawEndpointDef) => ('outsideApi' in e && e.outsideApi ? e.path : `/api${e.path}`);
const registered = (app: FastifyInstance, e: EndpointDef | RawEndpointDef) => app.hasRoute({ method: e.method, url: url(e) });

describe('the endpoint registry on the server', () => {
  let local: FastifyInstance;
  let configured: FastifyInstance;
  let db: Awaited<ReturnType<typeof createTestApp>>['db'];
  beforeAll(async () => {
    ({ app: local, db } = await createTestApp());
    configured = (await createTestApp(CREDENTIALS)).app;
  });

  it('registers every endpoint, JSON and raw, with the local providers or with the real services', () => {
    const all = [...endpoints, ...rawEndpoints];
    expect(rawEndpoints.length).toBeGreaterThanOrEqual(14);
    const missing = all.filter((e) => !registered(local, e) && !registered(configured, e)).map((e) => `${e.id} ${e.method} ${url(e)}`);
    expect(missing).toEqual([]);
  });

  it('keeps ids and addresses unique across JSON and raw endpoints', () => {
    const all = [...endpoints, ...rawEndpoints];
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(new Set(all.map((e) => `${e.method} ${url(e)}`)).size).toBe(all.length);
  });

  it('serves the local stand-ins only while their provider is local, and the webhooks only with Twilio and Stripe', () => {
    const localOnly = ['images-upload', 'images-file', 'audio-file', 'dev-oauth-google', 'dev-oauth-facebook', 'dev-outbox'];
    for (const e of [...endpoints, ...rawEndpoints].filter((e) => localOnly.includes(e.id))) {
      expect(registered(local, e), e.id).toBe(true);
      expect(registered(configured, e), e.id).toBe(false);
    }
    for (const e of rawEndpoints.filter((e) => e.id.startsWith('twilio-') || e.id === 'stripe-webhook')) {
      expect(registered(local, e), e.id).toBe(false);
      expect(registered(configured, e), e.id).toBe(true);
    }
  });

  it('checks a raw endpoint’s access rule before it answers, with the error envelope', async () => {
    const qr = await local.inject({ method: 'GET', url: url(cardApi.qrCodePng) });
    // Logged out: the envelope's 401, before anything is looked up.
    expect(qr.statusCode).toBe(401);
    expect(qr.json()).toMatchObject({ status: 0 });
    const plugin = await local.inject({ method: 'GET', url: url(widgetApi.wordpressPlugin) });
    expect(plugin.statusCode).toBe(401);

    const owner = await loginAs(local, db, 'owner@kudo.test');
    const unchosen = await owner.get(url(widgetApi.wordpressPlugin));
    expect(unchosen.statusCode).toBe(409);
    expect(unchosen.json()).toMatchObject({ status: 0 });

    const admin = await loginAs(local, db, 'admin@kudo.test');
    const zip = await admin.get(url(widgetApi.wordpressPlugin));
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
  });

  it('documents each raw endpoint with the media types it answers', async () => {
    const doc = (await local.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    for (const e of rawEndpoints.filter((e) => registered(local, e))) {
      const op = operations.find((o) => o.operationId === e.id);
      expect(op, e.id).toBeDefined();
      expect(Object.keys(op!.responses?.['200']?.content ?? {}).sort(), e.id).toEqual(Object.keys(e.produces).sort());
    }
  });
});
