import { z } from 'zod';
import type { AppDeps, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { poolOf, type Db } from '../../lib/db.js';
import type { InsightsProvider } from '../../providers/insights/index.js';
import { classifyRows, inTransaction, writeClassifications, type Pending } from './classify.js';

/** The channel the backfills' trigger notifies (at commit) when one is asked for. */
export const BACKFILL_CHANNEL = 'kudo_review_backfill';

/** pending: the reviews never classified (after the migration, or a bulk load); all: every review with words. */
export const BACKFILL_SCOPES = ['pending', 'all'] as const;
export type BackfillScope = (typeof BACKFILL_SCOPES)[number];

const BATCH = 200;
/** The running worker's lease, renewed with every batch; past it another worker goes on from the last batch. */
const LEASE_SECONDS = 120;
const RUN_MS = 45_000;
const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

export interface BackfillRow {
  id: number;
  scope: BackfillScope;
  status: 'queued' | 'running' | 'done';
  total: number;
  done: number;
  last_review_id: number;
  upto_review_id: number | null;
  error: string | null;
}

const COLUMNS = 'id, scope, status, total, done, last_review_id, upto_review_id, error';

/** Asks for a backfill; the worker starts it at once (a notification) or within the minute. */
export async function requestBackfill(db: Db, scope: BackfillScope): Promise<BackfillRow> {
  const { rows } = await poolOf(db).query<BackfillRow>(`INSERT INTO review_classification_backfills (scope) VALUES ($1) RETURNING ${COLUMNS}`, [scope]);
  return rows[0]!;
}

/** The backfills, newest first (their progress: done of total). */
export async function listBackfills(db: Db, limit = 10): Promise<BackfillRow[]> {
  const { rows } = await poolOf(db).query<BackfillRow>(`SELECT ${COLUMNS} FROM review_classification_backfills ORDER BY id DESC LIMIT $1`, [limit]);
  return rows;
}

/** Which reviews a backfill classifies, beyond the cursor and up to its end. */
const scopeSql = (scope: BackfillScope) => `btrim(r.text) <> ''${scope === 'pending' ? ' AND r.classified_at IS NULL' : ''}`;

/**
 * Takes the oldest unfinished backfill that no live worker holds, under a lease. Its first run fixes its end (the
 * newest review then: later ones are classified on arrival) and counts what it will classify.
 */
async function claimBackfill(db: Db): Promise<BackfillRow | null> {
  const pool = poolOf(db);
  const { rows } = await pool.query<BackfillRow>(
    `UPDATE review_classification_backfills b
        SET status = 'running', locked_until = ${UTC_NOW} + interval '${LEASE_SECONDS} seconds',
            started_at = coalesce(b.started_at, ${UTC_NOW}), updated_at = ${UTC_NOW}
      WHERE b.id = (SELECT id FROM review_classification_backfills
                     WHERE status IN ('queued', 'running') AND (locked_until IS NULL OR locked_until < ${UTC_NOW})
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
  );
  const row = rows[0];
  if (!row || row.upto_review_id !== null) return row ?? null;
  const { rows: start } = await pool.query<{ upto: number; total: number }>(
    `WITH upto AS (SELECT coalesce(max(id), 0) AS id FROM reviews)
     SELECT upto.id AS upto, (SELECT count(*)::int FROM reviews r WHERE r.id <= upto.id AND ${scopeSql(row.scope)}) AS total FROM upto`,
  );
  await pool.query('UPDATE review_classification_backfills SET upto_review_id = $2, total = $3 WHERE id = $1', [row.id, start[0]!.upto, start[0]!.total]);
  return { ...row, upto_review_id: start[0]!.upto, total: start[0]!.total };
}

export interface BackfillRun {
  /** The backfill worked on, or null when none was waiting. */
  backfill: BackfillRow | null;
  finished: boolean;
}

/**
 * Runs the waiting backfill for a while: batches of reviews in id order, each batch's results written in one
 * transaction with the backfill's cursor and count, so a stopped worker loses nothing and repeats nothing; the next run
 * (this worker's or another's, after the lease) goes on from the cursor. `onBatch` hears the progress; the batch
 * size and a number of batches are for the tools and the tests.
 */
export async function runBackfill(
  db: Db,
  insights: InsightsProvider,
  options: { runMs?: number; batchSize?: number; maxBatches?: number; onBatch?: (row: BackfillRow) => void } = {},
): Promise<BackfillRun> {
  const backfill = await claimBackfill(db);
  if (!backfill) return { backfill: null, finished: false };
  const pool = poolOf(db);
  const until = Date.now() + (options.runMs ?? RUN_MS);
  const batchSize = options.batchSize ?? BATCH;
  let row = backfill;
  try {
    for (let batch = 0; Date.now() < until && batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch++) {
      const { rows } = await pool.query<Pending>(
        `SELECT r.id, r.text FROM reviews r WHERE r.id > $1 AND r.id <= $2 AND ${scopeSql(row.scope)} ORDER BY r.id LIMIT $3`,
        [row.last_review_id, row.upto_review_id, batchSize],
      );
      const classified = await classifyRows(insights, rows);
      row = await inTransaction(pool, async (client) => {
        await writeClassifications(client, classified);
        const last = rows.at(-1)?.id ?? row.upto_review_id!;
        const finished = rows.length < batchSize;
        const updated = await client.query<BackfillRow>(
          `UPDATE review_classification_backfills
              SET last_review_id = $2, done = least(total, done + $3), error = NULL, updated_at = ${UTC_NOW},
                  locked_until = CASE WHEN $4 THEN NULL ELSE ${UTC_NOW} + interval '${LEASE_SECONDS} seconds' END,
                  status = CASE WHEN $4 THEN 'done' ELSE 'running' END,
                  finished_at = CASE WHEN $4 THEN ${UTC_NOW} END
            WHERE id = $1 RETURNING ${COLUMNS}`,
          [row.id, last, rows.length, finished],
        );
        return updated.rows[0]!;
      });
      options.onBatch?.(row);
      if (row.status === 'done') return { backfill: row, finished: true };
    }
    // Out of time: the lease is given back so that the next run need not wait for it.
    await pool.query('UPDATE review_classification_backfills SET locked_until = NULL WHERE id = $1', [row.id]);
    return { backfill: row, finished: false };
  } catch (error) {
    await pool
      .query('UPDATE review_classification_backfills SET error = $2, locked_until = NULL, updated_at = now() AT TIME ZONE \'UTC\' WHERE id = $1', [
        row.id,
        (error instanceof Error ? error.message : String(error)).slice(0, 1000),
      ])
      .catch(() => undefined);
    throw error;
  }
}

export const backfillJob = defineJob({
  name: 'review-topics.backfill',
  payload: z.object({}).passthrough(),
  wakeOn: BACKFILL_CHANNEL,
  // A backfill goes on a minute after a run ran out of time or a worker stopped.
  cron: '* * * * *',
  retryLimit: 1,
  expireInSeconds: 5 * 60,
  async handler(_payload, deps: AppDeps & { log: Log }) {
    const run = await runBackfill(deps.db, deps.providers.insights);
    // More to do: go on at once rather than at the next minute.
    if (run.backfill && !run.finished) await deps.jobs?.send(backfillJob, {});
  },
});
