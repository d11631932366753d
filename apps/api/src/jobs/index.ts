import pg from 'pg';
import PgBoss from 'pg-boss';
import type { AppDeps, JobQueue, Log } from '../http/context.js';
import type { JobDef } from './define.js';
import { derivedCheckJob } from '../derived/job.js';
import { cleanupJob } from './maintenance.js';

export type { JobQueue } from '../http/context.js';

/**
 * Starts pg-boss on the product's database: creates the queues of the product areas' jobs (modules/index.ts)
 * and the maintenance jobs (cleanup, the derived stores' nightly check), and with `work` also runs their handlers.
 */
export async function startJobs(databaseUrl: string, deps: AppDeps, work: boolean, areaJobs: readonly JobDef[]): Promise<JobQueue> {
  const jobs = [cleanupJob, derivedCheckJob, ...areaJobs];
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
  const listener = work ? listenForWakeUps(databaseUrl, jobs, (job) => boss.send(job.name, {}), log) : null;
  return {
    send: (job, payload, options) => boss.send(job.name, job.payload.parse(payload) as object, options ?? {}),
    stop: async () => {
      stopping = true;
      await listener?.stop();
      await boss.stop({ graceful: true, wait: true, close: true, timeout: 5_000 });
    },
  };
}

/** Coalesces the notifications of this many milliseconds into one job. */
const WAKE_DELAY_MS = 25;
const RECONNECT_MS = 5_000;

/**
 * One LISTEN connection for the jobs that name a `wakeOn` channel: a notification enqueues the job. The connection
 * comes back after a loss; what was notified meanwhile waits for the job's cron run.
 */
function listenForWakeUps(databaseUrl: string, jobs: readonly JobDef[], wake: (job: JobDef) => Promise<unknown>, log: Log) {
  const byChannel = new Map(jobs.filter((j) => j.wakeOn).map((j) => [j.wakeOn!, j]));
  if (byChannel.size === 0) return null;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const pending = new Map<string, NodeJS.Timeout>();

  const onNotification = (channel: string) => {
    const job = byChannel.get(channel);
    if (!job || pending.has(channel)) return;
    pending.set(
      channel,
      setTimeout(() => {
        pending.delete(channel);
        wake(job).catch((err: unknown) => log.error({ err }, `waking ${job.name} failed`));
      }, WAKE_DELAY_MS),
    );
  };

  const connect = async () => {
    retry = null;
    if (stopped) return;
    const c = new pg.Client({ connectionString: databaseUrl, application_name: 'kudo-jobs-listen' });
    const lost = () => {
      if (client !== c) return;
      client = null;
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on('notification', (n) => onNotification(n.channel));
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      client = c;
      for (const channel of byChannel.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) await c.end();
    } catch (err) {
      log.warn({ err }, 'listening for job wake-ups failed; retrying');
      client = c;
      lost();
      await c.end().catch(() => undefined);
    }
  };
  void connect();

  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
