import { Prisma, type Db } from '../../lib/db.js';

/**
 * Operate's raw SQL: every statement of the area that Prisma's model API does not write, one object per table or
 * concern. Each function takes the client and typed values and answers typed rows; the services above never write
 * SQL. Lists go as arrays through unnest, so a batch of any size is one statement.
 */

/** A trial location's pulseCheck balance (locations.pcheck_count): spent by each pulseCheck, given back when it did not go out. */
export const pulseCheckQueries = {
  /** Spends one pulseCheck in one statement, so two sends at once can never take the count below zero: the count left, or null when none was left. */
  async spendOne(db: Db, locationId: number): Promise<number | null> {
    const rows = await db.$queryRaw<{ pcheck_count: number }[]>`
      UPDATE locations SET pcheck_count = pcheck_count - 1 WHERE id = ${locationId} AND pcheck_count > 0 RETURNING pcheck_count`;
    return rows.length === 0 ? null : rows[0]!.pcheck_count;
  },

  /** Gives one pulseCheck back: the count after it (undefined without the location). */
  async refundOne(db: Db, locationId: number): Promise<number | undefined> {
    const rows = await db.$queryRaw<{ pcheck_count: number }[]>`
      UPDATE locations SET pcheck_count = pcheck_count + 1 WHERE id = ${locationId} RETURNING pcheck_count`;
    return rows[0]?.pcheck_count;
  },

  /** Spends up to `wanted` pulseChecks at once, never below zero: how many were granted (undefined without the location). */
  async spendUpTo(db: Db, locationId: number, wanted: number): Promise<number | undefined> {
    const [spent] = await db.$queryRaw<{ granted: number }[]>`
      WITH before AS (SELECT pcheck_count FROM locations WHERE id = ${locationId} FOR UPDATE)
      UPDATE locations l SET pcheck_count = l.pcheck_count - LEAST(before.pcheck_count, ${wanted})
      FROM before WHERE l.id = ${locationId}
      RETURNING LEAST(before.pcheck_count, ${wanted})::int AS granted`;
    return spent?.granted;
  },

  /** Gives `count` pulseChecks back. */
  async refund(db: Db, locationId: number, count: number): Promise<void> {
    await db.$executeRaw`UPDATE locations SET pcheck_count = pcheck_count + ${count} WHERE id = ${locationId}`;
  },
};

/** The dispatch column that holds a batch item's key: a bulk sheet's row, or a public API request. */
export type ItemKeyColumn = 'bulk_row_id' | 'api_request_id';

/** The key column as SQL: an identifier of the closed list above. */
const keyColumnSql = (column: ItemKeyColumn) => Prisma.raw(column === 'bulk_row_id' ? 'bulk_row_id' : 'api_request_id');

/** A customer of a batch, by phone. */
export interface BatchCustomer {
  phone: string;
  /** '' without one. */
  email: string;
  name: string;
  address: string;
}

/** A dispatch of a batch to record: its item's key and recipient. */
export interface BatchDispatch {
  key: number;
  customerId: number | null;
  tokenHash: string;
  phone: string | null;
  email: string | null;
  name: string;
  address: string;
}

/** What each channel of a recorded dispatch answered. */
export interface BatchResult {
  dispatchId: number;
  smsStatus: 0 | 1 | null;
  smsMessage: string | null;
  emailStatus: 0 | 1 | null;
  emailMessage: string | null;
}

/** What an earlier run recorded of an item's dispatch. */
export interface EarlierDispatchRow {
  key: number;
  sms_status: 0 | 1 | null;
  sms_message: string | null;
  email_status: 0 | 1 | null;
  email_message: string | null;
  created_at: Date;
}

