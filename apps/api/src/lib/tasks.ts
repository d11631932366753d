import type { Db } from './db.js';

/** A task the product runs for a location, as the Api Tasks logs show it. */
export interface TaskInfo {
  locationId: number;
  /** The area: dispatch, inbox, social-reviews, reports… */
  app: string;
  /** What runs, as a person reads it: "Bulk upload", "Google reviews sync"… */
  task: string;
}

export interface TaskOutcome {
  status: 'success' | 'failed';
  message: string;
}

const clip = (message: string) => message.slice(0, 1000);

/** Records a task that is over as soon as it starts (an import accepted, an export written). */
export async function logTask(db: Db, info: TaskInfo, outcome: TaskOutcome): Promise<void> {
  const now = new Date();
  await db.apiTask.create({ data: { ...info, status: outcome.status, message: clip(outcome.message), createdAt: now, finishedAt: now } });
}

/**
 * Runs a task under a log row: `running` while it works, then its outcome. A thrown error is recorded as
 * failed with its message and thrown on; an outcome of null (nothing was done: another process held the
 * work, nothing was connected) removes the row.
 */
export async function runTask<T>(db: Db, info: TaskInfo, work: () => Promise<T>, outcome: (result: T) => TaskOutcome | null): Promise<T> {
  const row = await db.apiTask.create({ data: { ...info, status: 'running' } });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await db.apiTask.update({ where: { id: row.id }, data: { status: 'failed', message: clip(error instanceof Error ? error.message : String(error)), finishedAt: new Date() } });
    throw error;
  }
  const done = outcome(result);
  if (done) await db.apiTask.update({ where: { id: row.id }, data: { status: done.status, message: clip(done.message), finishedAt: new Date() } });
  else await db.apiTask.delete({ where: { id: row.id } });
  return result;
}
