import fc from 'fast-check';
import pg from 'pg';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, endpoints, fieldKey, INT_RANGE, MSG, rawEndpoints, type EndpointDef, type RawEndpointDef } from '@kudo/shared';
import { createTestApp, json, loginAs, multipart, type Agent, type TestContext } from './helpers.js';
import { callers, fieldsOf, numberFields, validParams, validSample, type Callers, type FieldAt } from './registry-walk.js';

/**
 * Hostile input for every endpoint of the registry: wrong types, 100k-character strings, NUL, lone
 * surrogates, right-to-left and emoji text, broken JSON, deep nesting, prototype keys, path parameters
 * that are not ids, and numbers no column holds. No answer may be a 5xx, and a refused request must
 * write nothing.
 * What was written is recorded by triggers on every table of the database.
 */

let t: TestContext;
let who: Callers;
let sql: pg.Client;
let austinId: number;
/**
 * Real ids of Austin for the fields and path parameters that name them, so that hostile values next to
 * them reach the handlers instead of stopping at "not found". The campaign is the default one, which
 * cannot be deleted.
 */
const REAL: Record<string, string> = {};

/** Tables written by any request, refused or not: the session's last activity and the rate limiter. */
const BOOKKEEPING = ['sessions', 'rate_limit_hits'];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000', RATE_LIMIT_LOGIN_PER_MINUTE: '1000000' });
  sql = new pg.Client({ connectionString: t.url });
  await sql.connect();
  await sql.query(`
    CREATE TABLE _writes (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL, row_data jsonb);
    CREATE FUNCTION _note_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO _writes (tbl, op, row_data)
      VALUES (TG_TABLE_NAME, TG_OP, CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END);
      RETURN NULL;
    END $$;
    DO $$
    DECLARE t text;
    BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('_writes', '_prisma_migrations') LOOP
        EXECUTE format('CREATE TRIGGER _w_insdel AFTER INSERT OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION _note_write()', t);
        EXECUTE format('CREATE TRIGGER _w_upd AFTER UPDATE ON %I FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION _note_write()', t);
      END LOOP;
    END $$;
  `);
  austinId = (await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } })).id;
  who = await callers(t);
  const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austinId, isDefault: true, deletedAt: null } });
  const widget = await t.db.widgetSetting.findUniqueOrThrow({ where: { locationId: austinId } });
  const token = json(await who.anonymous.get(`/api/webapps/sample-pulsecheck/${campaign.uid}/token`)).data.token as string;
  Object.assign(REAL, { campaign_uid: campaign.uid, uid: campaign.uid, campaign: campaign.uid, campaignUID: campaign.uid, token, key: widget.widgetKey });
  await writesSince();
});

afterAll(async () => {
  await sql?.end();
});

// ——— Hostile values ———

const HUGE = 100_000;
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Strings that break naive code: NUL, lone surrogates, bidi overrides, emoji, huge, paths, markup. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\u202Eevil\u202C',
    'שלום עולם',
    '👍🏽🔥👨‍👩‍👧',
    '\u200B\u200D\uFEFF',
    'e\u0301\u0301\u0301',
    '',
    ' ',
    '../../../../etc/passwd',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '{{7*7}}${7*7}',
    'javascript:alert(1)',
    'x'.repeat(HUGE),
    '👍'.repeat(HUGE / 2),
    `${'y'.repeat(HUGE)}\u0000`,
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ maxLength: 8, unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) }),
);

const hostileLeaf = fc.oneof(
  hostileString,
  fc.boolean(),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, -1e-308),
  fc.constant(null),
);

/** A field's value as JSON text, so that prototype keys and any depth can be written as sent. */
const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: hostileLeaf.map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: fc.array(hostileLeaf, { maxLength: 3 }).map((v) => JSON.stringify(v)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"a":{"__proto__":[1]}}',
      deep(1900),
      deep(20_000),
      '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
      '{}',
      '[]',
    ),
  },
);

