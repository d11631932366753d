// Times Analyze › Insights: (a) the local classifier over 100,000 review texts in a worker thread, (b) the insights
// call on a throwaway embedded database holding a location with 1,000,000 classified reviews over 13 months (topics and
// their polarities filled, 20 technicians), seeded in SQL with generate_series, the topic stores then rebuilt in one
// pass each. The API and the load generator run in their own processes. Prints the classifier's rate, one line per call, a
// reference line (the screen's technician list, a plain session call, under the same load), the same figures added up
// from the reviews themselves for comparison, and, last,
// `insights: N reviews/s, load p95 M ms at 1,000,000 reviews` (M: the worst p95 of the calls).
// Usage: pnpm bench:insights [-- --reviews 1000000 --texts 100000 --seconds 5 --warmup 1 --connections 4 --keep DIR]
// --keep DIR keeps the seeded database in DIR and uses it again on the next run with the same option; --only TEXT times
// only the calls whose line holds TEXT; BENCH_PROFILE=<dir> writes a CPU profile of the API process there.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { analyticsApi, CSRF_HEADER, insightsApi } from '@kudo/shared';
import { prepareDatabase } from '../src/boot.js';
import { loadConfig } from '../src/config.js';
import { poolOf, type Db } from '../src/lib/db.js';
import { benchDataDir, benchLocation, children, createBenchLocation, seedConnection, loginAt, numberArg, profileFlags, runLoad, startTarget, stopAfter, textArg, type Figure } from './harness.js';
import type { LoadTarget } from './load.js';

const reviews = numberArg('reviews', 1_000_000);
const texts = numberArg('texts', 100_000);
const seconds = numberArg('seconds', 5);
const warmupSeconds = numberArg('warmup', 1);
const connections = numberArg('connections', 4);
const only = textArg('only');

// Bounded: the classifier (a few minutes at most), seeding (minutes), three measurements with a margin each.
const budgetMs = (10 * 60 + 20 * 60 + 3 * (seconds + warmupSeconds + 30)) * 1000;
stopAfter('bench:insights', budgetMs);

const DAYS = 395;
const CAMPAIGNS = 20;

/** Review texts as the classifier leaves them: the text, its topics with their polarities, and its score. */
const CLASSIFIED: [string, Record<string, -1 | 0 | 1>, number][] = [
  ['On time, polite and the leak is gone. Thank you!', { punctuality: 1, professionalism: 1, quality: 1 }, 0.8],
  ['Fair price, exactly what the quote said.', { price: 1 }, 0.6],
  ['The bill was way higher than the estimate.', { price: -1 }, -0.6],
  ['They showed up two hours late and never called.', { punctuality: -1, communication: -1 }, -0.7],
  ['Very professional crew, and they cleaned up after themselves.', { professionalism: 1, cleanliness: 1 }, 0.8],
  ['The drain clogged again two days later.', { quality: -1 }, -0.5],
  ['He explained every step before starting. Great work.', { communication: 1, quality: 1 }, 0.8],
  ['Got a same-day appointment, fixed within the hour.', { scheduling: 1, quality: 1 }, 0.7],
  ['Had to reschedule twice before anyone came.', { scheduling: -1 }, -0.6],
  ['They left a mess in the hallway, but the repair works.', { cleanliness: -1, quality: 1 }, 0.1],
  ['The tech was rude and pushed an upgrade we did not need.', { professionalism: -1, price: -1 }, -0.8],
  ['Good work, a bit pricier than expected.', { quality: 1, price: 0 }, 0.3],
  ['Nobody answered the phone or returned my calls.', { communication: -1 }, -0.7],
  ['Arrived in the window, tidy and quick.', { punctuality: 1, cleanliness: 1 }, 0.6],
  ['Thank you so much!', {}, 0.6],
  ['Solid repair and a reasonable price. Booking took a couple of days.', { quality: 1, price: 1, scheduling: 0 }, 0.5],
];

/**
 * The bench location and its reviews, in SQL: 20 technicians, `reviews` classified reviews from the review sites over
 * 13 months (one in five without a technician), their texts, topics and polarities from the list above. Row triggers
 * are off while it loads (the export row's, which always runs, aside); the GIN indexes are built after the load and the
 * topic stores are rebuilt in one pass each by their rebuild functions.
 */
