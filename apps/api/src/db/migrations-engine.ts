/**
 * Prisma's schema engine, compiled to WebAssembly, run against PostgreSQL: the engine's instance, its
 * logs and errors, and the connections it is handed (through @prisma/adapter-pg, with its defects worked
 * around). migrations.ts says what to run; this file runs it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine, SchemasContainer } from '@prisma/schema-engine-wasm/schema_engine_bg';
import pg from 'pg';

export interface MigrationOptions {
  /** The database to migrate or inspect. */
  url: string;
  /** Prisma's migrations folder. */
  migrationsDir: string;
  /** The Prisma schema file the database should match. */
  schemaPath: string;
  /** The derived stores' definitions (prisma/derived), applied by deploy after the migrations. */
  derivedDir?: string;
  /** Receives the engine's progress messages (e.g. "Applying `20250101000000_init`"). */
  log?: (message: string) => void;
}

/** The error of a failed engine command, with Prisma's error code when it gave one (e.g. P3018). */
export class MigrationError extends Error {
  override name = 'MigrationError';
  constructor(
    message: string,
    readonly code?: string,
    /** The migration that failed to apply, if any. */
    readonly migration?: string,
  ) {
    super(message);
  }
}

/** The schema's files: `schemaPath` is one .prisma file or a folder of them (one per product area). */
async function readSchema(schemaPath: string): Promise<[string, string][]> {
  const resolved = path.resolve(schemaPath);
  const files = fs.statSync(resolved).isDirectory()
    ? fs
        .readdirSync(resolved)
        .filter((name) => name.endsWith('.prisma'))
        .sort()
        .map((name) => path.join(resolved, name))
    : [resolved];
  return Promise.all(files.map(async (file): Promise<[string, string]> => [file, await fs.promises.readFile(file, 'utf8')]));
}

export async function schemaFiles(schemaPath: string): Promise<SchemasContainer> {
  const files = await readSchema(schemaPath);
  return { files: files.map(([file, content]) => ({ path: file, content })) };
}

// ---------------------------------------------------------------------------------------------
// Schema engine

/**
 * Runs one engine command against `opts.url`. The engine never closes the connections it is
 * given, so every pool and shadow database opened for the command is closed here.
 */
/**
 * Where the engine's WebAssembly writes the message of a panic before it aborts, as Prisma's own CLI sets it up:
 * without it a panic surfaces as "Cannot read properties of undefined (reading 'set_message')" instead of saying
 * what the engine could not do.
 */
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { message: string; set_message(m: string): void } }).PRISMA_WASM_PANIC_REGISTRY ??= {
  message: '',
  set_message(m: string) {
    this.message = m;
  },
};

export async function withEngine<T>(opts: MigrationOptions, command: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const bindings = await loadEngineBindings();
  const connections = new EngineConnections(opts.url);
  const keepAlive = setInterval(() => {}, 60_000);
  let engine: SchemaEngine | undefined;
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    engine = await bindings.SchemaEngine.new(
      { datamodels: await readSchema(opts.schemaPath) },
      (entry: string) => forwardEngineLog(entry, opts.log),
      bindFactory(connections),
    );
    outcome = { ok: true, value: await command(engine) };
  } catch (error) {
    outcome = { ok: false, error };
  }
  clearInterval(keepAlive);
  engine?.free();
  try {
    await connections.close();
  } catch (error) {
    // A failure to clean up must not hide the command's own error.
    if (outcome.ok) outcome = { ok: false, error };
  }
  if (!outcome.ok) throw toMigrationError(outcome.error);
  return outcome.value;
}

let bindingsReady: Promise<typeof engineBindings> | undefined;

/** Instantiates the engine's WebAssembly once per process. */
function loadEngineBindings(): Promise<typeof engineBindings> {
  bindingsReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await fs.promises.readFile(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
    const imports: Record<string, unknown> = { ...engineBindings };
    for (const name of Object.keys(engineBindings)) {
      if (name.startsWith('__wbg_setTimeout_')) imports[name] = unrefTimeout;
    }
    const { instance } = await wasmRuntime().instantiate(bytes, { './schema_engine_bg.js': imports });
    engineBindings.__wbg_set_wasm(instance.exports);
    (instance.exports['__wbindgen_start'] as () => void)();
    return engineBindings;
  })();
  return bindingsReady;
}

