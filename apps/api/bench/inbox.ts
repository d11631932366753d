// Times the inbox at scale on a throwaway embedded database: a location holding 1,000,000 messages in 50,000
// conversations over 13 months, seeded in SQL, then E117 (2,000 conversations), E123 (the poll) under 200
// concurrent pollers side by side with a bare pg round trip under the same load, E124 (an answer) and E126 (a
// month of transcripts, in its CSV form and in its JSON form). The server and each load generator run in their own
// processes. Prints one line per call and, last, `inbox: worst p95 N ms at M messages` (the worst of E117, E123,
// E124 and E126's CSV form; the JSON form's line stands beside it).
// Usage: pnpm bench:inbox [-- --messages 1000000 --conversations 50000 --seconds 5 --warmup 1 --connections 4 --pollers 200 --keep DIR]
// --keep DIR keeps the seeded database in DIR and uses it again on the next run with the same option;
// --only TEXT times only the calls whose line holds TEXT (e.g. --only E117); BENCH_PROFILE=<dir> writes a CPU profile
// of the API process there.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { CSRF_HEADER, inboxApi } from '@kudo/shared';
import { prepareDatabase } from '../src/boot.js';
import { loadConfig } from '../src/config.js';
import { poolOf, type Db } from '../src/lib/db.js';
import { BENCH_LOCATION, benchDataDir, benchLocation, children, loginAt, numberArg, profileFlags, runLoad, startTarget, stopAfter, textArg, type Figure } from './harness.js';
import type { LoadTarget } from './load.js';

const arg = numberArg;
const messages = arg('messages', 1_000_000);
const conversations = arg('conversations', 50_000);
const seconds = arg('seconds', 5);
const warmupSeconds = arg('warmup', 1);
const connections = arg('connections', 4);
const pollers = arg('pollers', 200);
const only = textArg('only');
/** Whether the call named so is timed in this run (all of them without --only). */
const timed = (name: string) => name.includes(only);
/** The poll and the bare pg round trip alternate in this many slices, so both see the same machine load. */
const PAIRED_ROUNDS = 4;
/** A month's export is one long answer: measured for longer, and allowed as long. */
const EXPORT_SECONDS = Math.max(2 * seconds, 20);

// Bounded: seeding (minutes at most) plus six measurements with a margin each.
const budgetMs = (20 * 60 + 6 * (2 * seconds + warmupSeconds + 30) + 60) * 1000;
stopAfter('bench:inbox', budgetMs);

const DAYS = 395;

/**
 * The bench location and its inbox, in SQL: the conversations (four in five open, a third assigned to the
 * owner), their messages spread over 13 months (customers and the owner in turn), the owner's read counts
 * (three in four read), some opted-out numbers and a few templates. Row triggers are off while it loads; the
 * conversations' summaries are then computed from their messages in one pass.
 */
