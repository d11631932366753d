// Measures the public API's review requests (POST /api/v1/review-requests with an API key), each a new customer
// with its own Idempotency-Key, sent through Operate's send path to the local SMS outbox, side by side with the bare
// pg round trip (Fastify + `select 1` over pg) on a throwaway embedded database. First with `Prefer: respond-async`
// (answered once recorded, sent a moment later): slices of bare pg and of the route alternating in one load process,
// each route slice followed by a pause until all its requests were sent (that time counts in the `sent` rate). Then
// the default (each answered once sent) alternating with bare pg, and 50 connections repeating one Idempotency-Key at
// once; last, the database is counted: every request must have made one dispatch and one text, and the repeated key
// one request. The last line is the default's. The API, bare pg and the load generator each run in their own process.
// Usage: pnpm bench:api [-- --seconds 8 --warmup 2 --app-warmup 3 --connections 50]; BENCH_PROFILE=<dir> writes a
// CPU profile of the API process there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, integrationsApi } from '@kudo/shared';
import { prepareDatabase } from '../src/boot.js';
import { loadConfig } from '../src/config.js';
import { children, loginAt, numberArg, profileFlags, runLoad, startTarget, stopAfter, type Figure, type Target } from './harness.js';
import type { LoadTarget } from './load.js';

const seconds = numberArg('seconds', 8);
const warmupSeconds = numberArg('warmup', 2);
const appWarmupSeconds = numberArg('app-warmup', 3);
const connections = numberArg('connections', 50);
const ROUNDS = 8;
const REPLAY_SECONDS = 2;
stopAfter('bench:api', (2 * (seconds + warmupSeconds) + appWarmupSeconds + REPLAY_SECONDS + 600) * 1000);

