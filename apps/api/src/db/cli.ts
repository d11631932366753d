/**
 * The database tool behind `pnpm db:*`, run from the repository root. The database is DATABASE_URL,
 * or else the embedded PostgreSQL kept in DATA_DIR (default .data).
 */
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../config.js';
import { resolveDatabaseUrl } from './embedded.js';
import {
  createMigration,
  deployMigrations,
  detectDrift,
  markMigrationRolledBack,
  migrationStatus,
  type MigrationOptions,
} from './migrations.js';

const USAGE = `Usage: tsx apps/api/src/db/cli.ts <command>

  new NAME [--empty]   create the next migration from prisma/schema/
                       (--empty: an empty migration.sql for hand-written SQL)
  deploy               apply the pending migrations
  status               compare prisma/migrations with the database (exit 1 unless all applied)
  drift                show the SQL between the database and the schema (exit 1 on drift)
  seed                 load the demo data into an empty, migrated database
  verify [--all] [--repair]
                       compare every derived store with its rebuild over each location's last 3 days
                       (--all: every day; --repair: write what differs); exit 1 when rows differ
  rolled-back NAME     mark a failed migration as rolled back, so that deploy applies it again

Database: DATABASE_URL, or else the embedded PostgreSQL in DATA_DIR (default .data).`;

class UsageError extends Error {}

interface Context {
  opts: MigrationOptions;
  /** The migration name given to `new` and `rolled-back`. */
  name: string;
  flags: Set<string>;
}

interface Command {
  takesName?: boolean;
  flags?: string[];
  run(ctx: Context): Promise<number>;
}

const commands: Record<string, Command> = {
  new: {
    takesName: true,
    flags: ['--empty'],
    async run({ opts, name, flags }) {
      const empty = flags.has('--empty');
      const dir = await createMigration(opts, name, { empty });
      if (!dir) {
        console.log('The migrations already match prisma/schema/: no migration created.');
        return 0;
      }
      console.log(`Created ${displayPath(path.join(dir, 'migration.sql'))}`);
      console.log(empty ? 'Write its SQL, then run `pnpm db:deploy`.' : 'Review it, then run `pnpm db:deploy`.');
      return 0;
    },
  },

  deploy: {
    async run({ opts }) {
      const started = Date.now();
      const names = await deployMigrations({
        ...opts,
        log: (message) => {
          if (message.startsWith('Appl')) console.log(`  ${message}`);
        },
      });
      const took = `${Date.now() - started} ms`;
      console.log(names.length ? `Applied ${names.length} migration(s) in ${took}.` : 'No pending migrations.');
      return 0;
    },
  },

  status: {
    async run({ opts }) {
      const status = await migrationStatus(opts);
      const failed = new Set(status.failed);
      const modified = new Set(status.modified);
      const applied = new Set(status.applied);
      if (!status.local.length) console.log('No migrations in prisma/migrations.');
      for (const name of status.local) {
        const state = failed.has(name)
          ? 'FAILED'
          : modified.has(name)
            ? 'applied, MODIFIED since'
            : applied.has(name)
              ? 'applied'
              : 'pending';
        console.log(`  ${name.padEnd(48)} ${state}`);
      }
      for (const name of status.missingLocally) {
        console.log(`  ${name.padEnd(48)} applied, MISSING from prisma/migrations`);
      }
      if (status.clean) {
        console.log('All migrations are applied.');
        return 0;
      }
      if (status.pending.length) console.log(`${status.pending.length} pending: run \`pnpm db:deploy\`.`);
      if (status.failed.length) {
        console.log(
          'A failed migration blocks deploy. Nothing of it was applied: fix it (or the database), run ' +
            '`tsx apps/api/src/db/cli.ts rolled-back NAME`, then deploy again.',
        );
      }
      if (status.modified.length) {
        console.log('Applied migrations were edited: restore them and put the change in a new migration.');
      }
      if (status.missingLocally.length) {
        console.log('The database has migrations this checkout lacks: update the checkout.');
      }
      return 1;
    },
  },

  drift: {
    async run({ opts }) {
      const sql = await detectDrift(opts);
      if (!sql) {
        console.log('No drift: the database matches prisma/schema/.');
        return 0;
      }
      console.log('The database differs from prisma/schema/. SQL that would bring it in line:\n');
      console.log(sql);
      return 1;
    },
  },

  seed: {
    async run({ opts }) {
      const status = await migrationStatus(opts);
      if (status.pending.length || status.failed.length) {
        console.error('The database is not fully migrated: run `pnpm db:deploy` first.');
        return 1;
      }
      const { seedDemoData } = await import('./seed.js');
      const seeded = await seedDemoData(opts.url);
      console.log(seeded ? 'Seeded the demo data.' : 'The database already holds data: nothing seeded.');
      return 0;
    },
  },

  verify: {
    flags: ['--all', '--repair'],
    async run({ opts, flags }) {
      const { verifyDerived, verifyReport } = await import('../derived/verify.js');
      const pool = new pg.Pool({ connectionString: opts.url, max: 2 });
      try {
        const repair = flags.has('--repair');
        const result = await verifyDerived(pool, { all: flags.has('--all'), repair });
        for (const line of verifyReport(result, repair)) console.log(line);
        return result.differ > 0 ? 1 : 0;
      } finally {
        await pool.end();
      }
    },
  },

  'rolled-back': {
    takesName: true,
    async run({ opts, name }) {
      await markMigrationRolledBack(opts, name);
      console.log(`Marked ${name} as rolled back: \`pnpm db:deploy\` will apply it again.`);
      return 0;
    },
  },
};