export async function seed(db: Db): Promise<{ locationId: number; conversationId: number }> {
  const austin = await db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const owner = await db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
  const location = await db.location.create({
    data: { accountId: austin.accountId, name: BENCH_LOCATION, timeZone: 'America/Chicago', twilioVerified: 'verified', smsNumber: '+15125550999' },
  });
  await db.membership.create({ data: { userId: owner.id, locationId: location.id, role: 'Owner' } });
  await db.subscription.create({
    data: { locationId: location.id, addons: ['kudoPro'], status: 'active', startedAt: new Date(Date.now() - 400 * 86_400_000) },
  });
  const client = await poolOf(db).connect();
  const q = async (label: string, sql: string) => {
    const started = Date.now();
    await client.query(sql);
    console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const loc = location.id;
  const me = owner.id;
  try {
    await client.query(`SET session_replication_role = replica`);
    await q(`${conversations.toLocaleString('en-US')} conversations`, `INSERT INTO conversations (location_id, phone, name, assignee_id, active, source, created_at)
      SELECT ${loc}, '+1512' || lpad(i::text, 7, '0'),
             (ARRAY['Avery','Jordan','Casey','Morgan','Riley','Taylor'])[1 + i % 6] || ' ' || (ARRAY['Hughes','Bennett','Foster','Howard','Price','Sanders','Long','Ross'])[1 + (i / 7) % 8],
             CASE WHEN i % 3 = 0 THEN ${me} END, i % 5 <> 0, CASE WHEN i % 9 = 4 THEN 'web-chat' ELSE 'sms' END,
             now() - interval '${DAYS} days'
        FROM generate_series(1, ${conversations}) i`);
    await q(`${messages.toLocaleString('en-US')} messages`, `INSERT INTO conversation_messages (location_id, conversation_id, direction, body, user_id, kind, created_at)
      SELECT ${loc}, c0.first + i % ${conversations}, CASE WHEN (i / ${conversations}) % 2 = 0 THEN 'inbound' ELSE 'outbound' END::"SmsDirection",
             CASE WHEN (i / ${conversations}) % 2 = 0 THEN 'Hi, the water heater is leaking again, can someone come by? ' || i
                  ELSE 'Thanks for reaching out! A technician can be there tomorrow between 9 and 11. ' || i END,
             CASE WHEN (i / ${conversations}) % 2 = 1 THEN ${me} END, 'message',
             now() - (${DAYS} * (1 - i::float8 / ${messages})) * interval '1 day'
        FROM generate_series(0, ${messages - 1}) i
        CROSS JOIN (SELECT min(id) AS first FROM conversations WHERE location_id = ${loc}) c0`);
    await q('conversation summaries', `UPDATE conversations c SET last_message_id = s.last_id, last_message_at = s.last_at, inbound_count = s.inbound,
        last_message_body = left(m.body, 200), awaiting_since = CASE WHEN m.direction = 'inbound' AND c.id % 4 = 0 THEN m.created_at END
      FROM (SELECT conversation_id, max(id) AS last_id, max(created_at) AS last_at, count(*) FILTER (WHERE direction = 'inbound')::int AS inbound
              FROM conversation_messages WHERE location_id = ${loc} GROUP BY conversation_id) s
      JOIN conversation_messages m ON m.id = s.last_id
      WHERE c.id = s.conversation_id`);
    await q("the owner's read counts", `INSERT INTO conversation_reads (conversation_id, user_id, read_count, updated_at)
      SELECT id, ${me}, inbound_count, now() FROM conversations WHERE location_id = ${loc} AND id % 4 <> 0`);
    await q('opted-out numbers', `INSERT INTO consent_states (location_id, channel, address, scope, opted_out, updated_at)
      SELECT ${loc}, 'sms'::"ConsentChannel", phone, 'messaging'::"ConsentScope", true, now() FROM conversations WHERE location_id = ${loc} AND id % 50 = 7`);
    await q('templates', `INSERT INTO inbox_templates (location_id, category, text, sort_order)
      SELECT ${loc}, (ARRAY['Scheduling','Estimates','Follow-up'])[1 + i % 3], 'Hi *|name|*, template number ' || i, i FROM generate_series(1, 12) i`);
    await q('unread totals', `SELECT inbox_unread_recount(${loc})`);
    await client.query(`SET session_replication_role = origin`);
    // Vacuumed and checkpointed now, so that autovacuum and the checkpointer do not run during the measurements.
    for (const table of ['conversations', 'conversation_messages', 'conversation_reads', 'consent_states', 'inbox_unread_totals']) await q(`vacuum analyze ${table}`, `VACUUM ANALYZE ${table}`);
    await q('checkpoint', 'CHECKPOINT');
  } finally {
    client.release();
  }
  return { locationId: loc, conversationId: await answerable(db, loc) };
}

/** The latest open conversation of the bench location whose number has not opted out: the one E124 answers. */
async function answerable(db: Db, loc: number): Promise<number> {
  const { rows } = await poolOf(db).query<{ id: number }>(
    `SELECT id FROM conversations WHERE location_id = $1 AND active AND id % 50 <> 7 ORDER BY last_message_id DESC LIMIT 1`,
    [loc],
  );
  return rows[0]!.id;
}

/**
 * The export's time to the first byte and its throughput, over a few downloads one after another (the load above
 * times the whole answer, which grows with the month; this says how soon it starts and how fast it flows).
 */
async function downloads(target: LoadTarget, rows: number, times = 5, label = `E126 over ${times} downloads one after another (medians)`): Promise<string> {
  const first: number[] = [];
  const whole: number[] = [];
  let bytes = 0;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const res = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body ?? null });
    const reader = res.body!.getReader();
    let size = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (size === 0) first.push(performance.now() - started);
      size += chunk.value.byteLength;
    }
    whole.push(performance.now() - started);
    bytes = size;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const seconds = median(whole) / 1000;
  return `${label}: first byte ${median(first).toFixed(0)} ms, whole ${median(whole).toFixed(0)} ms for ${(bytes / 1e6).toFixed(1)} MB, ${(bytes / 1e6 / seconds).toFixed(1)} MB/s, ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s`;
}

