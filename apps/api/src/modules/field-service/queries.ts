import type { FieldSource } from '@kudo/shared';
import type { Db, Prisma } from '../../lib/db.js';

/**
 * Field service's raw SQL: every statement of the area that Prisma's model API does not write, one object per table.
 * Each function takes the client (the app's, or the deciding transaction's) and typed values and answers typed rows;
 * the services above never write SQL. The inserts and claims are single statements, so a retried event or job, or
 * two workers at once, record and handle each once.
 */

/** An event claimed for handling. */
export interface ClaimedEvent {
  id: number;
  location_id: number;
  provider: FieldSource;
  payload: unknown;
}

/** The job-completed events (field_job_events) as they come in and are handled. */
export const eventQueries = {
  /** Records an event once per (location, provider, key): its id, or undefined when it came before. */
  async insert(db: Db, e: { locationId: number; provider: FieldSource; eventKey: string; payload: string }): Promise<number | undefined> {
    const rows = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO field_job_events (location_id, provider, event_key, payload)
    VALUES (${e.locationId}, ${e.provider}, ${e.eventKey}, ${e.payload}::jsonb)
    ON CONFLICT (location_id, provider, event_key) DO NOTHING
    RETURNING id`;
    return rows[0]?.id;
  },

  /** Claims an event for handling: one received or failed, or processing since before `staleBefore` (its process stopped). */
  async claim(db: Db, eventId: number, now: Date, staleBefore: Date): Promise<ClaimedEvent | undefined> {
    const [event] = await db.$queryRaw<ClaimedEvent[]>`
    UPDATE field_job_events SET status = 'processing', claimed_at = ${now}, attempts = attempts + 1
    WHERE id = ${eventId} AND (status IN ('received', 'failed') OR (status = 'processing' AND claimed_at < ${staleBefore}))
    RETURNING id, location_id, provider, payload`;
    return event;
  },

  /**
   * Events still waiting, oldest first: received before `receivedBefore` and never handed over, failed fewer than
   * `maxAttempts` times, or processing since before `staleBefore`.
   */
  waiting(db: Db, w: { receivedBefore: Date; maxAttempts: number; staleBefore: Date; limit: number }): Promise<{ id: number }[]> {
    return db.$queryRaw<{ id: number }[]>`
    SELECT id FROM field_job_events
    WHERE (status = 'received' AND received_at < ${w.receivedBefore})
       OR (status = 'failed' AND attempts < ${w.maxAttempts})
       OR (status = 'processing' AND claimed_at < ${w.staleBefore})
    ORDER BY received_at, id
    LIMIT ${w.limit}`;
  },
};

/** A job as it is decided. */
export interface NewFieldJob {
  locationId: number;
  provider: FieldSource;
  externalId: string;
  eventId: number | null;
  completedAt: Date;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  technicianId: string | null;
  technicianName: string | null;
  tags: string[];
  campaignId: number | null;
  outcome: 'skipped' | 'scheduled';
  reason: string | null;
}

/** A job of the activity list, with its review request's state. */
export interface JobRow {
  id: number;
  provider: string;
  external_id: string;
  completed_at: Date;
  customer_name: string;
  customer_phone: string | null;
  customer_email: string | null;
  technician_name: string | null;
  technician_id: string | null;
  campaign: string | null;
  outcome: string;
  reason: string | null;
  request_status: string | null;
  scheduled_for: Date | null;
  request_error: string | null;
  dispatch_problem: string | null;
  created_at: Date;
}

/** The jobs done (field_jobs), each decided once per source and job id, and the technicians they name. */
export const jobQueries = {
  /** Records a job once per (location, source, job id): its id, or undefined when it was decided before. */
  async insert(tx: Prisma.TransactionClient, j: NewFieldJob): Promise<number | undefined> {
    const inserted = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO field_jobs (location_id, provider, external_id, event_id, completed_at, customer_name, customer_phone, customer_email,
                              technician_id, technician_name, tags, campaign_id, outcome, reason)
      VALUES (${j.locationId}, ${j.provider}, ${j.externalId}, ${j.eventId}, ${j.completedAt}, ${j.customerName}, ${j.customerPhone},
              ${j.customerEmail}, ${j.technicianId}, ${j.technicianName}, ${j.tags}, ${j.campaignId},
              ${j.outcome}, ${j.reason})
      ON CONFLICT (location_id, provider, external_id) DO NOTHING
      RETURNING id`;
    return inserted[0]?.id;
  },

  /** The location's jobs, newest first, `size` from `offset`, with their campaign and review request's state. */
  page(db: Db, locationId: number, offset: number, size: number): Promise<JobRow[]> {
    return db.$queryRaw<JobRow[]>`
      SELECT j.id, j.provider, j.external_id, j.completed_at, j.customer_name, j.customer_phone, j.customer_email, j.technician_name,
             j.technician_id, c.name AS campaign, j.outcome, j.reason, r.status AS request_status, r.scheduled_for, r.error AS request_error,
             CASE WHEN d.sms_status = 0 THEN d.sms_message WHEN d.email_status = 0 THEN d.email_message END AS dispatch_problem, j.created_at
      FROM field_jobs j
      LEFT JOIN campaigns c ON c.id = j.campaign_id AND c.location_id = j.location_id
      LEFT JOIN api_review_requests r ON r.id = j.review_request_id AND r.location_id = j.location_id
      LEFT JOIN dispatches d ON d.api_request_id = r.id
      WHERE j.location_id = ${locationId}
      ORDER BY j.created_at DESC, j.id DESC
      OFFSET ${offset} LIMIT ${size}`;
  },

  /** The technicians the location's jobs named, each once (by employee id, else by name), latest first. */
  technicians(db: Db, locationId: number, limit: number): Promise<{ technician_id: string | null; technician_name: string | null }[]> {
    return db.$queryRaw<{ technician_id: string | null; technician_name: string | null }[]>`
      SELECT technician_id, technician_name FROM (
        SELECT DISTINCT ON (coalesce('id:' || technician_id, 'name:' || lower(technician_name))) technician_id, technician_name, created_at
        FROM field_jobs WHERE location_id = ${locationId} AND (technician_id IS NOT NULL OR technician_name IS NOT NULL)
        ORDER BY coalesce('id:' || technician_id, 'name:' || lower(technician_name)), created_at DESC
      ) t ORDER BY created_at DESC LIMIT ${limit}`;
  },
};

