import { z } from 'zod';
import { fillPath, type EndpointDef } from '@kudo/shared';
import type { TestContext } from './helpers.js';
import { Agent, loginAs } from './helpers.js';

/** Walks the endpoint registry's schemas, for tests that send every field of every endpoint something. */

type Def = { type: string } & Record<string, unknown>;
const def = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under the wrappers that keep its shape: optional, nullable, defaults, transforms. */
export function core(schema: z.ZodType): z.ZodType {
  for (;;) {
    const d = def(schema);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type)) schema = d.innerType as z.ZodType;
    else if (d.type === 'pipe') schema = d.in as z.ZodType;
    else return schema;
  }
}

/** The named fields of an object-like schema (objects, intersections, unions of objects); the first definition wins. */
export function fieldsOf(schema: z.ZodType): Map<string, z.ZodType> {
  const d = def(core(schema));
  const merge = (maps: Map<string, z.ZodType>[]) => {
    const all = new Map<string, z.ZodType>();
    for (const m of maps) for (const [k, v] of m) if (!all.has(k)) all.set(k, v);
    return all;
  };
  if (d.type === 'object') return new Map(Object.entries(d.shape as Record<string, z.ZodType>));
  if (d.type === 'intersection') return merge([fieldsOf(d.left as z.ZodType), fieldsOf(d.right as z.ZodType)]);
  if (d.type === 'union') return merge((d.options as z.ZodType[]).map(fieldsOf));
  return new Map();
}

export interface FieldAt {
  path: string[];
  schema: z.ZodType;
  /** The input that holds `value` at this field, with what its enclosing unions need to reach it. */
  build: (value: unknown) => unknown;
}

type Wrap = (inner: Record<string, unknown>) => unknown;

/**
 * Every field of a schema with its path, nested objects and the objects of lists included (to a depth
 * of four); the fields of a discriminated union's options carry their option's discriminator.
 */
export function fieldPaths(schema: z.ZodType, wrap: Wrap = (o) => o, prefix: string[] = []): FieldAt[] {
  if (prefix.length >= 4) return [];
  const d = def(core(schema));
  if (d.type === 'object') {
    return Object.entries(d.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
      const path = [...prefix, key];
      const here: FieldAt = { path, schema: field, build: (value) => wrap({ [key]: value }) };
      const inner = def(core(field));
      const nested =
        inner.type === 'array'
          ? fieldPaths(inner.element as z.ZodType, (o) => wrap({ [key]: [o] }), [...path, '0'])
          : fieldPaths(field, (o) => wrap({ [key]: o }), path);
      return [here, ...nested];
    });
  }
  if (d.type === 'intersection') return [...fieldPaths(d.left as z.ZodType, wrap, prefix), ...fieldPaths(d.right as z.ZodType, wrap, prefix)];
  if (d.type === 'union') {
    const key = d.discriminator as string | undefined;
    return (d.options as z.ZodType[]).flatMap((option) => {
      if (!key) return fieldPaths(option, wrap, prefix);
      const tag = (def(core(fieldsOf(option).get(key)!)).values as unknown[])[0];
      return fieldPaths(option, (o) => wrap({ [key]: tag, ...o }), prefix);
    });
  }
  return [];
}

/** Whether a value of the schema may be a number: a number schema under wrappers, pipes, unions or a lazy part. */
export function takesNumber(schema: z.ZodType): boolean {
  const d = def(schema);
  if (schema instanceof z.ZodNumber) return true;
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type)) return takesNumber(d.innerType as z.ZodType);
  if (d.type === 'pipe') return takesNumber(d.in as z.ZodType) || takesNumber(d.out as z.ZodType);
  if (d.type === 'union') return (d.options as z.ZodType[]).some(takesNumber);
  if (d.type === 'intersection') return takesNumber(d.left as z.ZodType) || takesNumber(d.right as z.ZodType);
  if (d.type === 'lazy') return takesNumber((d.getter as () => z.ZodType)());
  return false;
}

/**
 * Every field of a schema that takes a number (see fieldPaths), the items of lists of numbers included
 * (as `ids.0`), each with whether it reads text ("12", as query strings and forms carry it) as a number.
 */
export function numberFields(schema: z.ZodType): (FieldAt & { readsText: boolean })[] {
  return fieldPaths(schema).flatMap((f) => {
    const inner = def(core(f.schema));
    const items: FieldAt[] =
      inner.type === 'array' && takesNumber(inner.element as z.ZodType)
        ? [{ path: [...f.path, '0'], schema: inner.element as z.ZodType, build: (value) => f.build([value]) }]
        : [];
    return [...(takesNumber(f.schema) ? [f] : []), ...items].map((field) => {
      const read = field.schema.safeParse('7');
      return { ...field, readsText: read.success && typeof read.data === 'number' };
    });
  });
}

/** The first candidate a schema refuses, or undefined when it accepts them all. */
export const refused = (schema: z.ZodType, candidates: readonly unknown[]) => candidates.find((c) => !schema.safeParse(c).success);

/** Path parameter values that the registry's id, token and key rules accept. */
const PARAM_SAMPLES = ['12345', 'abcdefgh12345678'];

