import type { Pool } from 'pg';
import { DERIVED_STORES, type DerivedStore } from './registry.js';

export interface VerifyOptions {
  /** The last this many local days of each location (today included); ignored with `all`. Default 3. */
  days?: number;
  /** Every day. */
  all?: boolean;
  /** Write what differs (else every rebuild is rolled back: a check changes nothing). */
  repair?: boolean;
  /** Only these locations (default: every one). */
  locationIds?: readonly number[];
  stores?: readonly DerivedStore[];
}

export interface VerifyResult {
  /** Rows that differed, per store, over every location. */
  stores: { store: string; differ: number }[];
  /** Rows that differed, per location, with the days checked. */
  locations: { locationId: number; from: string | null; to: string | null; differ: number }[];
  differ: number;
}

/**
 * Compares every store with its rebuild, location by location, each rebuild in its own transaction (it holds the
 * location's lock, so writers of that location wait for it only that long): rolled back for a check, committed for a
 * repair.
 */
export async function verifyDerived(pool: Pool, options: VerifyOptions = {}): Promise<VerifyResult> {
  const stores = options.stores ?? DERIVED_STORES;
  const days = Math.max(1, Math.floor(options.days ?? 3));
  const { rows: locations } = await pool.query<{ id: number; from: string | null; to: string | null }>(
    `SELECT l.id, CASE WHEN $1 THEN NULL ELSE ((now() AT TIME ZONE l.time_zone)::date - ($2::int - 1))::text END AS from,
            CASE WHEN $1 THEN NULL ELSE (now() AT TIME ZONE l.time_zone)::date::text END AS to
       FROM locations l WHERE $3::int[] IS NULL OR l.id = ANY($3::int[]) ORDER BY l.id`,
    [options.all === true, days, options.locationIds ? [...options.locationIds] : null],
  );
  const perStore = new Map(stores.map((s) => [s.store, 0]));
  const perLocation: VerifyResult['locations'] = [];
  for (const location of locations) {
    let differ = 0;
    for (const store of stores) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const n = await store.rebuild(client, location.id, location.from, location.to);
        await client.query(options.repair ? 'COMMIT' : 'ROLLBACK');
        perStore.set(store.store, perStore.get(store.store)! + n);
        differ += n;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    }
    perLocation.push({ locationId: location.id, from: location.from, to: location.to, differ });
  }
  const result = [...perStore.entries()].map(([store, differ]) => ({ store, differ }));
  return { stores: result, locations: perLocation, differ: result.reduce((n, s) => n + s.differ, 0) };
}

/** The lines `pnpm db:verify` prints: one per store, then the total. */
export function verifyReport(result: VerifyResult, repaired: boolean): string[] {
  const width = Math.max(...result.stores.map((s) => s.store.length));
  const fixed = (n: number) => (repaired && n > 0 ? ' (repaired)' : '');
  return [
    ...result.stores.map((s) => `${s.store.padEnd(width)}  ${s.differ} rows differ${fixed(s.differ)}`),
    `derived: ${result.stores.length} stores checked, ${result.differ} rows differ${fixed(result.differ)}`,
  ];
}
