/**
 * A stored time (timestamp without zone, UTC) as PostgreSQL writes it in ISO 8601 with milliseconds and a Z, exactly
 * as Date.toISOString() would: for answers written as text by PostgreSQL rather than read into Dates and printed.
 */
export const isoAt = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
