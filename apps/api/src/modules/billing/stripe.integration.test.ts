import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { MSG } from '@kudo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviders } from '../../providers/index.js';
import { createTestApp, demoLocationIds, json, loginAs, recordingQueue, type TestContext } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { stripeEventJob } from './stripe-events.js';

/** A stand-in for Stripe's API on 127.0.0.1: the official SDK talks to it as it would to Stripe. */
const requests: { method: string; path: string; body: URLSearchParams }[] = [];
const subscriptions = new Map<string, Record<string, unknown>>();
let server: http.Server;
let baseUrl: string;
const SECRET = 'whsec_test_kudo';
const signer = new Stripe('sk_test_signer');

const product = (code: string, kind: string) => ({ id: `prod_${code}`, object: 'product', metadata: { kudo_code: code, kudo_kind: kind } });
function stripeSubscription(id: string, status: string, locationId: number, items: [string, string][], interval = 'year') {
  const end = Math.floor(Date.now() / 1000) + 365 * 86400;
  return {
    id,
    object: 'subscription',
    customer: 'cus_dallas',
    status,
    metadata: { location_id: String(locationId) },
    items: {
      object: 'list',
      data: items.map(([code, kind], i) => ({
        id: `si_${i}`,
        object: 'subscription_item',
        current_period_end: end,
        price: { id: `price_${code}`, object: 'price', recurring: { interval }, product: product(code, kind) },
      })),
    },
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      requests.push({ method: req.method ?? '', path: url.pathname, body: new URLSearchParams(raw) });
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/v1/customers') return send(200, { id: 'cus_dallas', object: 'customer' });
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') return send(200, { id: 'cs_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/cs_1' });
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') return send(200, { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/1' });
      if (sub && req.method === 'GET') {
        const found = subscriptions.get(sub[1]!);
        return found ? send(200, found) : send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      }
      if (sub && req.method === 'DELETE') {
        const found = subscriptions.get(sub[1]!);
        if (found) found.status = 'canceled';
        return send(200, found ?? {});
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unknown ${req.method} ${url.pathname}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const t = useDemoApp({ env: () => ({ STRIPE_SECRET_KEY: 'sk_test_kudo', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE_URL: baseUrl }), roles: [] });

let eventNo = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_${++eventNo}`) {
  return JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
}
const deliver = (app: TestContext['app'], payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET })) =>
  app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
const retrievals = (id: string) => requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${id}`).length;
const dallasSub = () => t.db.subscription.findUnique({ where: { locationId: t.dallasId } });

