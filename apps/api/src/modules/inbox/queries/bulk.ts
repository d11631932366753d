import type { Client } from './shared.js';

export type BulkJobStatus = 'queued' | 'waiting' | 'running' | 'done';

export interface NewBulkJob {
  locationId: number;
  createdById: number;
  body: string;
  assigneeId: number | null;
  fileName: string;
  rows: { rowNumber: number; name: string; address: string; phone: string; status: 'standby' | 'error'; message: string | null }[];
}

export interface BulkJobRow {
  id: number;
  rowNumber: number;
  name: string;
  phone: string;
  status: string;
  message: string | null;
}

/** Multiple Conversations: the jobs (inbox_bulk_jobs) and their rows (inbox_bulk_rows), one customer each. */
export const bulkQueries = {
  /** Records a job with every row of its sheet; answers its id. */
  async createJob(db: Client, job: NewBulkJob): Promise<number> {
    const created = await db.inboxBulkJob.create({
      data: {
        locationId: job.locationId,
        createdById: job.createdById,
        body: job.body,
        assigneeId: job.assigneeId,
        fileName: job.fileName,
        total: job.rows.length,
        rows: { createMany: { data: job.rows } },
      },
      select: { id: true },
    });
    return created.id;
  },

  /** A job of the location with its rows in sheet order, or null. */
  jobOf(db: Client, locationId: number, jobId: number): Promise<{ id: number; status: string; total: number; rows: BulkJobRow[] } | null> {
    return db.inboxBulkJob.findFirst({
      where: { id: jobId, locationId },
      select: {
        id: true,
        status: true,
        total: true,
        rows: { orderBy: { rowNumber: 'asc' }, select: { id: true, rowNumber: true, name: true, phone: true, status: true, message: true } },
      },
    });
  },

  /** A job as its worker needs it: who sends what, and the location's time zone. */
  jobToRun(
    db: Client,
    jobId: number,
  ): Promise<{ id: number; status: string; locationId: number; createdById: number; assigneeId: number | null; body: string; location: { timeZone: string } } | null> {
    return db.inboxBulkJob.findUnique({
      where: { id: jobId },
      select: { id: true, status: true, locationId: true, createdById: true, assigneeId: true, body: true, location: { select: { timeZone: true } } },
    });
  },

  async setStatus(db: Client, jobId: number, status: Exclude<BulkJobStatus, 'done'>): Promise<void> {
    await db.inboxBulkJob.update({ where: { id: jobId }, data: { status } });
  },

  async finish(db: Client, jobId: number): Promise<void> {
    await db.inboxBulkJob.update({ where: { id: jobId }, data: { status: 'done', finishedAt: new Date() } });
  },

  /** Rows left pending since before `before` (a stopped worker's) fail with `message`: they may have been sent. */
  async failPendingSince(db: Client, jobId: number, before: Date, message: string): Promise<void> {
    await db.inboxBulkRow.updateMany({ where: { jobId, status: 'pending', updatedAt: { lt: before } }, data: { status: 'error', message } });
  },

  /** Claims up to `limit` waiting rows in sheet order (standby → pending); rows another worker holds are skipped. */
  claimRows(db: Client, jobId: number, limit: number): Promise<{ id: number; name: string; address: string; phone: string }[]> {
    return db.$queryRaw<{ id: number; name: string; address: string; phone: string }[]>`
      UPDATE inbox_bulk_rows SET status = 'pending', updated_at = now()
      WHERE id IN (SELECT id FROM inbox_bulk_rows WHERE job_id = ${jobId} AND status = 'standby' ORDER BY row_number LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, name, address, phone`;
  },

  /** A row's outcome: sent (with its conversation) or refused (with why). */
  async setRowOutcome(db: Client, rowId: number, outcome: { status: string; message: string | null; conversationId: number | null }): Promise<void> {
    await db.inboxBulkRow.update({ where: { id: rowId }, data: outcome });
  },

  /** The rows of a job still to send or being sent. */
  rowsLeft(db: Client, jobId: number): Promise<number> {
    return db.inboxBulkRow.count({ where: { jobId, status: { in: ['standby', 'pending'] } } });
  },

  /** Unfinished jobs none of whose rows moved since `before` (their worker stopped), at most `take`. */
  stalled(db: Client, before: Date, take: number): Promise<{ id: number }[]> {
    return db.inboxBulkJob.findMany({
      where: { status: { in: ['queued', 'running'] }, rows: { none: { updatedAt: { gt: before } } } },
      select: { id: true },
      take,
    });
  },
};
