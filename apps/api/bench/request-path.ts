// Measures the request path side by side in one run, on a throwaway embedded database: a bare Fastify route,
// GET /api/health, the rate-limited public widget data (a fresh read, and a revalidation answered 304), and a
// logged-in owner's E008, E009 and E010 at Austin, each against the bare pg round trip (Fastify + `select 1`
// over pg): the two alternate in slices, so that both sides of each ratio see the same machine load. Every
// server runs in its own process and so does every load generator; this process only starts them and prints
// the table. It bounds its own duration.
// Usage: pnpm bench [-- --seconds 8 --warmup 2 --app-warmup 3 --connections 50 --only E008]; --only keeps,
// besides the bare Fastify route and E010, the API measurements whose name contains the text; --app-warmup
// is how long each API route runs in a new API process before any is measured. BENCH_PROFILE=<dir> writes
// a CPU profile of the API process (node --cpu-prof) to that folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { CSRF_HEADER, sessionApi } from '@kudo/shared';
import { prepareDatabase } from '../src/boot.js';
import { loadConfig } from '../src/config.js';
import { FLUSH_MS } from '../src/lib/rate-limit.js';
import { children, loginAt, numberArg, runLoad, startTarget, stopAfter, type Figure, type Target } from './harness.js';
import type { LoadTarget } from './load.js';

const arg = numberArg;
const seconds = arg('seconds', 8);
const warmupSeconds = arg('warmup', 2);
const connections = arg('connections', 50);
const appWarmupSeconds = arg('app-warmup', 3);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').toLowerCase() : '';
const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;

// The whole run is bounded: 7 rows, each measured beside bare pg (twice warm-up + measurement) after the
// API's own warm-up, with a margin, plus start-up.
const ROWS = 7;
const PAIRED_ROUNDS = 8;
const budgetMs = (ROWS * (2 * (seconds + warmupSeconds) + appWarmupSeconds + 15) + 180) * 1000;
stopAfter('bench', budgetMs);

