import type { Db } from '../../lib/db.js';

/** The PostgreSQL channel the inbox's live updates travel on. Payloads carry ids only, never message text. */
export const INBOX_CHANNEL = 'kudo_inbox';

export type InboxEventKind = 'message' | 'status' | 'read' | 'assign' | 'close' | 'reopen' | 'consent';

/**
 * Records a live-update event of a conversation and notifies every API process (delivered at commit when
 * called inside a transaction). The event's id is what a reconnecting stream sends back as Last-Event-ID.
 */
export async function publishInboxEvent(
  db: Pick<Db, '$executeRaw'>,
  e: { locationId: number; conversationId: number; messageId?: number | null; kind: InboxEventKind },
): Promise<void> {
  await db.$executeRaw`
    WITH e AS (
      INSERT INTO inbox_events (location_id, conversation_id, message_id, kind)
      VALUES (${e.locationId}, ${e.conversationId}, ${e.messageId ?? null}, ${e.kind})
      RETURNING id, location_id, message_id)
    SELECT pg_notify(${INBOX_CHANNEL}, json_build_object('id', e.id, 'l', e.location_id, 'm', e.message_id)::text) FROM e`;
}

const recordedHooks = new WeakMap<object, (locationId: number, messageId: number) => void>();

/** Calls `hook` with each message recorded (and committed) through `db` in this process. */
export function onMessageRecorded(db: object, hook: (locationId: number, messageId: number) => void): void {
  recordedHooks.set(db, hook);
}

/**
 * A message was recorded through `db`, outside any transaction (so it is committed): this process's poll answers
 * know it at once instead of when the NOTIFY comes back. A transaction's client is another object and is not heard.
 */
export function messageRecorded(db: object, locationId: number, messageId: number): void {
  recordedHooks.get(db)?.(locationId, messageId);
}
