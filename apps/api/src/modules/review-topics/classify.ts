import { createHash } from 'node:crypto';
import { REVIEW_TOPICS } from '@kudo/shared';
import type pg from 'pg';
import type { ClassifiedText, InsightsProvider } from '../../providers/insights/index.js';

/** A review to classify: its id and the text read. */
export interface Pending {
  id: number;
  text: string;
}

/** Reviews classified at once: the AI services are asked this many at a time. */
const CONCURRENCY = 4;

async function classifyAll(insights: InsightsProvider, rows: readonly Pending[]): Promise<ClassifiedText[]> {
  const out = new Array<ClassifiedText>(rows.length);
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const i = next++;
      out[i] = await insights.classify(rows[i]!.text);
    }
  };
  await Promise.all(Array.from({ length: insights.kind === 'local' ? 1 : CONCURRENCY }, lane));
  return out;
}

/** The text as PostgreSQL's md5(text) sees it: the write is kept only for the text that was read. */
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** The reviews' texts classified, each with the review it belongs to (outside any transaction: an AI call takes time). */
export async function classifyRows(insights: InsightsProvider, rows: readonly Pending[]): Promise<Classified[]> {
  const results = await classifyAll(insights, rows);
  return rows.map((row, i) => ({ ...row, result: results[i]! }));
}

export interface Classified extends Pending {
  result: ClassifiedText;
}

/**
 * Writes each review's topics, their polarities and the sentiment score in one statement on the given connection. A
 * review whose text changed since it was read is left alone (its change queued it again). Answers how many were written.
 */
export async function writeClassifications(client: pg.ClientBase | pg.Pool, classified: readonly Classified[]): Promise<number> {
  if (classified.length === 0) return 0;
  const payload = classified.map(({ id, text, result: r }) => {
    const topics = REVIEW_TOPICS.filter((t) => r.topics[t] !== undefined);
    return {
      id,
      md5: md5(text),
      topics: topics.join(','),
      topic_sentiments: Object.fromEntries(topics.map((t) => [t, r.topics[t]])),
      score: r.score,
      by: r.score === null ? null : r.by,
    };
  });
  const res = await client.query(
    `UPDATE reviews r
        SET topics = string_to_array(x.topics, ','), topic_sentiments = x.topic_sentiments, sentiment_score = x.score,
            classified_at = now() AT TIME ZONE 'UTC', classified_by = x.by
       FROM jsonb_to_recordset($1::jsonb) AS x(id int, md5 text, topics text, topic_sentiments jsonb, score real, by text)
      WHERE r.id = x.id AND md5(r.text) = x.md5`,
    [JSON.stringify(payload)],
  );
  return res.rowCount ?? 0;
}

/** Runs the work in one transaction on a connection of the pool. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