describe('Stripe checkout (E102) and portal (E101, E104)', () => {
  it('opens a Checkout Session in subscription mode with the plan and add-on prices of one interval', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const res = json(await owner.post('/api/self-service/payment-link', { plan_price_id: 'plan:pro:year', addon_price_ids: ['addon:kudoPro:year', 'addon:web-chat:year'] }));
    expect(res.data.url).toBe('https://checkout.stripe.test/c/cs_1');
    const customer = requests.find((r) => r.path === '/v1/customers')!;
    expect(customer.body.get('email')).toBe('owner@kudo.test');
    expect(customer.body.get('metadata[location_id]')).toBe(String(t.dallasId));
    const session = requests.find((r) => r.path === '/v1/checkout/sessions')!.body;
    expect(session.get('mode')).toBe('subscription');
    expect(session.get('customer')).toBe('cus_dallas');
    expect(session.get('subscription_data[metadata][location_id]')).toBe(String(t.dallasId));
    expect(session.get('success_url')).toBe('http://kudo.test/settings/billing/subscriptions?status=success');
    expect(session.get('line_items[0][price_data][unit_amount]')).toBe('253980');
    expect(session.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(session.get('line_items[0][price_data][product_data][metadata][kudo_code]')).toBe('pro');
    expect(session.get('line_items[1][price_data][unit_amount]')).toBe('80580');
    expect(session.get('line_items[2][price_data][unit_amount]')).toBe('39780');
    expect(session.get('line_items[2][price_data][recurring][interval]')).toBe('year');
    // The chat widget's setup fee is charged once, with the first invoice.
    expect(session.get('line_items[3][price_data][unit_amount]')).toBe('9900');
    expect(session.has('line_items[3][price_data][recurring][interval]')).toBe(false);
    // Paying is not done yet: the trial stands until Stripe says so.
    expect(await dallasSub()).toMatchObject({ stripeCustomerId: 'cus_dallas', status: 'trialing' });
    expect(json(await owner.get('/api/location/subscriptions/load')).data.locationSubscriptions).toEqual([]);
  });

  it('uses the catalog’s own Stripe price when it names one', async () => {
    await t.db.plan.update({ where: { code: 'starter' }, data: { stripeMonthlyPriceId: 'price_starter_month' } });
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    await owner.post('/api/self-service/payment-link', { plan_price_id: 'plan:starter:month', addon_price_ids: [] });
    const session = requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.body;
    expect(session.get('line_items[0][price]')).toBe('price_starter_month');
    expect(requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
  });
});

describe('the Stripe webhook', () => {
  it('refuses a bad signature and records nothing', async () => {
    const payload = event('checkout.session.completed', { id: 'cs_1', object: 'checkout.session', subscription: 'sub_1', metadata: { location_id: String(t.dallasId) } });
    const forged = await deliver(t.app, payload, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: 0, message: MSG.webhookSignature });
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    const tampered = await deliver(t.app, payload.replace('sub_1', 'sub_9'), signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(tampered.statusCode).toBe(400);
    expect(await t.db.stripeEvent.count()).toBe(0);
    expect(retrievals('sub_1')).toBe(0);
  });

  it('applies a completed checkout from the subscription read back from Stripe, once however often it is delivered', async () => {
    subscriptions.set('sub_1', stripeSubscription('sub_1', 'active', t.dallasId, [['pro', 'plan'], ['kudoPro', 'addon'], ['web-chat', 'addon']]));
    // The event's own copy says nothing of the add-ons: the state comes from Stripe.
    const payload = event('checkout.session.completed', { id: 'cs_1', object: 'checkout.session', subscription: 'sub_1', customer: 'cus_dallas', metadata: { location_id: String(t.dallasId) } }, 'evt_checkout');
    const first = await deliver(t.app, payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await dallasSub()).toMatchObject({ status: 'active', provider: 'stripe', planCode: 'pro', addons: ['kudoPro', 'web-chat'], term: 'year', stripeSubscriptionId: 'sub_1' });
    expect((await t.db.location.findUniqueOrThrow({ where: { id: t.dallasId } })).freeTrial).toBe(false);
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect((await owner.post('/api/kudo-pro/conversation/fetch', {})).statusCode).toBe(200);

    await t.db.subscription.update({ where: { locationId: t.dallasId }, data: { addons: ['kudoPro'] } });
    expect((await deliver(t.app, payload)).statusCode).toBe(200);
    expect(retrievals('sub_1')).toBe(1);
    expect((await dallasSub())!.addons).toEqual(['kudoPro']);
    await t.db.subscription.update({ where: { locationId: t.dallasId }, data: { addons: ['kudoPro', 'web-chat'] } });
  });

  it('keeps the right state when events arrive out of order', async () => {
    subscriptions.get('sub_1')!.status = 'canceled';
    const deleted = event('customer.subscription.deleted', { id: 'sub_1', object: 'subscription', status: 'canceled', metadata: { location_id: String(t.dallasId) } });
    expect((await deliver(t.app, deleted)).statusCode).toBe(200);
    expect((await dallasSub())!.status).toBe('canceled');
    // An older update (still "active" in its own copy) arrives late: Stripe says canceled, so canceled it stays.
    const lateUpdate = event('customer.subscription.updated', { id: 'sub_1', object: 'subscription', status: 'active', metadata: { location_id: String(t.dallasId) } });
    expect((await deliver(t.app, lateUpdate)).statusCode).toBe(200);
    expect((await dallasSub())!.status).toBe('canceled');
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect((await owner.post('/api/kudo-pro/conversation/fetch', {})).statusCode).toBe(403);
    expect(json(await owner.get('/api/location/subscriptions/load')).data.locationSubscriptions).toEqual([]);
  });

  it('a failed payment starts the days of grace and tells the owners once', async () => {
    subscriptions.set('sub_2', stripeSubscription('sub_2', 'active', t.dallasId, [['starter', 'plan'], ['kudoPro', 'addon']], 'month'));
    await deliver(t.app, event('customer.subscription.updated', { id: 'sub_2', object: 'subscription', metadata: { location_id: String(t.dallasId) } }));
    expect(await dallasSub()).toMatchObject({ status: 'active', planCode: 'starter', term: 'month', stripeSubscriptionId: 'sub_2', pastDueSince: null });

    subscriptions.get('sub_2')!.status = 'past_due';
    const failed = event('invoice.payment_failed', { id: 'in_1', object: 'invoice', parent: { subscription_details: { subscription: 'sub_2' } } }, 'evt_failed');
    expect((await deliver(t.app, failed)).statusCode).toBe(200);
    expect((await deliver(t.app, failed)).statusCode).toBe(200);
    const sub = (await dallasSub())!;
    expect(sub.status).toBe('past_due');
    expect(sub.pastDueSince).toBeInstanceOf(Date);
    const mails = await t.db.outboxMessage.findMany({ where: { channel: 'email', to: 'owner@kudo.test', subject: { contains: 'payment' } } });
    expect(mails).toHaveLength(1);
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const loaded = json(await owner.get('/api/self-service/subscription')).data;
    expect(loaded.subscription).toMatchObject({ status: 'past_due', grace_days_left: 7, can_send: true, provider: 'stripe' });
    expect(loaded.paymentMethodURL).toBe('/api/self-service/payment-method');

    expect(json(await owner.get('/api/self-service/manage-subscription')).data.url).toBe('https://billing.stripe.test/p/1');
    const portal = requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.body;
    expect(portal.get('customer')).toBe('cus_dallas');
    expect(portal.get('return_url')).toBe('http://kudo.test/settings/billing/subscriptions');
    const method = await owner.get('/api/self-service/payment-method');
    expect(method.statusCode).toBe(303);
    expect(method.headers.location).toBe('https://billing.stripe.test/p/1');
    expect(requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.body.get('flow_data[type]')).toBe('payment_method_update');
  });

  it('hands events to the worker when there is one, which handles each once', async () => {
    const { queue, sent } = recordingQueue();
    const withWorker = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_kudo', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE_URL: baseUrl }, { jobs: queue });
    const ids = await demoLocationIds(withWorker.db);
    subscriptions.set('sub_3', stripeSubscription('sub_3', 'active', ids.dallasId, [['pro', 'plan'], ['contact-card', 'addon']]));
    const payload = event('customer.subscription.updated', { id: 'sub_3', object: 'subscription', metadata: { location_id: String(ids.dallasId) } });
    expect((await deliver(withWorker.app, payload)).statusCode).toBe(200);
    expect((await deliver(withWorker.app, payload)).statusCode).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.name).toBe('billing.stripe-event');
    expect(await withWorker.db.subscription.findUnique({ where: { locationId: ids.dallasId } })).toBeNull();
    const deps = { db: withWorker.db, config: withWorker.config, providers: createProviders(withWorker.config, withWorker.db), log: { info: () => undefined, warn: () => undefined, error: () => undefined } };
    await stripeEventJob.handler(stripeEventJob.payload.parse(sent[0]!.payload), deps);
    await stripeEventJob.handler(stripeEventJob.payload.parse(sent[0]!.payload), deps);
    expect(retrievals('sub_3')).toBe(1);
    expect(await withWorker.db.subscription.findUnique({ where: { locationId: ids.dallasId } })).toMatchObject({ status: 'active', addons: ['contact-card'], planCode: 'pro' });
  });

  it('answers a payment provider failure with a clear message, changing nothing', async () => {
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const before = await dallasSub();
    const res = await owner.post('/api/self-service/payment-link', { plan_price_id: 'plan:pro:month', addon_price_ids: [] });
    expect(res.statusCode).toBe(502);
    expect(json(res).message).toBe(MSG.billingProviderUnavailable);
    expect(await dallasSub()).toEqual(before);
  });
});
