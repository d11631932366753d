import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'prisma/config';

// `prisma generate`, `validate` and `format` never run the native schema engine, but the CLI insists
// that one exists. Migrations go through the project's own tool (apps/api/src/db), so any existing
// file satisfies the check.
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = path.resolve('package.json');
}
const migrationsPath = path.resolve('prisma/migrations');
if (!fs.existsSync(migrationsPath)) fs.mkdirSync(migrationsPath, { recursive: true });

export default defineConfig({
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/kudo' },
});