async function seed(db: Db): Promise<number> {
  const loc = await createBenchLocation(db);
  const { client, q, release } = await seedConnection(db);
  try {
    await client.query(`SET session_replication_role = replica`);
    const { rows: gin } = await client.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'reviews' AND indexdef LIKE '%USING gin%'`,
    );
    for (const index of gin) await client.query(`DROP INDEX "${index.name}"`);
    await q('campaigns', `INSERT INTO campaigns (location_id, uid, name, description, department, image)
      SELECT ${loc}, 'bench' || lpad(i::text, 7, '0'), (ARRAY['Avery','Jordan','Casey','Morgan','Riley','Taylor','Jamie','Quinn','Drew','Reese'])[1 + i % 10] || ' ' || (ARRAY['Hughes','Bennett','Foster','Howard'])[1 + i % 4],
             '', CASE WHEN i % 2 = 0 THEN 'Plumbing' ELSE 'Drains' END, '' FROM generate_series(1, ${CAMPAIGNS}) i`);
    await client.query(`CREATE TEMP TABLE bench_texts (k int PRIMARY KEY, text text, topics text[], sentiments jsonb, score real)`);
    await client.query(
      `INSERT INTO bench_texts SELECT k - 1, t, ARRAY(SELECT jsonb_object_keys(s)), s, sc
         FROM unnest($1::text[], $2::jsonb[], $3::real[]) WITH ORDINALITY AS x(t, s, sc, k)`,
      [CLASSIFIED.map((c) => c[0]), CLASSIFIED.map((c) => JSON.stringify(c[1])), CLASSIFIED.map((c) => c[2])],
    );
    const first = (await client.query<{ id: number }>(`SELECT min(id) AS id FROM campaigns WHERE location_id = $1`, [loc])).rows[0]!.id;
    await q(`${reviews.toLocaleString('en-US')} classified reviews`, `INSERT INTO reviews (location_id, source, external_id, author_name, rating, sentiment, text, posted_at, campaign_id, url, updated_at,
        topics, topic_sentiments, sentiment_score, classified_at, classified_by)
      SELECT ${loc}, (ARRAY['google','google','facebook','yelp'])[1 + i % 4], 'bench-' || i,
             (ARRAY['Maria','James','Priya','Tom','Aisha','Kevin'])[1 + i % 6] || ' ' || (ARRAY['G.','C.','P.','B.'])[1 + i % 4],
             CASE WHEN b.score >= 0.2 THEN 5 WHEN b.score <= -0.2 THEN 1 ELSE 3 END,
             CASE WHEN b.score >= 0.2 THEN 'positive' WHEN b.score <= -0.2 THEN 'negative' ELSE 'neutral' END,
             b.text, now()::timestamp - (${DAYS} * (i::float8 / ${reviews})) * interval '1 day',
             CASE WHEN i % 5 <> 4 THEN ${first} + i % ${CAMPAIGNS} END, '', now(),
             b.topics, b.sentiments, b.score, now(), 'local'
        FROM generate_series(1, ${reviews}) i
        JOIN bench_texts b ON b.k = (i * 7 + i / 13) % ${CLASSIFIED.length}`);
    await client.query(`SET session_replication_role = origin`);
    await q('GIN indexes (topics, search)', gin.map((index) => `${index.def};`).join(' '));
    await q('daily and monthly topic stores', `SELECT derived_rebuild_review_topic_daily_counts(${loc}, NULL, NULL), derived_rebuild_review_topic_monthly_counts(${loc}, NULL, NULL)`);
    // One statement each: VACUUM cannot run in the transaction block a multi-statement query makes. As autovacuum
    // would have done by the time a screen reads a year of reviews.
    for (const table of ['reviews', 'review_topic_daily_counts', 'review_topic_monthly_counts', 'campaigns']) await q(`vacuum ${table}`, `VACUUM ANALYZE ${table}`);
  } finally {
    await release();
  }
  return loc;
}

/** The local classifier over `count` texts in a worker thread: texts per second. */
function classifierRate(count: number): Promise<{ rate: number; ms: number; topics: number }> {
  return new Promise((resolve, reject) => {
    // The thread reads TypeScript through tsx's loader, registered in it before the worker's module is imported.
    const entry = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(new URL('./classify-worker.ts', import.meta.url).href)}); })`;
    const worker = new Worker(entry, { eval: true, workerData: { count } });
    worker.once('message', (m: { count: number; ms: number; topics: number }) => resolve({ rate: (m.count / m.ms) * 1000, ms: m.ms, topics: m.topics }));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`classifier worker exited with ${code}`))));
  });
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const monthsAgo = (n: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 10);
};