const BROKEN_BODIES = [
  '{"a":',
  '{',
  '[',
  '"just a string"',
  '12345',
  'null',
  'true',
  '[]',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  deep(50_000),
  '{"a":1,"a":2}',
  '\uFEFF{}',
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
  '{"x": 1e999999}',
];

/** Path segments that are not ids (already %-encoded where they need it). */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '..%2F..%2Fetc%2Fpasswd',
    '..',
    '%',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%80',
    '-1',
    '0',
    '1.5',
    '1e9',
    '1e+308',
    '1e400',
    'Infinity',
    'NaN',
    '-0',
    '2147483648',
    '99999999999999999999',
    '0x1f',
    '%201',
    'null',
    '__proto__',
    'constructor',
    '%F0%9F%91%8D',
    '%E2%80%AE',
    'x'.repeat(999),
    'x'.repeat(5000),
  ),
  fc.string({ minLength: 1, maxLength: 30 }).map((s) => encodeURIComponent(s)),
);

/** Percent-encodes any string, lone surrogates too (as the invalid UTF-8 a client could send). */
const encode = (s: string) =>
  [...s].map((ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');

/**
 * Unusual text put at the end of every text of a valid input: what a person may well type must be
 * stored exactly as sent; NUL and a lone surrogate must be refused.
 */
const ODD = ['👍🏽', '\u202Eevil\u202C', 'שלום', 'e\u0301', 'a\u200Bb', '𝓤𝓷𝓲𝓬𝓸𝓭𝓮', 'ǅ', 'x\u0000y', '\uD83D'];
/** The text valid samples use for names and prose: stored, it must keep what followed it. */
const PROSE = 'Hostile Test';

interface HostileRequest {
  params: Record<string, string>;
  query: string;
  body: { contentType: string; payload: string } | undefined;
  /** A marker and the text sent with it in otherwise valid fields: wherever the marker is stored, the whole text is. */
  odd: string[];
}

const objectText = (entries: [string, string][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

/** Path parameters the endpoint accepts, real ones where the walk knows them. */
function validParamsOf(e: EndpointDef | RawEndpointDef): Record<string, string> {
  const names = e.params ? [...fieldsOf(e.params).keys()] : [];
  return { ...validParams(e), ...Object.fromEntries(names.filter((n) => REAL[n]).map((n) => [n, REAL[n]!])) };
}

/** A body the endpoint accepts, real ones where the walk knows them. */
function validBodyOf(e: EndpointDef | RawEndpointDef): Record<string, unknown> {
  const sample = (e.body ? (validSample(e.body) ?? {}) : {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, REAL[k] ?? v]));
}

function hostileRequest(e: EndpointDef): fc.Arbitrary<HostileRequest> {
  const paramNames = e.params ? [...fieldsOf(e.params).keys()] : [];
  const valid = validParamsOf(e);
  const params = fc.record(Object.fromEntries(paramNames.map((n) => [n, fc.oneof(hostileSegment, fc.constant(valid[n]!))])));

  const validQuery = (e.query ? validSample(e.query) : {}) as Record<string, unknown>;
  const queryKeys = [...(e.query ? fieldsOf(e.query).keys() : []), '__proto__', 'constructor'];
  const query = fc
    .array(fc.tuple(fc.constantFrom(...queryKeys), hostileString), { maxLength: 3 })
    .map((pairs) =>
      [...Object.entries({ ...validQuery, ...Object.fromEntries(pairs) })]
        .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
        .map(([k, v]) => `${encodeURIComponent(k)}=${encode(String(v))}`)
        .join('&'),
    );

  const validBody = validBodyOf(e);
  const base = Object.entries(validBody).map(([k, v]) => [k, JSON.stringify(v)] as [string, string]);
  const bodyKeys = [...(e.body ? fieldsOf(e.body).keys() : []), '__proto__', 'constructor', 'unexpected'];
  const json = (payload: string) => ({ contentType: 'application/json', payload });
  // A valid input with one to three of its fields (or new ones) replaced by hostile values.
  const mutated = fc
    .array(fc.tuple(fc.constantFrom(...bodyKeys), hostileJson), { minLength: 1, maxLength: 3 })
    .map((changes) => ({ body: json(objectText([...new Map([...base, ...changes])])), odd: [] as string[] }));
  // A valid input whose texts carry unusual characters.
  // The prose gets a number of its own, so that what is found stored came from this very request.
  const oddTexts = fc.tuple(fc.constantFrom(...ODD), fc.integer({ min: 100_000, max: 999_999_999 })).map(([odd, n]) => {
    const marker = `${PROSE} ${n}`;
    const entries = Object.entries(validBody).map(([k, v]) => [k, v === PROSE ? `${marker}${odd}` : typeof v === 'string' && v ? `${v}${odd}` : v] as const);
    return { body: json(JSON.stringify(Object.fromEntries(entries))), odd: entries.some(([, v]) => v === `${marker}${odd}`) ? [marker, `${marker}${odd}`] : [] };
  });
  const raw = fc.oneof(
    fc.constantFrom(...BROKEN_BODIES).map(json),
    hostileJson.map(json),
    fc
      .array(fc.tuple(fc.constantFrom(...bodyKeys), hostileJson), { maxLength: bodyKeys.length + 1 })
      .map((entries) => json(objectText(entries))),
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x').map((contentType) => ({
      contentType,
      payload: 'email=%00&email=x&__proto__[a]=1',
    })),
  ).map((body) => ({ body, odd: [] as string[] }));
  const body =
    e.method === 'GET'
      ? fc.constant({ body: undefined, odd: [] as string[] })
      : fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 3, arbitrary: oddTexts }, { weight: 2, arbitrary: raw });
  return fc.record({ params, query, b: body }).map(({ params, query, b }) => ({ params, query, body: b.body, odd: b.odd }));
}

