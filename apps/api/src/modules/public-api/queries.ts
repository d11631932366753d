import { poolOf, type Db, type Prisma } from '../../lib/db.js';

/**
 * The public API's raw SQL: every statement of the area that Prisma's model API does not write, one object per table.
 * Each function takes the client and typed values and answers typed rows; the services above never write SQL. The
 * two on every call's path (the key's look-up, a review request's insert) are named pg statements, prepared once per
 * connection.
 */

/** A key as the look-up answers it, with what its location's sends depend on. */
export interface KeyRow {
  id: number;
  location_id: number;
  name: string;
  scopes: string[];
  revoked: boolean;
  /** Milliseconds since the epoch, as every time below. */
  last_used_at: number | null;
  time_zone: string;
  free_trial: boolean;
  free_trial_type: string | null;
  trial_ends_at: number | null;
  plan_code: string | null;
  pcheck_count: number;
  sub: { status: string; plan_code: string | null; addons: string[] | null; term: string; current_period_end: number | null; past_due_since: number | null } | null;
}

/** The API keys (api_keys) and the location row their creation locks. */
export const keyQueries = {
  /**
   * One round trip: the key by its hash, with its location's zone, trial and subscription, from which whether it
   * may send is worked out. A named statement answering one JSON column, as the session lookup does.
   */
  async byHash(db: Db, keyHash: string): Promise<KeyRow | null> {
    const { rows } = await poolOf(db).query<{ key: KeyRow }>({
      name: 'kudo_find_api_key',
      text: `
    SELECT json_build_object(
             'id', k.id, 'location_id', k.location_id, 'name', k.name, 'scopes', k.scopes, 'revoked', k.revoked_at IS NOT NULL,
             'last_used_at', floor(extract(epoch FROM k.last_used_at AT TIME ZONE 'UTC') * 1000),
             'time_zone', l.time_zone, 'free_trial', l.free_trial, 'free_trial_type', l.free_trial_type,
             'trial_ends_at', floor(extract(epoch FROM l.trial_ends_at AT TIME ZONE 'UTC') * 1000), 'plan_code', l.plan_code,
             'pcheck_count', l.pcheck_count,
             'sub', (SELECT json_build_object('status', sub.status, 'plan_code', sub.plan_code, 'addons', sub.addons, 'term', sub.term,
                                              'current_period_end', floor(extract(epoch FROM sub.current_period_end AT TIME ZONE 'UTC') * 1000),
                                              'past_due_since', floor(extract(epoch FROM sub.past_due_since AT TIME ZONE 'UTC') * 1000))
                       FROM subscriptions sub WHERE sub.location_id = l.id)
           ) AS key
      FROM api_keys k JOIN locations l ON l.id = k.location_id
     WHERE k.key_hash = $1`,
      values: [keyHash],
    });
    return rows[0]?.key ?? null;
  },

  /** Locks the location's row for the rest of the transaction, so two key creations at once take turns. */
  async lockLocation(tx: Prisma.TransactionClient, locationId: number): Promise<void> {
    await tx.$queryRaw`SELECT id FROM locations WHERE id = ${locationId} FOR UPDATE`;
  },
};

/** The fast path's statement: the campaign named (or the default), and the request recorded with it. */
const INSERT_REQUEST = `
  WITH c AS (
    SELECT id, uid, name, employee_id FROM campaigns
     WHERE location_id = $1 AND deleted_at IS NULL
       AND CASE WHEN $2::text IS NOT NULL THEN uid = $2 WHEN $3::text IS NOT NULL THEN employee_id = $3 ELSE is_default END
     ORDER BY id LIMIT 2
  ), one AS (SELECT * FROM c WHERE (SELECT count(*) FROM c) = 1),
  ins AS (
    INSERT INTO api_review_requests (public_id, location_id, api_key_id, idempotency_key, request_hash, campaign_id, customer_name,
                                     customer_phone, customer_email, channel, external_id, send_at, scheduled_for, status, claimed_at)
    SELECT $4, $1, $5, $6, $7, one.id, $8, $9, $10, $11, $12, $13, $14, $15, $16 FROM one
    ON CONFLICT (api_key_id, idempotency_key) DO NOTHING
    RETURNING id, campaign_id, created_at
  )
  SELECT json_build_object('id', ins.id, 'created_at', to_char(ins.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                           'campaign', json_build_object('id', one.id, 'uid', one.uid, 'name', one.name, 'employee_id', one.employee_id)) AS row
    FROM ins JOIN one ON one.id = ins.campaign_id`;

