import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../validators.js';
import { boundNumbers, defineEndpoint } from './define.js';

/** The first message for each field, as the error envelope tells them. */
const errorsOf = (schema: z.ZodType, input: unknown) => {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

describe('numbers an endpoint takes', () => {
  const endpoint = defineEndpoint({
    id: 'numbers',
    method: 'POST',
    path: '/numbers',
    summary: 'Numbers in every kind of place.',
    access: { kind: 'public' },
    body: z.object({
      plain: z.number().optional(),
      count: z.coerce.number().int().default(1),
      own: z.number().min(0, { error: 'Own minimum' }).max(10, { error: 'Own maximum' }).optional(),
      rows: z.array(z.object({ id: z.number().int() })).optional(),
      either: z.union([z.number(), z.string().max(40)]).nullish().meta({ description: 'A number or a name.' }),
      kind: z.discriminatedUnion('type', [z.object({ type: z.literal('a'), a: z.number() }), z.object({ type: z.literal('b'), b: z.string() })]).optional(),
      later: z.lazy(() => z.object({ deep: z.number() })).optional(),
      text: z.string().transform(Number).pipe(z.number()).optional(),
      whole: z.number().int().optional(),
      delay: z.coerce.number().refine((n) => [30, 60].includes(n), { error: 'Please choose 30 or 60 minutes' }).optional(),
      page: z.coerce.number({ error: 'No such page' }).int().positive().optional(),
    }),
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: z.null(),
  });
  const body = endpoint.body;

  it('refuses what a PostgreSQL integer cannot hold, wherever the number sits, naming the field', () => {
    for (const huge of [1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1]) {
      expect(Object.keys(errorsOf(body, { plain: huge }))).toEqual(['plain']);
      expect(Object.keys(errorsOf(body, { rows: [{ id: 5 }, { id: huge }] }))).toEqual(['rows.1.id']);
      expect(Object.keys(errorsOf(body, { either: huge }))).toEqual(['either']);
      expect(Object.keys(errorsOf(body, { kind: { type: 'a', a: huge } }))).toEqual(['kind.a']);
      expect(Object.keys(errorsOf(body, { later: { deep: huge } }))).toEqual(['later.deep']);
      expect(Object.keys(errorsOf(body, { text: String(huge) }))).toEqual(['text']);
    }
    expect(errorsOf(body, { plain: 2 ** 31 })).toEqual({ plain: 'Plain must be at most 2147483647' });
    expect(errorsOf(body, { plain: -(2 ** 31) - 1 })).toEqual({ plain: 'Plain must be at least -2147483648' });
    // The range a person can use is told first, in the field's own words where it has some.
    expect(errorsOf(body, { whole: 1e308 })).toEqual({ whole: 'Whole must be at most 2147483647' });
    expect(errorsOf(body, { delay: 1e308 })).toEqual({ delay: 'Please choose 30 or 60 minutes' });
    expect(errorsOf(body, { page: '9007199254740993' })).toEqual({ page: 'No such page' });
    for (const text of ['1e+308', '1e400', '-1e400', '2147483648', '9223372036854775808', 'Infinity', 'NaN']) {
      expect(Object.keys(errorsOf(body, { count: text }))).toEqual(['count']);
      expect(Object.keys(errorsOf(endpoint.params, { id: text }))).toEqual(['id']);
    }
  });

  it('takes every number a PostgreSQL integer holds, and keeps what the schemas say themselves', () => {
    expect(body.parse({ plain: 2_147_483_647, count: '-2147483648', either: 'Alex', rows: [{ id: 1 }], text: '1.5' })).toMatchObject({
      plain: 2_147_483_647,
      count: -2_147_483_648,
      either: 'Alex',
      text: 1.5,
    });
    expect(endpoint.params.parse({ id: '2147483647' })).toEqual({ id: 2_147_483_647 });
    expect(errorsOf(body, { own: 11 })).toEqual({ own: 'Own maximum' });
    expect(errorsOf(body, { own: 1e308 })).toEqual({ own: 'Own maximum' });
    expect(errorsOf(body, { own: -1 })).toEqual({ own: 'Own minimum' });
    expect(errorsOf(endpoint.params, { id: '0' })).toEqual({ id: 'ID must be more than 0' });
    expect(body.parse({}).count).toBe(1);
  });

  it('keeps descriptions, and the OpenAPI document shows the bounds', () => {
    const json = z.toJSONSchema(body, { io: 'input' }) as { properties: Record<string, { maximum?: number; minimum?: number; description?: string }> };
    expect(json.properties.either?.description).toBe('A number or a name.');
    expect(json.properties.plain).toMatchObject({ minimum: -2_147_483_648, maximum: 2_147_483_647 });
    expect(json.properties.own).toMatchObject({ minimum: 0, maximum: 10 });
  });

  it('leaves schemas without loose numbers as they are', () => {
    const noNumbers = z.object({ name: z.string(), tags: z.array(z.string()) });
    expect(boundNumbers(noNumbers)).toBe(noNumbers);
    const bounded = z.object({ id: z.number().int().min(1).max(100) });
    expect(boundNumbers(bounded)).toBe(bounded);
  });
});
