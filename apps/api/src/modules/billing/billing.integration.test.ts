import { MSG } from '@kudo/shared';
import { describe, expect, it } from 'vitest';
import { createProviders } from '../../providers/index.js';
import { expectNotLoggedIn, json, loginAs, type Agent } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

const DALLAS = 'Demo Plumbing Dallas';
const DAY = 86_400_000;

const t = useDemoApp({ roles: [] });

/** Dallas back on its trial with no subscription record, as the demo has it. */
async function resetDallas() {
  await t.db.subscription.deleteMany({ where: { locationId: t.dallasId } });
  await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: true, trialEndsAt: new Date(Date.now() + 9 * DAY - 60_000), pcheckCount: 25 } });
}

async function buy(agent: Agent, body: unknown) {
  const link = json(await agent.post('/api/self-service/payment-link', body));
  expect(link.status).toBe(1);
  const id = String(link.data.url).split('/').at(-1)!;
  return { url: link.data.url as string, id };
}

describe('who may call billing', () => {
  it('needs a login, the settings permission and a chosen location', async () => {
    for (const [method, url] of [
      ['GET', '/api/self-service/subscription'],
      ['GET', '/api/self-service/plan'],
      ['GET', '/api/self-service/manage-subscription'],
      ['POST', '/api/self-service/payment-link'],
      ['POST', '/api/self-service/request-upgrade'],
      ['GET', '/api/self-service/payment-method'],
    ] as const) {
      await expectNotLoggedIn(t.app, method, url, method === 'POST' ? {} : undefined);
    }
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    expect((await staff.get('/api/self-service/subscription')).statusCode).toBe(403);
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test');
    expect((await owner.get('/api/self-service/plan')).statusCode).toBe(409);
  });
});

describe('E100 plans and add-ons', () => {
  it('lists the plans and add-ons of the tables with month and year prices in cents', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    const res = json(await owner.get('/api/self-service/plan'));
    expect(res.data.custom_pricing).toBe(false);
    expect(res.data.currentPlan).toBeNull();
    const codes = res.data.plans.map((p: { code: string }) => p.code);
    expect(codes).toEqual(['starter', 'pro', 'enterprise']);
    const pro = res.data.plans.find((p: { code: string }) => p.code === 'pro');
    expect(pro).toMatchObject({ max_campaign: 25, custom: false, prices: { month: { id: 'plan:pro:month', price: 24900 }, year: { id: 'plan:pro:year', price: 253980 } } });
    expect(pro.addons.map((a: { product_code: string }) => a.product_code)).toEqual(['kudoPro', 'web-chat', 'contact-card', 'employee-rewards']);
    const chat = res.data.addons.find((a: { product_code: string }) => a.product_code === 'web-chat');
    expect(chat.setup).toEqual({ id: 'addon:web-chat:setup', price: 9900 });
    // A price changed in the table is what the page offers next, without a deploy.
    await t.db.addon.update({ where: { code: 'contact-card' }, data: { monthlyPriceCents: 3100 } });
    const after = json(await owner.get('/api/self-service/plan'));
    expect(after.data.addons.find((a: { product_code: string }) => a.product_code === 'contact-card').prices.month.price).toBe(3100);
    await t.db.addon.update({ where: { code: 'contact-card' }, data: { monthlyPriceCents: 2900 } });
  });

  it('marks a custom-plan account', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    await t.db.subscription.update({ where: { locationId: t.austinId }, data: { planCode: 'enterprise' } });
    try {
      expect(json(await admin.get('/api/self-service/plan')).data).toMatchObject({ custom_pricing: true, currentPlan: 'enterprise' });
      const refused = await admin.post('/api/self-service/payment-link', { plan_price_id: 'plan:pro:year', addon_price_ids: [] });
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toBe(MSG.billingCustomPlan);
    } finally {
      await t.db.subscription.update({ where: { locationId: t.austinId }, data: { planCode: 'pro' } });
    }
  });
});