/** A request the fast path recorded, with its campaign. */
export interface InsertedRequest {
  id: number;
  created_at: string;
  campaign: { id: number; uid: string; name: string; employee_id: string };
}

/** A review request to record: who asked (the key and its Idempotency-Key), for whom, and when it goes. */
export interface NewRequest {
  publicId: string;
  locationId: number;
  keyId: number;
  idempotencyKey: string | null;
  requestHash: string;
  customerName: string;
  customerPhone: string | null;
  customerEmail: string | null;
  channel: string;
  externalId: string | null;
  sendAt: Date | null;
  scheduledFor: Date;
  status: 'sending' | 'scheduled';
  claimedAt: Date | null;
}

/** The review requests (api_review_requests): recorded once per Idempotency-Key, claimed once for sending. */
export const requestQueries = {
  /**
   * Records a request with the campaign it names by uid (`campaignUid`), by Employee ID (`employeeId`), or the
   * location's default, in one statement. Undefined when no single campaign matches or the key was used before.
   */
  async insertWithCampaign(db: Db, r: NewRequest, campaign: { campaignUid: string | null; employeeId: string | null }): Promise<InsertedRequest | undefined> {
    const { rows } = await poolOf(db).query<{ row: InsertedRequest }>({
      name: 'kudo_insert_review_request',
      text: INSERT_REQUEST,
      values: [
        r.locationId,
        campaign.campaignUid,
        campaign.employeeId,
        r.publicId,
        r.keyId,
        r.idempotencyKey,
        r.requestHash,
        r.customerName,
        r.customerPhone,
        r.customerEmail,
        r.channel,
        r.externalId,
        r.sendAt,
        r.scheduledFor,
        r.status,
        r.claimedAt,
      ],
    });
    return rows[0]?.row;
  },

  /** Records a request for a campaign already found: its id, or undefined when its Idempotency-Key was used before. */
  async insert(db: Db, r: NewRequest, campaignId: number): Promise<number | undefined> {
    const rows = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO api_review_requests (public_id, location_id, api_key_id, idempotency_key, request_hash, campaign_id, customer_name,
                                     customer_phone, customer_email, channel, external_id, send_at, scheduled_for, status, claimed_at)
    VALUES (${r.publicId}, ${r.locationId}, ${r.keyId}, ${r.idempotencyKey}, ${r.requestHash}, ${campaignId}, ${r.customerName},
            ${r.customerPhone}, ${r.customerEmail}, ${r.channel}, ${r.externalId}, ${r.sendAt}, ${r.scheduledFor},
            ${r.status}, ${r.claimedAt})
    ON CONFLICT (api_key_id, idempotency_key) DO NOTHING
    RETURNING id`;
    return rows[0]?.id;
  },

  /** Claims up to `limit` scheduled requests that are due (SKIP LOCKED: two workers share them without sending one twice). */
  async claimDue(db: Db, now: Date, limit: number): Promise<{ id: number }[]> {
    return db.$queryRaw<{ id: number }[]>`
    UPDATE api_review_requests r SET status = 'sending', claimed_at = ${now}
    FROM (
      SELECT id FROM api_review_requests
      WHERE status = 'scheduled' AND scheduled_for <= ${now}
      ORDER BY scheduled_for, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) c
    WHERE r.id = c.id
    RETURNING r.id`;
  },

  /** Claims one scheduled request when it is due; false when it is not, or another claimed it first. */
  async claimOne(db: Db, id: number, now: Date): Promise<boolean> {
    const claimed = await db.$queryRaw<{ id: number }[]>`
    UPDATE api_review_requests SET status = 'sending', claimed_at = ${now}
    WHERE id = ${id} AND status = 'scheduled' AND scheduled_for <= ${now}
    RETURNING id`;
    return claimed.length > 0;
  },

  /** Each request's outcome (status and error) written in one statement. */
  async recordOutcomes(db: Db, outcomes: { id: number; status: string; error: string | null }[]): Promise<void> {
    await db.$executeRaw`
    UPDATE api_review_requests r SET status = v.status, error = v.error
    FROM unnest(${outcomes.map((o) => o.id)}::int[], ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.error)}::text[]) AS v(id, status, error)
    WHERE r.id = v.id`;
  },
};