/**
 * The load generator (autocannon) keeps each answer's body as one string. A month's export is 12–14 MB, and above
 * about 12 MB the generator's young generation collects all the time (a static server answering the same bytes took
 * 5–7 times as long for 13.5 MB as for 12 MB), which would time the client rather than the server: the export's load
 * runs with a larger young generation.
 */
async function withRoomForBigAnswers<T>(run: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = [before, '--max-semi-space-size=64'].filter(Boolean).join(' ');
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = before;
  }
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const line = (f: Figure) =>
  f.requests === 0
    ? `${f.name.padEnd(72)} no answer finished within the measurement`
    : `${f.name.padEnd(72)} p50 ${f.p50.toFixed(0).padStart(4)} ms  p95 ${f.p95.toFixed(0).padStart(4)} ms  p99 ${f.p99.toFixed(0).padStart(4)} ms  ${f.rps.toFixed(0).padStart(5)} req/s`;

async function main() {
  const data = benchDataDir('kudo-bench-inbox-');
  const env = { ...process.env, DATA_DIR: data.dir, LOG_LEVEL: 'silent', DATABASE_URL: '' };
  const database = await prepareDatabase(loadConfig({ ...env, DATABASE_URL: undefined }), () => {});
  const figures: Figure[] = [];
  /** Timed and printed beside the others, but not part of the worst p95 (the JSON form of E126). */
  const besides: Figure[] = [];
  const notes: string[] = [];
  // Printed as measured too, so that a run stopped later still shows what it measured.
  const record = (...measured: Figure[]) => {
    for (const f of measured) console.log(`  ${line(f)}`);
    figures.push(...measured);
  };
  try {
    const locationId = await benchLocation(database.db, data, async () => (await seed(database.db)).locationId);
    const conversationId = await answerable(database.db, locationId);
    const serverEnv = { ...env, DATABASE_URL: database.url };
    const app = await startTarget('app', serverEnv, profileFlags());
    const pgTarget = await startTarget('pg', serverEnv);
    try {
      const { cookie, csrf } = await loginAt(app.url, locationId);
      const post = (p: string, body: unknown, headers: Record<string, string> = {}): LoadTarget => ({
        url: `${app.url}/api${p}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: csrf, ...headers },
        body: JSON.stringify(body),
      });
      const fetched = await fetch(post(inboxApi.fetchConversations.path, {}).url, { method: 'POST', headers: post('', {}).headers, body: '{}' });
      const count = ((await fetched.json()) as { data: { data: unknown[] } }).data.data.length;
      if (count !== 2000) throw new Error(`E117 answered ${count} conversations, not 2,000`);

      if (timed('E117')) record(...(await runLoad([[`E117 ${inboxApi.fetchConversations.path} (2,000 conversations)`, post(inboxApi.fetchConversations.path, {})]], { connections, seconds, warmupSeconds, rounds: 1 })));
      if (timed('E123')) {
        const [pg, poll] = await runLoad(
          [
            [`Fastify + pg select 1 (bare pg), ${pollers} connections`, { url: `${pgTarget.url}/pg`, method: 'GET', headers: {} }],
            [`E123 ${inboxApi.pollConversations.path} (${pollers} pollers)`, post(inboxApi.pollConversations.path, {})],
          ],
          { connections: pollers, seconds: 2 * seconds, warmupSeconds, rounds: PAIRED_ROUNDS },
        );
        record(poll!);
        notes.push(line(pg!));
        notes.push(`  bare pg and E123 alternate in ${PAIRED_ROUNDS} slices of ${(2 * seconds) / PAIRED_ROUNDS} s; E123 = ${(poll!.rps / pg!.rps).toFixed(2)} x bare pg req/s`);
      }
      if (timed('E124')) {
        record(
          ...(await runLoad([[`E124 ${inboxApi.sendMessage.path}`, post(inboxApi.sendMessage.path, { customer_id: conversationId, body: 'On our way, see you in 20 minutes.' })]], {
            connections,
            seconds,
            warmupSeconds,
            rounds: 1,
          })),
        );
      }
      if (timed('E126')) {
        const month = { from_date: daysAgo(30), to_date: daysAgo(0) };
        const total = await database.db.conversationMessage.count({ where: { locationId, createdAt: { gte: new Date(Date.now() - 31 * 86_400_000) } } });
        const csv = post(inboxApi.exportTranscripts.path, month, { accept: 'text/csv' });
        const rows = post(inboxApi.exportTranscripts.path, month);
        // The month's first export writes every day and stores what is more than two hours old, in both forms; the
        // timed ones read it.
        await database.db.transcriptDay.deleteMany({ where: { locationId } });
        notes.push(await downloads(csv, total, 1, 'E126 the first export of the month, no day stored yet'));
        // The CSV form and the JSON form (columns and rows in the envelope, the default answer) alternate in slices,
        // so that both see the same machine load.
        const [file, json] = await withRoomForBigAnswers(() =>
          runLoad(
            [
              [`E126 ${inboxApi.exportTranscripts.path} (a month, ~${total.toLocaleString('en-US')} messages)`, csv],
              [`E126 JSON rows (a month, ~${total.toLocaleString('en-US')} messages)`, rows],
            ],
            { connections: 1, seconds: EXPORT_SECONDS, warmupSeconds: 0, rounds: PAIRED_ROUNDS, timeoutSeconds: EXPORT_SECONDS },
          ),
        );
        record(file!);
        console.log(`  ${line(json!)}`);
        besides.push(json!);
        notes.push(await downloads(csv, total));
        notes.push(await downloads(rows, total, 5, 'E126 JSON rows over 5 downloads one after another (medians)'));
      }
    } finally {
      await Promise.all([app.stop(), pgTarget.stop()]);
    }
  } finally {
    await database.stop();
    data.remove();
  }
  console.log(`\n${seconds} s each after ${warmupSeconds} s warm-up, ${connections} connections (E123: ${pollers}; E126: 1 for ${EXPORT_SECONDS} s per form, alternating), Node ${process.versions.node}, ${os.cpus().length} cores; server and load generator in separate processes`);
  for (const f of [...figures, ...besides]) console.log(line(f));
  for (const note of notes) console.log(note);
  // A call that never finished within its window counts as that window (a floor, said above).
  const worst = Math.max(...figures.map((f) => (f.requests === 0 ? EXPORT_SECONDS * 1000 : f.p95)));
  console.log(`inbox: worst p95 ${worst.toFixed(0)} ms at ${messages.toLocaleString('en-US')} messages`);
}

// Run as the bench (not when another script imports the seed).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  });
