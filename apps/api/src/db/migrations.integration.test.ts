import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir, schemaPath } from '../boot.js';
import { startEmbeddedPostgres, withDatabase } from './embedded.js';
import {
  createMigration,
  deployMigrations,
  detectDrift,
  markMigrationRolledBack,
  MigrationError,
  migrationStatus,
  type MigrationOptions,
} from './migrations.js';

const SCHEMA = `datasource db {
  provider = "postgresql"
}

enum Kind {
  plain
  special
}

model Item {
  id        Int      @id @default(autoincrement())
  name      String
  kind      Kind     @default(plain)
  tags      String[] @default([])
  createdAt DateTime @default(now()) @map("created_at")

  @@index([name])
  @@map("items")
}
`;

const FUNCTIONS_SQL = `
-- A function body full of semicolons, inside $$ quotes, and a string holding one.
CREATE FUNCTION item_label(item_id integer) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  label text;
BEGIN
  SELECT name || ';' || kind INTO label FROM items WHERE id = item_id;
  RETURN coalesce(label, 'none; missing');
END;
$$;

DO $$
BEGIN
  INSERT INTO items (name) VALUES ('first; with a semicolon');
  IF (SELECT count(*) FROM items) <> 1 THEN
    RAISE EXCEPTION 'unexpected row count';
  END IF;
END
$$;
`;

const FAILING_SQL = `
CREATE TABLE half_done (id integer);
INSERT INTO items (name) VALUES ('never kept');
SELECT 1 / 0;
`;

let adminUrl: string;
let stopServer: () => Promise<void> = async () => {};
let tmp: string;
let database: string;
let opts: MigrationOptions;

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function admin(sql: string): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

function writeSql(dir: string, sql: string): void {
  fs.appendFileSync(path.join(dir, 'migration.sql'), sql);
}

