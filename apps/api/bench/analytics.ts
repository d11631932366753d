// Times the Analyze calls at scale on a throwaway embedded database: a location with 1,000,000 answered
// pulseChecks (dispatches and their review rows) and 1,000,000 reviews from review sites over 13 months,
// seeded in SQL (the search's trigram indexes built after the load), then E127, E128, E129 (6 months), E138 (first page; a filtered, searched, sorted page; a searched page with matches), E139
// (3,000 rows) and, when the registry has them, E144 and E148. The server and each load generator run in
// their own processes. Prints one line per call and, last, `analytics: worst p95 N ms at M pulseChecks`.
// Usage: pnpm bench:analytics [-- --answers 1000000 --reviews 1000000 --seconds 5 --warmup 1 --connections 4 --keep DIR]
// --keep DIR keeps the seeded database in DIR and uses it again on the next run with the same option;
// --only TEXT times only the calls whose line holds TEXT (e.g. --only E13); BENCH_PROFILE=<dir> writes a CPU profile of
// the API process there.
import os from 'node:os';
import { analyticsApi, CSRF_HEADER, endpoints } from '@kudo/shared';
import { prepareDatabase } from '../src/boot.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/lib/db.js';
import { benchDataDir, benchLocation, children, createBenchLocation, seedConnection, loginAt, numberArg, profileFlags, runLoad, startTarget, stopAfter, textArg, type Figure } from './harness.js';
import type { LoadTarget } from './load.js';
import { leaderboardCalls } from './leaderboard.js';

const arg = numberArg;
const answers = arg('answers', 1_000_000);
const siteReviews = arg('reviews', 1_000_000);
const seconds = arg('seconds', 5);
const warmupSeconds = arg('warmup', 1);
const connections = arg('connections', 4);
const only = textArg('only');

// Bounded: seeding (minutes at most) plus the measurements with a margin each.
const budgetMs = (20 * 60 + 16 * (seconds + warmupSeconds + 20)) * 1000;
stopAfter('bench:analytics', budgetMs);

const DAYS = 395;

/**
 * The bench location and its data, in SQL: campaigns in two departments, the pulseChecks (SMS and email,
 * answered: moods, sliders, review leads, some text), their reviews, the review sites' reviews, contact cards
 * and a daily rating snapshot per platform. Row triggers are off while it loads; the rollups are then built
 * in one pass by the same function the migration uses.
 */
