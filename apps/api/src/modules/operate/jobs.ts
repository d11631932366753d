import { z } from 'zod';
import { defineJob } from '../../jobs/define.js';
import { enqueueBulk } from './bulk.js';
import { bulkPace, runBulkSlice } from './bulk-worker.js';
import { sendBoostFollowUps } from './boost.js';

/**
 * One turn of one bulk job (about two seconds of sends); a job with more to send queues itself again,
 * behind the jobs of other locations already waiting, or for when its sending window opens.
 */
export const bulkDispatchJob = defineJob({
  name: 'dispatch.bulk',
  payload: z.object({ jobId: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
  async handler({ jobId }, deps) {
    const turn = await runBulkSlice(deps, jobId);
    if (turn.state !== 'done') await enqueueBulk(deps, jobId, turn.resumeAt ?? undefined);
  },
});

/**
 * Picks up bulk jobs whose worker stopped (a restart, a crash) or that were never handed over, every
 * few minutes: those none of whose rows moved for longer than a claim lasts. Should a live job be queued
 * twice anyway, its turns share the rows (claims skip each other's) and never send one twice.
 */
export const bulkSweepJob = defineJob({
  name: 'dispatch.bulk-sweep',
  payload: z.object({}).passthrough(),
  cron: '*/5 * * * *',
  retryLimit: 1,
  async handler(_payload, deps) {
    const quiet = new Date(Date.now() - bulkPace(deps.config).claimTimeoutMs);
    const stale = await deps.db.bulkJob.findMany({
      where: {
        status: { in: ['queued', 'running'] },
        rows: { none: { updatedAt: { gt: quiet } } },
      },
      select: { id: true },
      take: 100,
    });
    for (const job of stale) await enqueueBulk(deps, job.id);
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