/**
 * The customers' contacts asked (field_job_contacts), claimed in the deciding transaction: all of a job's contacts or
 * none, with a savepoint to go back to.
 */
export const contactQueries = {
  async savepoint(tx: Prisma.TransactionClient): Promise<void> {
    await tx.$executeRaw`SAVEPOINT claim_contacts`;
  },

  async rollbackToSavepoint(tx: Prisma.TransactionClient): Promise<void> {
    await tx.$executeRaw`ROLLBACK TO SAVEPOINT claim_contacts`;
  },

  /** Claims a contact for job `jobId`, unless it was asked at or after `cutoff`: whether it was claimed. */
  async claim(tx: Prisma.TransactionClient, c: { locationId: number; contact: string; now: Date; jobId: number; cutoff: Date }): Promise<boolean> {
    const claimed = await tx.$queryRaw<{ contact: string }[]>`
        INSERT INTO field_job_contacts (location_id, contact, asked_at, job_id) VALUES (${c.locationId}, ${c.contact}, ${c.now}, ${c.jobId})
        ON CONFLICT (location_id, contact) DO UPDATE SET asked_at = EXCLUDED.asked_at, job_id = EXCLUDED.job_id
        WHERE field_job_contacts.asked_at < ${c.cutoff}
        RETURNING contact`;
    return claimed.length > 0;
  },
};