// ——— Numbers no column holds ———

/**
 * How a number goes out: `json` is JSON text put where the field goes in the body (a number as JSON writes
 * it, 1e400 included, or a string); `text` is the text of a query string, a path parameter or a form.
 */
type NumberCase = { json: string } | { text: string };

/** Numbers beyond a PostgreSQL integer, bigint and a double, unsafe integers, and the forms JSON has for them. */
const HUGE_JSON = ['1e+308', '-1e+308', '1E308', '2147483648', '-2147483649', '9223372036854775808', '9007199254740993', '1e400', '-1e400', '123456789012345678901234567890'];
/** The same as text, with what JSON cannot write as a number. */
const HUGE_TEXT = ['1e+308', '-1e308', '1e400', '-1e400', '2147483648', '-2147483649', '9223372036854775808', '9007199254740993', '0x80000000', 'Infinity', '-Infinity', 'NaN'];
/** Some of them as JSON strings, for the body fields that read text as a number. */
const HUGE_IN_STRINGS = ['1e+308', '1e400', '2147483648', '9007199254740993', 'Infinity', 'NaN'].map((t) => JSON.stringify(t));
/** Numbers a column may hold or not: fractions where an id is meant, signed zeros, exponent forms, the edges. */
const EDGE_JSON = ['1.5', '-0', '0', '-1', '1e3', '2147483647', '-2147483648', '0.1e1', '"1.5"', '"-0"', '"1e2"', '" 7 "', '""'];
const EDGE_TEXT = ['1.5', '-0', '0', '-1', '1e2', '2147483647', '-2147483648', ' 7 ', '', '1_000', '+5'];

const readJson = (c: NumberCase): unknown => ('json' in c ? JSON.parse(c.json) : c.text);

/** Whether the number a case carries (as the schemas read it: text through Number()) is beyond a PostgreSQL integer. */
function beyondInt(c: NumberCase, readsText: boolean): boolean {
  const value = readJson(c);
  const n = typeof value === 'number' ? value : typeof value === 'string' && readsText ? Number(value) : undefined;
  return n !== undefined && (!Number.isFinite(n) || n > INT_RANGE.max || n < INT_RANGE.min);
}

