import type { Db } from './db.js';

export interface Hit {
  count: number;
  resetAt: Date;
}

/**
 * Counts one hit on `key` in a fixed window and returns the count so far. The counter lives in
 * PostgreSQL so that every API process behind a load balancer shares it.
 */
export async function hit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const rows = await db.$queryRaw<{ count: number; reset_at: Date }[]>`
    INSERT INTO rate_limit_hits AS r (key, count, reset_at)
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.count + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
    RETURNING count, reset_at`;
  const row = rows[0];
  if (!row) throw new Error('rate limit counter returned no row');
  return { count: row.count, resetAt: row.reset_at };
}

/** The count in the current window without adding to it. */
export async function peek(db: Db, key: string): Promise<number> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    SELECT count FROM rate_limit_hits WHERE key = ${key} AND reset_at > now()`;
  return rows[0]?.count ?? 0;
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.$executeRaw`DELETE FROM rate_limit_hits WHERE key = ${key}`;
}
