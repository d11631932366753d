import pg from 'pg';
import { poolOf, type Db } from '../../../lib/db.js';
import type { Client } from './shared.js';

/** The PostgreSQL channel the inbox's live updates travel on. Payloads carry ids only, never message text. */
export const INBOX_CHANNEL = 'kudo_inbox';

export type InboxEventKind = 'message' | 'status' | 'read' | 'assign' | 'close' | 'reopen' | 'consent';

/** A live-update event (inbox_events) as the streams read it. */
export interface EventRow {
  id: number;
  location_id: number;
  conversation_id: number;
  message_id: number | null;
  kind: string;
}

export type ChangeKind = 'assign' | 'close' | 'reopen' | 'optin' | 'optout';

export interface NewChange {
  locationId: number;
  conversationId: number;
  kind: ChangeKind;
  actorId: number | null;
  fromUserId?: number | null;
  toUserId?: number | null;
}

/**
 * Records a live-update event of a conversation and notifies every API process (delivered at commit when
 * called inside a transaction). The event's id is what a reconnecting stream sends back as Last-Event-ID.
 */
export async function publishInboxEvent(
  db: Pick<Client, '$executeRaw'>,
  e: { locationId: number; conversationId: number; messageId?: number | null; kind: InboxEventKind },
): Promise<void> {
  await db.$executeRaw`
    WITH e AS (
      INSERT INTO inbox_events (location_id, conversation_id, message_id, kind)
      VALUES (${e.locationId}, ${e.conversationId}, ${e.messageId ?? null}, ${e.kind})
      RETURNING id, location_id, message_id)
    SELECT pg_notify(${INBOX_CHANNEL}, json_build_object('id', e.id, 'l', e.location_id, 'm', e.message_id)::text) FROM e`;
}

/** The inbox's events: live updates (inbox_events) and the history of conversations' changes (conversation_events). */
export const eventQueries = {
  /** Records a change of a conversation (assignment, closing, reopening, consent) for the history and the reports. */
  async insertChange(db: Client, c: NewChange): Promise<void> {
    await db.$executeRaw`
      INSERT INTO conversation_events (location_id, conversation_id, kind, actor_id, from_user_id, to_user_id)
      VALUES (${c.locationId}, ${c.conversationId}, ${c.kind}, ${c.actorId}, ${c.fromUserId ?? null}, ${c.toUserId ?? null})`;
  },

  /** One event of the location, by the id a notification carried (none when the location does not match). */
  byId(db: Client, locationId: number, id: number): Promise<EventRow[]> {
    return db.$queryRaw<EventRow[]>`
      SELECT id, location_id, conversation_id, message_id, kind FROM inbox_events WHERE id = ${id} AND location_id = ${locationId}`;
  },

  /** The location's events after `lastId`, oldest first, at most 1,000 (a reconnect's replay). */
  since(db: Client, locationId: number, lastId: number): Promise<EventRow[]> {
    return db.$queryRaw<EventRow[]>`
      SELECT id, location_id, conversation_id, message_id, kind FROM inbox_events
      WHERE location_id = ${locationId} AND id > ${lastId} ORDER BY id LIMIT 1000`;
  },

  /** The location's latest event id (0 when none). */
  async latestId(db: Client, locationId: number): Promise<number> {
    const rows = await db.$queryRaw<{ max: number | null }[]>`SELECT max(id) AS max FROM inbox_events WHERE location_id = ${locationId}`;
    return rows[0]?.max ?? 0;
  },

  /** A connection of its own for LISTEN, set up as the pool's are (not yet connected: its handlers go on first). */
  listenerClient(db: Db): pg.Client {
    return new pg.Client(poolOf(db).options);
  },

  /** Starts listening for the inbox's notifications on a dedicated connection. */
  async listen(client: pg.Client): Promise<void> {
    await client.query(`LISTEN ${INBOX_CHANNEL}`);
  },
};
