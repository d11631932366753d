import { z } from 'zod';
import { defineJob } from '../../jobs/define.js';
import { bulkDispatchJob } from './bulk.js';
import { sendBoostFollowUps } from './boost.js';

export { bulkDispatchJob };

/**
 * Picks up bulk jobs whose worker stopped (a restart, a crash) or that were never handed over, every
 * few minutes; the singleton key keeps a job from running twice at once.
 */
export const bulkSweepJob = defineJob({
  name: 'dispatch.bulk-sweep',
  payload: z.object({}).passthrough(),
  cron: '*/5 * * * *',
  retryLimit: 1,
  async handler(_payload, deps) {
    const stale = await deps.db.bulkJob.findMany({
      where: { status: { in: ['queued', 'running'] }, createdAt: { lt: new Date(Date.now() - 2 * 60_000) } },
      select: { id: true },
      take: 100,
    });
    for (const job of stale) await deps.jobs?.send(bulkDispatchJob, { jobId: job.id }, { singletonKey: `bulk-${job.id}` });
  },
});

/** Kudo Boost's follow-ups, every quarter of an hour. */
export const boostJob = defineJob({
  name: 'dispatch.boost',
  payload: z.object({}).passthrough(),
  cron: '*/15 * * * *',
  retryLimit: 1,
  async handler(_payload, deps) {
    await sendBoostFollowUps(deps);
  },
});
