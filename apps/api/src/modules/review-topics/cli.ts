/**
 * The review topics' backfill from the command line, run from the repository root:
 *
 *   corepack pnpm exec tsx apps/api/src/modules/review-topics/cli.ts backfill [--all] [--here]
 *   corepack pnpm exec tsx apps/api/src/modules/review-topics/cli.ts status
 *
 * or, built (the production image), `node apps/api/dist/topics.js backfill --all`.
 *
 * The database is DATABASE_URL, or else the embedded PostgreSQL kept in DATA_DIR (default .data).
 */
import path from 'node:path';
import { loadConfig, repoRoot } from '../../config.js';
import { resolveDatabaseUrl } from '../../db/embedded.js';
import { createDb } from '../../lib/db.js';
import { createInsightsProvider } from '../../providers/insights/index.js';
import { BACKFILL_SCOPES, listBackfills, requestBackfill, runBackfill, type BackfillRow } from './backfill.js';
import { queuedCount } from './queue.js';

const USAGE = `Usage: tsx apps/api/src/modules/review-topics/cli.ts <command>

  backfill [--all] [--here]  ask the worker to classify the reviews never classified (--all: every review with
                             words again, e.g. after changing INSIGHTS_AI); --here runs it in this process with the
                             configured classifier and prints its progress
  status                     the latest backfills (done of total) and how many reviews wait in the queue

Database: DATABASE_URL, or else the embedded PostgreSQL in DATA_DIR (default .data).`;

const line = (b: BackfillRow) =>
  `#${b.id} ${b.scope.padEnd(7)} ${b.status.padEnd(7)} ${b.done} of ${b.total}${b.error ? `  (last error: ${b.error})` : ''}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...flags] = argv;
  const unknown = flags.filter((f) => !['--all', '--here'].includes(f));
  if ((command !== 'backfill' && command !== 'status') || unknown.length > 0 || (command === 'status' && flags.length > 0)) {
    console.log(USAGE);
    return command ? 2 : 0;
  }
  const config = loadConfig(process.env);
  const database = await resolveDatabaseUrl({ databaseUrl: config.databaseUrl, dataDir: path.resolve(repoRoot, config.dataDir) });
  const db = createDb(database.url, 2);
  try {
    if (command === 'status') {
      for (const b of await listBackfills(db)) console.log(line(b));
      console.log(`${await queuedCount(db)} review(s) wait in the classification queue.`);
      return 0;
    }
    const scope = flags.includes('--all') ? BACKFILL_SCOPES[1] : BACKFILL_SCOPES[0];
    const made = await requestBackfill(db, scope);
    console.log(`Backfill #${made.id} (${scope}) asked for.`);
    if (!flags.includes('--here')) {
      console.log('A worker starts it within a minute; `status` shows its progress.');
      return 0;
    }
    const insights = createInsightsProvider(config, { onFailure: (error) => console.error(`  AI classifier failed, the local one answered: ${String(error)}`) });
    // Earlier backfills still waiting run first, then this one.
    for (;;) {
      const run = await runBackfill(db, insights, { onBatch: (b) => console.log(`  ${line(b)}`) });
      if (!run.backfill) break;
      if (run.backfill.id === made.id && run.finished) break;
    }
    return 0;
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
