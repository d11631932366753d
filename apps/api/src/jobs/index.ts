import PgBoss from 'pg-boss';
import type { AppDeps, JobQueue, Log } from '../http/context.js';
import type { JobDef } from './define.js';
import { cleanupJob } from './maintenance.js';

export type { JobQueue } from '../http/context.js';

/**
 * Starts pg-boss on the product's database: creates the queues of the product areas' jobs (modules/index.ts)
 * and the maintenance job, and with `work` also runs their handlers.
 */
export async function startJobs(databaseUrl: string, deps: AppDeps, work: boolean, areaJobs: readonly JobDef[]): Promise<JobQueue> {
  const jobs = [cleanupJob, ...areaJobs];
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, application_name: 'kudo-jobs', schedule: work, supervise: work });
  let stopping = false;
  boss.on('error', (err: Error) => {
    // Connections cut while shutting down are expected; anything else is worth a line, not a dump.
    if (!stopping && deps.config.logLevel !== 'silent') console.error(`[jobs] ${err.message}`);
  });
  await boss.start();
  const quiet = deps.config.logLevel === 'silent';
  const line = (level: string) => (...args: unknown[]) => {
    if (quiet) return;
    const [first, second] = args;
    const msg = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
    const err = first && typeof first === 'object' && 'err' in first ? (first as { err: unknown }).err : undefined;
    console.error(`[jobs] ${level}: ${msg}${err instanceof Error ? ` (${err.message})` : ''}`);
  };
  const log: Log = { info: () => undefined, warn: line('warn'), error: line('error') };
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
    });
    if (!work) continue;
    if (job.cron) await boss.schedule(job.name, job.cron);
    await boss.work(job.name, { batchSize: 1 }, async ([item]) => {
      if (!item) return;
      const payload = job.payload.parse(item.data);
      await job.handler(payload, { ...deps, log });
    });
  }
  return {
    send: (job, payload, options) => boss.send(job.name, job.payload.parse(payload) as object, options ?? {}),
    stop: async () => {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, close: true, timeout: 5_000 });
    },
  };
}