describe('migrations through the WebAssembly schema engine', () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-migrations-test-'));
    if (process.env['DATABASE_URL']) {
      adminUrl = process.env['DATABASE_URL'];
    } else {
      const server = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg') });
      adminUrl = server.url;
      stopServer = server.stop;
    }
    database = `kudo_migrations_test_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${database}`);
    const schemaPath = path.join(tmp, 'schema.prisma');
    fs.writeFileSync(schemaPath, SCHEMA);
    opts = { url: withDatabase(adminUrl, database), migrationsDir: path.join(tmp, 'migrations'), schemaPath };
  }, 120_000);

  afterAll(async () => {
    if (adminUrl && database) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await stopServer();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('creates the first migration from the schema, deploys it, and finds no drift', async () => {
    expect(await detectDrift(opts)).toContain('CREATE TABLE "items"');

    const init = await createMigration(opts, 'init');
    expect(init).not.toBeNull();
    expect(path.basename(init!)).toMatch(/^\d{14}_init$/);
    const sql = fs.readFileSync(path.join(init!, 'migration.sql'), 'utf8');
    expect(sql).toContain('CREATE TYPE "Kind" AS ENUM');
    expect(sql).toContain('CREATE TABLE "items"');
    expect(fs.readFileSync(path.join(opts.migrationsDir, 'migration_lock.toml'), 'utf8')).toContain(
      'provider = "postgresql"',
    );
    // The shadow database used to replay the history is gone.
    expect(await admin(`SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_db_%'`)).toEqual([]);

    expect(await createMigration(opts, 'nothing_changed')).toBeNull();
    expect(fs.readdirSync(opts.migrationsDir).filter((entry) => entry.endsWith('_nothing_changed'))).toEqual([]);

    expect(await deployMigrations(opts)).toEqual([path.basename(init!)]);
    expect(await deployMigrations(opts)).toEqual([]);
    expect(await detectDrift(opts)).toBe('');
    const [row] = await query<{ migration_name: string; finished_at: Date | null }>(
      'SELECT migration_name, finished_at FROM _prisma_migrations',
    );
    expect(row?.migration_name).toBe(path.basename(init!));
    expect(row?.finished_at).toBeInstanceOf(Date);
  });

  it('applies hand-written SQL with $$ bodies, DO blocks and semicolons in strings', async () => {
    const functions = await createMigration(opts, 'item functions', { empty: true });
    expect(path.basename(functions!)).toMatch(/^\d{14}_item_functions$/);
    writeSql(functions!, FUNCTIONS_SQL);

    expect(await deployMigrations(opts)).toEqual([path.basename(functions!)]);
    const [{ id } = { id: 0 }] = await query<{ id: number }>('SELECT id FROM items');
    const [result] = await query<{ label: string; missing: string }>(
      'SELECT item_label($1) AS label, item_label(-1) AS missing',
      [id],
    );
    expect(result).toEqual({ label: 'first; with a semicolon;plain', missing: 'none; missing' });

    const status = await migrationStatus(opts);
    expect(status.applied).toEqual(status.local);
    expect(status).toMatchObject({ pending: [], failed: [], modified: [], missingLocally: [], clean: true });
    expect(await detectDrift(opts)).toBe('');
  });

  it('reports a schema change as drift until a new migration is deployed', async () => {
    fs.writeFileSync(opts.schemaPath, SCHEMA.replace('  name      String\n', '  name      String\n  notes     String?\n'));
    const drift = await detectDrift(opts);
    expect(drift).toMatch(/ALTER TABLE "items" ADD COLUMN\s+"notes" TEXT/);

    const notes = await createMigration(opts, 'add_notes');
    expect(fs.readFileSync(path.join(notes!, 'migration.sql'), 'utf8')).toMatch(/ADD COLUMN\s+"notes" TEXT/);
    const names = fs.readdirSync(opts.migrationsDir).filter((entry) => /^\d{14}_/.test(entry));
    expect(names.at(-1)).toBe(path.basename(notes!));
    expect([...names].sort()).toEqual(names);

    expect(await deployMigrations(opts)).toEqual([path.basename(notes!)]);
    expect(await detectDrift(opts)).toBe('');
    expect(await query('SELECT notes FROM items')).toEqual([{ notes: null }]);
  });

  it('leaves nothing of a failing migration behind and reports it as failed', async () => {
    const before = await query<{ count: string }>('SELECT count(*) FROM items');
    const failing = await createMigration(opts, 'failing', { empty: true });
    const name = path.basename(failing!);
    writeSql(failing!, FAILING_SQL);

    const error = await deployMigrations(opts).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).migration).toBe(name);
    expect((error as MigrationError).message).toContain('division by zero');

    expect(await query('SELECT to_regclass($1) AS t', ['half_done'])).toEqual([{ t: null }]);
    expect(await query('SELECT count(*) FROM items')).toEqual(before);
    const status = await migrationStatus(opts);
    expect(status.failed).toEqual([name]);
    expect(status.pending).toEqual([]);
    expect(status.applied).not.toContain(name);
    expect(status.clean).toBe(false);
    await expect(deployMigrations(opts)).rejects.toThrow(/failed migrations/);

    // Fixed and marked as rolled back, it applies on the next deploy.
    fs.writeFileSync(path.join(failing!, 'migration.sql'), "UPDATE items SET notes = 'fixed';\n");
    await markMigrationRolledBack(opts, name);
    expect(await deployMigrations(opts)).toEqual([name]);
    expect(await query('SELECT notes FROM items')).toEqual([{ notes: 'fixed' }]);
    expect(await migrationStatus(opts)).toMatchObject({ failed: [], pending: [], clean: true });
  });

  it('reports an applied migration edited afterwards', async () => {
    const [first] = (await migrationStatus(opts)).applied;
    writeSql(path.join(opts.migrationsDir, first!), '\n-- edited after it was applied\n');
    const status = await migrationStatus(opts);
    expect(status.modified).toEqual([first]);
    expect(status.clean).toBe(false);
  });
});

describe("the product's migrations", () => {
  it('build exactly the tables prisma/schema describes: no drift on a database they made', async () => {
    // The seeded template every integration test clones was made by deploying prisma/migrations (and prisma/derived).
    const adminUrl = inject('adminUrl');
    const name = `kudo_drift_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
      const drift = await detectDrift({ url: withDatabase(adminUrl, name), migrationsDir, schemaPath });
      expect(drift, 'a schema change without its migration, or a migration the schema does not say').toBe('');
    } finally {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    }
  });
});

describe('the embedded server', () => {
  it.skipIf(Boolean(process.env['DATABASE_URL']) || process.platform !== 'linux')(
    "runs with malloc on huge pages, without changing this process's environment",
    async () => {
      const before = process.env['GLIBC_TUNABLES'];
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-embedded-test-'));
      const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
      try {
        expect(process.env['GLIBC_TUNABLES']).toBe(before);
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        const environ = fs.readFileSync(`/proc/${rows[0]!.pid}/environ`, 'utf8').split('\0');
        await client.end();
        expect(environ.find((v) => v.startsWith('GLIBC_TUNABLES='))).toContain('glibc.malloc.hugetlb=1');
      } finally {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