/** Path parameters that pass the endpoint's params schema, so that its body and query are what gets checked. */
export function validParams(e: Pick<EndpointDef, 'params'>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, schema] of e.params ? fieldsOf(e.params) : []) params[name] = PARAM_SAMPLES.find((v) => schema.safeParse(v).success) ?? PARAM_SAMPLES[0]!;
  return params;
}

export const urlOf = (e: EndpointDef, params: Record<string, string> = validParams(e)) => `/api${fillPath(e.path, params)}`;

/**
 * The beginnings of zod's own English messages, made by its `en` locale from issues whose variable
 * parts are a marker: whatever comes before the marker (or a colon) is the fixed phrase.
 */
export function zodDefaultPhrases(): string[] {
  const { localeError } = z.locales.en();
  const M = '\u0001';
  const formats = ['email', 'url', 'emoji', 'uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'xid', 'ksuid', 'nanoid', 'datetime', 'date', 'time', 'duration', 'ipv4', 'ipv6', 'mac', 'cidrv4', 'cidrv6', 'base64', 'base64url', 'json_string', 'e164', 'jwt', 'regex', 'starts_with', 'ends_with', 'includes', 'template_literal'];
  const issues: Record<string, unknown>[] = [
    { code: 'invalid_type', expected: M, input: M },
    { code: 'invalid_value', values: [M] },
    { code: 'invalid_value', values: [M, M] },
    ...['string', 'number', 'array', 'set', 'file', 'date', 'bigint'].flatMap((origin) => [
      { code: 'too_big', origin, maximum: M, inclusive: true },
      { code: 'too_small', origin, minimum: M, inclusive: true },
    ]),
    ...formats.map((format) => ({ code: 'invalid_format', format, pattern: M, prefix: M, suffix: M, includes: M })),
    { code: 'not_multiple_of', divisor: M },
    { code: 'unrecognized_keys', keys: [M] },
    { code: 'unrecognized_keys', keys: [M, M] },
    { code: 'invalid_key', origin: M },
    { code: 'invalid_union', errors: [] },
    { code: 'invalid_union', errors: [], options: [M] },
    { code: 'invalid_union', errors: [], inclusive: false },
    { code: 'invalid_element', origin: M },
    { code: 'custom' },
  ];
  const phrases = issues.map((issue) => {
    const text = String(localeError(issue as never));
    const cut = Math.min(...[text.indexOf(M), text.indexOf(':')].filter((i) => i >= 0), text.length);
    return text.slice(0, cut).replace(/[^A-Za-z]+$/, '');
  });
  return [...new Set(phrases)].filter((p) => p.length > 0);
}

/** A user who may call the endpoint: platform staff for staff calls, the owner at Austin for the rest. */
export interface Callers {
  owner: Agent;
  staff: Agent;
  anonymous: Agent;
}

export async function callers(t: TestContext): Promise<Callers> {
  return {
    owner: await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin'),
    staff: await loginAs(t.app, t.db, 'support@kudo.test'),
    anonymous: new Agent(t.app),
  };
}

export const callerFor = (c: Callers, e: EndpointDef): Agent => (e.access.kind === 'staff' ? c.staff : c.owner);

/** Values that some field of the registry takes as valid: names, emails, phones, links, colours, ids, flags. */
const PLAUSIBLE: unknown[] = [
  'Hostile Test',
  'hostile@kudo.test',
  '5125550123',
  '+15125550123',
  'https://example.com/page',
  '#1f4e79',
  'abcdefgh12345678',
  '123456',
  'demo-pass-1',
  'google',
  1,
  5,
  30,
  1800,
  true,
  0,
  false,
  '',
  [],
  {},
];

/**
 * An input the schema accepts, built field by field from plausible values, enum options and literals;
 * undefined when none is found. Hostile values are then put into it, so that they reach the handlers.
 */
export function validSample(schema: z.ZodType, depth = 0): unknown {
  const d = def(core(schema));
  const accepts = (v: unknown) => schema.safeParse(v).success;
  let candidate: unknown;
  if (d.type === 'object' && depth < 5) {
    candidate = Object.fromEntries(
      Object.entries(d.shape as Record<string, z.ZodType>)
        .map(([key, field]) => [key, validSample(field, depth + 1)] as const)
        .filter(([, v]) => v !== undefined),
    );
  } else if (d.type === 'enum') candidate = Object.values(d.entries as Record<string, unknown>)[0];
  else if (d.type === 'literal') candidate = (d.values as unknown[])[0];
  else if (d.type === 'array' && depth < 5) {
    const item = validSample(d.element as z.ZodType, depth + 1);
    candidate = item === undefined ? [] : [item];
  } else if (d.type === 'union' && depth < 5) {
    candidate = (d.options as z.ZodType[]).map((o) => validSample(o, depth + 1)).find((v) => v !== undefined && accepts(v));
  } else if (d.type === 'intersection' && depth < 5) {
    const left = validSample(d.left as z.ZodType, depth + 1);
    const right = validSample(d.right as z.ZodType, depth + 1);
    candidate = typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left;
  }
  if (candidate !== undefined && accepts(candidate)) return candidate;
  return PLAUSIBLE.find(accepts);
}
