import { z } from 'zod';
import type { AppDeps, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { poolOf } from '../../lib/db.js';
import type { Db } from '../../lib/db.js';
import type { InsightsProvider } from '../../providers/insights/index.js';
import { classifyRows, inTransaction, writeClassifications, type Pending } from './classify.js';

/** The channel the queue's trigger notifies (at commit) when a review waits for its classification. */
export const CLASSIFY_CHANNEL = 'kudo_review_topics';

const BATCH = 100;
/** A worker's claim on queued reviews; past it another worker may take them (the first one stopped). */
const CLAIM_SECONDS = 120;
/** A run stops claiming after this long; the next wake-up or the minute's run goes on. */
const RUN_MS = 45_000;

const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

interface Claimed {
  review_id: number;
  /** As text, handed back exactly as stored. */
  queued_at: string;
}

/**
 * Classifies the reviews waiting in review_classification_queue (new reviews, changed texts), oldest first, a batch at
 * a time: a batch is claimed for a while (so two workers take different reviews), classified, and its results written
 * in one transaction with the removal of its queue rows. A row queued again meanwhile (its text changed) has a new
 * queued_at and stays for the next batch. Answers how many reviews were written.
 */
export async function drainClassificationQueue(db: Db, insights: InsightsProvider, options: { runMs?: number } = {}): Promise<number> {
  const pool = poolOf(db);
  const until = Date.now() + (options.runMs ?? RUN_MS);
  let written = 0;
  while (Date.now() < until) {
    const claimed = await pool.query<Claimed>(
      `WITH due AS (
         SELECT review_id FROM review_classification_queue
          WHERE claimed_until IS NULL OR claimed_until < ${UTC_NOW}
          ORDER BY queued_at, review_id
          LIMIT $1
          FOR UPDATE SKIP LOCKED)
       UPDATE review_classification_queue q SET claimed_until = ${UTC_NOW} + interval '${CLAIM_SECONDS} seconds'
         FROM due WHERE q.review_id = due.review_id
       RETURNING q.review_id, q.queued_at::text AS queued_at`,
      [BATCH],
    );
    if (claimed.rows.length === 0) break;
    const ids = claimed.rows.map((r) => r.review_id);
    const texts = await pool.query<Pending>('SELECT id, text FROM reviews WHERE id = ANY($1::int[])', [ids]);
    const classified = await classifyRows(insights, texts.rows);
    written += await inTransaction(pool, async (client) => {
      const n = await writeClassifications(client, classified);
      await client.query(
        `DELETE FROM review_classification_queue q
          USING unnest($1::int[], $2::timestamp[]) AS x(id, queued_at)
          WHERE q.review_id = x.id AND q.queued_at = x.queued_at`,
        [ids, claimed.rows.map((r) => r.queued_at)],
      );
      return n;
    });
  }
  return written;
}

/** How many reviews wait in the queue (the tests and the status command read it). */
export async function queuedCount(db: Db): Promise<number> {
  const { rows } = await poolOf(db).query<{ n: number }>('SELECT count(*)::int AS n FROM review_classification_queue');
  return rows[0]!.n;
}

export const classifyReviewsJob = defineJob({
  name: 'review-topics.classify',
  payload: z.object({}).passthrough(),
  wakeOn: CLASSIFY_CHANNEL,
  // What a lost notification left waits at most a minute.
  cron: '* * * * *',
  retryLimit: 2,
  expireInSeconds: 5 * 60,
  async handler(_payload, deps: AppDeps & { log: Log }) {
    await drainClassificationQueue(deps.db, deps.providers.insights);
  },
});
