// What the benches share: starting a server or a load generator in its own process, reading its one-line
// answer, and logging in the way the browser does.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_COOKIE, CSRF_HEADER, sessionApi } from '@kudo/shared';
import { poolOf, type Db } from '../src/lib/db.js';
import { withHugePages } from '../src/lib/huge-pages.js';
import type { LoadJob, LoadResult, LoadTarget } from './load.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = import.meta.resolve('tsx');
/** Every process a bench started and that still runs: killed when the bench gives up. */
export const children = new Set<ChildProcess>();

/** A number given on the command line as `--name N`, or the fallback. */
export const numberArg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** A text given on the command line as `--name TEXT`, or the fallback. */
export const textArg = (name: string, fallback = '') => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] ?? fallback : fallback;
};

/**
 * The bench's database folder: with `--keep DIR`, DIR, kept after the run so that the next run with the same
 * option uses its seed again; otherwise a new temporary folder, removed at the end.
 */
export function benchDataDir(prefix: string): { dir: string; kept: boolean; remove(): void } {
  const keep = textArg('keep');
  if (keep) return { dir: path.resolve(keep), kept: true, remove: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, kept: false, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The name of the location a bench seeds and measures. */
export const BENCH_LOCATION = 'Bench Plumbing';

/**
 * The bench location: the one a kept database (`--keep`) already holds, else the one `seed` makes now, timed. A kept
 * database without it (a run stopped while seeding) is seeded again.
 */
export async function benchLocation(db: Db, data: { dir: string; kept: boolean }, seed: () => Promise<number>): Promise<number> {
  const found = data.kept ? await db.location.findFirst({ where: { name: BENCH_LOCATION }, select: { id: true } }) : null;
  if (found) {
    console.log(`using the database seeded before in ${data.dir}`);
    return found.id;
  }
  console.log('seeding');
  const started = Date.now();
  const id = await seed();
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return id;
}

/** BENCH_PROFILE=<dir>: the Node flags that write a CPU profile of the API process there, or none. */
export const profileFlags = (): string[] => (process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []);

/** Stops the bench (and every process it started) once it has run longer than it ever should. */
export function stopAfter(bench: string, budgetMs: number) {
  setTimeout(() => {
    console.error(`${bench}: still running after ${budgetMs / 1000} s, stopping`);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  }, budgetMs).unref();
}

/**
 * Starts a bench process (a server or the load generator) with the malloc settings Kudo's own processes start with
 * (lib/huge-pages.ts), so that both sides of a comparison run alike.
 */
export function node(script: string, args: string[], env: NodeJS.ProcessEnv, flags: string[] = [], ipc = false) {
  const child = spawn(process.execPath, [...flags, '--import', tsx, path.join(here, script), ...args], {
    env: withHugePages(env),
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

export function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end >= 0) resolve(out.slice(0, end));
    });
    child.on('exit', (code) => reject(new Error(`process exited (${code}) before answering`)));
  });
}

export interface Target {
  url: string;
  stop(): Promise<void>;
}

export async function startTarget(kind: 'bare' | 'pg' | 'app', env: NodeJS.ProcessEnv, flags: string[] = []): Promise<Target> {
  const child = node('target.ts', [kind], env, flags, true);
  const { url } = JSON.parse(await firstLine(child)) as { url: string };
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.disconnect();
      }),
  };
}

export interface Figure extends LoadResult {
  name: string;
}

/**
 * Runs a load generator process over the named routes; several alternate in `job.rounds` slices each. With
 * `job.pauseAfter`, `onPause(i)` runs after each slice of those targets, and the next slice waits for it.
 */
export async function runLoad(
  named: [string, LoadTarget][],
  job: Omit<LoadJob, 'targets'>,
  onPause?: (target: number) => Promise<void>,
): Promise<Figure[]> {
  const ipc = Boolean(job.pauseAfter?.length);
  const child = node('load.ts', [JSON.stringify({ ...job, targets: named.map(([, target]) => target) })], process.env, [], ipc);
  if (ipc) {
    child.on('message', (message: { pause: number }) => {
      void (onPause ?? (async () => {}))(message.pause).then(
        () => child.connected && child.send('go'),
        (err: unknown) => {
          console.error(err);
          child.kill('SIGKILL');
        },
      );
    });
  }
  const results = JSON.parse(await firstLine(child)) as LoadResult[];
  return results.map((result, i) => {
    const name = named[i]![0];
    const target = named[i]![1];
    if (result.unexpected > 0 || result.errors > 0) {
      throw new Error(`${name}: ${result.unexpected} answers other than ${target.status ?? '2xx'}, ${result.errors} errors`);
    }
    return { name, ...result };
  });
}

/** Logs in as the demo owner and chooses a location, the way the browser does: its Cookie and CSRF headers. */
export async function loginAt(url: string, locationId: number): Promise<{ cookie: string; csrf: string }> {
  const login = await fetch(`${url}/api${sessionApi.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'owner@kudo.test', password: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookies = new Map(login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = cookies.get(CSRF_COOKIE) ?? '';
  const select = await fetch(`${url}/api${sessionApi.selectLocation.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: csrf },
    body: JSON.stringify({ location_id: locationId }),
  });
  if (!select.ok) throw new Error(`choosing the location failed: ${select.status} ${await select.text()}`);
  return { cookie, csrf };
}

/**
 * A connection for a seed of a million rows: without the pool's one-minute statement limit (it is the requests'),
 * each step timed and printed by `q`. `release` puts the limit back and returns the connection to the pool.
 */
export async function seedConnection(db: Db) {
  const client = await poolOf(db).connect();
  await client.query(`SET statement_timeout = 0`);
  const q = async (label: string, sql: string, values: unknown[] = []) => {
    const started = Date.now();
    await client.query(sql, values);
    console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const release = async () => {
    await client.query(`RESET statement_timeout`).catch(() => undefined);
    client.release();
  };
  return { client, q, release };
}

/** The bench's own location (BENCH_LOCATION) in Austin's account, with the demo owner as its Owner; its id. */
export async function createBenchLocation(db: Db): Promise<number> {
  const austin = await db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const owner = await db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
  const location = await db.location.create({ data: { accountId: austin.accountId, name: BENCH_LOCATION, timeZone: 'America/Chicago' } });
  await db.membership.create({ data: { userId: owner.id, locationId: location.id, role: 'Owner' } });
  return location.id;
}