/** Any number as text: doubles of every size, long integers, exponent forms. */
const anyNumberText = fc.oneof(
  fc.double().map((d) => (Number.isFinite(d) ? String(d) : Number.isNaN(d) ? 'NaN' : d > 0 ? '1e400' : '-1e400')),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.tuple(fc.integer({ min: -99, max: 99 }), fc.integer({ min: -400, max: 400 })).map(([m, e]) => `${m}e${e}`),
);

/** Any number for a field: as text in a query string or path, as a JSON number in a body (or a JSON string, where the field reads one). */
function anyNumber(part: 'body' | 'query' | 'params', readsText: boolean): fc.Arbitrary<NumberCase> {
  if (part !== 'body') return anyNumberText.map((text) => ({ text }));
  const asNumber = anyNumberText.map((t) => ({ json: t === 'NaN' ? '"NaN"' : t }));
  return readsText ? fc.oneof(asNumber, anyNumberText.map((t) => ({ json: JSON.stringify(t) }))) : asNumber;
}

/** A valid input with one value put in at a field's place (merging lists item by item). */
function merge(base: unknown, patch: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(patch)) return patch.map((p, i) => merge(base[i], p));
  if (base && patch && typeof base === 'object' && typeof patch === 'object' && !Array.isArray(base) && !Array.isArray(patch)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(patch)) out[k] = merge(out[k], v);
    return out;
  }
  return patch;
}

const MARK = '\u0001number\u0001';

interface NumberField extends FieldAt {
  part: 'body' | 'query' | 'params';
  readsText: boolean;
}

/** The request that sends `c` in the field, everything else valid. */
function numberRequest(e: EndpointDef | RawEndpointDef, f: NumberField, c: NumberCase, form = false): Omit<HostileRequest, 'odd'> {
  const params = validParamsOf(e);
  const sample = e.query ? ((validSample(e.query) ?? {}) as Record<string, unknown>) : {};
  const query: Record<string, string> = Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, String(v)]));
  const sent = 'text' in c ? c.text : c.json;
  if (f.part === 'params') params[f.path[0]!] = encodeURIComponent(sent);
  if (f.part === 'query') query[f.path[0]!] = sent;
  let body: HostileRequest['body'];
  if (e.method !== 'GET') {
    const valid = validBodyOf(e);
    if (f.part !== 'body') body = { contentType: 'application/json', payload: JSON.stringify(valid) };
    else if (form) {
      const fields = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)]));
      body = { contentType: 'application/x-www-form-urlencoded', payload: new URLSearchParams({ ...fields, [f.path[0]!]: sent }).toString() };
    } else body = { contentType: 'application/json', payload: JSON.stringify(merge(valid, f.build(MARK))).replace(JSON.stringify(MARK), sent) };
  }
  return { params, query: new URLSearchParams(query).toString(), body };
}

/**
 * A number that names a real review reaches Google: the local stand-in knows the last 400 days of reviews
 * only, and answers for an older one as Google does when it cannot be reached (503, saying so).
 */
const upstreamDown = (res: Awaited<ReturnType<typeof send>>) =>
  res.statusCode === 503 && [MSG.googleUnavailable, MSG.facebookUnavailable].some((m) => m === json(res).message);

/** Every field of the endpoint that takes a number, in its body, query string and path. */
function numberFieldsOf(e: EndpointDef | RawEndpointDef): NumberField[] {
  const fields = (part: NumberField['part']) => {
    const schema = e[part];
    const found = schema ? numberFields(schema).map((f) => ({ ...f, part })) : [];
    // Query strings and path parameters are text, one level deep.
    return part === 'body' ? found : found.filter((f) => f.path.length === 1).map((f) => ({ ...f, readsText: true }));
  };
  return [...fields('params'), ...fields('query'), ...fields('body')];
}

// ——— Sending and watching the database ———

let lastWrite = 0;

async function writesSince(): Promise<{ tbl: string; op: string; row_data: unknown }[]> {
  const { rows } = await sql.query<{ id: string; tbl: string; op: string; row_data: unknown }>('SELECT id, tbl, op, row_data FROM _writes WHERE id > $1 ORDER BY id', [lastWrite]);
  if (rows.length) lastWrite = Number(rows.at(-1)!.id);
  return rows.filter((r) => !BOOKKEEPING.includes(r.tbl));
}

