import { z } from 'zod';
import { defineJob } from '../jobs/define.js';
import { poolOf } from '../lib/db.js';
import { logTask } from '../lib/tasks.js';
import { verifyDerived } from './verify.js';

/** Days back the nightly check covers (today included): what changed lately, where a missed write would be. */
const NIGHTLY_DAYS = 3;

/**
 * Every night, each derived store of each location is compared with its rebuild over the last days and what differs is
 * written again. Each location's check is recorded in Logs › Api Tasks: a failure if anything had to be repaired
 * (a trigger missed a write), a success otherwise.
 */
export const derivedCheckJob = defineJob({
  name: 'derived.check',
  payload: z.object({}).passthrough(),
  cron: '40 3 * * *',
  retryLimit: 1,
  expireInSeconds: 60 * 60,
  async handler(_payload, { db }) {
    const result = await verifyDerived(poolOf(db), { days: NIGHTLY_DAYS, repair: true });
    for (const location of result.locations) {
      const days = `${location.from} to ${location.to}`;
      await logTask(
        db,
        { locationId: location.locationId, app: 'system', task: 'Derived data check' },
        location.differ === 0
          ? { status: 'success', message: `Every derived store matched its rebuild (${days}).` }
          : { status: 'failed', message: `${location.differ} rows of the derived stores differed from their rebuild (${days}) and were written again.` },
      );
    }
  },
});