/** The batched send's customers and dispatches (bulk rows, public API requests): one statement each per batch. */
export const batchQueries = {
  /**
   * The batch's customers found or created by phone in one statement (what staff typed updates them, as a single
   * send does); one customer per phone, as a statement may not update the same row twice.
   */
  upsertCustomersByPhone(db: Db, locationId: number, list: BatchCustomer[]): Promise<{ id: number; phone: string }[]> {
    return db.$queryRaw<{ id: number; phone: string }[]>`
        INSERT INTO customers (location_id, phone, email, name, address_line)
        SELECT ${locationId}, v.phone, NULLIF(v.email, ''), v.name, v.address
        FROM unnest(${list.map((t) => t.phone)}::text[], ${list.map((t) => t.email)}::text[], ${list.map((t) => t.name)}::text[], ${list.map((t) => t.address)}::text[])
          AS v(phone, email, name, address)
        ON CONFLICT (location_id, phone) DO UPDATE SET
          email = COALESCE(EXCLUDED.email, customers.email),
          name = CASE WHEN EXCLUDED.name <> '' THEN EXCLUDED.name ELSE customers.name END,
          address_line = CASE WHEN EXCLUDED.address_line <> '' THEN EXCLUDED.address_line ELSE customers.address_line END,
          updated_at = now()
        RETURNING id, phone`;
  },

  /**
   * Records the batch's dispatches in one statement, each with its item's key in `column`. An item that already has
   * its dispatch was sent (or started) by an earlier run: it is left out of the answer, and not sent again.
   */
  insertDispatches(
    db: Db,
    batch: {
      locationId: number;
      campaignId: number;
      kind: 'pcheck' | 'bio';
      source: 'bulk' | 'api' | 'integration';
      userId: number | null;
      bulkJobId: number | null;
      column: ItemKeyColumn;
      expiresAt: Date;
    },
    sending: BatchDispatch[],
  ): Promise<{ id: number; key: number; created_at: Date }[]> {
    const column = keyColumnSql(batch.column);
    return db.$queryRaw<{ id: number; key: number; created_at: Date }[]>`
        INSERT INTO dispatches (location_id, campaign_id, customer_id, kind, source, token_hash, customer_phone, customer_email,
                                customer_name, customer_address, sent_by_user_id, bulk_job_id, ${column}, expires_at)
        SELECT ${batch.locationId}, ${batch.campaignId}, v.customer_id, ${batch.kind}::"DispatchKind", ${batch.source}, v.token_hash, v.phone, v.email,
               v.name, v.address, ${batch.userId}, ${batch.bulkJobId}::int, v.item_key, ${batch.expiresAt}
        FROM unnest(${sending.map((t) => t.customerId)}::int[], ${sending.map((t) => t.tokenHash)}::text[],
                    ${sending.map((t) => t.phone)}::text[], ${sending.map((t) => t.email)}::text[], ${sending.map((t) => t.name)}::text[],
                    ${sending.map((t) => t.address)}::text[], ${sending.map((t) => t.key)}::int[])
          AS v(customer_id, token_hash, phone, email, name, address, item_key)
        -- An item that already has its dispatch was sent (or started) by an earlier run: it is not sent again.
        ON CONFLICT (${column}) DO NOTHING
        RETURNING id, ${column} AS "key", created_at`;
  },

  /** What each channel answered, written to the batch's dispatches in one statement. */
  async recordResults(db: Db, delivered: BatchResult[]): Promise<void> {
    await db.$executeRaw`
      UPDATE dispatches d SET sms_status = v.sms_status, sms_message = v.sms_message, email_status = v.email_status, email_message = v.email_message
      FROM unnest(${delivered.map((d) => d.dispatchId)}::int[], ${delivered.map((d) => d.smsStatus)}::int[], ${delivered.map((d) => d.smsMessage)}::text[],
                  ${delivered.map((d) => d.emailStatus)}::int[], ${delivered.map((d) => d.emailMessage)}::text[])
        AS v(id, sms_status, sms_message, email_status, email_message)
      WHERE d.id = v.id`;
  },

  /** The dispatches earlier runs recorded for these item keys, with what each channel answered. */
  earlier(db: Db, column: ItemKeyColumn, keys: number[]): Promise<EarlierDispatchRow[]> {
    const keyColumn = keyColumnSql(column);
    return db.$queryRaw<EarlierDispatchRow[]>`
    SELECT ${keyColumn} AS key, sms_status, sms_message, email_status, email_message, created_at
    FROM dispatches WHERE ${keyColumn} = ANY(${keys}::int[])`;
  },
};

/** A bulk sheet's row claimed for sending. */
export interface ClaimedRow {
  id: number;
  rowNumber: number;
  name: string;
  phone: string;
  email: string;
  address: string;
}

/** A bulk job's rows (bulk_job_rows) as the worker claims and records them. */
export const bulkRowQueries = {
  /**
   * Claims the next rows in sheet order (rows another worker claimed and never recorded come first once
   * their claim lapsed). SKIP LOCKED lets two workers claim from one job at once without waiting on or
   * taking each other's rows.
   */
  claim(db: Db, jobId: number, limit: number, at: Date, lapsedBefore: Date): Promise<ClaimedRow[]> {
    return db.$queryRaw<ClaimedRow[]>`
    UPDATE bulk_job_rows r SET status = 'pending', updated_at = ${at}
    FROM (
      SELECT id FROM bulk_job_rows
      WHERE job_id = ${jobId} AND (status = 'standby' OR (status = 'pending' AND updated_at < ${lapsedBefore}))
      ORDER BY status = 'pending' DESC, row_number
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) c
    WHERE r.id = c.id
    RETURNING r.id, r.row_number AS "rowNumber", r.name, r.phone, r.email, r.address`;
  },

  /** Every row's status in one statement, which the page polling the job reads. */
  async recordOutcomes(db: Db, outcomes: { key: number; status: 'success' | 'error'; message: string | null }[], at: Date): Promise<void> {
    await db.$executeRaw`
    UPDATE bulk_job_rows r SET status = v.status, message = v.message, updated_at = ${at}
    FROM unnest(${outcomes.map((o) => o.key)}::int[], ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.message)}::text[]) AS v(id, status, message)
    WHERE r.id = v.id`;
  },
};
