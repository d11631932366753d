import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export { Prisma } from '../generated/prisma/client.js';

const pools = new WeakMap<Db, pg.Pool>();

/**
 * Limits every connection of the pool sets on its session. A statement running longer than a minute is cut off
 * (no request waits that long, and the longest jobs — an import's batch, an export's day — take seconds). A
 * transaction left open and idle for ten minutes is ended by the server: it would hold its row locks (and the
 * derived stores' locks taken by the triggers) and keep VACUUM from cleaning up behind it.
 */
export const SESSION_LIMITS = { statement_timeout: 60_000, idle_in_transaction_session_timeout: 600_000 } as const;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max, ...SESSION_LIMITS });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * The connection pool under a client made by createDb. The few queries on every request's path (the
 * session, the rate limit) go through it directly: Prisma's query interpreter costs more than the round trip.
 */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('database client was not made by createDb');
  return pool;
}