describe('E099 the subscription', () => {
  it('derives a trial from the location’s trial fields when it has no record', async () => {
    await resetDallas();
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    const res = json(await owner.get('/api/self-service/subscription'));
    expect(res.data.subscription).toMatchObject({ status: 'trialing', trial: true, free_trial_days: 9, pcheck_count: 25, addons: [], can_send: true, grace_days_left: null });
    expect(res.data.paymentMethodURL).toBeNull();
    expect(res.data.manageable).toBe(false);
  });

  it('gives Austin its plan and add-ons with their price ids', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = json(await admin.get('/api/self-service/subscription'));
    expect(res.data.subscription).toMatchObject({ status: 'active', term: 'year', plan: { code: 'pro', name: 'Pro', price_id: 'plan:pro:year' }, can_send: true });
    expect(res.data.subscription.addons).toEqual([
      { product_code: 'contact-card', price_id: 'addon:contact-card:year' },
      { product_code: 'employee-rewards', price_id: 'addon:employee-rewards:year' },
      { product_code: 'kudoPro', price_id: 'addon:kudoPro:year' },
      { product_code: 'web-chat', price_id: 'addon:web-chat:year' },
    ]);
  });
});

describe('E102 and the built-in checkout', () => {
  it('refuses orders it cannot sell, with the reason, and records nothing', async () => {
    await resetDallas();
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    const cases: [unknown, string][] = [
      [{ addon_price_ids: [] }, MSG.billingEmptyOrder],
      [{ plan_price_id: 'plan:nope:year', addon_price_ids: [] }, MSG.billingUnknownPrice],
      [{ plan_price_id: 'price_123', addon_price_ids: [] }, MSG.billingUnknownPrice],
      [{ plan_price_id: 'plan:enterprise:year', addon_price_ids: [] }, MSG.billingUnknownPrice],
      [{ plan_price_id: 'addon:kudoPro:year', addon_price_ids: [] }, MSG.billingUnknownPrice],
      [{ plan_price_id: 'plan:pro:year', addon_price_ids: ['addon:kudoPro:month'] }, MSG.billingMixedTerms],
      [{ plan_price_id: 'plan:pro:year', addon_price_ids: ['addon:kudoPro:year', 'addon:kudoPro:year'] }, MSG.billingAddonTwice],
      [{ addon_price_ids: ['addon:kudoPro:year'] }, MSG.billingPlanRequired],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post('/api/self-service/payment-link', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).message).toBe(message);
    }
    expect(await t.db.billingCheckout.count({ where: { locationId: t.dallasId } })).toBe(0);
    expect(await t.db.subscription.count({ where: { locationId: t.dallasId } })).toBe(0);
  });

  it('a trial location buys a plan and add-ons: the order, its confirmation, and the add-ons unlocked at once', async () => {
    await resetDallas();
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    expect((await owner.post('/api/kudo-pro/conversation/fetch', {})).statusCode).toBe(403);
    const { url, id } = await buy(owner, { plan_price_id: 'plan:starter:month', addon_price_ids: ['addon:kudoPro:month', 'addon:web-chat:month'] });
    expect(url).toBe(`/billing/checkout/${id}`);
    const order = json(await owner.get(`/api/self-service/checkout/${id}`)).data.order;
    expect(order).toMatchObject({ term: 'month', location_name: DALLAS, confirmed: false, total: 9900 + 7900 + 3900 + 9900 });
    expect(order.lines).toEqual([
      { label: 'Kudo Starter', kind: 'plan', price: 9900 },
      { label: 'Two-Way Messaging', kind: 'addon', price: 7900 },
      { label: 'Chat Widget', kind: 'addon', price: 3900 },
      { label: 'Chat Widget setup', kind: 'setup', price: 9900 },
    ]);
    // Nothing changes until the order is confirmed.
    expect(json(await owner.get('/api/location/subscriptions/load')).data.locationSubscriptions).toEqual([]);

    const confirmed = json(await owner.post(`/api/self-service/checkout/${id}/confirm`));
    expect(confirmed).toMatchObject({ data: { url: '/settings/billing/subscriptions?status=success' }, message: MSG.billingCheckoutConfirmed });
    expect(json(await owner.get('/api/location/subscriptions/load')).data.locationSubscriptions).toEqual(['kudoPro', 'web-chat']);
    const sub = json(await owner.get('/api/self-service/subscription')).data;
    expect(sub.subscription).toMatchObject({ status: 'active', term: 'month', trial: false, plan: { code: 'starter', price_id: 'plan:starter:month' }, can_send: true });
    expect(sub.manageable).toBe(true);
    expect((await owner.post('/api/kudo-pro/conversation/fetch', {})).statusCode).toBe(200);
    const locations = json(await owner.post('/api/account/locations/load')).data.current_location;
    expect(locations.free_trial).toBe(false);
    // The campaign limit follows the bought plan.
    expect(json(await owner.get('/api/settings/dispatch/campaigns/plan')).data.plan).toMatchObject({ code: 'starter', max_campaign: 5 });

    // A second confirmation changes nothing more; the same order cannot be bought twice.
    expect(json(await owner.post(`/api/self-service/checkout/${id}/confirm`)).data.url).toBe('/settings/billing/subscriptions?status=success');
    const again = await owner.post('/api/self-service/payment-link', { plan_price_id: 'plan:starter:month', addon_price_ids: ['addon:kudoPro:month'] });
    expect(json(again).message).toBe(MSG.billingNothingNew);

    // An upgrade keeps what it has and charges no second setup fee.
    const upgrade = await buy(owner, { plan_price_id: 'plan:pro:month', addon_price_ids: ['addon:contact-card:month'] });
    const lines = json(await owner.get(`/api/self-service/checkout/${upgrade.id}`)).data.order.lines.map((l: { label: string }) => l.label);
    expect(lines).toEqual(['Kudo Pro', 'Two-Way Messaging', 'Chat Widget', 'Contact Card']);
    expect(json(await owner.get('/api/self-service/manage-subscription')).data.url).toBe('/billing/manage');
  });

  it('a canceled subscription removes the inbox at once and pauses sending, deleting nothing', async () => {
    await resetDallas();
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    const { id } = await buy(owner, { plan_price_id: 'plan:pro:year', addon_price_ids: ['addon:kudoPro:year'] });
    await owner.post(`/api/self-service/checkout/${id}/confirm`);
    expect((await owner.post('/api/kudo-pro/conversation/fetch', {})).statusCode).toBe(200);
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.dallasId, deletedAt: null } });
    const dispatchesBefore = await t.db.dispatch.count({ where: { locationId: t.dallasId } });

    const canceled = json(await owner.post('/api/self-service/subscription/cancel'));
    expect(canceled).toMatchObject({ message: MSG.billingCanceled, data: { subscription: { status: 'canceled', addons: [], can_send: false } } });
    expect((await owner.post('/api/kudo-pro/conversation/fetch', {})).statusCode).toBe(403);
    expect(json(await owner.get('/api/location/subscriptions/load')).data.locationSubscriptions).toEqual([]);
    const send = await owner.post('/api/kudo-beta/dispatch/send-pcheck', { campaign_uid: campaign.uid, customer_phone: '2145550199', customer_name: 'Pat Lee' });
    expect(send.statusCode).toBe(409);
    expect(json(send).message).toBe(MSG.sendingPaused);
    expect(await t.db.dispatch.count({ where: { locationId: t.dallasId } })).toBe(dispatchesBefore);
    expect(await t.db.campaign.count({ where: { locationId: t.dallasId, deletedAt: null } })).toBeGreaterThan(0);
    expect((await owner.post('/api/self-service/subscription/cancel')).statusCode).toBe(409);
  });

  it('a Dallas owner cannot see, confirm or buy with Austin’s order', async () => {
    await resetDallas();
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const austinOrder = await t.db.billingCheckout.create({
      data: { id: 'austin-order-1', locationId: t.austinId, userId: 1, planCode: 'starter', addons: [], term: 'month', totalCents: 9900, expiresAt: new Date(Date.now() + DAY) },
    });
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    expect((await owner.get(`/api/self-service/checkout/${austinOrder.id}`)).statusCode).toBe(404);
    expect((await owner.post(`/api/self-service/checkout/${austinOrder.id}/confirm`)).statusCode).toBe(404);
    expect(await t.db.billingCheckout.findUniqueOrThrow({ where: { id: austinOrder.id } })).toMatchObject({ confirmedAt: null });
    expect(await t.db.subscription.findUniqueOrThrow({ where: { locationId: t.austinId } })).toMatchObject({ planCode: 'pro', status: 'active' });
    expect(await t.db.subscription.count({ where: { locationId: t.dallasId } })).toBe(0);
    // Buying from Dallas changes Dallas only.
    const { id } = await buy(owner, { plan_price_id: 'plan:starter:year', addon_price_ids: [] });
    await owner.post(`/api/self-service/checkout/${id}/confirm`);
    expect(await t.db.subscription.findUniqueOrThrow({ where: { locationId: t.austinId } })).toMatchObject({ planCode: 'pro', term: 'year' });
    expect(json(await admin.get('/api/location/subscriptions/load')).data.locationSubscriptions).toHaveLength(4);
  });

  it('an expired or unknown order is not found', async () => {
    await resetDallas();
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    const { id } = await buy(owner, { plan_price_id: 'plan:starter:year', addon_price_ids: [] });
    await t.db.billingCheckout.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await owner.post(`/api/self-service/checkout/${id}/confirm`);
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe(MSG.billingCheckoutNotFound);
    expect((await owner.get('/api/self-service/checkout/nothing-here')).statusCode).toBe(404);
    expect(await t.db.subscription.count({ where: { locationId: t.dallasId } })).toBe(0);
  });
});

