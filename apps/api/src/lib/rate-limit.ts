import type pg from 'pg';
import { poolOf, type Db } from './db.js';

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

/** How long a process keeps the hits of a key far from its limit before adding them to the shared count. */
export const FLUSH_MS = 100;

interface Counter {
  /** The shared count as the database last answered it, in the window ending at resetAt. */
  known: number;
  resetAt: number;
  /** Hits sent to the database and not yet answered. */
  inflight: number;
  /** Hits not yet sent. */
  pending: number;
  windowMs: number;
}

interface CountRow {
  key: string;
  count: number;
  ttl_ms: number;
}

/**
 * Adds `counts[i]` hits to `keys[i]` in one statement and returns the shared counts. The time left in each
 * window comes from the database's clock, so the processes' clocks need not agree.
 */
const ADD_HITS = `
  INSERT INTO rate_limit_hits AS r (key, count, reset_at)
  SELECT k, n, now() + w * interval '1 millisecond' FROM unnest($1::text[], $2::int[], $3::int[]) AS t(k, n, w)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.reset_at <= now() THEN EXCLUDED.count ELSE r.count + EXCLUDED.count END,
    reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
  RETURNING key, count, ceil(extract(epoch FROM reset_at - now()::timestamp) * 1000)::int AS ttl_ms`;

/** A hit as counted: within the limit or not, the count so far (this one included) and when the window ends. */
export interface Counted {
  allowed: boolean;
  count: number;
  resetAt: Date;
}

/** One process's counters for the limits on the request path, over one database. */
class Limiter {
  private readonly counters = new Map<string, Counter>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  async admit(key: string, max: number, windowMs: number): Promise<Counted> {
    const c = this.counters.get(key);
    if (c && c.resetAt > Date.now()) {
      const seen = c.known + c.inflight + c.pending;
      // Within a window the count only grows: once over the limit, refused until the window ends.
      if (seen >= max || seen + 1 <= max / 2) {
        c.pending++;
        this.schedule();
        return { allowed: seen < max, count: seen + 1, resetAt: new Date(c.resetAt) };
      }
    }
    // First hit of the window in this process, or near the limit: the database decides, exactly.
    const count = await this.addNow(key, windowMs);
    return { allowed: count <= max, count, resetAt: new Date(this.counters.get(key)?.resetAt ?? Date.now() + windowMs) };
  }

  private async addNow(key: string, windowMs: number): Promise<number> {
    // A flush in flight could otherwise answer after this and be taken for the newer count.
    await this.flushing;
    const c = this.counters.get(key);
    const n = 1 + (c?.pending ?? 0);
    if (c) c.pending = 0;
    const [row] = await this.send([key], [n], [windowMs]).catch((error: unknown) => {
      // The earlier hits stay pending; this one fails with its request.
      if (c) c.pending += n - 1;
      throw error;
    });
    if (!row) throw new Error('rate limit counter returned no row');
    this.record(row, windowMs);
    // The sweep that forgets ended windows runs with the flushes.
    this.schedule();
    return row.count;
  }

  private schedule() {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
    // Counting must not keep a process alive that is otherwise done.
    this.timer.unref();
  }

  /** Sends every pending hit in one statement. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    const now = Date.now();
    const keys: string[] = [];
    const counts: number[] = [];
    const windows: number[] = [];
    for (const [key, c] of this.counters) {
      if (c.pending > 0) {
        keys.push(key);
        counts.push(c.pending);
        windows.push(c.windowMs);
        c.inflight += c.pending;
        c.pending = 0;
      } else if (c.inflight === 0 && c.resetAt <= now) {
        this.counters.delete(key);
      }
    }
    if (keys.length === 0) return;
    this.flushing = this.send(keys, counts, windows)
      .then((rows) => {
        keys.forEach((key, i) => {
          const c = this.counters.get(key);
          if (c) c.inflight -= counts[i]!;
        });
        for (const row of rows) this.record(row, this.counters.get(row.key)?.windowMs ?? 0);
      })
      .catch(() => {
        // The database is unreachable: keep the hits and try again, unless the pool is closing.
        keys.forEach((key, i) => {
          const c = this.counters.get(key);
          if (c) {
            c.inflight -= counts[i]!;
            c.pending += counts[i]!;
          }
        });
        if (!this.pool.ending) this.schedule();
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  private async send(keys: string[], counts: number[], windows: number[]): Promise<CountRow[]> {
    const { rows } = await this.pool.query<CountRow>({ name: 'kudo_add_hits', text: ADD_HITS, values: [keys, counts, windows] });
    return rows;
  }

  private record(row: CountRow, windowMs: number) {
    const resetAt = Date.now() + row.ttl_ms;
    const c = this.counters.get(row.key);
    if (!c) {
      this.counters.set(row.key, { known: row.count, resetAt, inflight: 0, pending: 0, windowMs });
    } else if (c.resetAt <= Date.now() || row.count < c.known) {
      // A new window began in the database.
      c.known = row.count;
      c.resetAt = resetAt;
    } else {
      c.known = Math.max(c.known, row.count);
    }
  }
}

const limiters = new WeakMap<Db, Limiter>();
const limiterOf = (db: Db) => {
  let limiter = limiters.get(db);
  if (!limiter) limiters.set(db, (limiter = new Limiter(poolOf(db))));
  return limiter;
};

/**
 * Counts one hit on `key` and tells whether it is within `max` per window: the limits in front of every
 * public page. The count is shared by every process through the database, but while a key is far from its
 * limit (at most half) its hits are added in batches, one statement per process every FLUSH_MS; the first
 * hit of a window and every hit near the limit are counted in the database before the answer, so the limit
 * trips at its threshold. Refused hits are counted too, as `hit` does.
 */
export async function admit(db: Db, key: string, max: number, windowMs: number): Promise<boolean> {
  return (await limiterOf(db).admit(key, max, windowMs)).allowed;
}

/**
 * `admit`, answering the count too, for limits whose answers say what is left (the RateLimit headers). Far from
 * the limit the count is this process's best knowledge of the shared one, which the next flush brings up to date.
 */
export function admitCounted(db: Db, key: string, max: number, windowMs: number): Promise<Counted> {
  return limiterOf(db).admit(key, max, windowMs);
}

/** Sends this process's pending hits now (tests, and a process about to stop). */
export function flushHits(db: Db): Promise<void> {
  return limiters.get(db)?.flush() ?? Promise.resolve();
}
