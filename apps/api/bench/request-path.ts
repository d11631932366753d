// Measures the request path side by side in one run, on a throwaway embedded database: a bare Fastify route,
// Fastify + `select 1` over pg (the bare round trip), GET /api/health, the rate-limited public widget data,
// and a logged-in owner's E008, E009 and E010 at Austin. Every server runs in its own process and so does
// every load generator; this process only starts them and prints the table. It bounds its own duration.
// Usage: pnpm bench [-- --seconds 8 --warmup 2 --connections 50 --only E008]; --only keeps, besides the
// bare routes and E010, the API measurements whose name contains the text. BENCH_PROFILE=<dir> writes a CPU profile of the API process
// (node --cpu-prof) to that folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, sessionApi } from '@kudo/shared';
import { prepareDatabase } from '../src/boot.js';
import { loadConfig } from '../src/config.js';
import { children, loginAt, numberArg, runLoad, startTarget, stopAfter, type Figure, type Target } from './harness.js';
import type { LoadTarget } from './load.js';

const arg = numberArg;
const seconds = arg('seconds', 8);
const warmupSeconds = arg('warmup', 2);
const connections = arg('connections', 50);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').toLowerCase() : '';
const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;

// The whole run is bounded: 7 routes (one slot to spare), each warm-up + measurement + a margin, plus start-up.
const MEASUREMENTS = 8;
const PAIRED_ROUNDS = 4;
const budgetMs = (MEASUREMENTS * (seconds + warmupSeconds + 15) + 180) * 1000;
stopAfter('bench', budgetMs);

async function startApiTarget(kind: 'bare' | 'pg' | 'app', env: NodeJS.ProcessEnv): Promise<Target> {
  return startTarget(kind, env, kind === 'app' && profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
}

/** Runs a load generator process over the named routes; several alternate in `rounds` slices each. */
const measure = (named: [string, LoadTarget][], rounds = 1): Promise<Figure[]> => runLoad(named, { connections, seconds, warmupSeconds, rounds });

/** One route of the API, unless --only leaves it out. */
async function load(name: string, target: LoadTarget): Promise<Figure | null> {
  if (only && !name.toLowerCase().includes(only)) return null;
  return (await measure([[name, target]]))[0]!;
}

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
  const figures: Figure[] = [];
  const add = (f: Figure | null) => f && figures.push(f);
  const notes: string[] = [];
  try {
    const serverEnv = { ...env, DATABASE_URL: database.url };
    const austin = await database.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
    const widget = await database.db.widgetSetting.findFirstOrThrow({ where: { locationId: austin.id } });

    const bare = await startApiTarget('bare', serverEnv);
    try {
      add((await measure([['bare Fastify route', { url: `${bare.url}/bare`, method: 'GET', headers: {} }]]))[0]!);
    } finally {
      await bare.stop();
    }

    // The bare pg round trip and E010 are measured in alternating slices, so that both sides of the ratio
    // see the same load on a shared machine.
    const pgTarget = await startApiTarget('pg', serverEnv);
    const app = await startApiTarget('app', serverEnv);
    let limited: Figure | null = null;
    try {
      const { cookie, csrf } = await loginAt(app.url, austin.id);
      const json = { 'content-type': 'application/json' };
      const api = (p: string) => `${app.url}/api${p}`;
      const [pg, e010] = await measure(
        [
          ['Fastify + pg select 1 (bare pg)', { url: `${pgTarget.url}/pg`, method: 'GET', headers: {} }],
          ['E010 GET /api/location/subscriptions/load', { url: api(sessionApi.loadSubscriptions.path), method: 'GET', headers: { cookie } }],
        ],
        PAIRED_ROUNDS,
      );
      await pgTarget.stop();
      add(pg!);
      add(e010!);
      const slices = (f: Figure) => f.slices.map((r) => r.toFixed(0)).join(', ');
      notes.push(`bare pg and E010 alternate in ${PAIRED_ROUNDS} slices of ${seconds / PAIRED_ROUNDS} s each (p99: mean over the slices)`);
      notes.push(`  req/s by slice: bare pg ${slices(pg!)}; E010 ${slices(e010!)}`);
      add(await load('GET /api/health', { url: api('/health'), method: 'GET', headers: {} }));
      add((limited = await load('GET /api/widget/:key/data (public, rate-limited)', { url: api(`/widget/${widget.widgetKey}/data`), method: 'GET', headers: {} })));
      add(await load('E008 POST /api/account/locations/load', { url: api(sessionApi.loadLocations.path), method: 'POST', headers: { ...json, cookie, [CSRF_HEADER]: csrf }, body: '{}' }));
      add(await load('E009 POST /api/account/location-change/select', { url: api(sessionApi.selectLocation.path), method: 'POST', headers: { ...json, cookie, [CSRF_HEADER]: csrf }, body: JSON.stringify({ location_id: austin.id }) }));
    } finally {
      await pgTarget.stop();
      await app.stop();
    }
    if (limited) {
      // Batching must not lose hits: every answered request is in the shared count once the server stopped.
      const counted = await database.db.rateLimitHit.findUnique({ where: { key: 'public:ip:127.0.0.1' } });
      notes.push(`public rate limit: ${counted?.count ?? 0} hits counted for ${limited.answered} answered (warm-up included; requests still in flight when a run ends are counted, not answered)`);
    }
  } finally {
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const bare = figures[0]!;
  const pg = figures[1]!;
  const e010 = figures.find((f) => f.name.startsWith('E010'));
  console.log(`\n${seconds} s each after ${warmupSeconds} s warm-up, ${connections} connections, Node ${process.versions.node}, ${os.cpus().length} cores; servers and load generator in separate processes`);
  console.log('endpoint'.padEnd(50), 'req/s'.padStart(8), 'p99 ms'.padStart(7), 'vs bare'.padStart(8), 'vs pg'.padStart(6));
  for (const f of figures) {
    console.log(
      f.name.padEnd(50),
      f.rps.toFixed(0).padStart(8),
      f.p99.toFixed(0).padStart(7),
      `${((f.rps / bare.rps) * 100).toFixed(0)}%`.padStart(8),
      (f.rps / pg.rps).toFixed(2).padStart(6),
    );
  }
  for (const note of notes) console.log(note);
  if (profileDir) console.log(`CPU profile of the API process in ${profileDir}`);
  if (e010) console.log(`E010 ${e010.rps.toFixed(0)} req/s = ${(e010.rps / pg.rps).toFixed(2)} x bare pg`);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  });