/** Relative to the working directory when inside it, absolute otherwise. */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** Checks the arguments before anything starts, so that a typo never waits for a database. */
function parseArgs(argv: string[]): { command: Command; name: string; flags: Set<string> } | undefined {
  const [commandName, ...rest] = argv;
  if (!commandName || ['help', '--help', '-h'].includes(commandName)) return undefined;
  const command = commands[commandName];
  if (!command) throw new UsageError(`Unknown command "${commandName}".`);
  const flags = new Set(rest.filter((arg) => arg.startsWith('--')));
  for (const flag of flags) {
    if (!command.flags?.includes(flag)) throw new UsageError(`${commandName}: unknown option ${flag}.`);
  }
  const words = rest.filter((arg) => !arg.startsWith('--'));
  if (command.takesName && !words.length) {
    throw new UsageError(`${commandName}: a migration name is required, e.g. \`pnpm db:new add_reviews\`.`);
  }
  if (!command.takesName && words.length) throw new UsageError(`${commandName}: unexpected "${words.join(' ')}".`);
  return { command, name: words.join('_'), flags };
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseArgs(argv);
  if (!parsed) {
    console.log(USAGE);
    return argv.length ? 0 : 2;
  }
  const databaseUrl = process.env['DATABASE_URL'] || undefined;
  const dataDir = path.resolve(repoRoot, process.env['DATA_DIR'] || '.data');
  const database = await resolveDatabaseUrl({ databaseUrl, dataDir });
  if (!databaseUrl) console.log(`Using the embedded PostgreSQL in ${displayPath(dataDir)}`);
  try {
    const opts: MigrationOptions = {
      url: database.url,
      migrationsDir: path.join(repoRoot, 'prisma/migrations'),
      schemaPath: path.join(repoRoot, 'prisma/schema'),
      derivedDir: path.join(repoRoot, 'prisma/derived'),
    };
    return await parsed.command.run({ opts, name: parsed.name, flags: parsed.flags });
  } finally {
    await database.stop();
  }
}

// Exit explicitly: whatever a command leaves open (the seed's clients, a pool) must not keep the tool alive.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(process.env['DEBUG'] ? error : `Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
