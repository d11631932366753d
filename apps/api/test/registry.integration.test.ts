import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { analyticsApi, endpoints, fieldKey, inboxApi, MSG, okEnvelope, widgetApi, type EndpointDef } from '@kudo/shared';
import { answeredJsonText } from '../src/http/route.js';
import { createTestApp, json, loginAs, type TestContext } from './helpers.js';
import { callerFor, callers, fieldPaths, fieldsOf, refused, urlOf, validParams, validSample, zodDefaultPhrases, type Callers } from './registry-walk.js';

let t: TestContext;
let who: Callers;
beforeAll(async () => {
  t = await createTestApp();
  who = await callers(t);
});

const ACCESS_KINDS = ['public', 'user', 'location', 'staff'];

describe('the endpoint registry on the server', () => {
  it('registers every endpoint at its method and path', () => {
    const missing = endpoints.filter((e) => !t.app.hasRoute({ method: e.method, url: `/api${e.path}` })).map((e) => `${e.id} ${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  // Every endpoint's 401 without a session, with the one message: the areas' own tests leave it to this one.
  it('gives every endpoint an access rule, enforced before anything else', async () => {
    for (const e of endpoints) expect(ACCESS_KINDS, e.id).toContain(e.access.kind);
    const open: string[] = [];
    for (const e of endpoints.filter((x) => x.access.kind !== 'public')) {
      const res = await who.anonymous.request(e.method, urlOf(e), e.method === 'GET' ? undefined : {});
      if (res.statusCode !== 401) open.push(`${e.id} answered ${res.statusCode} without a session`);
      else if (!isDeepStrictEqual(json(res), { status: 0, message: MSG.notLoggedIn })) open.push(`${e.id} answered 401 with ${res.body}`);
    }
    expect(open).toEqual([]);
  });

  it('answers addresses the router cannot match in the error envelope', async () => {
    const broken = await t.app.inject({ url: '/api/widget/%E0%A4%A/data' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ status: 0, message: 'This address is not valid.' });
    const long = await t.app.inject({ url: `/api/widget/${'k'.repeat(2000)}/data` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ status: 0, message: 'This address is too long.' });
    // Below the router's limit the endpoint's own rule speaks, naming the parameter.
    const mid = await t.app.inject({ url: `/api/widget/${'k'.repeat(300)}/data` });
    expect(mid.statusCode).toBe(400);
    expect(Object.keys(json(mid).errors ?? {})).toEqual(['key']);
  });

  it('documents every endpoint in the OpenAPI document under its id', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const undocumented = endpoints
      .filter((e) => doc.paths[`/api${e.path.replace(/:(\w+)/g, '{$1}')}`]?.[e.method.toLowerCase()]?.operationId !== e.id)
      .map((e) => e.id);
    expect(undocumented).toEqual([]);
  });
});

describe('a field of the wrong type', () => {
  const phrases = zodDefaultPhrases();
  const BODY_WRONG = [true, 12345, 'not valid', { not: 'valid' }, ['not valid'], null];
  const QUERY_WRONG = [['a', 'b'], 'not valid', ''];
  const PARAM_WRONG = ['x', 'not an id', 'x'.repeat(300)];

  it('finds the fixed phrases of zod’s English messages', () => {
    for (const p of ['Invalid input', 'Too small', 'Too big', 'Unrecognized key', 'Invalid option']) expect(phrases).toContain(p);
  });

  it('answers 400 naming the field in words for a person, for every field of every endpoint', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const e of endpoints) {
      const agent = callerFor(who, e);
      const parts = [
        ...(e.params ? fieldPaths(e.params).filter((f) => f.path.length === 1).map((f) => ({ part: 'params' as const, ...f, wrong: refused(f.schema, PARAM_WRONG) })) : []),
        ...(e.body ? fieldPaths(e.body).map((f) => ({ part: 'body' as const, ...f, wrong: refused(f.schema, BODY_WRONG) })) : []),
        ...(e.query ? fieldPaths(e.query).filter((f) => f.path.length === 1).map((f) => ({ part: 'query' as const, ...f, wrong: refused(f.schema, QUERY_WRONG) })) : []),
      ];
      for (const { part, path, wrong, build } of parts) {
        if (wrong === undefined) continue;
        let url = urlOf(e);
        let body: unknown = e.method === 'GET' ? undefined : {};
        if (part === 'params') url = urlOf(e, { ...validParams(e), [path[0]!]: wrong as string });
        if (part === 'body') body = build(wrong);
        if (part === 'query') url += `?${(Array.isArray(wrong) ? wrong : [wrong]).map((v) => `${path[0]}=${encodeURIComponent(String(v))}`).join('&')}`;
        const res = await agent.request(e.method, url, body);
        checked++;
        const where = `${e.id} ${part} ${path.join('.')}=${JSON.stringify(wrong).slice(0, 40)}`;
        if (res.statusCode !== 400) {
          problems.push(`${where}: answered ${res.statusCode} ${res.body.slice(0, 120)}`);
          continue;
        }
        const answer = json(res);
        const texts = [answer.message ?? '', ...Object.values(answer.errors ?? {})];
        const defaults = texts.filter((m) => phrases.some((p) => m.includes(p)));
        if (defaults.length) problems.push(`${where}: validator text ${JSON.stringify(defaults)}`);
        // The body is checked before the query string: a query field is named once the body passes.
        const named = Object.keys(answer.errors ?? {}).some((k) => k === fieldKey(path) || k.startsWith(`${fieldKey(path)}.`));
        const bodyFirst = part === 'query' && e.body !== undefined;
        if (!named && !bodyFirst) problems.push(`${where}: no error names the field (${JSON.stringify(answer.errors)})`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });

  it('answers 400 naming the field for a NUL character or a lone surrogate, in every field of every endpoint', async () => {
    const problems: string[] = [];
    for (const e of endpoints) {
      const agent = callerFor(who, e);
      const cases = [
        ...(e.params ? [...fieldsOf(e.params).keys()].map((name) => ({ key: name, url: urlOf(e, { ...validParams(e), [name]: 'abcd\u0000efgh12345678' }), body: undefined as unknown })) : []),
        ...(e.body ? fieldPaths(e.body).map((f, i) => ({ key: fieldKey(f.path), url: urlOf(e), body: f.build(i % 2 ? 'x\uD800' : 'x\u0000y') })) : []),
        ...(e.query ? [...fieldsOf(e.query).keys()].map((name) => ({ key: name, url: `${urlOf(e)}?${name}=a%00b`, body: undefined })) : []),
      ];
      for (const c of cases) {
        const res = await agent.request(e.method, c.url, c.body ?? (e.method === 'GET' ? undefined : {}));
        const errors = res.statusCode === 400 ? json(res).errors ?? {} : {};
        if (!(c.key in errors)) problems.push(`${e.id} ${c.key}: answered ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('answers written as JSON text by PostgreSQL (JsonText)', () => {
  /** Real values of Austin for the fields that name them, so that valid requests reach the handlers. */
  const real: Record<string, string> = {};
  let austinId = 0;
  beforeAll(async () => {
    const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
    austinId = austin.id;
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, isDefault: true, deletedAt: null } });
    const widget = await t.db.widgetSetting.findUniqueOrThrow({ where: { locationId: austin.id } });
    Object.assign(real, { campaign_uid: campaign.uid, uid: campaign.uid, campaign: campaign.uid, campaignUID: campaign.uid, key: widget.widgetKey });
  });

  /**
   * Requests the endpoint accepts: one of sampled valid values (real ones where the walk knows them), and one with no
   * body fields or query at all where the schemas allow it (the defaults: a whole list rather than a filtered page).
   */
  const validRequests = (e: EndpointDef) => {
    const withReal = (sample: unknown) =>
      sample && typeof sample === 'object' && !Array.isArray(sample) ? Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, real[k] ?? v])) : sample;
    const params = Object.fromEntries(Object.entries(validParams(e)).map(([k, v]) => [k, real[k] ?? v]));
    const query = e.query ? (withReal(validSample(e.query)) as Record<string, unknown> | undefined) : undefined;
    const search = new URLSearchParams(
      Object.entries(query ?? {})
        .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
        .map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const body = e.method === 'GET' ? undefined : (withReal(e.body ? (validSample(e.body) ?? {}) : {}) ?? {});
    const sampled = { url: `${urlOf(e, params)}${search ? `?${search}` : ''}`, body };
    const bare = (e.query?.safeParse({}).success ?? true) && (e.body?.safeParse({}).success ?? true);
    return bare ? [sampled, { url: urlOf(e, params), body: e.method === 'GET' ? undefined : {} }] : [sampled];
  };

  /** What each endpoint known to answer JsonText must have answered at least once, so that its rows were checked. */
  const SUBSTANCE: [EndpointDef, (data: any) => unknown[]][] = [
    [inboxApi.fetchConversations, (data) => data.data],
    [analyticsApi.exportReviews, (data) => data.rows],
    [widgetApi.publicWidgetData, (data) => data.reviews],
  ];

  /** The owner is logged in again at Austin when an endpoint (logout, location change) changed the session; staff after each staff call. */
  async function keepSessions(e: EndpointDef) {
    const res = await who.owner.get('/api/access/location-user/load');
    if (res.statusCode !== 200 || json(res).data.location.location_id !== austinId) {
      who.owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    }
    if (e.access.kind === 'staff') who.staff = await loginAs(t.app, t.db, 'support@kudo.test');
  }

  it('match their endpoint’s response schema, and carry nothing it does not declare', { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    /** The data of each JsonText answer, by endpoint id. */
    const answered = new Map<string, unknown[]>();
    for (const e of endpoints) {
      for (const { url, body } of validRequests(e)) {
        const res = await callerFor(who, e).request(e.method, url, body);
        if (!answeredJsonText(res.raw.res)) continue;
        let sent: { data?: unknown };
        try {
          sent = res.json();
        } catch (error) {
          problems.push(`${e.id}: not JSON (${(error as Error).message})`);
          continue;
        }
        const parsed = okEnvelope(e.response).safeParse(sent);
        if (!parsed.success) problems.push(`${e.id}: ${z.prettifyError(parsed.error)}`);
        else if (!isDeepStrictEqual(parsed.data, sent)) problems.push(`${e.id}: carries what its schema does not declare`);
        answered.set(e.id, [...(answered.get(e.id) ?? []), sent.data]);
      }
      await keepSessions(e);
    }
    expect(problems).toEqual([]);
    // The walk reached the handlers that answer JSON text, each at least once with rows to check.
    const empty = SUBSTANCE.filter(([e, rows]) => !(answered.get(e.id) ?? []).some((data) => rows(data).length > 0)).map(([e]) => e.id);
    expect(empty).toEqual([]);
  });
});