async function startApiTarget(kind: 'bare' | 'pg' | 'app', env: NodeJS.ProcessEnv): Promise<Target> {
  return startTarget(kind, env, kind === 'app' && profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
}

/** A row of the table: the route measured and the bare pg round trip measured in the slices between. */
interface Row {
  figure: Figure;
  pg: Figure;
}

const WIDGET_FRESH = 'GET /api/widget/:key/data (public, rate-limited)';
const WIDGET_304 = 'GET /api/widget/:key/data, If-None-Match (304)';
/** The public rate limit's count of every request the bench sends (all from one loopback address). */
const PUBLIC_KEY = 'public:ip:127.0.0.1';

const slices = (f: Figure) => f.slices.map((r) => r.toFixed(0)).join(', ');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-bench-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    // One loopback address sends everything: limits far above the load, so the bench measures the
    // limiter's cost, not its refusals.
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
  };
  const database = await prepareDatabase(loadConfig({ ...env, DATABASE_URL: undefined }), () => {});
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    const serverEnv = { ...env, DATABASE_URL: database.url };
    const austin = await database.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
    const widget = await database.db.widgetSetting.findFirstOrThrow({ where: { locationId: austin.id } });

    const bare = await startApiTarget('bare', serverEnv);
    const pgTarget = await startApiTarget('pg', serverEnv);
    let app: Target | null = null;
    const pgRoute: LoadTarget = { url: `${pgTarget.url}/pg`, method: 'GET', headers: {} };
    /** Measures a route in alternating slices with bare pg. */
    const measure = async (name: string, target: LoadTarget) => {
      const [pg, figure] = await runLoad(
        [
          ['Fastify + pg select 1 (bare pg)', pgRoute],
          [name, target],
        ],
        { connections, seconds, warmupSeconds, rounds: PAIRED_ROUNDS },
      );
      rows.push({ figure: figure!, pg: pg! });
      return figure!;
    };
    try {
      await measure('bare Fastify route', { url: `${bare.url}/bare`, method: 'GET', headers: {} });
      await bare.stop();
      app = await startApiTarget('app', serverEnv);
      const appUrl = app.url;
      const { cookie, csrf } = await loginAt(appUrl, austin.id);
      const api = (p: string) => `${appUrl}/api${p}`;
      const post = (p: string, body: unknown): LoadTarget => ({
        url: api(p),
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: csrf },
        body: JSON.stringify(body),
      });
      const widgetUrl = api(`/widget/${widget.widgetKey}/data`);
      const first = await fetch(widgetUrl);
      const etag = first.headers.get('etag');
      if (!first.ok || !etag) throw new Error(`the widget data answered ${first.status} without an ETag`);
      const routes: [string, LoadTarget][] = (
        [
          ['E010 GET /api/location/subscriptions/load', { url: api(sessionApi.loadSubscriptions.path), method: 'GET', headers: { cookie } }],
          ['GET /api/health', { url: api('/health'), method: 'GET', headers: {} }],
          [WIDGET_FRESH, { url: widgetUrl, method: 'GET', headers: {} }],
          [WIDGET_304, { url: widgetUrl, method: 'GET', headers: { 'if-none-match': etag }, status: 304 }],
          ['E008 POST /api/account/locations/load', post(sessionApi.loadLocations.path, {})],
          ['E009 POST /api/account/location-change/select', post(sessionApi.selectLocation.path, { location_id: austin.id })],
        ] satisfies [string, LoadTarget][]
      ).filter(([name]) => name.startsWith('E010') || !only || name.toLowerCase().includes(only));
      // A new process runs its code unoptimised, and the request path is long: every route is first run for a
      // while (bare pg has run through the first row), so that the slices measure the process as it runs for
      // days rather than its first seconds.
      await runLoad(routes, { connections, seconds: appWarmupSeconds, warmupSeconds: 0, rounds: 1 });
      for (const [name, target] of routes) {
        // The public limit counts per minute: the fresh reads' hits are compared with their answers from a
        // new count (the measurement lasts less than its window).
        if (name === WIDGET_FRESH) await database.db.rateLimitHit.deleteMany({ where: { key: PUBLIC_KEY } });
        const figure = await measure(name, target);
        if (name === WIDGET_FRESH) {
          await setTimeout(3 * FLUSH_MS);
          const counted = await database.db.rateLimitHit.findUnique({ where: { key: PUBLIC_KEY } });
          notes.push(
            `public rate limit: ${counted?.count ?? 0} hits counted for ${figure.answered} fresh reads answered (warm-up included; ` +
              'requests still in flight when a run ends are counted, not answered)',
          );
        }
      }
    } finally {
      await bare.stop();
      await pgTarget.stop();
      await app?.stop();
    }
  } finally {
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const pgAll = rows.reduce((sum, r) => sum + r.pg.requests, 0) / rows.reduce((sum, r) => sum + r.pg.requests / r.pg.rps, 0);
  console.log(`\n${seconds} s each after ${warmupSeconds} s warm-up, ${connections} connections, Node ${process.versions.node}, ${os.cpus().length} cores; servers and load generator in separate processes`);
  console.log(`each route alternates with bare pg (Fastify + pg select 1) in ${PAIRED_ROUNDS} slices of ${seconds / PAIRED_ROUNDS} s each; p99: mean over the slices`);
  console.log('endpoint'.padEnd(50), 'req/s'.padStart(8), 'p99 ms'.padStart(7), 'bare pg'.padStart(8), 'x bare pg'.padStart(10));
  console.log('Fastify + pg select 1 (bare pg, over all slices)'.padEnd(50), pgAll.toFixed(0).padStart(8), ''.padStart(7), pgAll.toFixed(0).padStart(8), '1.00'.padStart(10));
  for (const { figure: f, pg } of rows) {
    console.log(f.name.padEnd(50), f.rps.toFixed(0).padStart(8), f.p99.toFixed(0).padStart(7), pg.rps.toFixed(0).padStart(8), (f.rps / pg.rps).toFixed(2).padStart(10));
  }
  console.log('req/s by slice (bare pg | route):');
  for (const { figure: f, pg } of rows) console.log(`  ${f.name.trim()}: ${slices(pg)} | ${slices(f)}`);
  for (const note of notes) console.log(note);
  if (profileDir) console.log(`CPU profile of the API process in ${profileDir}`);
  const e010 = rows.find((r) => r.figure.name.startsWith('E010'));
  if (e010) console.log(`E010 ${e010.figure.rps.toFixed(0)} req/s = ${(e010.figure.rps / e010.pg.rps).toFixed(2)} x bare pg`);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  });