/** The engine logs JSON lines (`{ level, fields: { message, ... }, target }`); pass on their messages. */
function forwardEngineLog(entry: string, log: ((message: string) => void) | undefined): void {
  if (!log) return;
  try {
    const { level, fields } = JSON.parse(entry) as { level?: string; fields?: { message?: unknown } };
    if (level !== 'DEBUG' && level !== 'TRACE' && typeof fields?.message === 'string') log(fields.message);
  } catch {
    log(entry);
  }
}

/**
 * The engine arms a timer for its timeouts and never cancels it, which would keep the process
 * alive for seconds after the command; its timers must not hold the process open (a command in
 * progress holds it through withEngine instead).
 */
function unrefTimeout(callback: () => void, ms: number): NodeJS.Timeout {
  return setTimeout(callback, ms >>> 0).unref();
}

/** Node's WebAssembly global, which the product's type libraries (no DOM) do not declare as a value. */
function wasmRuntime(): {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
} {
  return (globalThis as unknown as { WebAssembly: ReturnType<typeof wasmRuntime> }).WebAssembly;
}

/**
 * The engine rejects with errors carrying Prisma's code (e.g. P3009) and a message followed by a
 * Rust span trace; keep the message, and name the migration the trace points at.
 */
function toMigrationError(error: unknown): MigrationError {
  if (error instanceof MigrationError) return error;
  const { message = String(error), code } = (error ?? {}) as { message?: string; code?: unknown };
  const lines = message.split('\n');
  const traceStart = lines.findIndex((line) => /^\s+\d+: /.test(line));
  const text = (traceStart === -1 ? lines : lines.slice(0, traceStart))
    .filter((line) => line.trim() && line.trim() !== 'external connector error')
    .join('\n')
    .trim();
  const migration = /with migration_name="([^"]+)"/.exec(message)?.[1];
  const errorCode = typeof code === 'string' ? code : undefined;
  return migration
    ? new MigrationError(`Migration ${migration} failed: ${text}`, errorCode, migration)
    : new MigrationError(text || message, errorCode);
}

// ---------------------------------------------------------------------------------------------
// Connections handed to the engine, through @prisma/adapter-pg with its defects worked around

type PgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;
type PgTransaction = Awaited<ReturnType<PgAdapter['startTransaction']>>;

const CHAR_OID = 18;
const TEXT_OID = 25;

/** Opens and tracks the pools of the main and shadow databases of one engine command. */
class EngineConnections {
  private readonly pools = new Set<pg.Pool>();
  private readonly shadowDatabases = new Set<string>();

  constructor(private readonly url: string) {}

  async connect(): Promise<PgAdapter> {
    const pool = this.openPool({ connectionString: this.url });
    return new PrismaPg(pool, adapterOptions(this.url)).connect();
  }

  /**
   * adapter-pg's own shadow database connects with the main connection string, which pg lets win
   * over the shadow database's name (so "shadow" work ran on the main database), and drops the
   * database before closing its pool (so the drop fails and the database leaks). Here the shadow
   * database is created, connected to with explicit fields, and dropped after its pool is closed.
   */
  async connectToShadowDb(): Promise<{ adapter: PgAdapter; dispose: () => Promise<void> }> {
    const database = `prisma_migrate_shadow_db_${randomUUID()}`;
    await this.admin(`CREATE DATABASE "${database}"`);
    this.shadowDatabases.add(database);
    const pool = this.openPool(explicitConnectionFields(this.url, database));
    const adapter = await new PrismaPg(pool, adapterOptions(this.url)).connect();
    return {
      adapter,
      dispose: async () => {
        await this.closePool(pool);
        await this.dropShadowDatabase(database);
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools].map((pool) => this.closePool(pool)));
    for (const database of this.shadowDatabases) await this.dropShadowDatabase(database);
  }

  private openPool(config: pg.PoolConfig): pg.Pool {
    // Never closed for idleness: the engine's advisory lock lives on one of these connections.
    const pool = new pg.Pool({ ...config, max: 4, idleTimeoutMillis: 0 });
    pool.on('connect', reportCharAsText);
    // An idle connection killed by the server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    this.pools.add(pool);
    return pool;
  }

  private async closePool(pool: pg.Pool): Promise<void> {
    if (!this.pools.delete(pool)) return;
    await pool.end();
  }

  private async dropShadowDatabase(database: string): Promise<void> {
    if (!this.shadowDatabases.delete(database)) return;
    await this.admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }

  private async admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
}

