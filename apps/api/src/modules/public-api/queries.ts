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
   * One round trip for several keys: each key by its hash, with its location's zone, trial and subscription, from
   * which whether it may send is worked out. A named statement answering JSON, as the session lookup does; one entry
   * per hash, in order (null: no such key).
   */
  async byHashes(db: Db, keyHashes: readonly string[]): Promise<(KeyRow | null)[]> {
    const { rows } = await poolOf(db).query<{ hash: string; key: KeyRow }>({
      name: 'kudo_find_api_keys',
      text: `
    SELECT k.key_hash AS hash, json_build_object(
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
     WHERE k.key_hash = ANY($1::text[])`,
      values: [[...new Set(keyHashes)]],
    });
    const found = new Map(rows.map((r) => [r.hash, r.key]));
    return keyHashes.map((h) => found.get(h) ?? null);
  },

  /** Locks the location's row for the rest of the transaction, so two key creations at once take turns. */
  async lockLocation(tx: Prisma.TransactionClient, locationId: number): Promise<void> {
    await tx.$queryRaw`SELECT id FROM locations WHERE id = ${locationId} FOR UPDATE`;
  },
};

/**
 * The fast path's statement, for a batch of requests ($1: a JSON array, one object per request with its `ord`): each
 * with the campaign it names (or the location's default, when exactly one matches), recorded unless its
 * Idempotency-Key was used before (or earlier in the batch). Answers, per `ord` recorded, the request and its campaign.
 * Times travel as ISO 8601 and are stored as UTC without a zone.
 */
const INSERT_REQUESTS = `
  WITH x AS (
    SELECT * FROM json_to_recordset($1::json) AS x(ord int, location_id int, campaign_uid text, employee_id text, public_id text, api_key_id int,
      idempotency_key text, request_hash text, customer_name text, customer_phone text, customer_email text, channel text, external_id text,
      send_at timestamptz, scheduled_for timestamptz, status text, claimed_at timestamptz)
  ), picked AS (
    SELECT x.*, one.id AS campaign_id
      FROM x JOIN LATERAL (
        SELECT min(c.id) AS id, count(*) AS n FROM (
          SELECT id FROM campaigns
           WHERE location_id = x.location_id AND deleted_at IS NULL
             AND CASE WHEN x.campaign_uid IS NOT NULL THEN uid = x.campaign_uid WHEN x.employee_id IS NOT NULL THEN employee_id = x.employee_id ELSE is_default END
           ORDER BY id LIMIT 2) c
      ) one ON one.n = 1
  ), ins AS (
    INSERT INTO api_review_requests (public_id, location_id, api_key_id, idempotency_key, request_hash, campaign_id, customer_name,
                                     customer_phone, customer_email, channel, external_id, send_at, scheduled_for, status, claimed_at)
    SELECT public_id, location_id, api_key_id, idempotency_key, request_hash, campaign_id, customer_name, customer_phone, customer_email,
           channel, external_id, send_at AT TIME ZONE 'UTC', scheduled_for AT TIME ZONE 'UTC', status, claimed_at AT TIME ZONE 'UTC'
      FROM picked ORDER BY ord
    ON CONFLICT (api_key_id, idempotency_key) DO NOTHING
    RETURNING id, public_id, campaign_id, created_at
  )
  SELECT p.ord, json_build_object('id', ins.id, 'created_at', to_char(ins.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                  'campaign', json_build_object('id', c.id, 'uid', c.uid, 'name', c.name, 'employee_id', c.employee_id)) AS row
    FROM ins JOIN picked p ON p.public_id = ins.public_id JOIN campaigns c ON c.id = ins.campaign_id`;

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
   * Records requests, each with the campaign it names by uid (`campaignUid`), by Employee ID (`employeeId`), or the
   * location's default, in one statement for all. Answers one entry per request, in order: undefined when no single
   * campaign matches or its Idempotency-Key was used before.
   */
  async insertWithCampaigns(
    db: Db,
    requests: readonly { request: NewRequest; campaign: { campaignUid: string | null; employeeId: string | null } }[],
  ): Promise<(InsertedRequest | undefined)[]> {
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    const values = requests.map(({ request: r, campaign }, ord) => ({
      ord,
      location_id: r.locationId,
      campaign_uid: campaign.campaignUid,
      employee_id: campaign.employeeId,
      public_id: r.publicId,
      api_key_id: r.keyId,
      idempotency_key: r.idempotencyKey,
      request_hash: r.requestHash,
      customer_name: r.customerName,
      customer_phone: r.customerPhone,
      customer_email: r.customerEmail,
      channel: r.channel,
      external_id: r.externalId,
      send_at: iso(r.sendAt),
      scheduled_for: iso(r.scheduledFor),
      status: r.status,
      claimed_at: iso(r.claimedAt),
    }));
    const { rows } = await poolOf(db).query<{ ord: number; row: InsertedRequest }>({
      name: 'kudo_insert_review_requests',
      text: INSERT_REQUESTS,
      values: [JSON.stringify(values)],
    });
    const out: (InsertedRequest | undefined)[] = requests.map(() => undefined);
    for (const { ord, row } of rows) out[ord] = row;
    return out;
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

  /**
   * Claims recorded requests for sending now (status sending), those still scheduled and due: the ones the minute's
   * sweep took meanwhile are left to it. Answers the ids claimed.
   */
  async claimMany(db: Db, ids: readonly number[], now: Date): Promise<number[]> {
    const { rows } = await poolOf(db).query<{ id: number }>({
      name: 'kudo_claim_review_requests',
      text: `UPDATE api_review_requests SET status = 'sending', claimed_at = $2::timestamptz AT TIME ZONE 'UTC'
              WHERE id = ANY($1::int[]) AND status = 'scheduled' AND scheduled_for <= $2::timestamptz AT TIME ZONE 'UTC'
          RETURNING id`,
      values: [ids, now.toISOString()],
    });
    return rows.map((r) => r.id);
  },

  /**
   * Requests left sending since before `before` (their process stopped, or stalled that long): one whose dispatch was
   * never recorded reached no one and is scheduled again, due at once; one with a dispatch is closed as the dispatch
   * says (sent when a channel took it, else failed, with `interrupted` when it holds no result). Answers how many.
   */
  async settleStale(db: Db, before: Date, interrupted: string): Promise<number> {
    return db.$executeRaw`
    WITH stale AS (
      SELECT r.id, d.id AS dispatch_id, d.sms_status, d.email_status
        FROM api_review_requests r LEFT JOIN dispatches d ON d.api_request_id = r.id
       WHERE r.status = 'sending' AND r.claimed_at < ${before}
         FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE api_review_requests r SET
      status = CASE WHEN s.dispatch_id IS NULL THEN 'scheduled' WHEN s.sms_status = 1 OR s.email_status = 1 THEN 'sent' ELSE 'failed' END,
      claimed_at = CASE WHEN s.dispatch_id IS NULL THEN NULL ELSE r.claimed_at END,
      error = CASE WHEN s.dispatch_id IS NOT NULL AND s.sms_status IS NULL AND s.email_status IS NULL THEN ${interrupted} ELSE r.error END
      FROM stale s
     WHERE r.id = s.id`;
  },

  /** Each request's outcome (status and error) written in one statement. */
  async recordOutcomes(db: Db, outcomes: { id: number; status: string; error: string | null }[]): Promise<void> {
    await db.$executeRaw`
    UPDATE api_review_requests r SET status = v.status, error = v.error
    FROM unnest(${outcomes.map((o) => o.id)}::int[], ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.error)}::text[]) AS v(id, status, error)
    WHERE r.id = v.id`;
  },
};
