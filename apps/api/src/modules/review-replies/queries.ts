/**
 * Review replies' statements that are more than a model call: the review as the replies read it (with the
 * review-topics columns read as JSON, so that it works with or without them), the claims that make each alert,
 * automatic reply and queue look happen once whatever the number of workers, and the lock the rules are counted under. Times go in as ISO instants and out as
 * UTC instants (the columns are stored without a zone).
 */
import { poolOf, type Db, type Prisma } from '../../lib/db.js';

const ts = (d: Date) => d.toISOString();
const utc = (n: number) => `$${n}::timestamptz AT TIME ZONE 'UTC'`;

export interface ReviewRow {
  id: number;
  location_id: number;
  source: string;
  external_id: string | null;
  rating: number;
  rating_type: string;
  author_name: string;
  customer_name: string;
  text: string;
  posted_at: Date;
  created_at: Date;
  url: string;
  approved_for_widget: boolean;
  archived: boolean;
  reply_text: string | null;
  reply_updated_at: Date | null;
  posted_by: string | null;
  campaign_name: string | null;
  topics: unknown;
  topic_sentiments: unknown;
  sentiment_score: unknown;
  has_classification: boolean;
  classified_at: string | null;
  business: string;
  time_zone: string;
}

const REVIEWS_SQL = `
SELECT r.id, r.location_id, r.source, r.external_id, r.rating, r.rating_type, r.author_name, r.customer_name, r.text,
       r.posted_at AT TIME ZONE 'UTC' AS posted_at, r.created_at AT TIME ZONE 'UTC' AS created_at, r.url,
       r.approved_for_widget, r.archived, r.reply_text, r.reply_updated_at AT TIME ZONE 'UTC' AS reply_updated_at,
       (SELECT rr.posted_by FROM review_replies rr WHERE rr.review_id = r.id AND rr.text = r.reply_text) AS posted_by,
       coalesce(
         (SELECT c.name FROM review_credits rc JOIN campaigns c ON c.id = rc.campaign_id
           WHERE rc.review_id = r.id AND rc.method IN ('human', 'mentions') AND c.deleted_at IS NULL
           ORDER BY rc.method = 'human' DESC, rc.id LIMIT 1),
         (SELECT c.name FROM campaigns c WHERE c.id = r.campaign_id AND c.deleted_at IS NULL)) AS campaign_name,
       j.row -> 'topics' AS topics, j.row -> 'topic_sentiments' AS topic_sentiments, j.row -> 'sentiment_score' AS sentiment_score,
       j.row ? 'classified_at' AS has_classification, j.row ->> 'classified_at' AS classified_at,
       coalesce(nullif(btrim(l.company_name), ''), l.name) AS business, l.time_zone
  FROM reviews r
  JOIN locations l ON l.id = r.location_id
  CROSS JOIN LATERAL (SELECT to_jsonb(r) - 'export_row' - 'text' AS row) j
 WHERE r.id = ANY($1::int[])`;

export const reviewQueries = {
  /** Reviews by id with their reply's poster, technician, topics and location (those of `locationId` only, when given). */
  async byIds(db: Db, ids: readonly number[], locationId?: number): Promise<ReviewRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await poolOf(db).query<ReviewRow>(locationId === undefined ? REVIEWS_SQL : `${REVIEWS_SQL} AND r.location_id = $2`, locationId === undefined ? [ids] : [ids, locationId]);
    return rows;
  },
};

export const queueQueries = {
  /** Claims up to `batch` queued reviews until `until`: those nobody holds, oldest first. */
  async claim(db: Db, now: Date, until: Date, batch: number): Promise<{ review_id: number; queued_at: Date }[]> {
    const { rows } = await poolOf(db).query<{ review_id: number; queued_at: Date }>(
      `UPDATE review_reply_queue q SET claimed_until = ${utc(1)}
        WHERE q.review_id IN (SELECT review_id FROM review_reply_queue
                               WHERE claimed_until IS NULL OR claimed_until < ${utc(2)}
                               ORDER BY queued_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING q.review_id, q.queued_at AT TIME ZONE 'UTC' AS queued_at`,
      [ts(until), ts(now), batch],
    );
    return rows;
  },
  /** The look is over, unless the review was queued again meanwhile (a new time). */
  async done(db: Db, reviewId: number, queuedAt: Date) {
    await poolOf(db).query(`DELETE FROM review_reply_queue WHERE review_id = $1 AND queued_at = ${utc(2)}`, [reviewId, ts(queuedAt)]);
  },
  /** Looked at again after `until`. */
  async later(db: Db, reviewId: number, queuedAt: Date, until: Date) {
    await poolOf(db).query(`UPDATE review_reply_queue SET claimed_until = ${utc(2)} WHERE review_id = $1 AND queued_at = ${utc(3)}`, [reviewId, ts(until), ts(queuedAt)]);
  },
};

