import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { derivedDir, migrationsDir, schemaPath } from '../src/boot.js';
import { startEmbeddedPostgres, withDatabase } from '../src/db/embedded.js';
import { deployMigrations } from '../src/db/migrations.js';
import { seedDemoData } from '../src/db/seed.js';


const TEMPLATE = 'kudo_test_template';

/**
 * One PostgreSQL for the whole run (the embedded one, or DATABASE_URL's server) and one template
 * database, migrated and seeded once; test files clone it in milliseconds.
 */
export default async function setup(project: TestProject) {
  let stop = async () => {};
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = url.toString();
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-test-pg-'));
    const server = await startEmbeddedPostgres({ dataDir });
    adminUrl = server.url.replace(/\/[^/?]+(\?|$)/, '/postgres$1');
    stop = async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const templateUrl = withDatabase(adminUrl, TEMPLATE);
  await deployMigrations({ url: templateUrl, migrationsDir, schemaPath, derivedDir });
  await seedDemoData(templateUrl);
  await admin.end();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', TEMPLATE);
  return stop;
}
