import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints, fieldKey } from '@kudo/shared';
import { createTestApp, json, type TestContext } from './helpers.js';
import { callerFor, callers, fieldPaths, fieldsOf, refused, urlOf, validParams, zodDefaultPhrases, type Callers } from './registry-walk.js';

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

  it('gives every endpoint an access rule, enforced before anything else', async () => {
    for (const e of endpoints) expect(ACCESS_KINDS, e.id).toContain(e.access.kind);
    const open: string[] = [];
    for (const e of endpoints.filter((x) => x.access.kind !== 'public')) {
      const res = await who.anonymous.request(e.method, urlOf(e), e.method === 'GET' ? undefined : {});
      if (res.statusCode !== 401) open.push(`${e.id} answered ${res.statusCode} without a session`);
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