export interface ClaimedReply {
  review_id: number;
  location_id: number;
  rule_id: number | null;
  rule_name: string;
  attempts: number;
}

export const autoReplyQueries = {
  /** A review's automatic reply, scheduled once: a second time does nothing. */
  async schedule(db: Db, row: { reviewId: number; locationId: number; ruleId: number; ruleName: string; dueAt: Date; now: Date }) {
    await poolOf(db).query(
      `INSERT INTO review_auto_replies (review_id, location_id, rule_id, rule_name, due_at, created_at)
       VALUES ($1, $2, $3, $4, ${utc(5)}, ${utc(6)}) ON CONFLICT (review_id) DO NOTHING`,
      [row.reviewId, row.locationId, row.ruleId, row.ruleName, ts(row.dueAt), ts(row.now)],
    );
  },
  /** Claims the due replies (scheduled, or posting by a worker that stopped) in one statement: each by one worker. */
  async claimDue(db: Db, now: Date, until: Date, batch: number): Promise<ClaimedReply[]> {
    const { rows } = await poolOf(db).query<ClaimedReply>(
      `UPDATE review_auto_replies a SET status = 'posting', claimed_until = ${utc(1)}, attempts = a.attempts + 1
        WHERE a.review_id IN (SELECT review_id FROM review_auto_replies
                               WHERE (status = 'scheduled' AND due_at <= ${utc(2)}) OR (status = 'posting' AND claimed_until < ${utc(2)})
                               ORDER BY due_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING a.review_id, a.location_id, a.rule_id, a.rule_name, a.attempts`,
      [ts(until), ts(now), batch],
    );
    return rows;
  },
};

export const alertQueries = {
  /** The review's alert, once: true for the call that made it. */
  async raise(db: Db, row: { reviewId: number; locationId: number; reason: 'rating' | 'sentiment'; smsDueAt: Date | null; now: Date }): Promise<boolean> {
    const { rows } = await poolOf(db).query(
      `INSERT INTO review_alerts (review_id, location_id, reason, sms_due_at, created_at) VALUES ($1, $2, $3, ${utc(4)}, ${utc(5)})
       ON CONFLICT (review_id) DO NOTHING RETURNING review_id`,
      [row.reviewId, row.locationId, row.reason, row.smsDueAt ? ts(row.smsDueAt) : null, ts(row.now)],
    );
    return rows.length > 0;
  },
  /** Claims the alerts whose texts are due (of one review, when given): each is texted by one worker. */
  async claimDueTexts(db: Db, now: Date, reviewId?: number): Promise<{ review_id: number; reason: 'rating' | 'sentiment' }[]> {
    const values: unknown[] = [ts(now)];
    const only = reviewId ? `AND review_id = $${values.push(reviewId)}` : '';
    const { rows } = await poolOf(db).query<{ review_id: number; reason: 'rating' | 'sentiment' }>(
      `UPDATE review_alerts SET sms_sent_at = ${utc(1)}
        WHERE review_id IN (SELECT review_id FROM review_alerts WHERE sms_sent_at IS NULL AND sms_due_at <= ${utc(1)} ${only}
                             ORDER BY sms_due_at LIMIT 50 FOR UPDATE SKIP LOCKED)
        RETURNING review_id, reason`,
      values,
    );
    return rows;
  },
};

export const ruleQueries = {
  /** Holds the location's automatic reply rules for the rest of the transaction, so two creations at once are counted in turn. */
  async lock(tx: Prisma.TransactionClient, locationId: number): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('review_reply_rules'), ${locationId})`;
  },
};