async function send(agent: Agent, e: EndpointDef | RawEndpointDef, req: Omit<HostileRequest, 'odd'>) {
  const path = e.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => req.params[name]!);
  const url = `${'outsideApi' in e && e.outsideApi ? '' : '/api'}${path}${req.query ? `?${req.query}` : ''}`;
  const csrf = agent.cookies[CSRF_COOKIE];
  return t.app.inject({
    method: e.method,
    url,
    cookies: agent.cookies,
    headers: {
      ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
      ...(req.body ? { 'content-type': req.body.contentType } : {}),
    },
    ...(req.body ? { payload: req.body.payload } : {}),
  });
}

/** Logs a caller in again when an endpoint (logout, location change, magic login) changed its session. */
async function keepSessions(e: EndpointDef | RawEndpointDef) {
  const res = await who.owner.get('/api/access/location-user/load');
  if (res.statusCode !== 200 || json(res).data.location.location_id !== austinId) {
    who.owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
  }
  if (e.access.kind === 'staff') who.staff = await loginAs(t.app, t.db, 'support@kudo.test');
  await writesSince();
}

const accepted: string[] = [];
const statuses = new Map<number, number>();

describe('numbers no column holds, in every numeric field of every endpoint', () => {
  it('answers 400 naming the field, never 5xx, and a refused request writes nothing', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    let fields = 0;
    let refusedBeyond = 0;
    await writesSince();
    let seed = 20_261_127;
    for (const e of [...endpoints, ...rawEndpoints]) {
      const agent = e.access.kind === 'staff' ? who.staff : who.owner;
      const numeric = numberFieldsOf(e);
      for (const f of numeric) {
        fields++;
        const key = fieldKey(f.path);
        // A query string or a path carries text; a body carries JSON numbers, and strings where the field reads them.
        const fixed: NumberCase[] =
          f.part !== 'body'
            ? [...HUGE_TEXT, ...EDGE_TEXT.filter((t) => f.part === 'query' || t !== '')].map((text) => ({ text }))
            : [...HUGE_JSON, ...EDGE_JSON.filter((j) => f.readsText || !j.startsWith('"')), ...(f.readsText ? HUGE_IN_STRINGS : [])].map((j) => ({ json: j }));
        const check = async (c: NumberCase, form = false) => {
          const res = await send(agent, e, numberRequest(e, f, c, form));
          const writes = await writesSince();
          const what = `${e.id} ${e.method} ${e.path} ${f.part}.${key}=${'text' in c ? c.text : c.json}${form ? ' (form)' : ''}`;
          const errors = res.statusCode === 400 ? ((json(res).errors ?? {}) as Record<string, string>) : {};
          const named = Object.keys(errors).some((k) => k === key || k.startsWith(`${key}.`));
          // What the field's own rule refuses, or a number beyond what a column holds, is a 400 naming the field.
          const mustRefuse = beyondInt(c, f.readsText) || !f.schema.safeParse(readJson(c)).success;
          if (res.statusCode >= 500 && !upstreamDown(res)) failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (mustRefuse && !named) failures.push(`${what} → ${res.statusCode} without naming the field ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400 && writes.length) failures.push(`${what} → ${res.statusCode} but wrote ${writes.map((w) => `${w.op} ${w.tbl}`).join(', ')}`);
          if (beyondInt(c, f.readsText) && res.statusCode === 400) refusedBeyond++;
        };
        await fc.assert(
          fc.asyncProperty(anyNumber(f.part, f.readsText), (c) => check(c)),
          // The examples count among the runs: five random numbers come after them.
          { seed: seed++, numRuns: fixed.length + 5, examples: fixed.map((c): [NumberCase] => [c]), endOnFailure: true },
        );
        // A form body carries numbers as text, like a query string.
        if (f.part === 'body' && f.path.length === 1 && f.readsText) for (const t of HUGE_TEXT.slice(0, 4)) await check({ text: t }, true);
      }
      if (numeric.length) await keepSessions(e);
    }
    expect(failures).toEqual([]);
    expect(fields).toBeGreaterThan(60);
    expect(refusedBeyond).toBeGreaterThanOrEqual(fields * HUGE_JSON.length);
  });
});

describe('hostile input to every endpoint of the registry', () => {
  it('never answers 5xx, and a refused request writes nothing', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    await writesSince();
    let seed = 20_261_125;
    for (const e of endpoints) {
      const agent = e.access.kind === 'staff' ? who.staff : who.owner;
      await fc.assert(
        fc.asyncProperty(hostileRequest(e), async (req) => {
          const res = await send(agent, e, req);
          const writes = await writesSince();
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const what = `${e.id} ${e.method} ${e.path} ${JSON.stringify(req).slice(0, 300)}`;
          if (res.statusCode >= 500 && !upstreamDown(res)) failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400 && writes.length) failures.push(`${what} → ${res.statusCode} but wrote ${writes.map((w) => `${w.op} ${w.tbl}`).join(', ')}`);
          else if (res.statusCode < 400 && writes.length) {
            accepted.push(`${e.id}: ${writes.map((w) => `${w.op} ${w.tbl}`).join(', ')}`);
            // What was stored is what was sent: no character was replaced on the way to the database.
            const stored = JSON.stringify(writes.map((w) => w.row_data));
            if (stored.includes('\uFFFD') && !JSON.stringify(req).includes('\uFFFD')) failures.push(`${what} stored a replacement character`);
            const [marker, text] = req.odd;
            const inJson = (v: string) => stored.includes(JSON.stringify(v).slice(1, -1));
            if (marker && text && inJson(marker) && !inJson(text)) failures.push(`${what} did not store ${JSON.stringify(text)} as sent`);
          }
        }),
        { seed: seed++, numRuns: 10, endOnFailure: true },
      );
      await keepSessions(e);
    }
    expect(failures).toEqual([]);
    // The walk reached the handlers: valid inputs carrying odd text were accepted, hostile ones refused.
    expect(accepted.length).toBeGreaterThan(50);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(500);
  });
});

describe('hostile uploads (multipart, outside the schemas)', () => {
  const HEADER = ['First Name', 'Last Name', 'Address', 'Phone Number', 'Email'];
  const xlsx = (rows: string[][]) => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Sheet1');
    return Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  };
  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it('refuses NUL in a field, the file name or a cell with a 400, and writes nothing', async () => {
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austinId, deletedAt: null } });
    const good = [['Ann', 'Lee', '1 Oak St', '5125550301', 'ann@example.com']];
    const cases: { url: string; fields: Record<string, string>; name: string; rows: string[][]; field?: string }[] = [
      { url: '/api/kudo-beta/dispatch/bulk', fields: { campaign_uid: 'x\u0000y', kind: 'pcheck' }, name: 'c.xlsx', rows: good, field: 'campaign_uid' },
      { url: '/api/kudo-beta/dispatch/bulk', fields: { campaign_uid: campaign.uid, kind: 'pcheck' }, name: 'c\u0000.xlsx', rows: good, field: 'file' },
      { url: '/api/kudo-beta/dispatch/bulk', fields: { campaign_uid: campaign.uid, kind: 'pcheck' }, name: 'c.xlsx', rows: [['A\u0000nn', 'Lee', '', '5125550301', '']] },
      { url: '/api/dashboard/quick-action/home-owner/read-sheet', fields: {}, name: 'c\u0000.xlsx', rows: good, field: 'file' },
    ];
    await writesSince();
    for (const c of cases) {
      const { payload, headers } = multipart(c.fields, { name: c.name, type: XLSX_TYPE, data: xlsx(c.rows) });
      const res = await who.owner.request('POST', c.url, payload, headers);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      if (c.field) expect(Object.keys(json(res).errors ?? {})).toEqual([c.field]);
      else expect(json(res).message).toMatch(/^Row 2 of the file contains/);
      expect(await writesSince()).toEqual([]);
    }
  });
});