function adapterOptions(url: string): { schema?: string } {
  const schema = new URL(url).searchParams.get('schema');
  return schema ? { schema } : {};
}

/** The connection settings of `url`, as separate fields, for another database on the same server. */
function explicitConnectionFields(url: string, database: string): pg.PoolConfig {
  const u = new URL(url);
  const params = u.searchParams;
  const sslmode = params.get('sslmode');
  return {
    host: params.get('host') ?? (decodeURIComponent(u.hostname).replace(/^\[(.*)\]$/, '$1') || 'localhost'),
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database,
    ...(sslmode && sslmode !== 'disable'
      ? { ssl: { rejectUnauthorized: sslmode === 'verify-ca' || sslmode === 'verify-full' } }
      : {}),
  };
}

/**
 * The engine reads catalog columns of PostgreSQL's internal `"char"` type (oid 18), which
 * adapter-pg rejects as unsupported; its values are one-character strings, so report it as text.
 */
function reportCharAsText(client: pg.PoolClient): void {
  type Query = (...args: unknown[]) => unknown;
  const query = client.query.bind(client) as Query;
  const patched: Query = (...args) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => callback(error, retypeChar(result));
      return query(...args);
    }
    const pending = query(...args);
    return pending instanceof Promise ? pending.then(retypeChar) : pending;
  };
  (client as unknown as { query: Query }).query = patched;
}

function retypeChar(result: unknown): unknown {
  for (const one of Array.isArray(result) ? result : [result]) {
    const fields = (one as { fields?: { dataTypeID: number }[] } | undefined)?.fields;
    for (const field of fields ?? []) {
      if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

// The engine expects a driver adapter whose methods never throw but resolve to results
// (`{ ok: true, value }` or `{ ok: false, error }`), as Prisma's own binder makes them.

type AdapterResult<T> = { ok: true; value: T } | { ok: false; error: Record<string, unknown> };

function capture<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<AdapterResult<R>> {
  return async (...args) => {
    try {
      return { ok: true, value: await fn(...args) };
    } catch (error) {
      return { ok: false, error: adapterErrorPayload(error) };
    }
  };
}

/** adapter-pg throws errors whose `cause` is the payload the engine understands. */
function adapterErrorPayload(error: unknown): Record<string, unknown> {
  const e = error as { name?: unknown; cause?: unknown; message?: unknown } | null;
  if (e?.name === 'DriverAdapterError' && e.cause && typeof e.cause === 'object') {
    return e.cause as Record<string, unknown>;
  }
  return { kind: 'postgres', code: 'N/A', severity: 'ERROR', message: String(e?.message ?? error) };
}

function bindFactory(connections: EngineConnections) {
  return {
    provider: 'postgres' as const,
    adapterName: '@prisma/adapter-pg',
    connect: capture(async () => bindAdapter(await connections.connect())),
    connectToShadowDb: capture(async () => {
      const { adapter, dispose } = await connections.connectToShadowDb();
      return bindAdapter(adapter, dispose);
    }),
  };
}

function bindAdapter(adapter: PgAdapter, dispose: () => Promise<void> = () => adapter.dispose()) {
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: capture((query: Parameters<PgAdapter['queryRaw']>[0]) => adapter.queryRaw(query)),
    executeRaw: capture((query: Parameters<PgAdapter['executeRaw']>[0]) => adapter.executeRaw(query)),
    // adapter-pg splits scripts on every `;` (breaking `$$` bodies, DO blocks and strings) and runs
    // the pieces one by one (so a failing migration stays half applied). Sent whole, with no
    // parameters, the script travels as one simple query, which PostgreSQL runs atomically.
    executeScript: capture(async (script: string) => {
      await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
    }),
    startTransaction: capture(async (...args: Parameters<PgAdapter['startTransaction']>) =>
      bindTransaction(await adapter.startTransaction(...args)),
    ),
    getConnectionInfo: () => ({ ok: true as const, value: adapter.getConnectionInfo() }),
    dispose: capture(dispose),
  };
}

function bindTransaction(tx: PgTransaction) {
  return {
    provider: tx.provider,
    adapterName: tx.adapterName,
    options: tx.options,
    queryRaw: capture((query: Parameters<PgTransaction['queryRaw']>[0]) => tx.queryRaw(query)),
    executeRaw: capture((query: Parameters<PgTransaction['executeRaw']>[0]) => tx.executeRaw(query)),
    commit: capture(() => tx.commit()),
    rollback: capture(() => tx.rollback()),
  };
}
