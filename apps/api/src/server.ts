import { buildApp } from './app.js';
import { prepareDatabase } from './boot.js';
import { loadConfig } from './config.js';
import { startJobs, type JobQueue } from './jobs/index.js';
import { areaJobs } from './modules/index.js';
import { createProviders } from './providers/index.js';
import type { AppDeps } from './http/context.js';

/**
 * The production-shaped entry: KUDO_ROLE=all (default) serves the API and the built SPA and runs the
 * worker in one process; api or worker run one side each, so both scale horizontally.
 */
async function main() {
  const config = loadConfig();
  const log = (msg: string) => console.log(`[kudo] ${msg}`);
  const database = await prepareDatabase(config, log);
  const deps: AppDeps = { db: database.db, config, providers: createProviders(config, database.db) };

  // The queue first: the API enqueues jobs (bulk sends, delayed sends) and the handlers enqueue more.
  const queue: JobQueue = await startJobs(database.url, deps, config.role !== 'api', areaJobs);
  deps.jobs = queue;
  if (config.role !== 'api') log('worker running');
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  if (config.role !== 'worker') {
    app = await buildApp({ ...config, databaseUrl: database.url }, { db: database.db, providers: deps.providers, jobs: queue });
    await app.listen({ port: config.port, host: config.host });
    log(`serving on ${config.publicUrl} (API under /api, docs at /api/docs)`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app?.close();
    await queue.stop();
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('[kudo] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