const PHONE_AREA = '+1512';
/** Seven digits after the area code: an exchange of 2-9, so every number is a valid US number. */
const FIRST_NUMBER = 2_000_000;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-bench-api-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    // Sent at once whatever the hour, and never refused by the per-key limit: the bench measures the path.
    SEND_WINDOW: '0-24',
    RATE_LIMIT_API_KEY_PER_MINUTE: '100000000',
  };
  const database = await prepareDatabase(loadConfig({ ...env, DATABASE_URL: undefined }), () => {});
  const { db } = database;
  let pgTarget: Target | null = null;
  let app: Target | null = null;
  try {
    const serverEnv = { ...env, DATABASE_URL: database.url };
    const austin = await db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
    pgTarget = await startTarget('pg', serverEnv);
    app = await startTarget('app', serverEnv, profileFlags());
    const { cookie, csrf } = await loginAt(app.url, austin.id);
    const created = await fetch(`${app.url}/api${integrationsApi.createApiKey.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: csrf },
      body: JSON.stringify({ name: 'Bench', scopes: ['review_requests:write'] }),
    });
    if (!created.ok) throw new Error(`creating the API key failed: ${created.status} ${await created.text()}`);
    const { key } = ((await created.json()) as { data: { key: string } }).data;

    const requestsUrl = `${app.url}/api/v1/review-requests`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
    const newCustomers = (from: number): LoadTarget => ({
      url: requestsUrl,
      method: 'POST',
      headers: { ...headers, 'idempotency-key': 'bench-{{n}}' },
      body: JSON.stringify({ customer: { name: 'Bench Customer {{n}}', phone: `${PHONE_AREA}{{n}}` }, channel: 'sms', external_id: 'job-{{n}}' }),
      sequence: { from },
      status: 201,
    });
    const pgRoute: LoadTarget = { url: `${pgTarget.url}/pg`, method: 'GET', headers: {} };

    /** Waits until every request of the location is sent (none scheduled and due, none sending); its time in ms. */
    const drained = async () => {
      const started = performance.now();
      for (;;) {
        const [row] = await db.$queryRaw<{ n: bigint }[]>`
          SELECT count(*) AS n FROM api_review_requests WHERE location_id = ${austin.id} AND status IN ('scheduled', 'sending')`;
        if (Number(row?.n ?? 0) === 0) return performance.now() - started;
        if (performance.now() - started > 120_000) throw new Error('review requests still unsent two minutes after their answers');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    // A new process runs its code unoptimised: the route runs a while before it is measured.
    await runLoad([['warm-up', newCustomers(FIRST_NUMBER)]], { connections, seconds: appWarmupSeconds, warmupSeconds: 0, rounds: 1 });
    await drained();
    await runLoad([['warm-up', pgRoute]], { connections, seconds: warmupSeconds, warmupSeconds: 0, rounds: 1 });
    // Alternating slices in one load process: bare pg, then the route, then a pause until the route's requests are
    // all sent, so that no send of the route's runs into the next bare pg slice.
    const slice = seconds / ROUNDS;
    let drainMs = 0;
    const [pg, api] = await runLoad(
      [
        ['Fastify + pg select 1 (bare pg)', pgRoute],
        [
          'POST /api/v1/review-requests (Prefer: respond-async, answered once recorded)',
          { ...newCustomers(FIRST_NUMBER + 500_000), headers: { ...newCustomers(0).headers, prefer: 'respond-async' } },
        ],
      ],
      { connections, seconds, warmupSeconds: 0, rounds: ROUNDS, pauseAfter: [1] },
      async () => {
        drainMs += await drained();
      },
    );
    const sentRps = api!.requests / (seconds + drainMs / 1000);
    // The default: each answer once its request was sent.
    const [pgBeside, waited] = await runLoad(
      [
        ['Fastify + pg select 1 (bare pg), beside the next', pgRoute],
        [
          'POST /api/v1/review-requests (new customer, answered once sent)',
          newCustomers(FIRST_NUMBER + (ROUNDS + 1) * 500_000),
        ],
      ],
      { connections, seconds: seconds / 2, warmupSeconds: 0, rounds: ROUNDS / 2 },
    );
    await drained();
    // One Idempotency-Key from every connection at once: one request, the others answered with it.
    const replayKey = 'bench-replay';
    const [replay] = await runLoad(
      [
        [
          'POST /api/v1/review-requests (one Idempotency-Key repeated)',
          {
            url: requestsUrl,
            method: 'POST',
            headers: { ...headers, 'idempotency-key': replayKey },
            body: JSON.stringify({ customer: { name: 'Bench Replay', phone: `${PHONE_AREA}9999999` }, channel: 'sms' }),
          },
        ],
      ],
      { connections, seconds: REPLAY_SECONDS, warmupSeconds: 0, rounds: 1 },
    );
    await app.stop();
    app = null;

    // Counted once every answer is in: what was recorded, sent and texted.
    const [counts] = await db.$queryRaw<{ requests: bigint; unsent: bigint; dispatches: bigint; texts: bigint; replays: bigint; replay_texts: bigint }[]>`
      SELECT (SELECT count(*) FROM api_review_requests WHERE location_id = ${austin.id}) AS requests,
             (SELECT count(*) FROM api_review_requests WHERE location_id = ${austin.id} AND status <> 'sent') AS unsent,
             (SELECT count(*) FROM dispatches WHERE location_id = ${austin.id} AND api_request_id IS NOT NULL) AS dispatches,
             (SELECT count(*) FROM outbox_messages WHERE location_id = ${austin.id} AND channel = 'sms' AND "to" LIKE ${`${PHONE_AREA}%`}) AS texts,
             (SELECT count(*) FROM api_review_requests WHERE location_id = ${austin.id} AND idempotency_key = ${replayKey}) AS replays,
             (SELECT count(*) FROM outbox_messages WHERE location_id = ${austin.id} AND channel = 'sms' AND "to" = ${`${PHONE_AREA}9999999`}) AS replay_texts`;
    const n = (v: bigint | undefined) => Number(v ?? 0);
    const requests = n(counts?.requests);
    // A duplicate: a dispatch or text more than the requests recorded, or more than one request for the repeated key.
    const duplicates =
      Math.max(0, n(counts?.dispatches) - requests) + Math.max(0, n(counts?.texts) - requests) + Math.max(0, n(counts?.replays) - 1) + Math.max(0, n(counts?.replay_texts) - 1);

    const ratio = api!.rps / pg!.rps;
    console.log(`\n${seconds} s after ${warmupSeconds} s warm-up, ${connections} connections, Node ${process.versions.node}, ${os.cpus().length} cores; servers and load generator in separate processes`);
    console.log(
      `bare pg (Fastify + pg select 1) and the route in ${ROUNDS} slices of ${slice} s each, alternating, each route slice followed by the wait until its requests were sent`,
    );
    console.log('route'.padEnd(72), 'req/s'.padStart(8), 'p50 ms'.padStart(7), 'p95 ms'.padStart(7), 'p99 ms'.padStart(7), 'x bare pg'.padStart(10));
    const row = (f: Figure, bare: Figure | null) =>
      console.log(
        f.name.padEnd(72),
        f.rps.toFixed(0).padStart(8),
        f.p50.toFixed(0).padStart(7),
        f.p95.toFixed(0).padStart(7),
        f.p99.toFixed(0).padStart(7),
        (bare ? (f.rps / bare.rps).toFixed(2) : '').padStart(10),
      );
    row(pg!, pg!);
    row(api!, pg!);
    row(pgBeside!, pgBeside!);
    row(waited!, pgBeside!);
    row(replay!, null);
    console.log(`req/s by slice (bare pg | route): ${pg!.slices.map((r) => r.toFixed(0)).join(', ')} | ${api!.slices.map((r) => r.toFixed(0)).join(', ')}`);
    console.log(
      `sent: ${sentRps.toFixed(0)} requests/s = ${(sentRps / pg!.rps).toFixed(2)} x bare pg (the route's slices and the ${(drainMs / 1000).toFixed(1)} s until their last request was sent)`,
    );
    console.log(
      `recorded ${requests} requests (${n(counts?.unsent)} not sent), ${n(counts?.dispatches)} dispatches, ${n(counts?.texts)} texts; ` +
        `the repeated key: ${replay!.answered} answers, ${n(counts?.replays)} request, ${n(counts?.replay_texts)} text`,
    );
    if (process.env.BENCH_PROFILE) console.log(`CPU profile of the API process in ${process.env.BENCH_PROFILE}`);
    console.log(`respond-async: ${api!.rps.toFixed(0)} requests/s = ${ratio.toFixed(2)} x bare pg, p95 ${api!.p95.toFixed(0)} ms`);
    console.log(`api: ${waited!.rps.toFixed(0)} requests/s = ${(waited!.rps / pgBeside!.rps).toFixed(2)} x bare pg, p95 ${waited!.p95.toFixed(0)} ms, ${duplicates} duplicates`);
    if (duplicates > 0 || n(counts?.unsent) > 0) process.exitCode = 1;
  } finally {
    await app?.stop();
    await pgTarget?.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((err) => {
    console.error(err);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  });
