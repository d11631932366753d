/**
 * The derived stores' functions and triggers (prisma/derived/*.sql: one file a store, see 00-common.sql), applied
 * after the migrations. Their current text lives there rather than in migrations, so that each has one home: the
 * files are run in name order, in one transaction, whenever their text differs from what the database last got
 * (its hash is kept as the body of the function derived_definitions_hash()). Every statement in them can run
 * again, so a database already holding them is left as it is.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The advisory lock (one bigint key) held while definitions are applied: two processes starting at once take turns. */
const APPLY_LOCK = 1802855535;

export interface DerivedFile {
  name: string;
  sql: string;
}

/** The folder's .sql files, in the order they apply. */
export function derivedFiles(dir: string): DerivedFile[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

export function definitionsHash(files: readonly DerivedFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.name}\0${file.sql}\0`);
  return hash.digest('hex');
}

/**
 * Applies the definitions of `dir` to the database at `url` unless it already has them. Answers whether it wrote
 * them. A failing file is named in the error, and nothing of any file stays applied.
 */
export async function applyDerivedDefinitions(url: string, dir: string): Promise<boolean> {
  const files = derivedFiles(dir);
  const hash = definitionsHash(files);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let current: DerivedFile | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [APPLY_LOCK]);
    const { rows } = await client.query<{ body: string }>(`SELECT prosrc AS body FROM pg_proc WHERE oid = to_regprocedure('derived_definitions_hash()')`);
    if (rows[0]?.body.includes(`'${hash}'`)) {
      await client.query('COMMIT');
      return false;
    }
    for (const file of files) {
      current = file;
      await client.query(file.sql);
    }
    current = undefined;
    await client.query(`CREATE OR REPLACE FUNCTION derived_definitions_hash() RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT '${hash}'::text $$`);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(current ? `prisma/derived/${current.name}: ${message}` : message);
  } finally {
    await client.end();
  }
}
