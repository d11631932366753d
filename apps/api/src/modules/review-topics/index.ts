// What other parts use of the review topics: classifying what waits now (the demo seed), and asking for a backfill.
export { drainClassificationQueue } from './queue.js';
export { requestBackfill, runBackfill, listBackfills, type BackfillScope } from './backfill.js';
