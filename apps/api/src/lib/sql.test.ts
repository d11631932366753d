import { describe, expect, it } from 'vitest';
import { inlineParams, sqlLiteral } from './sql.js';

describe('values written into a statement', () => {
  it('quotes text the way PostgreSQL reads it back, quotes and backslashes included', () => {
    expect(sqlLiteral('leak')).toBe("'leak'");
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral('100\\% sure')).toBe(" E'100\\\\% sure'");
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(true)).toBe('TRUE');
    expect(sqlLiteral(42)).toBe('42');
  });

  it('writes arrays as array literals with their elements quoted', () => {
    expect(sqlLiteral(['positive', 'neutral'])).toBe(`'{"positive","neutral"}'`);
    expect(sqlLiteral([3, 11])).toBe(`'{"3","11"}'`);
    expect(sqlLiteral([])).toBe("'{}'");
    expect(sqlLiteral(['a"b', 'c\\d', "e'f"])).toBe(` E'{"a\\\\"b","c\\\\\\\\d","e''f"}'`);
  });

  it('refuses what is not a finite number', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow('Not a finite number');
    expect(() => sqlLiteral([Number.POSITIVE_INFINITY])).toThrow('Not a finite number');
  });

  it('refuses values it has no literal for rather than writing them wrong', () => {
    expect(() => sqlLiteral(new Date(0) as never)).toThrow('Not a value that can be written in: [object Date]');
    expect(() => inlineParams('SELECT $1', [{ id: 1 }])).toThrow('Not a value that can be written in');
  });

  it('replaces every parameter by its value, $10 apart from $1', () => {
    const values = ['a', 2, 3, 4, 5, 6, 7, 8, 9, 'ten'];
    expect(inlineParams('SELECT $1::text, $10, $2 + $2', values)).toBe("SELECT 'a'::text, 'ten', 2 + 2");
    expect(() => inlineParams('SELECT $3', [1])).toThrow('No value for $3');
  });
});
