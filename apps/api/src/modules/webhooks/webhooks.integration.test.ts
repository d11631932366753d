import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { publicApi, WEBHOOK_MSG, WEBHOOK_RETRY_DELAYS_SECONDS, type ApiScope } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { recordConsent } from '../../lib/consent.js';
import { createDb } from '../../lib/db.js';
import { createTestApp, expectNotLoggedIn, json, loginAs } from '../../../test/helpers.js';
import { newApiKey } from '../public-api/keys.js';
import { startJobs } from '../../jobs/index.js';
import { claimDue, deliverDue, deliverWebhooksJob } from './delivery.js';
import { createSubscription } from './subscriptions.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that records every request and answers what `respond` says. */
async function startReceiver() {
  const received: Received[] = [];
  const state: { respond: (r: Received) => number | Promise<number> } = { respond: () => 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const r = { headers: req.headers, body };
      received.push(r);
      void Promise.resolve(state.respond(r)).then((status) => res.writeHead(status, { 'content-type': 'text/plain' }).end('x'.repeat(10_000)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, state };
}

const quiet: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('outgoing webhooks', async () => {
  const t = await createTestApp({ SEND_WINDOW: '0-24' });
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null, isDefault: false } });
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
  const ownerId = (await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } })).id;
  const adminId = (await t.db.user.findUniqueOrThrow({ where: { email: 'admin@kudo.test' } })).id;
  const receiver = await startReceiver();
  // The app refuses private targets (no WEBHOOKS_ALLOW_PRIVATE); the worker here may reach the receiver on 127.0.0.1.
  const worker: AppDeps & { log: Log } = { ...t.app.deps, config: { ...t.config, webhooks: { allowPrivate: true } }, log: quiet };
  const strictWorker: AppDeps & { log: Log } = { ...t.app.deps, log: quiet };

  const subscribe = async (events: string[], locationId = austin.id, url = receiver.url) =>
    createSubscription(worker, { locationId, userId: ownerId }, { url, events: events as never });
  const verify = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };
  /** What the receiver got, in the order the events happened (attempts go out several at a time). */
  const inOrder = async () => {
    const order = (await t.db.webhookEvent.findMany({ orderBy: { id: 'asc' }, select: { publicId: true } })).map((e) => e.publicId);
    return [...receiver.received].sort((a, b) => order.indexOf(String(a.headers['webhook-id'])) - order.indexOf(String(b.headers['webhook-id'])));
  };
  const deliveriesOf = (subscriptionId: number) => t.db.webhookDelivery.findMany({ where: { subscriptionId }, include: { event: true }, orderBy: { id: 'asc' } });

  afterEach(async () => {
    await t.db.webhookSubscription.deleteMany({});
    await t.db.webhookEvent.deleteMany({});
    receiver.received.length = 0;
    receiver.state.respond = () => 200;
  });

  describe('Settings › Integrations › Webhooks', () => {
    const P = '/api/settings/integrations/webhooks';

    it('adds a webhook with its secret shown once, lists it without, and removes it', async () => {
      const res = await owner.post(`${P}/create`, { url: 'https://93.184.216.34/kudo', events: ['optout.created', 'review.created', 'review.created'] });
      expect(res.statusCode, res.body).toBe(200);
      const { data, message } = json(res);
      expect(message).toBe(WEBHOOK_MSG.created);
      expect(data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(data).toMatchObject({ url: 'https://93.184.216.34/kudo', events: ['review.created', 'optout.created'], status: 'active', created_by: 'Olivia Owens', failing_since: null });
      expect(data.public_id).toMatch(/^wh_[A-Za-z0-9]{16}$/);
      const row = await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: data.id } });
      expect(row.secret).not.toContain(data.secret.slice(6));

      const list = json(await owner.post(`${P}/load`)).data.webhooks;
      expect(list).toEqual([{ ...data, secret: undefined }].map(({ secret: _s, ...rest }) => rest));
      const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
      expect(json(await admin.post(`${P}/load`)).data.webhooks).toHaveLength(1);

      const removed = await owner.post(`${P}/delete`, { id: data.id });
      expect(json(removed)).toMatchObject({ status: 1, message: WEBHOOK_MSG.deleted });
      expect(json(await owner.post(`${P}/load`)).data.webhooks).toEqual([]);
      expect((await owner.post(`${P}/delete`, { id: data.id })).statusCode).toBe(404);
    });

    it('is for Owners and Admins of the location only', async () => {
      await expectNotLoggedIn(t.app, 'POST', `${P}/load`, {});
      const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
      for (const path of ['load', 'create', 'delete', 'enable', 'deliveries', 'redeliver']) {
        expect((await staff.post(`${P}/${path}`, { id: 1, url: 'https://93.184.216.34/', events: ['review.created'] })).statusCode, path).toBe(403);
      }
      // Another location's webhooks and deliveries stay out of reach.
      const theirs = await subscribe(['review.created'], dallas.id);
      expect(json(await owner.post(`${P}/load`)).data.webhooks).toEqual([]);
      for (const path of ['delete', 'enable']) expect((await owner.post(`${P}/${path}`, { id: theirs.row.id })).statusCode, path).toBe(404);
      expect((await owner.post(`${P}/deliveries`, { webhook_id: theirs.row.id })).statusCode).toBe(404);
      await t.db.review.create({ data: { locationId: dallas.id, source: 'google', authorName: 'D', rating: 5, postedAt: new Date() } });
      const [delivery] = await deliveriesOf(theirs.row.id);
      expect((await owner.post(`${P}/redeliver`, { id: delivery!.id })).statusCode).toBe(404);
      expect(json(await owner.post(`${P}/deliveries`, {})).data.deliveries).toEqual([]);
      expect(await t.db.webhookSubscription.count({ where: { id: theirs.row.id } })).toBe(1);
    });

    it.each([
      [{ url: 'http://93.184.216.34/x', events: ['review.created'] }, 'url', WEBHOOK_MSG.urlHttps],
      [{ url: 'ftp://93.184.216.34/x', events: ['review.created'] }, 'url', WEBHOOK_MSG.urlHttps],
      [{ url: 'not a url', events: ['review.created'] }, 'url', WEBHOOK_MSG.url],
      [{ url: '', events: ['review.created'] }, 'url', WEBHOOK_MSG.url],
      [{ url: `https://93.184.216.34/${'a'.repeat(2050)}`, events: ['review.created'] }, 'url', WEBHOOK_MSG.url],
      [{ url: 'https://user:pw@93.184.216.34/x', events: ['review.created'] }, 'url', WEBHOOK_MSG.urlCredentials],
      [{ url: 'https://93.184.216.34/x', events: [] }, 'events', WEBHOOK_MSG.events],
      [{ url: 'https://93.184.216.34/x' }, 'events', WEBHOOK_MSG.events],
      [{ url: 'https://93.184.216.34/x', events: ['review.deleted'] }, 'events.0', WEBHOOK_MSG.event],
    ])('refuses %j naming %s, and adds nothing', async (body, field, message) => {
      const res = await owner.post(`${P}/create`, body);
      expect(res.statusCode).toBe(400);
      expect(json(res).errors?.[field]).toBe(message);
      expect(await t.db.webhookSubscription.count()).toBe(0);
    });

    it.each(['https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://192.168.1.10/x', 'https://localhost/x', 'https://0.0.0.0/x'])(
      'refuses the private, loopback or link-local target %s',
      async (url) => {
        const res = await owner.post(`${P}/create`, { url, events: ['review.created'] });
        expect(res.statusCode).toBe(400);
        expect(json(res).errors).toEqual({ url: WEBHOOK_MSG.urlPrivate });
        expect(await t.db.webhookSubscription.count()).toBe(0);
      },
    );

    it('lists deliveries newest first with their status code or error, and redelivers one', async () => {
      const sub = await subscribe(['review.created']);
      receiver.state.respond = () => 503;
      await t.db.review.create({ data: { locationId: austin.id, source: 'google', authorName: 'A', rating: 2, postedAt: new Date() } });
      await deliverDue(worker);
      const listed = json(await owner.post(`${P}/deliveries`, { webhook_id: sub.row.id })).data;
      expect(listed).toMatchObject({ total: 1, page: 1, page_size: 25 });
      expect(listed.deliveries[0]).toMatchObject({ webhook_id: sub.row.id, url: receiver.url, event: 'review.created', status: 'pending', attempts: 1, status_code: 503, error: 'HTTP 503' });

      receiver.state.respond = () => 200;
      const again = await owner.post(`${P}/redeliver`, { id: listed.deliveries[0].id });
      expect(json(again)).toMatchObject({ status: 1, message: WEBHOOK_MSG.redelivered, data: { status: 'pending' } });
      await deliverDue(worker);
      const after = json(await owner.post(`${P}/deliveries`, {})).data.deliveries[0];
      expect(after).toMatchObject({ status: 'succeeded', attempts: 2, status_code: 200, error: null });
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([listed.deliveries[0].event_id, listed.deliveries[0].event_id]);

      // A redelivery of a delivered event is one more attempt of the same event.
      await owner.post(`${P}/redeliver`, { id: after.id });
      await deliverDue(worker);
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    });
  });

  describe('the public API: /api/v1/webhooks', () => {
    const keyFor = async (locationId: number, scopes: ApiScope[]) => {
      const made = newApiKey();
      await t.db.apiKey.create({ data: { locationId, name: `key ${Math.random()}`, prefix: made.prefix, keyHash: made.hash, scopes } });
      return made.key;
    };
    const v1 = (method: 'GET' | 'POST' | 'DELETE', path: string, key: string, payload?: unknown) =>
      t.app.inject({ method, url: `/api/v1${path}`, headers: { authorization: `Bearer ${key}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });

    it('subscribes, lists and unsubscribes with a webhooks:manage key, for its own location only', async () => {
      const key = await keyFor(austin.id, ['webhooks:manage']);
      const made = await v1('POST', '/webhooks', key, { url: 'https://93.184.216.34/zap', events: ['review.created'] });
      expect(made.statusCode, made.body).toBe(201);
      const hook = made.json();
      expect(hook).toEqual({ id: expect.stringMatching(/^wh_/), url: 'https://93.184.216.34/zap', events: ['review.created'], status: 'active', created_at: expect.any(String), secret: expect.stringMatching(/^whsec_/) });
      expect(json(await owner.post('/api/settings/integrations/webhooks/load')).data.webhooks[0].created_by).toMatch(/^API key /);

      const list = (await v1('GET', '/webhooks', key)).json();
      expect(list).toEqual({ data: [{ id: hook.id, url: hook.url, events: hook.events, status: 'active', created_at: hook.created_at }] });

      // Dallas's key neither sees nor removes it.
      const dallasKey = await keyFor(dallas.id, ['webhooks:manage']);
      expect((await v1('GET', '/webhooks', dallasKey)).json()).toEqual({ data: [] });
      const foreign = await v1('DELETE', `/webhooks/${hook.id}`, dallasKey);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: { code: 'not_found', message: publicApi.API_MSG.notFound } });

      const gone = await v1('DELETE', `/webhooks/${hook.id}`, key);
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toEqual({ id: hook.id, deleted: true });
      expect((await v1('GET', '/webhooks', key)).json()).toEqual({ data: [] });
      expect((await v1('DELETE', `/webhooks/${hook.id}`, key)).statusCode).toBe(404);
    });

    it('needs the webhooks:manage scope', async () => {
      const key = await keyFor(austin.id, ['reviews:read', 'review_requests:write', 'conversations:read']);
      for (const [method, path] of [['POST', '/webhooks'], ['GET', '/webhooks'], ['DELETE', '/webhooks/wh_x']] as const) {
        const res = await v1(method, path, key, method === 'POST' ? { url: 'https://93.184.216.34/zap', events: ['review.created'] } : undefined);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().error).toEqual({ code: 'insufficient_scope', message: publicApi.API_MSG.scope(['webhooks:manage']) });
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/webhooks' })).statusCode).toBe(401);
      expect(await t.db.webhookSubscription.count()).toBe(0);
    });

    it('answers bad input and private targets in its own error shape', async () => {
      const key = await keyFor(austin.id, ['webhooks:manage']);
      const bad = await v1('POST', '/webhooks', key, { url: 'https://169.254.169.254/', events: ['review.created'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: { code: 'invalid_request', message: WEBHOOK_MSG.urlPrivate, fields: { url: WEBHOOK_MSG.urlPrivate } } });
      const events = await v1('POST', '/webhooks', key, { url: 'https://93.184.216.34/', events: ['nope'] });
      expect(events.statusCode).toBe(400);
      expect(events.json().error.fields).toEqual({ 'events.0': WEBHOOK_MSG.event });
      const extra = await v1('POST', '/webhooks', key, { url: 'https://93.184.216.34/', events: ['review.created'], secret: 'mine' });
      expect(extra.statusCode).toBe(400);
      expect(await t.db.webhookSubscription.count()).toBe(0);
    });
  });

  describe('events', () => {
    it('sends review.created and pulsecheck.answered when a customer answers a pulseCheck, signed as Standard Webhooks says', async () => {
      const sub = await subscribe(['review.created', 'pulsecheck.answered']);
      await owner.post('/api/kudo-beta/dispatch/send-pcheck', { campaign_uid: campaign.uid, customer_phone: '5125550811', customer_name: 'Pat Webhook' });
      const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550811' }, orderBy: { id: 'desc' } });
      const token = /\/pulsecheck\/([A-Za-z0-9_-]+)/.exec(sms.body)![1]!;
      const answer = await t.app.inject({ method: 'POST', url: `/api/kudo/application/pulsecheck/${campaign.uid}/${token}/submit`, payload: { type: 'mood', data: { mood: 'positive' } } });
      expect(answer.statusCode).toBe(200);
      expect(await deliverDue(worker)).toBe(2);

      const events = receiver.received.map((r) => verify(sub.secret, r));
      const dispatch = await t.db.dispatch.findFirstOrThrow({ where: { customerPhone: '+15125550811' }, include: { review: true } });
      const answered = events.find((e) => e.type === 'pulsecheck.answered')!;
      expect(answered.data).toEqual({
        id: `pc_${dispatch.id}`,
        location: { id: austin.id, name: austin.name },
        campaign: { uid: campaign.uid, name: campaign.name, employee_id: campaign.employeeId },
        customer: { name: 'Pat Webhook', phone: '+15125550811', email: null },
        mood: 'positive',
        sent_at: dispatch.createdAt.toISOString(),
        answered_at: dispatch.respondedAt!.toISOString(),
      });
      const review = events.find((e) => e.type === 'review.created')!;
      expect(review.data).toMatchObject({
        id: `rv_${dispatch.review!.id}`,
        location: { id: austin.id, name: austin.name },
        source: 'kudo',
        rating: dispatch.review!.rating,
        text: '',
        author_name: 'Pat W.',
        sentiment: 'positive',
        url: null,
        campaign: { uid: campaign.uid, name: campaign.name, employee_id: campaign.employeeId },
        customer: { name: 'Pat Webhook', phone: '+15125550811', email: null },
        pulsecheck_id: `pc_${dispatch.id}`,
      });
      expect(Date.parse(review.timestamp)).toBeGreaterThan(Date.now() - 60_000);
      for (const r of receiver.received) {
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.headers['webhook-id']).toMatch(/^evt_[0-9a-f]{24}$/);
        expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
        expect(Object.keys(JSON.parse(r.body))).toEqual(['type', 'timestamp', 'data']);
      }
      // A wrong secret does not verify.
      expect(() => verify('whsec_' + Buffer.alloc(32, 1).toString('base64'), receiver.received[0]!)).toThrow();
      expect((await deliveriesOf(sub.row.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    });

    it('sends review.created for a review added by hand and for an imported one, to subscribers of that event only', async () => {
      const reviews = await subscribe(['review.created']);
      const other = await subscribe(['optout.created']);
      const res = await owner.post('/api/analytics/customer-comments/add', { source: 'yelp', date: new Date().toISOString().slice(0, 10), sentiment: 'positive', campaign_uid: campaign.uid, comment: 'Added by hand for a webhook' });
      expect(res.statusCode, res.body).toBe(200);
      // What a Google sync writes for a new review.
      await t.db.review.create({ data: { locationId: austin.id, source: 'google', externalId: 'g-webhook-1', authorName: 'Gina G.', rating: 4, text: 'Imported words', url: 'https://maps.google.com/r/1', postedAt: new Date('2026-01-02T03:04:05.678Z') } });
      await deliverDue(worker);
      const got = (await inOrder()).map((r) => verify(reviews.secret, r));
      expect(got.map((e) => [e.type, e.data.source, e.data.text])).toEqual([
        ['review.created', 'yelp', 'Added by hand for a webhook'],
        ['review.created', 'google', 'Imported words'],
      ]);
      expect(got[1]!.data).toMatchObject({ rating: 4, author_name: 'Gina G.', posted_at: '2026-01-02T03:04:05.678Z', url: 'https://maps.google.com/r/1', campaign: null, customer: null, pulsecheck_id: null });
      expect(await t.db.webhookDelivery.count({ where: { subscriptionId: other.row.id } })).toBe(0);
    });

    it('sends message.received, conversation.assigned and optout.created from the inbox and consent', async () => {
      const sub = await subscribe(['message.received', 'conversation.assigned', 'optout.created']);
      const text = await owner.post('/api/dev/outbox/reply', { from: '+15125550812', to: '+15125550100', body: 'Is Friday still on?' });
      expect(text.statusCode, text.body).toBe(200);
      const conversation = await t.db.conversation.findUniqueOrThrow({ where: { locationId_phone: { locationId: austin.id, phone: '+15125550812' } } });
      const moved = await owner.post('/api/kudo-pro/conversation/home-owner', { customer_id: conversation.id, user_id: null, channel: 'sms', to_number: '', conv_user_id: null, current_user: null, action: 'move', target_user_id: adminId });
      expect(moved.statusCode, moved.body).toBe(200);
      await recordConsent(t.db, { locationId: austin.id, channel: 'email', address: 'Someone@Example.com', scope: 'all', action: 'opt_out', source: 'unsubscribe_link' });
      await recordConsent(t.db, { locationId: austin.id, channel: 'email', address: 'someone@example.com', scope: 'all', action: 'opt_in', source: 'dashboard' });
      await deliverDue(worker);

      const got = (await inOrder()).map((r) => verify(sub.secret, r));
      const message = await t.db.conversationMessage.findFirstOrThrow({ where: { conversationId: conversation.id, direction: 'inbound' } });
      expect(got.map((e) => e.type)).toEqual(['conversation.assigned', 'message.received', 'conversation.assigned', 'optout.created']);
      expect(got[0]!.data).toMatchObject({ id: `cv_${conversation.id}`, assignee: { id: ownerId, email: 'owner@kudo.test' }, previous_assignee_id: null });
      expect(got[1]!.data).toEqual({
        id: `msg_${message.id}`,
        location: { id: austin.id, name: austin.name },
        conversation_id: `cv_${conversation.id}`,
        channel: 'sms',
        from: { phone: '+15125550812', name: conversation.name },
        body: 'Is Friday still on?',
        media_url: null,
        received_at: message.createdAt.toISOString(),
      });
      expect(got[2]!.data).toMatchObject({ id: `cv_${conversation.id}`, phone: '+15125550812', assignee: { id: adminId, name: 'Adam Alvarez', email: 'admin@kudo.test' }, previous_assignee_id: ownerId });
      expect(got[3]!.data).toMatchObject({ location: { id: austin.id, name: austin.name }, channel: 'email', address: 'someone@example.com', scope: 'all', source: 'unsubscribe_link' });
    });

    it('writes nothing for a change that rolls back, and nothing when no subscription wants the event', async () => {
      await subscribe(['review.created']);
      await expect(
        t.db.$transaction(async (tx) => {
          await tx.review.create({ data: { locationId: austin.id, source: 'google', authorName: 'Rolled Back', rating: 1, postedAt: new Date() } });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await t.db.webhookEvent.count()).toBe(0);
      await t.db.review.create({ data: { locationId: dallas.id, source: 'google', authorName: 'Dallas', rating: 5, postedAt: new Date() } });
      await recordConsent(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550813', scope: 'all', action: 'opt_out', source: 'keyword' });
      expect(await t.db.webhookEvent.count()).toBe(0);
    });
  });

  describe('delivery', () => {
    const reviewFor = (locationId = austin.id) => t.db.review.create({ data: { locationId, source: 'google', authorName: 'R', rating: 3, postedAt: new Date() } });

    it('retries a failed delivery with backoff, every attempt with the same webhook-id and a fresh signature', async () => {
      const sub = await subscribe(['review.created']);
      receiver.state.respond = () => 500;
      await reviewFor();
      await deliverDue(worker);
      let [d] = await deliveriesOf(sub.row.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500, lastError: 'HTTP 500' });
      const wait = d!.nextAttemptAt!.getTime() - d!.lastAttemptAt!.getTime();
      expect(wait).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000 - 5);
      expect(wait).toBeLessThan(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000 + 1000);
      // Not due yet: nothing is attempted.
      expect(await deliverDue(worker)).toBe(0);

      // The second failure waits the schedule's second delay; no answer at all (a refused connection) counts as one.
      await t.db.webhookDelivery.update({ where: { id: d!.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
      receiver.state.respond = () => 404;
      await deliverDue(worker);
      [d] = await deliveriesOf(sub.row.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 2, lastStatus: 404 });
      expect(d!.nextAttemptAt!.getTime() - d!.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_SECONDS[1] * 1000 - 5);

      await t.db.webhookDelivery.update({ where: { id: d!.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
      receiver.state.respond = () => 204;
      await deliverDue(worker);
      [d] = await deliveriesOf(sub.row.id);
      expect(d).toMatchObject({ status: 'succeeded', attempts: 3, lastStatus: 204, lastError: null, nextAttemptAt: null });
      expect((await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.row.id } })).failingSince).toBeNull();

      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([d!.event.publicId]));
      for (const r of receiver.received) expect(verify(sub.secret, r).type).toBe('review.created');
    });

    it('gives up after the last retry', async () => {
      const sub = await subscribe(['review.created']);
      receiver.state.respond = () => 500;
      await reviewFor();
      const [d] = await deliveriesOf(sub.row.id);
      await t.db.webhookDelivery.update({ where: { id: d!.id }, data: { attempts: WEBHOOK_RETRY_DELAYS_SECONDS.length } });
      await deliverDue(worker);
      expect((await deliveriesOf(sub.row.id))[0]).toMatchObject({ status: 'failed', attempts: WEBHOOK_RETRY_DELAYS_SECONDS.length + 1, nextAttemptAt: null });
    });

    it('fails an attempt still in flight when another failure switches its subscription off', async () => {
      const sub = await subscribe(['review.created']);
      await reviewFor();
      await reviewFor();
      await t.db.webhookSubscription.update({ where: { id: sub.row.id }, data: { failingSince: new Date(Date.now() - 25 * 3600_000) } });
      // The first request fails at once and switches the subscription off; the second answers only after that.
      let calls = 0;
      receiver.state.respond = async () => {
        if (++calls === 1) return 500;
        for (let i = 0; i < 200; i++) {
          const s = await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.row.id } });
          if (s.status === 'disabled') break;
          await new Promise((r) => setTimeout(r, 25));
        }
        return 500;
      };
      await deliverDue(worker);
      expect(calls).toBe(2);
      const all = await deliveriesOf(sub.row.id);
      expect(all.map((d) => [d.status, d.nextAttemptAt])).toEqual([
        ['failed', null],
        ['failed', null],
      ]);
    });

    it('switches a subscription off after a day of failures and tells the Owners once', async () => {
      const sub = await subscribe(['review.created']);
      receiver.state.respond = () => 500;
      await reviewFor();
      await reviewFor();
      // Failing since a day and a bit.
      await t.db.webhookSubscription.update({ where: { id: sub.row.id }, data: { failingSince: new Date(Date.now() - 25 * 3600_000) } });
      const emails = () => t.db.outboxMessage.findMany({ where: { channel: 'email', subject: { contains: 'webhook' } } });
      const before = (await emails()).length;
      await deliverDue(worker);

      const off = await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.row.id } });
      expect(off.status).toBe('disabled');
      expect(off.disabledAt).not.toBeNull();
      const sent = (await emails()).slice(before);
      const owners = await t.db.membership.findMany({ where: { locationId: austin.id, role: 'Owner', active: true }, include: { user: true } });
      expect(sent.map((m) => m.to).sort()).toEqual(owners.map((o) => o.user.email).sort());
      expect(sent[0]!.body).toContain(receiver.url);
      expect((await deliveriesOf(sub.row.id)).every((d) => d.status === 'failed')).toBe(true);

      // Switched off: new events are not written for it, nothing more is attempted, nobody is emailed again.
      await reviewFor();
      await deliverDue(worker);
      expect(await t.db.webhookDelivery.count({ where: { subscriptionId: sub.row.id } })).toBe(2);
      expect((await emails()).length).toBe(before + sent.length);
      const list = json(await owner.post('/api/settings/integrations/webhooks/load')).data.webhooks[0];
      expect(list).toMatchObject({ status: 'disabled' });
      const [d] = await deliveriesOf(sub.row.id);
      const refused = await owner.post('/api/settings/integrations/webhooks/redeliver', { id: d!.id });
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toBe(WEBHOOK_MSG.redeliverDisabled);

      // Switched back on, it receives again.
      const on = await owner.post('/api/settings/integrations/webhooks/enable', { id: sub.row.id });
      expect(json(on)).toMatchObject({ message: WEBHOOK_MSG.enabled, data: { status: 'active', failing_since: null, disabled_at: null } });
      receiver.state.respond = () => 200;
      receiver.received.length = 0;
      await reviewFor();
      await deliverDue(worker);
      expect(receiver.received).toHaveLength(1);
    });

    it('refuses private targets at delivery time too, without the flag', async () => {
      const loopbackName = await subscribe(['review.created'], austin.id, receiver.url.replace('127.0.0.1', 'localhost'));
      await reviewFor();
      await deliverDue(strictWorker);
      expect(receiver.received).toHaveLength(0);
      expect((await deliveriesOf(loopbackName.row.id))[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null, lastError: WEBHOOK_MSG.urlHttps });

      await t.db.webhookSubscription.deleteMany({});
      for (const url of ['https://127.0.0.1/x', 'https://10.0.0.8/x', 'https://169.254.169.254/x', 'https://[::1]/x', 'https://localhost/x']) {
        const sub = await subscribe(['review.created'], austin.id, url);
        await reviewFor();
        await deliverDue(strictWorker);
        expect((await deliveriesOf(sub.row.id))[0], url).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null, lastError: WEBHOOK_MSG.urlPrivate });
        await t.db.webhookSubscription.delete({ where: { id: sub.row.id } });
      }
    });

    it('reads only the start of a long answer and gives up on one that takes too long', async () => {
      const sub = await subscribe(['review.created']);
      receiver.state.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 11_000));
      await reviewFor();
      const started = Date.now();
      await deliverDue(worker);
      expect(Date.now() - started).toBeLessThan(10_900);
      expect((await deliveriesOf(sub.row.id))[0]).toMatchObject({ status: 'pending', lastStatus: null, lastError: 'No answer within 10 seconds.' });
    }, 20_000);

    it('is delivered by the running worker as soon as the change commits, woken by its NOTIFY', async () => {
      const deps: AppDeps = { ...worker };
      const queue = await startJobs(t.url, deps, true, [deliverWebhooksJob]);
      deps.jobs = queue;
      try {
        const sub = await subscribe(['review.created']);
        // Let the worker's LISTEN connection settle, then a change commits.
        await new Promise((r) => setTimeout(r, 500));
        await reviewFor();
        for (let i = 0; i < 100 && receiver.received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
        expect(receiver.received).toHaveLength(1);
        expect(verify(sub.secret, receiver.received[0]!).type).toBe('review.created');
        for (let i = 0; i < 20 && (await deliveriesOf(sub.row.id))[0]!.status !== 'succeeded'; i++) await new Promise((r) => setTimeout(r, 100));
        expect((await deliveriesOf(sub.row.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
      } finally {
        await queue.stop();
      }
    }, 30_000);

    it('delivers a row once when two workers claim at the same time', async () => {
      const sub = await subscribe(['review.created']);
      receiver.state.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 300));
      for (let i = 0; i < 6; i++) await reviewFor();
      const otherDb = createDb(t.url, 4);
      afterAll(() => otherDb.$disconnect());
      const second: AppDeps & { log: Log } = { ...worker, db: otherDb };
      const [a, b] = await Promise.all([deliverDue(worker), deliverDue(second)]);
      expect(a + b).toBe(6);
      expect(receiver.received).toHaveLength(6);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(6);
      expect((await deliveriesOf(sub.row.id)).every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);

      // The claim itself: one row, two claims at once, one winner.
      await reviewFor();
      const [row] = (await deliveriesOf(sub.row.id)).filter((d) => d.status === 'pending');
      const claims = await Promise.all([claimDue(worker, 5, row!.id), claimDue(second, 5, row!.id)]);
      expect(claims.map((c) => c.length).sort()).toEqual([0, 1]);
    });
  });
});
