import { WEBHOOK_LIMITS, WEBHOOK_MSG } from '@kudo/shared';
import { Prisma, type Db } from '../../lib/db.js';

/**
 * Outgoing webhooks' raw SQL: every statement of the area that Prisma's model API does not write, one object per
 * concern. Each function takes the client and typed values and answers typed rows; the services above never write
 * SQL. Times are UTC, as the outbox triggers write them.
 */

/** An attempt not finished after this long is taken to be lost (its worker stopped) and may be made again. */
const CLAIM_SECONDS = 60;

const UTC_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** A delivery claimed for an attempt, with its event's body and its subscription's address and (encrypted) secret. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  subscription_id: number;
  location_id: number;
  event_public_id: string;
  body: string;
  url: string;
  secret: string;
}

/** A delivery as Settings and the public API list it. */
export interface DeliveryRow {
  id: number;
  subscription_id: number;
  url: string;
  event_id: string;
  event: string;
  status: string;
  attempts: number;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  last_status: number | null;
  last_error: string | null;
}

/** The deliveries (webhook_deliveries): claimed, attempted and recorded by the worker, listed and redelivered by their location. */
export const deliveryQueries = {
  /**
   * Claims due deliveries for this worker: pending, due, of an active subscription; `onlyId` narrows it to one. The
   * row lock (SKIP LOCKED) and the status change happen in one statement, so of two workers only one gets a row, and
   * a claimed row is not claimed again while its attempt is in flight.
   */
  claimDue(db: Db, limit: number, onlyId?: number): Promise<ClaimedDelivery[]> {
    return db.$queryRaw<ClaimedDelivery[]>`
    WITH due AS (
       SELECT d.id FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${UTC_NOW} ${onlyId === undefined ? Prisma.empty : Prisma.sql`AND d.id = ${onlyId}`}
          AND EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = d.subscription_id AND s.status = 'active')
        ORDER BY d.next_attempt_at, d.id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE webhook_deliveries d
          SET status = 'delivering', attempts = d.attempts + 1, last_attempt_at = ${UTC_NOW},
              claimed_until = ${UTC_NOW} + make_interval(secs => ${CLAIM_SECONDS})
         FROM due WHERE d.id = due.id
       RETURNING d.id, d.attempts, d.subscription_id, d.location_id, d.event_id)
     SELECT c.id, c.attempts, c.subscription_id, c.location_id, e.public_id AS event_public_id, e.body, s.url, s.secret
       FROM claimed c JOIN webhook_events e ON e.id = c.event_id JOIN webhook_subscriptions s ON s.id = c.subscription_id`;
  },

  /** A successful attempt, written only if the row is still this attempt's. */
  async recordSuccess(db: Db, c: ClaimedDelivery, status: number | null): Promise<void> {
    await db.$executeRaw`
      UPDATE webhook_deliveries SET status = 'succeeded', delivered_at = ${UTC_NOW}, last_status = ${status}, last_error = NULL,
             next_attempt_at = NULL, claimed_until = NULL
       WHERE id = ${c.id} AND status = 'delivering' AND attempts = ${c.attempts}`;
  },

  /**
   * A failed attempt, written only if the row is still this attempt's: pending again `delay` seconds later while its
   * subscription is on, else failed (`delay` null: the retries are used up). A subscription switched off while this
   * attempt was in flight (by another failing delivery) gets no retry: its waiting deliveries were failed then, and
   * this one fails with them.
   */
  async recordFailure(db: Db, c: ClaimedDelivery, result: { status: number | null; error: string }, delay: number | null): Promise<void> {
    const retry = delay === null ? Prisma.sql`false` : Prisma.sql`EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = ${c.subscription_id} AND s.status = 'active')`;
    await db.$executeRaw`
    UPDATE webhook_deliveries
       SET status = CASE WHEN ${retry} THEN 'pending' ELSE 'failed' END, last_status = ${result.status}, last_error = ${result.error}, claimed_until = NULL,
           next_attempt_at = CASE WHEN ${retry} THEN ${UTC_NOW} + make_interval(secs => ${delay ?? 0}) END
     WHERE id = ${c.id} AND status = 'delivering' AND attempts = ${c.attempts}`;
  },

  /** Attempts made abandoned (their worker stopped mid-attempt) are due again. */
  async releaseLostClaims(db: Db): Promise<void> {
    await db.$executeRaw`
    UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ${UTC_NOW}, claimed_until = NULL
     WHERE status = 'delivering' AND claimed_until < ${UTC_NOW}`;
  },

  /** The location's deliveries, newest first, `limit` from `offset`; one subscription's with `webhookId`, one delivery with `deliveryId`. */
  list(db: Db, locationId: number, where: { webhookId?: number | undefined; deliveryId?: number }, limit: number, offset: number): Promise<DeliveryRow[]> {
    return db.$queryRaw<DeliveryRow[]>`
    SELECT d.id, d.subscription_id, s.url, e.public_id AS event_id, e.type AS event, d.status, d.attempts, e.created_at,
           d.last_attempt_at, d.next_attempt_at, d.last_status, d.last_error
      FROM webhook_deliveries d
      JOIN webhook_events e ON e.id = d.event_id
      JOIN webhook_subscriptions s ON s.id = d.subscription_id
     WHERE d.location_id = ${locationId}
       AND (${where.webhookId ?? null}::int IS NULL OR d.subscription_id = ${where.webhookId ?? null}::int)
       AND (${where.deliveryId ?? null}::int IS NULL OR d.id = ${where.deliveryId ?? null}::int)
     ORDER BY d.id DESC
     LIMIT ${limit} OFFSET ${offset}`;
  },

  /** Makes one of the location's deliveries due now, unless an attempt of it is in flight. */
  async redeliver(db: Db, locationId: number, deliveryId: number): Promise<void> {
    await db.$executeRaw`
    UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now() AT TIME ZONE 'UTC'
     WHERE id = ${deliveryId} AND location_id = ${locationId} AND status <> 'delivering'`;
  },
};