/** What the store saves: the same ranking added up from the reviews' own topics, timed once warm. */
async function directAggregateMs(db: Db, locationId: number): Promise<number> {
  const sql = `SELECT t.topic, count(*), count(*) FILTER (WHERE r.topic_sentiments ->> t.topic = '1'), count(*) FILTER (WHERE r.topic_sentiments ->> t.topic = '-1')
                 FROM reviews r CROSS JOIN LATERAL unnest(r.topics) AS t(topic)
                WHERE r.location_id = $1 AND r.posted_at >= $2::date AND NOT r.archived GROUP BY 1`;
  const pool = poolOf(db);
  await pool.query(sql, [locationId, monthsAgo(12)]);
  const started = performance.now();
  await pool.query(sql, [locationId, monthsAgo(12)]);
  return performance.now() - started;
}

async function main() {
  console.log(`classifying ${texts.toLocaleString('en-US')} texts in a worker thread`);
  const classifier = await classifierRate(texts);
  console.log(`  ${(classifier.ms / 1000).toFixed(1)} s, ${classifier.topics.toLocaleString('en-US')} topics found`);

  const data = benchDataDir('kudo-bench-insights-');
  const env = { ...process.env, DATA_DIR: data.dir, LOG_LEVEL: 'silent', DATABASE_URL: '' };
  const database = await prepareDatabase(loadConfig({ ...env, DATABASE_URL: undefined }), () => {});
  const figures: Figure[] = [];
  let reference: Figure | null = null;
  let direct = 0;
  try {
    const locationId = await benchLocation(database.db, data, () => seed(database.db));
    direct = await directAggregateMs(database.db, locationId);
    const app = await startTarget('app', { ...env, DATABASE_URL: database.url }, profileFlags());
    try {
      const { cookie, csrf } = await loginAt(app.url, locationId);
      const campaign = await database.db.campaign.findFirstOrThrow({ where: { locationId }, orderBy: { id: 'asc' } });
      const post = (body: unknown): LoadTarget => ({
        url: `${app.url}/api${insightsApi.loadInsights.path}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: csrf },
        body: JSON.stringify(body),
      });
      const path = insightsApi.loadInsights.path;
      const calls: [string, LoadTarget][] = [
        [`${path} (last 12 months, the screen's default)`, post({ from_date: monthsAgo(12), to_date: daysAgo(0) })],
        [`${path} (last 30 days)`, post({ from_date: daysAgo(29), to_date: daysAgo(0) })],
        [`${path} (last 12 months, one technician)`, post({ from_date: monthsAgo(12), to_date: daysAgo(0), campaign_uid: campaign.uid })],
      ];
      for (const call of calls.filter(([name]) => name.includes(only))) figures.push(...(await runLoad([call], { connections, seconds, warmupSeconds, rounds: 1 })));
      // The screen's other call, a list of 20 campaigns: what any session call costs on this machine at this moment.
      if (figures.length > 0) {
        const list: [string, LoadTarget] = [`${analyticsApi.profileCampaigns.path} (the technician list, for reference)`, { ...post({}), url: `${app.url}/api${analyticsApi.profileCampaigns.path}` }];
        reference = (await runLoad([list], { connections, seconds, warmupSeconds, rounds: 1 }))[0]!;
      }
    } finally {
      await app.stop();
    }
  } finally {
    await database.stop();
    data.remove();
  }
  const rate = Math.round(classifier.rate);
  console.log(`\n${seconds} s each after ${warmupSeconds} s warm-up, ${connections} connections, Node ${process.versions.node}, ${os.cpus().length} cores; server and load generator in separate processes`);
  console.log(`local classifier (worker thread): ${rate.toLocaleString('en-US')} reviews/s over ${texts.toLocaleString('en-US')} texts`);
  for (const f of [...figures, ...(reference ? [reference] : [])]) {
    console.log(`${f.name.padEnd(70)} p50 ${f.p50.toFixed(0).padStart(4)} ms  p95 ${f.p95.toFixed(0).padStart(4)} ms  p99 ${f.p99.toFixed(0).padStart(4)} ms  ${f.rps.toFixed(0).padStart(5)} req/s`);
  }
  console.log(`the same 12 months' ranking added up from the reviews' topics (no store): ${direct.toFixed(0)} ms a query`);
  const worst = Math.max(...figures.map((f) => f.p95));
  console.log(`insights: ${rate.toLocaleString('en-US')} reviews/s, load p95 ${worst.toFixed(0)} ms at ${reviews.toLocaleString('en-US')} reviews`);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  });
