import path from 'node:path';
import { repoRoot, type Config } from './config.js';
import { resolveDatabaseUrl } from './db/embedded.js';
import { deployMigrations } from './db/migrations.js';
import { seedDemo } from './db/seed.js';
import { createDb, type Db } from './lib/db.js';

export const migrationsDir = path.join(repoRoot, 'prisma/migrations');
/** The schema is a folder of .prisma files, one per product area. */
export const schemaPath = path.join(repoRoot, 'prisma/schema');
/** The derived stores' functions and triggers, applied after the migrations. */
export const derivedDir = path.join(repoRoot, 'prisma/derived');

export interface Database {
  url: string;
  db: Db;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * The database every entry point starts from: the embedded PostgreSQL in DATA_DIR, or DATABASE_URL;
 * pending migrations applied; the demo data seeded into an empty embedded database (or when SEED_DEMO).
 */
export async function prepareDatabase(config: Config, log: (msg: string) => void): Promise<Database> {
  const resolved = await resolveDatabaseUrl({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const embedded = !config.databaseUrl;
  if (embedded) log(`embedded PostgreSQL running, data in ${config.dataDir}`);
  const applied = await deployMigrations({ url: resolved.url, migrationsDir, schemaPath, derivedDir });
  if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
  const db = createDb(resolved.url);
  if (config.seedDemo ?? embedded) {
    if (await seedDemo(db)) log('seeded the demo data (password demo1234 for every demo login)');
  }
  return {
    url: resolved.url,
    db,
    embedded,
    async stop() {
      await db.$disconnect();
      await resolved.stop();
    },
  };
}
