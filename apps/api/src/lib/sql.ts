import pg from 'pg';

/**
 * A stored time (timestamp without zone, UTC) as PostgreSQL writes it in ISO 8601 with milliseconds and a Z, exactly
 * as Date.toISOString() would: for answers written as text by PostgreSQL rather than read into Dates and printed.
 */
export const isoAt = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A value written into a statement as a literal, where a statement takes no parameters (COPY). */
export type InlineValue = string | number | boolean | null | readonly (string | number)[];

/** One value as an SQL literal: text quoted (pg's own quoting), numbers only when finite, arrays as array literals. */
export function sqlLiteral(value: InlineValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (!Array.isArray(value)) throw new Error(`Not a value that can be written in: ${Object.prototype.toString.call(value)}`);
  // An array literal's elements are double-quoted with their quotes and backslashes escaped; the statement casts it.
  const elements = value.map((v) => {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`Not a finite number: ${v}`);
    return `"${String(v).replace(/[\\"]/g, '\\$&')}"`;
  });
  return pg.escapeLiteral(`{${elements.join(',')}}`);
}

/**
 * A statement with its parameters ($1, $2, …) written in as literals, for COPY, which takes none. A literal is
 * untyped like a parameter, so the statement's casts (`$2::date`, `ANY($5::text[])`) still decide its type. The
 * statement must hold no `$n` inside its own quoted text.
 */
export function inlineParams(text: string, values: readonly unknown[]): string {
  return text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= values.length) throw new Error(`No value for $${n}`);
    return sqlLiteral(values[i] as InlineValue);
  });
}
