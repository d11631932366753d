import { describe, expect, it } from 'vitest';
import { API_KEY_MSG, MSG, publicApi, type ApiScope } from '@kudo/shared';
import type { LightMyRequestResponse } from 'fastify';
import { recordConsent } from '../../lib/consent.js';
import { flushHits } from '../../lib/rate-limit.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, expectNotLoggedIn, json, loginAs } from '../../../test/helpers.js';
import { newApiKey } from './keys.js';
import { INTERRUPTED, SENDING_TIMEOUT_MS, sendDueRequests } from './review-requests.js';
import { sendSoon } from './send-requests.js';

const { API_MSG } = publicApi;
const ALL: ApiScope[] = ['review_requests:write', 'reviews:read', 'conversations:read', 'webhooks:manage'];

describe('public API: keys in settings, and version 1 with them', async () => {
  // Every hour is inside the sending window unless a test narrows it.
  const t = await createTestApp({ SEND_WINDOW: '0-24' });
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  const lite = await t.db.location.findFirstOrThrow({ where: { name: 'Little Roofing' } });
  const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null, isDefault: false } });
  const dallasCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: dallas.id, deletedAt: null } });
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');

  /** A key of a location written straight to the table (for locations whose settings the tests do not open). */
  const keyFor = async (locationId: number, scopes: ApiScope[] = ALL, name = `key ${Math.random()}`) => {
    const made = newApiKey();
    const row = await t.db.apiKey.create({ data: { locationId, name, prefix: made.prefix, keyHash: made.hash, scopes } });
    return { key: made.key, id: row.id };
  };
  const v1 = (method: 'GET' | 'POST' | 'DELETE', path: string, key: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const errorOf = (res: LightMyRequestResponse) => (res.json() as publicApi.ApiErrorBody).error;
  const counts = async () => ({
    requests: await t.db.apiReviewRequest.count(),
    dispatches: await t.db.dispatch.count(),
    outbox: await t.db.outboxMessage.count(),
  });

  const austinKey = await keyFor(austin.id, ALL, 'Zapier');
  const body = (over: Record<string, unknown> = {}) => ({ customer: { name: 'Riley Api', phone: '(512) 555-0301', email: 'riley@example.com' }, campaign_uid: campaign.uid, ...over });

  describe('Settings › Integrations › API keys', () => {
    it('creates a key shown once, keeps only its SHA-256, and lists it without the key', async () => {
      const res = await owner.post('/api/settings/integrations/api-keys', { name: 'Field app', scopes: ['reviews:read', 'review_requests:write'] });
      expect(res.statusCode).toBe(200);
      const { data, message } = json(res);
      expect(message).toBe(API_KEY_MSG.created);
      expect(data.key).toMatch(/^kudo_[A-Za-z0-9_-]{43}$/);
      expect(data).toMatchObject({ name: 'Field app', prefix: data.key.slice(0, 13), scopes: ['review_requests:write', 'reviews:read'], created_by: 'Olivia Owens', last_used_at: null });
      const row = await t.db.apiKey.findUniqueOrThrow({ where: { id: data.id } });
      expect(row.keyHash).toBe(hashToken(data.key));
      expect(JSON.stringify(row)).not.toContain(data.key);

      const list = json(await owner.post('/api/settings/integrations/api-keys/load')).data.keys;
      const listed = list.find((k: { id: number }) => k.id === data.id);
      expect(listed).toEqual({ id: data.id, name: 'Field app', prefix: data.prefix, scopes: ['review_requests:write', 'reviews:read'], created_at: data.created_at, created_by: 'Olivia Owens', last_used_at: null });
      expect(JSON.stringify(list)).not.toContain(data.key);
      // Dallas's keys are not Austin's.
      const dallasKey = await keyFor(dallas.id);
      expect(list.some((k: { id: number }) => k.id === dallasKey.id)).toBe(false);
    });

    it('is for Owners and Admins only, logged in, with the CSRF header', async () => {
      await expectNotLoggedIn(t.app, 'POST', '/api/settings/integrations/api-keys/load');
      const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
      expect((await staff.post('/api/settings/integrations/api-keys/load')).statusCode).toBe(403);
      // A user with the settings permission who is neither Owner nor Admin.
      const maria = await loginAs(t.app, t.db, 'maria.garcia@kudo.test');
      expect((await maria.post('/api/settings/integrations/api-keys', { name: 'x', scopes: ['reviews:read'] })).statusCode).toBe(403);
      const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
      expect((await admin.post('/api/settings/integrations/api-keys/load')).statusCode).toBe(200);
      const noCsrf = await t.app.inject({ method: 'POST', url: '/api/settings/integrations/api-keys', cookies: owner.cookies, payload: { name: 'x', scopes: ['reviews:read'] } });
      expect(noCsrf.statusCode).toBe(403);
    });

    it('refuses bad input naming the field, and writes nothing', async () => {
      const before = await t.db.apiKey.count();
      const cases: [unknown, string, string][] = [
        [{ name: ' ', scopes: ['reviews:read'] }, 'name', API_KEY_MSG.name],
        [{ name: 'x'.repeat(61), scopes: ['reviews:read'] }, 'name', API_KEY_MSG.name],
        [{ name: 'ok', scopes: [] }, 'scopes', API_KEY_MSG.scopes],
        [{ name: 'ok' }, 'scopes', API_KEY_MSG.scopes],
        [{ name: 'ok', scopes: ['reviews:write'] }, 'scopes.0', API_KEY_MSG.scope],
        [{ name: 'Zapier', scopes: ['reviews:read'] }, 'name', API_KEY_MSG.nameTaken],
      ];
      for (const [payload, field, message] of cases) {
        const res = await owner.post('/api/settings/integrations/api-keys', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(json(res).errors?.[field], JSON.stringify(payload)).toBe(message);
      }
      expect(await t.db.apiKey.count()).toBe(before);
    });

    it("revokes the location's own key (another location's is not found); the key then answers 403", async () => {
      const made = json(await owner.post('/api/settings/integrations/api-keys', { name: 'To revoke', scopes: ['reviews:read'] })).data;
      expect((await v1('GET', '/campaigns', made.key)).statusCode).toBe(200);
      const dallasKey = await keyFor(dallas.id);
      expect((await owner.post('/api/settings/integrations/api-keys/revoke', { id: dallasKey.id })).statusCode).toBe(404);
      expect((await t.db.apiKey.findUniqueOrThrow({ where: { id: dallasKey.id } })).revokedAt).toBeNull();

      const res = await owner.post('/api/settings/integrations/api-keys/revoke', { id: made.id });
      expect(res.statusCode).toBe(200);
      expect(json(res).message).toBe(API_KEY_MSG.revoked);
      const list = json(await owner.post('/api/settings/integrations/api-keys/load')).data.keys;
      expect(list.some((k: { id: number }) => k.id === made.id)).toBe(false);
      const refused = await v1('GET', '/campaigns', made.key);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toEqual({ code: 'key_revoked', message: API_MSG.revoked });
      expect((await owner.post('/api/settings/integrations/api-keys/revoke', { id: made.id })).statusCode).toBe(404);
    });
  });

  describe('authentication and scopes', () => {
    const calls: [publicApi.V1Endpoint, string, unknown?][] = [
      [publicApi.createReviewRequest, '/review-requests', body({ customer: { name: 'Scope Check', phone: '5125550390' } })],
      [publicApi.getReviewRequest, '/review-requests/rr_unknown'],
      [publicApi.listReviews, '/reviews'],
      [publicApi.listCampaigns, '/campaigns'],
      [publicApi.listConversations, '/conversations'],
    ];

    it('answers 401 without a key or with an unknown one, for every call', async () => {
      for (const [e, path, payload] of calls) {
        const none = await v1(e.method, path, null, payload);
        expect(none.statusCode, e.id).toBe(401);
        expect(errorOf(none), e.id).toEqual({ code: 'unauthorized', message: API_MSG.noKey });
        expect(none.headers['www-authenticate']).toBe('Bearer');
        const unknown = await v1(e.method, path, `kudo_${'x'.repeat(43)}`, payload);
        expect(unknown.statusCode, e.id).toBe(401);
        expect(errorOf(unknown).message).toBe(API_MSG.unknownKey);
        const basic = await t.app.inject({ method: e.method, url: `/api/v1${path}`, headers: { authorization: `Basic ${austinKey.key}` } });
        expect(basic.statusCode, e.id).toBe(401);
      }
    });

    it('answers 403 insufficient_scope to a key without the call’s scope, for every call and scope', async () => {
      for (const [e, path, payload] of calls) {
        const others = ALL.filter((s) => !e.scopes.includes(s));
        const key = await keyFor(austin.id, others);
        const res = await v1(e.method, path, key.key, payload);
        expect(res.statusCode, e.id).toBe(403);
        expect(errorOf(res), e.id).toEqual({ code: 'insufficient_scope', message: API_MSG.scope(e.scopes) });
        for (const scope of e.scopes) {
          const allowed = await keyFor(austin.id, [scope]);
          expect((await v1(e.method, path, allowed.key, payload)).statusCode, `${e.id} ${scope}`).not.toBe(403);
        }
      }
      expect(await t.db.apiReviewRequest.count({ where: { apiKey: { scopes: { has: 'webhooks:manage' }, NOT: { scopes: { has: 'review_requests:write' } } } } })).toBe(0);
    });

    it('needs no cookie and no CSRF token, and ignores a session cookie', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/campaigns', cookies: owner.cookies });
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('writes last_used_at on first use and at most once a minute after', async () => {
      const key = await keyFor(austin.id);
      await v1('GET', '/campaigns', key.key);
      const first = (await t.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt;
      expect(first).not.toBeNull();
      await v1('GET', '/campaigns', key.key);
      expect((await t.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).toEqual(first);
      await t.db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(Date.now() - 61_000) } });
      await v1('GET', '/campaigns', key.key);
      expect((await t.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 5_000);
    });

    it('limits each key per minute: 429 with Retry-After, and RateLimit headers on every answer', async () => {
      const key = await keyFor(austin.id);
      const ok = await v1('GET', '/campaigns', key.key);
      expect(ok.headers['ratelimit-limit']).toBe(String(t.config.rateLimits.apiKey));
      expect(ok.headers['ratelimit-remaining']).toBe(String(t.config.rateLimits.apiKey - 1));
      expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThan(0);
      // Other processes used up the key's minute: this one learns the shared count with its next batch of hits.
      await t.db.$executeRaw`UPDATE rate_limit_hits SET count = ${t.config.rateLimits.apiKey} WHERE key = ${`api:key:${key.id}`}`;
      expect((await v1('GET', '/campaigns', key.key)).statusCode).toBe(200);
      await flushHits(t.db);
      const before = await counts();
      const limited = await v1('POST', '/review-requests', key.key, body({ customer: { name: 'Limited', phone: '5125550399' } }));
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(limited.headers['ratelimit-remaining']).toBe('0');
      expect(await counts()).toEqual(before);
      // Another key of the same location is not held back.
      expect((await v1('GET', '/campaigns', austinKey.key)).statusCode).toBe(200);
    });
  });

  describe('POST /review-requests', () => {
    it('sends a pulseCheck through Operate’s send path, attributed to the key, into the outbox', async () => {
      const res = await v1('POST', '/review-requests', austinKey.key, body({ external_id: 'job-1' }));
      expect(res.statusCode).toBe(201);
      const made = res.json() as publicApi.ReviewRequestOutput;
      expect(made).toMatchObject({
        status: 'sent',
        channel: 'both',
        campaign: { uid: campaign.uid, name: campaign.name, employee_id: campaign.employeeId },
        customer: { name: 'Riley Api', phone: '+15125550301', email: 'riley@example.com' },
        external_id: 'job-1',
        delivery: { sms: { status: 'sent', message: MSG.dispatchSmsSent }, email: { status: 'sent', message: MSG.dispatchEmailSent } },
        error: null,
        responded_at: null,
      });
      expect(made.id).toMatch(/^rr_[A-Za-z0-9_-]{16}$/);
      expect(Date.parse(made.scheduled_for)).toBeLessThanOrEqual(Date.now());
      const dispatch = await t.db.dispatch.findFirstOrThrow({ where: { apiRequest: { publicId: made.id } }, include: { apiRequest: { include: { apiKey: true } } } });
      expect(dispatch).toMatchObject({ kind: 'pcheck', source: 'api', locationId: austin.id, campaignId: campaign.id, sentByUserId: null, smsStatus: 1, emailStatus: 1 });
      expect(dispatch.apiRequest?.apiKey?.name).toBe('Zapier');
      const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550301' }, orderBy: { id: 'desc' } });
      expect(sms.body).toContain('Hi Riley');
      expect(await t.db.outboxMessage.count({ where: { to: 'riley@example.com' } })).toBe(1);
      // Logged like every other send.
      expect(await t.db.smsMessage.count({ where: { to: '+15125550301', app: 'dispatch' } })).toBe(1);

      const read = await v1('GET', `/review-requests/${made.id}`, austinKey.key);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(made);
    });

    it('sends on the chosen channel only, to the campaign named by its Employee ID, or the default campaign', async () => {
      await t.db.campaign.update({ where: { id: campaign.id }, data: { employeeId: 'EMP-77' } });
      const sms = (await v1('POST', '/review-requests', austinKey.key, body({ campaign_uid: undefined, employee_id: 'EMP-77', channel: 'sms', customer: { name: 'Only Text', phone: '5125550302', email: 'only.text@example.com' } }))).json();
      expect(sms).toMatchObject({ status: 'sent', campaign: { uid: campaign.uid }, delivery: { sms: { status: 'sent' }, email: null } });
      expect(await t.db.outboxMessage.count({ where: { to: 'only.text@example.com' } })).toBe(0);

      const email = (await v1('POST', '/review-requests', austinKey.key, body({ channel: 'email', customer: { name: 'Only Mail', phone: '5125550303', email: 'only.mail@example.com' } }))).json();
      expect(email).toMatchObject({ status: 'sent', delivery: { sms: null, email: { status: 'sent' } } });
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550303' } })).toBe(0);

      const byDefault = (await v1('POST', '/review-requests', austinKey.key, { customer: { name: 'Default Camp', email: 'default.camp@example.com' } })).json();
      const fallback = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null }, orderBy: [{ isDefault: 'desc' }, { id: 'asc' }] });
      expect(byDefault.campaign.uid).toBe(fallback.uid);
    });

    it("appears in Operate › Activity like any other send, attributed to the key's name", async () => {
      const made = (await v1('POST', '/review-requests', austinKey.key, body({ customer: { name: 'Activity Check', phone: '5125550360' } }))).json();
      expect(made.status).toBe('sent');
      await owner.post('/api/kudo-beta/dispatch/send-pcheck', { campaign_uid: campaign.uid, customer_phone: '5125550361', customer_name: 'Dashboard Send' });
      const rows = json(await owner.get('/api/operate/activity')).data.rows as { customer: string }[];
      const api = rows.findIndex((r) => r.customer === 'Activity Check');
      const dashboard = rows.findIndex((r) => r.customer === 'Dashboard Send');
      expect(rows[api]).toMatchObject({ kind: 'pcheck', source: 'api', sent_by: 'API key “Zapier”', campaign: campaign.name, contact: '(512) 555-0360', sms_status: 1, email_status: null, problem: null });
      expect(rows[dashboard]).toMatchObject({ source: 'dashboard', sent_by: 'Olivia Owens' });
      expect(dashboard).toBeLessThan(api);
      // Staff who may send see it too; another location does not.
      const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
      expect(json(await staff.get('/api/operate/activity')).data.rows.some((r: { customer: string }) => r.customer === 'Activity Check')).toBe(true);
      const dallasKey = await keyFor(dallas.id);
      await v1('POST', '/review-requests', dallasKey.key, { customer: { name: 'Dallas Activity', phone: '2145550362' }, campaign_uid: dallasCampaign.uid });
      const again = json(await owner.get('/api/operate/activity')).data.rows as { id: number; customer: string }[];
      expect(again.some((r) => r.customer === 'Dallas Activity')).toBe(false);
      expect(await t.db.dispatch.count({ where: { id: { in: again.map((r) => r.id) }, locationId: { not: austin.id } } })).toBe(0);
      await expectNotLoggedIn(t.app, 'GET', '/api/operate/activity');
    });

    it('refuses bad input with 400 or 422 naming the field, and records and sends nothing', async () => {
      const before = await counts();
      const cases: [unknown, number, string, string?][] = [
        [{ campaign_uid: campaign.uid }, 400, 'customer'],
        [body({ customer: { phone: '5125550304' } }), 400, 'customer.name', API_MSG.customerName],
        [body({ customer: { name: 'X', phone: '123' } }), 400, 'customer.phone', API_MSG.customerPhone],
        [body({ customer: { name: 'X', email: 'not-an-email' } }), 400, 'customer.email', API_MSG.customerEmail],
        [body({ customer: { name: 'X' } }), 400, 'customer.phone', API_MSG.contactRequired],
        [body({ channel: 'sms', customer: { name: 'X', email: 'x@example.com' } }), 400, 'customer.phone', API_MSG.phoneForSms],
        [body({ channel: 'email', customer: { name: 'X', phone: '5125550304' } }), 400, 'customer.email', API_MSG.emailForEmail],
        [body({ channel: 'fax' }), 400, 'channel'],
        [body({ send_at: 'tomorrow' }), 400, 'send_at', API_MSG.sendAt],
        [body({ send_at: new Date(Date.now() + 31 * 86_400_000).toISOString() }), 400, 'send_at', API_MSG.sendAtTooFar],
        [body({ employee_id: 'EMP-77' }), 400, 'employee_id', API_MSG.campaignBoth],
        [body({ campaign_id: 3 }), 400, ''],
        [body({ campaign_uid: 'nope' }), 422, 'campaign_uid', API_MSG.campaignUnknown],
        [body({ campaign_uid: dallasCampaign.uid }), 422, 'campaign_uid', API_MSG.campaignUnknown],
        [body({ campaign_uid: undefined, employee_id: 'nobody' }), 422, 'employee_id', API_MSG.employeeUnknown],
      ];
      for (const [payload, status, field, message] of cases) {
        const res = await v1('POST', '/review-requests', austinKey.key, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        const error = errorOf(res);
        expect(error.code).toBe(status === 400 ? 'invalid_request' : 'unprocessable');
        expect(error.fields, JSON.stringify(payload)).toBeDefined();
        if (field) expect(Object.keys(error.fields!), JSON.stringify(payload)).toContain(field);
        if (message) expect(error.fields![field], JSON.stringify(payload)).toBe(message);
      }
      const notJson = await t.app.inject({ method: 'POST', url: '/api/v1/review-requests', headers: { authorization: `Bearer ${austinKey.key}`, 'content-type': 'application/json' }, payload: '{"customer":' });
      expect(notJson.statusCode).toBe(400);
      expect(errorOf(notJson)).toEqual({ code: 'invalid_request', message: 'The request body is not valid JSON.' });
      const badKey = await v1('POST', '/review-requests', austinKey.key, body(), { 'idempotency-key': 'x'.repeat(256) });
      expect(badKey.statusCode).toBe(400);
      expect(errorOf(badKey).fields).toEqual({ 'Idempotency-Key': API_MSG.idempotencyKey });
      expect(await counts()).toEqual(before);
    });

    it('honours an opt-out exactly as Operate does', async () => {
      await recordConsent(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550310', scope: 'dispatch', action: 'opt_out', source: 'dashboard' });
      const operate = json(await owner.post('/api/kudo-beta/dispatch/send-pcheck', { campaign_uid: campaign.uid, customer_phone: '5125550310', customer_name: 'Opted Out' })).data;
      const res = await v1('POST', '/review-requests', austinKey.key, body({ customer: { name: 'Opted Out', phone: '5125550310' } }));
      expect(res.statusCode).toBe(201);
      const made = res.json();
      expect(made).toMatchObject({ status: 'failed', delivery: { sms: { status: 'failed', message: operate.phone_message }, email: null } });
      expect(operate.phone_message).toBe(MSG.lookupOptedOut);
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550310' } })).toBe(0);
    });

    it('answers a repeated Idempotency-Key with the same request and sends nothing more; another body is a 409', async () => {
      const headers = { 'idempotency-key': 'order-1001' };
      const payload = body({ customer: { name: 'Idem Potent', phone: '5125550320' } });
      const first = await v1('POST', '/review-requests', austinKey.key, payload, headers);
      expect(first.statusCode).toBe(201);
      const before = await counts();
      const again = await v1('POST', '/review-requests', austinKey.key, { ...payload, customer: { phone: '512-555-0320', name: 'Idem Potent' } }, headers);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await counts()).toEqual(before);
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550320' } })).toBe(1);

      const other = await v1('POST', '/review-requests', austinKey.key, { ...payload, external_id: 'different' }, headers);
      expect(other.statusCode).toBe(409);
      expect(errorOf(other)).toEqual({ code: 'idempotency_conflict', message: API_MSG.idempotencyConflict });
      expect(await counts()).toEqual(before);

      // The same Idempotency-Key under another key is another request.
      const otherKey = await keyFor(austin.id, ['review_requests:write']);
      const separate = await v1('POST', '/review-requests', otherKey.key, payload, headers);
      expect(separate.statusCode).toBe(201);
      expect(separate.json().id).not.toBe(first.json().id);
    });

    it('sends once when two requests with the same Idempotency-Key arrive together', async () => {
      const before = await counts();
      const payload = body({ customer: { name: 'Race Twice', phone: '5125550321' } });
      const headers = { 'idempotency-key': 'race-1' };
      const [a, b] = await Promise.all([v1('POST', '/review-requests', austinKey.key, payload, headers), v1('POST', '/review-requests', austinKey.key, payload, headers)]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json()).toEqual(b.json());
      expect(a.json().status).toBe('sent');
      const after = await counts();
      expect(after.requests - before.requests).toBe(1);
      expect(after.dispatches - before.dispatches).toBe(1);
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550321' } })).toBe(1);
    });

    it('sends many requests arriving at once together, each exactly once, and answers each with its own outcome', async () => {
      const before = await counts();
      const phones = Array.from({ length: 40 }, (_, i) => `+1512555${String(1000 + i)}`);
      const answers = await Promise.all(
        phones.map((phone, i) =>
          v1('POST', '/review-requests', austinKey.key, body({ customer: { name: `Burst ${i}`, phone }, channel: 'sms', external_id: `burst-${i}` }), {
            'idempotency-key': `burst-${i}`,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(phones.map(() => 201));
      answers.forEach((a, i) =>
        expect(a.json()).toMatchObject({ status: 'sent', external_id: `burst-${i}`, customer: { name: `Burst ${i}`, phone: phones[i] }, delivery: { sms: { status: 'sent' }, email: null } }),
      );
      // Each answer is the request as it is read back later.
      for (const a of answers.slice(0, 3)) expect((await v1('GET', `/review-requests/${a.json().id}`, austinKey.key)).json()).toEqual(a.json());
      const after = await counts();
      expect(after.requests - before.requests).toBe(40);
      expect(after.dispatches - before.dispatches).toBe(40);
      expect(await t.db.outboxMessage.count({ where: { to: { in: phones } } })).toBe(40);
      const texts = await t.db.outboxMessage.groupBy({ by: ['to'], where: { to: { in: phones } }, _count: true });
      expect(texts.every((g) => g._count === 1)).toBe(true);
    });

    it('resolves each request of a burst on its own: its campaign, an unknown one refused, a key repeated within the burst', async () => {
      await t.db.campaign.update({ where: { id: campaign.id }, data: { employeeId: 'EMP-88' } });
      const fallback = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null }, orderBy: [{ isDefault: 'desc' }, { id: 'asc' }] });
      const before = await counts();
      const calls = [
        body({ customer: { name: 'Mix Uid', phone: '5125550401' }, channel: 'sms' }),
        body({ campaign_uid: undefined, employee_id: 'EMP-88', customer: { name: 'Mix Employee', phone: '5125550402' }, channel: 'sms' }),
        { customer: { name: 'Mix Default', phone: '5125550403' }, channel: 'sms' },
        body({ campaign_uid: 'no-such-campaign', customer: { name: 'Mix Unknown', phone: '5125550404' } }),
        body({ campaign_uid: undefined, employee_id: 'EMP-NONE', customer: { name: 'Mix No Employee', phone: '5125550405' } }),
        body({ customer: { name: 'Mix Twice', phone: '5125550406' }, channel: 'sms' }),
        body({ customer: { name: 'Mix Twice', phone: '5125550406' }, channel: 'sms' }),
      ];
      const keys = ['mix-1', 'mix-2', 'mix-3', 'mix-4', 'mix-5', 'mix-twice', 'mix-twice'];
      // A key of its own: the per-minute limit of the file's main key is left to the other calls.
      const mixKey = await keyFor(austin.id, ALL, 'Mix');
      const answers = await Promise.all(calls.map((c, i) => v1('POST', '/review-requests', mixKey.key, c, { 'idempotency-key': keys[i]! })));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 422, 422, 201, 201]);
      expect(answers[0]!.json().campaign.uid).toBe(campaign.uid);
      expect(answers[1]!.json().campaign.uid).toBe(campaign.uid);
      expect(answers[2]!.json().campaign.uid).toBe(fallback.uid);
      expect(answers[3]!.json().error.fields).toHaveProperty('campaign_uid');
      expect(answers[4]!.json().error.fields).toHaveProperty('employee_id');
      expect(answers[5]!.json().id).toBe(answers[6]!.json().id);
      const after = await counts();
      expect(after.requests - before.requests).toBe(4);
      expect(after.dispatches - before.dispatches).toBe(4);
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550406' } })).toBe(1);
    });

    it('answers a due request at once as scheduled for now with Prefer: respond-async, and sends it right after', async () => {
      // Keys of their own for these calls: the per-minute limit of the file's main key is left to the other tests.
      const key = await keyFor(austin.id, ALL, 'No wait');
      const before = Date.now();
      const res = await v1('POST', '/review-requests', key.key, body({ customer: { name: 'No Wait', phone: '5125550451' }, channel: 'sms' }), { prefer: 'respond-async' });
      expect(res.statusCode).toBe(201);
      expect(res.headers['preference-applied']).toBe('respond-async');
      const made = res.json();
      expect(made).toMatchObject({ status: 'scheduled', sent_at: null, delivery: { sms: null, email: null }, error: null });
      expect(Date.parse(made.scheduled_for)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(made.scheduled_for)).toBeLessThanOrEqual(Date.now());
      let now = made;
      for (let i = 0; i < 100 && now.status !== 'sent'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        now = (await v1('GET', `/review-requests/${made.id}`, key.key)).json();
      }
      expect(now).toMatchObject({ status: 'sent', delivery: { sms: { status: 'sent' } } });
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550451' } })).toBe(1);
    });

    it('says which wait it applied; a repeat answers the same request, and without Prefer nothing is applied', async () => {
      const key = await keyFor(austin.id, ALL, 'Waits');
      const res = await v1('POST', '/review-requests', key.key, body({ customer: { name: 'Waits', phone: '5125550452' }, channel: 'sms' }), {
        prefer: 'respond-async, wait=30',
        'idempotency-key': 'waits-1',
      });
      expect(res.headers['preference-applied']).toBe('wait=10');
      expect(res.json().status).toBe('sent');
      const again = await v1('POST', '/review-requests', key.key, body({ customer: { name: 'Waits', phone: '5125550452' }, channel: 'sms' }), {
        'idempotency-key': 'waits-1',
      });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['preference-applied']).toBeUndefined();
      expect(again.json()).toEqual(res.json());
    });

    it('leaves a due request this process never sent to the sweep, and never sends one the sweep took', async () => {
      const deps = { ...t.app.deps, log: t.app.log };
      const now = new Date();
      const data = { locationId: austin.id, apiKeyId: austinKey.id, requestHash: 'h', campaignId: campaign.id, channel: 'sms', scheduledFor: now };
      // Recorded as due, but its process stopped before sending it: the minute's sweep sends it, once.
      const orphan = await t.db.apiReviewRequest.create({
        data: { ...data, publicId: 'rr_orphanorphanorph', customerName: 'Orphan', customerPhone: '+15125550453', status: 'scheduled' },
      });
      await sendDueRequests(deps, new Date(now.getTime() + 1000));
      expect((await t.db.apiReviewRequest.findUniqueOrThrow({ where: { id: orphan.id } })).status).toBe('sent');
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550453' } })).toBe(1);
      // Claimed by the sweep first: the process's send of it does nothing.
      const taken = await t.db.apiReviewRequest.create({
        data: { ...data, publicId: 'rr_takentakentaken', customerName: 'Taken', customerPhone: '+15125550454', status: 'sending', claimedAt: now },
      });
      const outcome = await sendSoon(deps, { id: taken.id, locationId: austin.id, campaignId: campaign.id, customerName: 'Taken', customerPhone: '+15125550454', customerEmail: null, channel: 'sms', source: 'api' });
      expect(outcome).toBeNull();
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550454' } })).toBe(0);
    });

    it('settles sends left unfinished: sends one that reached no one, closes one with a dispatch as it says, never texts twice', async () => {
      const deps = { ...t.app.deps, log: t.app.log };
      const key = await keyFor(austin.id);
      const now = new Date();
      const longAgo = new Date(now.getTime() - SENDING_TIMEOUT_MS - 1000);
      const data = { locationId: austin.id, apiKeyId: austinKey.id, requestHash: 'h', campaignId: campaign.id, channel: 'sms', scheduledFor: longAgo };
      // Recorded as sending by a process that stopped before its dispatch: nobody was texted, so the sweep sends it.
      const cutOff = await t.db.apiReviewRequest.create({
        data: { ...data, publicId: 'rr_cutoffcutoffcuto', customerName: 'Cut Off', customerPhone: '+15125550455', status: 'sending', claimedAt: longAgo },
      });
      // Sending, but not for long: still its process's.
      const recent = await t.db.apiReviewRequest.create({
        data: { ...data, publicId: 'rr_recentrecentrec', customerName: 'Recent', customerPhone: '+15125550456', status: 'sending', claimedAt: now },
      });
      // Two sent for real, then put back as if their processes had stopped: one after its dispatch and text, before
      // the outcome was written; one before the dispatch's result was written.
      const made = async (phone: string) => {
        const res = await v1('POST', '/review-requests', key.key, body({ customer: { name: 'Stopped Midway', phone }, channel: 'sms' }));
        expect(res.json().status).toBe('sent');
        return t.db.apiReviewRequest.findUniqueOrThrow({ where: { publicId: res.json().id }, include: { dispatch: true } });
      };
      const texted = await made('5125550457');
      const unknown = await made('5125550458');
      await t.db.apiReviewRequest.updateMany({ where: { id: { in: [texted.id, unknown.id] } }, data: { status: 'sending', claimedAt: longAgo } });
      await t.db.dispatch.update({ where: { id: unknown.dispatch!.id }, data: { smsStatus: null, smsMessage: null } });

      await sendDueRequests(deps, now);
      await sendDueRequests(deps, new Date(now.getTime() + 61_000));
      const statusOf = async (id: number) => t.db.apiReviewRequest.findUniqueOrThrow({ where: { id }, select: { status: true, error: true } });
      expect(await statusOf(cutOff.id)).toEqual({ status: 'sent', error: null });
      expect(await statusOf(recent.id)).toEqual({ status: 'sending', error: null });
      expect(await statusOf(texted.id)).toEqual({ status: 'sent', error: null });
      expect(await statusOf(unknown.id)).toEqual({ status: 'failed', error: INTERRUPTED });
      for (const [phone, n] of [['+15125550455', 1], ['+15125550456', 0], ['+15125550457', 1], ['+15125550458', 1]] as const) {
        expect(await t.db.outboxMessage.count({ where: { to: phone } })).toBe(n);
      }
      expect(await t.db.dispatch.count({ where: { apiRequestId: cutOff.id } })).toBe(1);
    });

    it('records a due request whose answer waits as sending from the start, and one answered at once as scheduled', async () => {
      const key = await keyFor(austin.id);
      const waited = await v1('POST', '/review-requests', key.key, body({ customer: { name: 'Waits', phone: '5125550459' }, channel: 'sms' }));
      expect(waited.json()).toMatchObject({ status: 'sent', delivery: { sms: { status: 'sent' } } });
      const row = await t.db.apiReviewRequest.findUniqueOrThrow({ where: { publicId: waited.json().id } });
      expect(row.claimedAt?.getTime()).toBe(row.scheduledFor.getTime());
      const quick = await v1('POST', '/review-requests', key.key, body({ customer: { name: 'Quick', phone: '5125550460' }, channel: 'sms' }), {
        prefer: 'respond-async',
      });
      expect(quick.json().status).toBe('scheduled');
      for (let i = 0; i < 100 && (await t.db.apiReviewRequest.findUniqueOrThrow({ where: { publicId: quick.json().id } })).status !== 'sent'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const quickRow = await t.db.apiReviewRequest.findUniqueOrThrow({ where: { publicId: quick.json().id } });
      expect(quickRow.status).toBe('sent');
      expect(quickRow.claimedAt!.getTime()).toBeGreaterThanOrEqual(quickRow.scheduledFor.getTime());
      expect(await t.db.outboxMessage.count({ where: { to: { in: ['+15125550459', '+15125550460'] } } })).toBe(2);
    });

    it('keeps a later send_at, and a time outside the sending window, for the sweep', async () => {
      const sendAt = new Date(Date.now() + 2 * 3600_000);
      const res = await v1('POST', '/review-requests', austinKey.key, body({ customer: { name: 'Later Please', phone: '5125550330' }, send_at: sendAt.toISOString() }));
      expect(res.statusCode).toBe(201);
      const made = res.json();
      expect(made).toMatchObject({ status: 'scheduled', scheduled_for: sendAt.toISOString(), sent_at: null, delivery: { sms: null, email: null } });
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550330' } })).toBe(0);
      const deps = { ...t.app.deps, log: t.app.log };
      await sendDueRequests(deps, new Date());
      expect((await v1('GET', `/review-requests/${made.id}`, austinKey.key)).json().status).toBe('scheduled');
      await sendDueRequests(deps, new Date(sendAt.getTime() + 1000));
      const sent = (await v1('GET', `/review-requests/${made.id}`, austinKey.key)).json();
      expect(sent).toMatchObject({ status: 'sent', delivery: { sms: { status: 'sent' } } });
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550330' } })).toBe(1);
      // A second sweep sends nothing again.
      await sendDueRequests(deps, new Date(sendAt.getTime() + 61_000));
      expect(await t.db.outboxMessage.count({ where: { to: '+15125550330' } })).toBe(1);

      // Quiet hours: with a window that excludes this hour in the location's zone, the request waits for it.
      const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: austin.timeZone, hourCycle: 'h23', hour: 'numeric' }).format(new Date()));
      const saved = t.config.sendWindow;
      t.config.sendWindow = hour <= 21 ? { startHour: hour + 1, endHour: hour + 2 } : { startHour: 0, endHour: 1 };
      try {
        const quiet = (await v1('POST', '/review-requests', austinKey.key, body({ customer: { name: 'Quiet Hours', phone: '5125550331' } }))).json();
        expect(quiet.status).toBe('scheduled');
        const opens = new Date(quiet.scheduled_for);
        expect(opens.getTime()).toBeGreaterThan(Date.now());
        expect(Number(new Intl.DateTimeFormat('en-US', { timeZone: austin.timeZone, hourCycle: 'h23', hour: 'numeric' }).format(opens))).toBe(t.config.sendWindow.startHour);
        expect(await t.db.outboxMessage.count({ where: { to: '+15125550331' } })).toBe(0);
        await sendDueRequests(deps, new Date(opens.getTime() + 1000));
        expect((await v1('GET', `/review-requests/${quiet.id}`, austinKey.key)).json().status).toBe('sent');
      } finally {
        t.config.sendWindow = saved;
      }
    });

    it('records a scheduled request whose campaign was deleted before its time as failed with the reason, and sends nothing', async () => {
      const gone = await t.db.campaign.create({
        data: { locationId: austin.id, uid: `gone-${Date.now()}`, name: 'Gone Tech', description: '', department: 'Plumbing', image: '', employeeId: 'EMP-GONE', isDefault: false },
      });
      const sendAt = new Date(Date.now() + 3600_000);
      const res = await v1('POST', '/review-requests', austinKey.key, body({ customer: { name: 'Left Behind', phone: '5125550334' }, campaign_uid: gone.uid, send_at: sendAt.toISOString() }));
      expect(res.statusCode).toBe(201);
      const made = res.json();
      await t.db.campaign.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
      const before = await counts();
      await sendDueRequests({ ...t.app.deps, log: t.app.log }, new Date(sendAt.getTime() + 1000));
      expect((await v1('GET', `/review-requests/${made.id}`, austinKey.key)).json()).toMatchObject({ status: 'failed', error: MSG.dispatchCampaignNotFound, sent_at: null });
      expect(await counts()).toEqual(before);
    });

    it('applies the trial allowance and the plan: refused up front, or spent when sent', async () => {
      const key = await keyFor(lite.id, ['review_requests:write']);
      const liteCampaign = await t.db.campaign.findFirst({ where: { locationId: lite.id, deletedAt: null } });
      const uid = liteCampaign?.uid ?? (await t.db.campaign.create({ data: { locationId: lite.id, uid: 'LiteCampaign1', name: 'Lee Roof', description: '', department: 'Roofing', image: '' } })).uid;
      await t.db.location.update({ where: { id: lite.id }, data: { pcheckCount: 1 } });
      const sent = await v1('POST', '/review-requests', key.key, { customer: { name: 'Trial One', phone: '5125550340' }, campaign_uid: uid });
      expect(sent.statusCode).toBe(201);
      expect(sent.json().status).toBe('sent');
      expect((await t.db.location.findUniqueOrThrow({ where: { id: lite.id } })).pcheckCount).toBe(0);

      const before = await counts();
      const none = await v1('POST', '/review-requests', key.key, { customer: { name: 'Trial Two', phone: '5125550341' }, campaign_uid: uid });
      expect(none.statusCode).toBe(409);
      expect(errorOf(none)).toEqual({ code: 'trial_limit_reached', message: API_MSG.trialLimit });
      await t.db.location.update({ where: { id: lite.id }, data: { pcheckCount: 5, trialEndsAt: new Date(Date.now() - 60_000) } });
      const paused = await v1('POST', '/review-requests', key.key, { customer: { name: 'Trial Two', phone: '5125550341' }, campaign_uid: uid });
      expect(paused.statusCode).toBe(409);
      expect(errorOf(paused).code).toBe('sending_paused');
      expect(await counts()).toEqual(before);
    });
  });

  describe('reads', () => {
    it("GET /review-requests/{id}: another location's request, or an unknown id, is 404", async () => {
      const dallasKey = await keyFor(dallas.id);
      const theirs = (await v1('POST', '/review-requests', dallasKey.key, { customer: { name: 'Dallas Person', phone: '2145550350' }, campaign_uid: dallasCampaign.uid })).json();
      expect(theirs.status).toBe('sent');
      const res = await v1('GET', `/review-requests/${theirs.id}`, austinKey.key);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({ code: 'not_found', message: API_MSG.notFound });
      expect((await v1('GET', '/review-requests/rr_doesnotexist0000', austinKey.key)).statusCode).toBe(404);
      expect((await v1('GET', `/review-requests/${theirs.id}`, dallasKey.key)).statusCode).toBe(200);
    });

    it('GET /reviews: newest first, paged by an opaque cursor, since, with campaign, customer and source; only the key’s location', async () => {
      const first = await v1('GET', '/reviews?limit=3', austinKey.key);
      expect(first.statusCode).toBe(200);
      const page1 = first.json();
      expect(page1.data).toHaveLength(3);
      expect(page1.next_cursor).toEqual(expect.any(String));
      const page2 = (await v1('GET', `/reviews?limit=3&cursor=${page1.next_cursor}`, austinKey.key)).json();
      const all = [...page1.data, ...page2.data];
      expect(new Set(all.map((r: { id: string }) => r.id)).size).toBe(6);
      const times = all.map((r: { posted_at: string }) => Date.parse(r.posted_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const expected = await t.db.review.findMany({ where: { locationId: austin.id, archived: false }, orderBy: [{ postedAt: 'desc' }, { id: 'desc' }], take: 6, include: { campaign: true } });
      expect(all.map((r: { id: string }) => r.id)).toEqual(expected.map((r) => `rv_${r.id}`));
      const kudo = expected.find((r) => r.source === 'kudo' && r.campaign);
      if (kudo) {
        const shown = all.find((r: { id: string }) => r.id === `rv_${kudo.id}`);
        expect(shown).toMatchObject({ source: 'kudo', rating: kudo.rating, text: kudo.text, campaign: { uid: kudo.campaign!.uid, name: kudo.campaign!.name } });
      }

      const since = expected[2]!.postedAt.toISOString();
      const recent = (await v1('GET', `/reviews?since=${encodeURIComponent(since)}&limit=100`, austinKey.key)).json();
      expect(recent.data.every((r: { posted_at: string }) => r.posted_at >= since)).toBe(true);
      expect(recent.data.length).toBeGreaterThanOrEqual(3);

      const dallasReviews = await t.db.review.findMany({ where: { locationId: dallas.id }, select: { id: true } });
      let cursor: string | null = null;
      const seen: string[] = [];
      do {
        const page: { data: { id: string }[]; next_cursor: string | null } = (await v1('GET', `/reviews?limit=100${cursor ? `&cursor=${cursor}` : ''}`, austinKey.key)).json();
        seen.push(...page.data.map((r) => r.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen.length).toBe(await t.db.review.count({ where: { locationId: austin.id, archived: false } }));
      expect(dallasReviews.some((r) => seen.includes(`rv_${r.id}`))).toBe(false);
    });

    it('refuses a bad cursor, limit or since naming the field', async () => {
      for (const [query, field, message] of [
        ['cursor=garbage', 'cursor', API_MSG.cursor],
        [`cursor=${Buffer.from('[1,2,3]').toString('base64url')}`, 'cursor', API_MSG.cursor],
        // A time JavaScript reads but the database cannot hold.
        [`cursor=${Buffer.from('["-100000-01-01T00:00:00.000Z",5]').toString('base64url')}`, 'cursor', API_MSG.cursor],
        ['since=-100000-01-01T00:00:00Z', 'since', API_MSG.since],
        ['limit=0', 'limit', API_MSG.limit],
        ['limit=101', 'limit', API_MSG.limit],
        ['limit=abc', 'limit', API_MSG.limit],
        ['since=yesterday', 'since', API_MSG.since],
        ['colour=red', ''],
      ] as const) {
        const res = await v1('GET', `/reviews?${query}`, austinKey.key);
        expect(res.statusCode, query).toBe(400);
        if (field) expect(errorOf(res).fields?.[field], query).toBe(message);
      }
      expect((await v1('GET', '/conversations?cursor=bad', austinKey.key)).statusCode).toBe(400);
    });

    it("GET /campaigns: the location's campaigns by name", async () => {
      const res = (await v1('GET', '/campaigns', austinKey.key)).json();
      const expected = await t.db.campaign.findMany({ where: { locationId: austin.id, deletedAt: null }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
      expect(res.data).toEqual(expected.map((c) => ({ uid: c.uid, name: c.name, employee_id: c.employeeId, department: c.department, is_default: c.isDefault })));
    });

    it("GET /conversations: the location's conversations, newest first, paged", async () => {
      const total = await t.db.conversation.count({ where: { locationId: austin.id } });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: { id: string; phone: string; open: boolean }[]; next_cursor: string | null } = (await v1('GET', `/conversations?limit=7${cursor ? `&cursor=${cursor}` : ''}`, austinKey.key)).json();
        seen.push(...page.data.map((c) => c.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen.length).toBe(total);
      const ids = seen.map((s) => Number(s.slice(3)));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const theirs = await t.db.conversation.findMany({ where: { locationId: dallas.id }, select: { id: true } });
      expect(theirs.some((c) => seen.includes(`cv_${c.id}`))).toBe(false);
    });
  });

  describe('the document and the edges', () => {
    it('serves its own OpenAPI document without a key, written from the call definitions, and stays out of /api/docs', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.servers).toEqual([{ url: 'http://kudo.test/api/v1' }]);
      for (const e of publicApi.V1_ENDPOINTS) {
        const op = doc.paths[e.path.replace(':id', '{id}')][e.method.toLowerCase()];
        expect(op.operationId).toBe(e.id);
        expect(op['x-scopes']).toEqual(e.scopes);
        expect(op.responses[String(e.status)].content['application/json'].schema).toBeDefined();
      }
      const create = doc.paths['/review-requests'].post;
      expect(create.requestBody.content['application/json'].schema.properties.customer.required).toEqual(['name']);
      expect(create.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
      expect(doc.paths['/reviews'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['cursor', 'limit', 'since']);

      const internal = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(internal.paths).some((p) => p.startsWith('/api/v1'))).toBe(false);
      expect(Object.keys(internal.paths)).toContain('/api/settings/integrations/api-keys');
    });

    it('answers an unknown call of version 1 in its own error shape', async () => {
      const res = await v1('GET', '/nothing-here', austinKey.key);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({ code: 'not_found', message: API_MSG.noRoute });
    });
  });
});
