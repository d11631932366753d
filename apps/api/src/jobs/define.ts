import type { z } from 'zod';
import type { AppDeps, Log } from '../http/context.js';

/** A background job: a name, the schema of its payload, its handler, and how it retries. */
export interface JobDef<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  handler: (payload: z.output<S>, deps: AppDeps & { log: Log }) => Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /** A cron schedule (UTC) on which the worker enqueues the job with an empty payload. */
  cron?: string;
  /**
   * A PostgreSQL NOTIFY channel: each worker listens on it and enqueues the job with an empty payload when a
   * notification comes (notifications close together make one job). For work written by triggers or transactions
   * that cannot enqueue it themselves; pair it with `cron`, which finds what a lost connection missed.
   */
  wakeOn?: string;
}

export const defineJob = <S extends z.ZodType>(job: JobDef<S>): JobDef<S> => job;
