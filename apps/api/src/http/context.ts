import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../lib/db.js';
import type { LoadedSession, SessionLocation } from '../plugins/session.js';
import type { Providers } from '../providers/index.js';

/**
 * Where work is enqueued for the worker. A job is named by its definition (jobs/define.ts), whose schema
 * checks the payload before it is stored.
 */
export interface JobQueue {
  send(job: { name: string; payload: z.ZodType }, payload: unknown, options?: { singletonKey?: string; startAfter?: Date }): Promise<string | null>;
  stop(): Promise<void>;
}

/** What every service function receives besides its input: the app's parts and who is asking. */
export interface AppDeps {
  db: Db;
  config: Config;
  providers: Providers;
  /** The job queue, where this process has one (the server does; tests build apps without it). */
  jobs?: JobQueue;
}

/** What background work logs through: the request's logger, or the worker's. */
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  log: FastifyBaseLogger;
}

export interface PublicCtx extends AppDeps, RequestMeta {
  session: LoadedSession | null;
}

export interface UserCtx extends AppDeps, RequestMeta {
  session: LoadedSession;
}

/** A request scoped to the session's current location: every query filters by `location.locationId`. */
export interface LocationCtx extends UserCtx {
  location: SessionLocation;
}