async function seed(db: Db): Promise<number> {
  const loc = await createBenchLocation(db);
  const { client, q, release } = await seedConnection(db);
  try {
    await client.query(`SET session_replication_role = replica`);
    // The search's trigram indexes are built once after the load, not row by row during it.
    const { rows: gin } = await client.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'reviews' AND indexdef LIKE '%USING gin%'`,
    );
    for (const index of gin) await client.query(`DROP INDEX "${index.name}"`);
    await q('campaigns', `INSERT INTO campaigns (location_id, uid, name, description, department, image)
      SELECT ${loc}, 'bench' || lpad(i::text, 7, '0'), (ARRAY['Avery','Jordan','Casey','Morgan','Riley','Taylor','Jamie','Quinn','Drew','Reese'])[1 + i % 10] || ' ' || (ARRAY['Hughes','Bennett','Foster','Howard'])[1 + i % 4],
             '', CASE WHEN i % 2 = 0 THEN 'Plumbing' ELSE 'Drains' END, '' FROM generate_series(1, 20) i`);
    await q(`${answers.toLocaleString('en-US')} pulseChecks`, `INSERT INTO dispatches (location_id, campaign_id, kind, source, token_hash, customer_phone, customer_email,
        customer_name, customer_address, sms_status, email_status, credited_campaign_id, mood, slider_mean, responded_at, expires_at, created_at)
      SELECT ${loc}, c.id, 'pcheck', 'dashboard', md5('bench-' || i), '+1512' || lpad((i % 10000000)::text, 7, '0'),
             CASE WHEN i % 3 = 0 THEN 'customer' || i || '@example.com' END,
             (ARRAY['Avery','Jordan','Casey','Morgan','Riley','Taylor'])[1 + i % 6] || ' ' || (ARRAY['Hughes','Bennett','Foster','Howard','Price','Sanders','Long','Ross'])[1 + (i / 7) % 8],
             '', CASE WHEN i % 3 <> 0 THEN 1 END, CASE WHEN i % 3 = 0 THEN 1 END, c.id,
             (ARRAY['positive','positive','positive','neutral','negative'])[1 + i % 5], 5 + (i % 6),
             t + interval '2 hours', t + interval '30 days', t
        FROM generate_series(1, ${answers}) i
        CROSS JOIN LATERAL (SELECT now()::timestamp - (${DAYS} * (i::float8 / ${answers})) * interval '1 day' AS t) ts
        JOIN campaigns c ON c.location_id = ${loc} AND c.uid = 'bench' || lpad((1 + i % 20)::text, 7, '0')`);
    await q('their reviews', `INSERT INTO reviews (location_id, source, external_id, author_name, rating, sentiment, text, posted_at, campaign_id,
        dispatch_id, sliders, kudo_index, review_lead, approved_for_widget, customer_name, customer_phone, customer_email, updated_at)
      SELECT d.location_id, 'kudo', 'dispatch-' || d.id, split_part(d.customer_name, ' ', 1), CASE d.mood WHEN 'positive' THEN 5 WHEN 'neutral' THEN 3 ELSE 1 END,
             d.mood, CASE WHEN d.id % 3 = 0 THEN 'The technician was on time and fixed the leak, thank you ' || d.id ELSE '' END,
             d.responded_at, d.credited_campaign_id, d.id,
             jsonb_build_array(jsonb_build_object('name', 'Recommend', 'value', d.slider_mean), jsonb_build_object('name', 'Professionalism', 'value', 10),
                               jsonb_build_object('name', 'Quality', 'value', d.slider_mean - 1)),
             (d.slider_mean * 2 + 9) / 3.0, d.id % 5 < 2, d.mood = 'positive' AND d.id % 4 = 0, d.customer_name, d.customer_phone,
             coalesce(d.customer_email, ''), d.responded_at
        FROM dispatches d WHERE d.location_id = ${loc}`);
    await q(`${siteReviews.toLocaleString('en-US')} review site reviews`, `INSERT INTO reviews (location_id, source, external_id, author_name, rating, sentiment, text, posted_at, campaign_id, url, updated_at)
      SELECT ${loc}, (ARRAY['google','google','facebook','yelp'])[1 + i % 4], 'bench-' || i,
             (ARRAY['Maria','James','Priya','Tom','Aisha','Kevin'])[1 + i % 6] || ' ' || (ARRAY['G.','C.','P.','B.'])[1 + i % 4],
             1 + (i * 7) % 5, CASE WHEN 1 + (i * 7) % 5 >= 4 THEN 'positive' WHEN 1 + (i * 7) % 5 = 3 THEN 'neutral' ELSE 'negative' END,
             CASE WHEN i % 2 = 0 THEN 'Great plumbing service number ' || i ELSE '' END,
             now()::timestamp - (${DAYS} * (i::float8 / ${siteReviews})) * interval '1 day',
             CASE WHEN i % 3 = 0 THEN (SELECT min(id) FROM campaigns WHERE location_id = ${loc}) + i % 20 END, '', now()
        FROM generate_series(1, ${siteReviews}) i`);
    await q('contact cards', `INSERT INTO contact_card_sends (location_id, "to", customer_name, status, send_after, sent_at, attempts)
      SELECT ${loc}, customer_phone, customer_name, 'sent', responded_at + interval '30 minutes', responded_at + interval '30 minutes', 1
        FROM dispatches WHERE location_id = ${loc} AND id % 4 = 0`);
    await q('rating snapshots', `INSERT INTO rating_snapshots (location_id, platform, day, review_count, rating)
      SELECT ${loc}, p, current_date - g, 400000 - g * 500, 4.2 + (${DAYS} - g) * 0.001
        FROM generate_series(0, ${DAYS}) g CROSS JOIN (VALUES ('google'), ('facebook')) v(p)`);
    await client.query(`SET session_replication_role = origin`);
    await q('search indexes', gin.map((index) => `${index.def};`).join(' '));
    await q('daily rollups', `SELECT analytics_rebuild(${loc}), leaderboard_rebuild(${loc})`);
    await q('analyze', `ANALYZE dispatches; ANALYZE reviews; ANALYZE review_daily_counts; ANALYZE dispatch_daily_stats; ANALYZE campaign_daily_stats; ANALYZE contact_card_sends`);
  } finally {
    await release();
  }
  return loc;
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * The logs of the bench location at the same scale, as the sending path writes them: an SMS for each
 * pulseCheck sent by text and an email for each one sent by email. Vacuumed once, as autovacuum would.
 */
async function seedLogs(db: Db, loc: number) {
  const { client, q, release } = await seedConnection(db);
  try {
    // Row triggers off while it loads; the daily counts are then made in one pass by the migration's function.
    await client.query(`SET session_replication_role = replica`);
    await q('logs: SMS', `INSERT INTO sms_messages (location_id, direction, "to", "from", body, provider, provider_id, status, app, campaign_id, created_at, updated_at)
      SELECT location_id, 'outbound', customer_phone, '+15125550100', 'How did we do? Tell us in a few taps.', 'twilio', 'SM' || md5(id::text), 'delivered',
             'dispatch', campaign_id, created_at, created_at
        FROM dispatches WHERE location_id = ${loc} AND sms_status = 1 ORDER BY created_at`);
    await q('logs: emails', `INSERT INTO email_logs (location_id, app, campaign_id, "to", subject, template, provider, provider_id, status, created_at)
      SELECT location_id, 'dispatch', campaign_id, customer_email, 'How did we do?', 'pcheck', 'sendgrid', md5(id::text), 'sent', created_at
        FROM dispatches WHERE location_id = ${loc} AND email_status = 1 ORDER BY created_at`);
    await client.query(`SET session_replication_role = origin`);
    await q('logs: daily counts', `SELECT logs_rebuild(${loc})`);
    // One statement each: VACUUM cannot run in the transaction block a multi-statement query makes.
    await q('logs: vacuum SMS', `VACUUM ANALYZE sms_messages`);
    await q('logs: vacuum emails', `VACUUM ANALYZE email_logs`);
  } finally {
    await release();
  }
}

async function main() {
  const data = benchDataDir('kudo-bench-analytics-');
  const env = { ...process.env, DATA_DIR: data.dir, LOG_LEVEL: 'silent', DATABASE_URL: '' };
  const database = await prepareDatabase(loadConfig({ ...env, DATABASE_URL: undefined }), () => {});
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    const locationId = await benchLocation(database.db, data, async () => {
      const id = await seed(database.db);
      await seedLogs(database.db, id);
      return id;
    });
    const app = await startTarget('app', { ...env, DATABASE_URL: database.url }, profileFlags());
    try {
      const { cookie, csrf } = await loginAt(app.url, locationId);
      const campaign = await database.db.campaign.findFirstOrThrow({ where: { locationId }, orderBy: { id: 'asc' } });
      const post = (p: string, body: unknown): LoadTarget => ({
        url: `${app.url}/api${p}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: csrf },
        body: JSON.stringify(body),
      });
      const calls: [string, LoadTarget][] = [
        [`E127 ${analyticsApi.loadRatingsGrowth.path}`, post(analyticsApi.loadRatingsGrowth.path, {})],
        [`E128 ${analyticsApi.loadRatingsChart.path} (all time)`, post(analyticsApi.loadRatingsChart.path, { time_range: 'all', social_media: 'google' })],
        [`E129 ${analyticsApi.loadDispatching.path} (6 months)`, post(analyticsApi.loadDispatching.path, { from_date: daysAgo(182), to_date: daysAgo(0) })],
        [`E138 ${analyticsApi.fetchReviews.path} (first page)`, post(analyticsApi.fetchReviews.path, {})],
        [
          `E138 ${analyticsApi.fetchReviews.path} (filtered, searched, sorted)`,
          post(analyticsApi.fetchReviews.path, {
            searchPhrase: 'leak',
            filters: { positive: true, unapproved: true },
            campaign_uid: campaign.uid,
            sort: { kudo_index: 'desc' },
            rowCount: 25,
            current: 2,
          }),
        ],
        [
          `E138 ${analyticsApi.fetchReviews.path} (searched with matches, sorted)`,
          post(analyticsApi.fetchReviews.path, {
            searchPhrase: 'leak',
            filters: { positive: true },
            campaign_uid: campaign.uid,
            sort: { kudo_index: 'desc' },
            rowCount: 25,
            current: 2,
          }),
        ],
        [`E139 ${analyticsApi.exportReviews.path} (3,000 rows)`, post(analyticsApi.exportReviews.path, { rowCount: 3000, current: 1 })],
      ];
      for (const id of ['E144', 'E148']) {
        const e = endpoints.find((x) => x.id === id);
        if (!e) notes.push(`${id}: not in the registry of this build, not timed`);
        else if (e.method === 'POST') calls.push([`${id} ${e.path}`, post(e.path, id === 'E144' ? { limit: 10, view: 'needs_credit' } : {})]);
        else calls.push([`${id} ${e.path}`, { url: `${app.url}/api${e.path}`, method: 'GET', headers: { cookie } }]);
      }
      calls.push(...leaderboardCalls(post));
      const outbound = endpoints.find((x) => x.id === 'E151');
      if (!outbound) notes.push('E151: not in the registry of this build, not timed');
      else {
        calls.push([`E151 ${outbound.path} (last month, first 500)`, post(outbound.path, {})]);
        calls.push([`E151 ${outbound.path} (last month, searched, rows 500-999)`, post(outbound.path, { search: 'email', offset: 500 })]);
      }
      for (const call of calls.filter(([name]) => name.includes(only))) figures.push(...(await runLoad([call], { connections, seconds, warmupSeconds, rounds: 1 })));
    } finally {
      await app.stop();
    }
  } finally {
    await database.stop();
    data.remove();
  }
  console.log(`\n${seconds} s each after ${warmupSeconds} s warm-up, ${connections} connections, Node ${process.versions.node}, ${os.cpus().length} cores; server and load generator in separate processes`);
  for (const f of figures) {
    console.log(`${f.name.padEnd(78)} p50 ${f.p50.toFixed(0).padStart(4)} ms  p95 ${f.p95.toFixed(0).padStart(4)} ms  p99 ${f.p99.toFixed(0).padStart(4)} ms  ${f.rps.toFixed(0).padStart(5)} req/s`);
  }
  for (const note of notes) console.log(note);
  const worst = Math.max(...figures.map((f) => f.p95));
  console.log(`analytics: worst p95 ${worst.toFixed(0)} ms at ${answers.toLocaleString('en-US')} pulseChecks`);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  });