describe('the end of a trial', () => {
  it('turns the location read-only for sending in the sending path, keeping its data', async () => {
    await resetDallas();
    const providers = createProviders(t.config, t.db);
    const text = { to: '+12145550123', body: 'How did we do?', locationId: t.dallasId, scope: 'dispatch' as const };
    await expect(providers.sms.send(text)).resolves.toMatchObject({ id: expect.any(String) });
    await t.db.location.update({ where: { id: t.dallasId }, data: { trialEndsAt: new Date(Date.now() - 1000) } });
    await expect(providers.sms.send(text)).rejects.toThrow(MSG.sendingPaused);
    await expect(providers.email.send({ to: 'pat@example.com', subject: 'Hi', text: 'Hi', locationId: t.dallasId, audience: 'customer' })).rejects.toThrow(MSG.sendingPaused);
    // A keyword answer (no scope) still goes: compliance never waits for a plan.
    await expect(providers.sms.send({ to: '+12145550123', body: 'You are unsubscribed.', locationId: t.dallasId })).resolves.toBeTruthy();
    expect(await t.db.smsMessage.count({ where: { locationId: t.dallasId, status: 'refused', body: 'How did we do?' } })).toBe(1);
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    const sub = json(await owner.get('/api/self-service/subscription')).data.subscription;
    expect(sub).toMatchObject({ status: 'trialing', free_trial_days: 0, can_send: false });
    await resetDallas();
  });

  it('keeps a location whose payment failed working through its days of grace, then pauses it', async () => {
    await resetDallas();
    await t.db.subscription.create({ data: { locationId: t.dallasId, status: 'past_due', planCode: 'pro', addons: ['kudoPro'], pastDueSince: new Date(Date.now() - 2 * DAY) } });
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false } });
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    expect(json(await owner.get('/api/self-service/subscription')).data.subscription).toMatchObject({ status: 'past_due', grace_days_left: 5, can_send: true, addons: [{ product_code: 'kudoPro' }] });
    await t.db.subscription.update({ where: { locationId: t.dallasId }, data: { pastDueSince: new Date(Date.now() - 8 * DAY) } });
    expect(json(await owner.get('/api/self-service/subscription')).data.subscription).toMatchObject({ status: 'past_due', grace_days_left: 0, can_send: false, addons: [] });
    expect((await owner.post('/api/kudo-pro/conversation/fetch', {})).statusCode).toBe(403);
    await resetDallas();
  });
});

describe('E103 request upgrade and E101/E104 without a payment provider', () => {
  it('records the request and emails the account’s success contact', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = json(await admin.post('/api/self-service/request-upgrade', { type: 'chat-widget' }));
    expect(res.message).toBe(MSG.upgradeRequested);
    const request = await t.db.upgradeRequest.findUniqueOrThrow({ where: { id: res.data.request_id } });
    expect(request).toMatchObject({ locationId: t.austinId, type: 'chat-widget' });
    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { channel: 'email', to: 'success@kudo.test' }, orderBy: { id: 'desc' } });
    expect(mail.subject).toContain('chat-widget');
    const bad = await admin.post('/api/self-service/request-upgrade', { type: 'everything' });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.upgradeRequest.count({ where: { locationId: t.austinId } })).toBe(1);
  });

  it('has no subscription to manage on a trial, and no payment method page', async () => {
    await resetDallas();
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    const manage = await owner.get('/api/self-service/manage-subscription');
    expect(manage.statusCode).toBe(409);
    expect(json(manage).message).toBe(MSG.billingNoSubscription);
    expect((await owner.get('/api/self-service/payment-method')).statusCode).toBe(404);
  });
});
