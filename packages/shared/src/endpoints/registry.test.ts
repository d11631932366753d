import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT_RANGE } from '../validators.js';
import { endpoints, fillPath, rawEndpoints } from './index.js';

/** Numbers no column of the database holds: beyond a PostgreSQL integer (and bigint), unsafe, not finite. */
const OUT_OF_RANGE = [1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 63, -(2 ** 63), 2 ** 53 + 1, Infinity, -Infinity, NaN];
/** The same as text, as query strings, path parameters and form bodies carry them. */
const OUT_OF_RANGE_TEXT = ['1e+308', '-1e308', '1e400', '-1e400', '2147483648', '-2147483649', '9223372036854775808', '9007199254740993', 'Infinity', 'NaN'];

type Schema = z.core.$ZodType;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && '_zod' in v;

/**
 * Where a schema lets a number through that a PostgreSQL integer cannot hold, by the path of the number
 * in it. Walks every part of every kind of schema (objects, lists, unions, pipes, lazy parts…).
 */
function looseNumbers(schema: Schema, path: string[] = [], within: Schema[] = []): string[] {
  // A schema inside itself (a lazy one) is looked at once.
  if (within.includes(schema)) return [];
  const seen = [...within, schema];
  const at = path.join('.') || '(the input)';
  if (schema instanceof z.ZodNumber) {
    const coerces = (schema._zod.def as { coerce?: boolean }).coerce;
    const through = [...OUT_OF_RANGE, ...(coerces ? OUT_OF_RANGE_TEXT : [])].filter((v) => schema.safeParse(v).success);
    const unbounded = !(schema.minValue! >= INT_RANGE.min && schema.maxValue! <= INT_RANGE.max);
    return unbounded || through.length ? [`${at}${through.length ? ` takes ${through.map(String).join(', ')}` : ' is unbounded'}`] : [];
  }
  const def = schema._zod.def as unknown as Record<string, unknown>;
  return Object.entries(def).flatMap(([key, value]) => {
    if (key === 'checks') return [];
    if (key === 'getter' && def.type === 'lazy') return looseNumbers((value as () => Schema)(), path, seen);
    if (isSchema(value)) return looseNumbers(value, path, seen);
    if (Array.isArray(value)) return value.filter(isSchema).flatMap((v) => looseNumbers(v, path, seen));
    if (key === 'shape' && typeof value === 'object' && value !== null) {
      return Object.entries(value).flatMap(([k, v]) => (isSchema(v) ? looseNumbers(v, [...path, k], seen) : []));
    }
    return [];
  });
}

describe('endpoint registry', () => {
  it('has every session and account call of the inventory once', () => {
    const ids = endpoints.map((e) => e.id);
    for (let n = 1; n <= 19; n++) expect(ids).toContain(`E${String(n).padStart(3, '0')}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has no two endpoints on the same method and path', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps the paths and verbs of the specification', () => {
    const byId = Object.fromEntries(endpoints.map((e) => [e.id, `${e.method} ${e.path}`]));
    expect(byId.E001).toBe('POST /authorize-me');
    expect(byId.E002).toBe('GET /logout');
    expect(byId.E006).toBe('GET /internal/abracadabra/:accountId');
    expect(byId.E011).toBe('GET /access/location-user/load');
    expect(byId.E019).toBe('POST /self-service/notifications/upgrade-request');
  });

  it('holds every number of every request (body, query, path) to what a PostgreSQL integer holds', () => {
    const loose = [...endpoints, ...rawEndpoints].flatMap((e) =>
      (['body', 'query', 'params'] as const).flatMap((part) => {
        const schema = e[part];
        return schema ? looseNumbers(schema).map((problem) => `${e.id} ${part}.${problem}`) : [];
      }),
    );
    expect(loose).toEqual([]);
    // The check sees an unbounded number wherever it sits.
    const raw = z.object({ a: z.array(z.object({ n: z.coerce.number().int() })), b: z.union([z.number().min(1), z.string()]).optional() });
    expect(looseNumbers(raw)).toEqual(['a.n takes 2147483648, -2147483649, 2147483648, -2147483649', 'b takes 1e+308, 2147483648, 9223372036854776000, 9007199254740992']);
  });

  it('fills path parameters, encoding them', () => {
    expect(fillPath('/a/:id/b/:name', { id: 3, name: 'x y' })).toBe('/a/3/b/x%20y');
    expect(() => fillPath('/a/:id', {})).toThrow(/id/);
  });
});
