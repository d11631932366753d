import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.js';

const compile = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' }) as (data: unknown) => string;

describe('response serializer', () => {
  const schema = z.object({
    status: z.literal(1),
    data: z.object({
      items: z.array(z.object({ id: z.number(), tags: z.array(z.string()) })),
      owner: z.object({ name: z.string() }).nullable(),
      byDay: z.record(z.string(), z.object({ n: z.number() })),
      when: z.date(),
      kind: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
    }),
    message: z.string().optional(),
  });
  const write = compile(schema);

  it('writes only the declared properties, at every depth', () => {
    const out = write({
      status: 1,
      secret: 'x',
      data: {
        items: [{ id: 1, tags: ['a'], hidden: true }],
        owner: { name: 'Olivia', passwordHash: 'h' },
        byDay: { mon: { n: 2, extra: 3 } },
        when: new Date('2026-01-02T03:04:05.000Z'),
        kind: { a: 'x', leaked: 1 },
        more: 1,
      },
    });
    expect(JSON.parse(out)).toEqual({
      status: 1,
      data: { items: [{ id: 1, tags: ['a'] }], owner: { name: 'Olivia' }, byDay: { mon: { n: 2 } }, when: '2026-01-02T03:04:05.000Z', kind: { a: 'x' } },
    });
  });

  it('writes what zod would for the same answer', () => {
    const answer = { status: 1, data: { items: [], owner: null, byDay: {}, when: new Date(0), kind: { b: 2 } }, message: 'Saved' };
    expect(write(answer)).toBe(JSON.stringify(schema.encode(answer as z.output<typeof schema>)));
  });

  it('refuses an answer that fits no branch of a union', () => {
    expect(() => write({ status: 1, data: { items: [], owner: null, byDay: {}, when: new Date(0), kind: { c: true } } })).toThrow(
      /doesn't match the schema/,
    );
  });
});