/** The subscriptions (webhook_subscriptions): their failing stretch, their switch-off, and what their list shows. */
export const subscriptionQueries = {
  /** A delivered attempt ends the subscription's failing stretch. */
  async clearFailing(db: Db, subscriptionId: number): Promise<void> {
    await db.$executeRaw`UPDATE webhook_subscriptions SET failing_since = NULL WHERE id = ${subscriptionId} AND failing_since IS NOT NULL`;
  },

  /** A failed attempt starts (or continues) the subscription's failing stretch: whether it has lasted a day. */
  async markFailing(db: Db, subscriptionId: number): Promise<boolean> {
    const [sub] = await db.$queryRaw<{ failing_for_day: boolean }[]>`
    UPDATE webhook_subscriptions SET failing_since = coalesce(failing_since, ${UTC_NOW})
     WHERE id = ${subscriptionId} RETURNING failing_since <= ${UTC_NOW} - make_interval(hours => ${WEBHOOK_LIMITS.disableAfterHours}) AS failing_for_day`;
    return sub?.failing_for_day ?? false;
  },

  /**
   * Switches an active subscription off: the subscription, or undefined when it was not active (so only the one
   * update that switched it off answers it).
   */
  async switchOff(db: Db, subscriptionId: number): Promise<{ id: number; location_id: number; url: string } | undefined> {
    const [off] = await db.$queryRaw<{ id: number; location_id: number; url: string }[]>`
    UPDATE webhook_subscriptions SET status = 'disabled', disabled_at = ${UTC_NOW}
     WHERE id = ${subscriptionId} AND status = 'active' RETURNING id, location_id, url`;
    return off;
  },

  /** The waiting deliveries of a subscription switched off fail. */
  async failWaiting(db: Db, subscriptionId: number): Promise<void> {
    await db.$executeRaw`
    UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = coalesce(last_error, ${WEBHOOK_MSG.switchedOff})
     WHERE subscription_id = ${subscriptionId} AND status = 'pending'`;
  },

  /** The names of the API keys that created subscriptions. */
  keyNames(db: Db, keyIds: number[]): Promise<{ id: number; name: string }[]> {
    return db.$queryRaw<{ id: number; name: string }[]>`SELECT id, name FROM api_keys WHERE id = ANY(${keyIds}::int[])`;
  },

  /** Locks the location's row for the rest of the transaction, so two creations at once take turns. */
  async lockLocation(tx: Prisma.TransactionClient, locationId: number): Promise<void> {
    await tx.$queryRaw`SELECT id FROM locations WHERE id = ${locationId} FOR UPDATE`;
  },
};
