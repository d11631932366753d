import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { INBOX_LIMITS, type InboxEventData } from '@kudo/shared';
import type { Db } from '../../lib/db.js';
import { onMessageRecorded } from './events.js';
import { eventQueries, type EventRow } from './queries/index.js';

type Listener = (event: InboxEventData) => void;

const toEvent = (r: EventRow): InboxEventData => ({ id: r.id, conversation_id: r.conversation_id, message_id: r.message_id, kind: r.kind });

/**
 * The one LISTEN connection of this API process. NOTIFY carries an event's id and location only; the hub
 * reads the event row once and hands it to that location's open streams, and to nobody else.
 */
export class InboxHub {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly listeners = new Map<number, Set<Listener>>();
  /** The open streams' responses, ended when the server shuts down. */
  readonly open = new Set<{ end: () => void }>();
  private closed = false;
  /** The newest message id heard of per location since this connection listens (NOTIFY, or recorded here). */
  private readonly newest = new Map<number, number>();
  /** The locations whose newest id is complete: read from the database after LISTEN began, and kept since. */
  private readonly known = new Set<number>();
  /** Counts lost connections, so that a read begun before a loss is not trusted after it. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    onMessageRecorded(db, (locationId, messageId) => this.heard(locationId, messageId));
  }

  private heard(locationId: number, messageId: number) {
    if (messageId > (this.newest.get(locationId) ?? 0)) this.newest.set(locationId, messageId);
  }

  /** What was heard while listening is worthless once the connection is lost (notifications may be missed). */
  private forget() {
    this.generation++;
    this.newest.clear();
    this.known.clear();
  }

  /**
   * The location's latest message id (the poll's answer) without a query while this process listens: `read` (the
   * query) once per location after LISTEN began, then every later message is heard of. `read` answers whenever
   * the connection cannot be had.
   */
  async latestMessageId(locationId: number, read: () => Promise<number>): Promise<number> {
    if (this.client && this.known.has(locationId)) return this.newest.get(locationId) ?? 0;
    try {
      await this.ensure();
    } catch {
      return read();
    }
    const generation = this.generation;
    const value = await read();
    if (!this.client || generation !== this.generation) return value;
    this.heard(locationId, value);
    this.known.add(locationId);
    return this.newest.get(locationId) ?? value;
  }

  private async connect(): Promise<void> {
    const client = eventQueries.listenerClient(this.db);
    client.on('notification', (n) => void this.deliver(n.payload));
    client.on('end', () => {
      if (this.client === client) {
        this.client = null;
        this.connecting = null;
      }
      this.forget();
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'inbox LISTEN connection lost; reconnecting');
      this.forget();
      this.client = null;
      this.connecting = null;
      client.end().catch(() => undefined);
      if (!this.closed && this.listeners.size) setTimeout(() => void this.ensure().catch(() => undefined), 1000);
    });
    await client.connect();
    await eventQueries.listen(client);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private ensure(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().catch((error: unknown) => {
      this.connecting = null;
      throw error;
    });
    return this.connecting;
  }

  private async deliver(payload: string | undefined) {
    let note: { id?: unknown; l?: unknown; m?: unknown };
    try {
      note = JSON.parse(payload ?? '{}') as { id?: unknown; l?: unknown; m?: unknown };
    } catch {
      return;
    }
    const locationId = Number(note.l);
    if (Number.isInteger(note.m)) this.heard(locationId, note.m as number);
    const listeners = this.listeners.get(locationId);
    if (!listeners?.size) return;
    const rows = await eventQueries.byId(this.db, locationId, Number(note.id));
    for (const row of rows) for (const listener of listeners) listener(toEvent(row));
  }

  /** Starts listening (once per process) and adds a stream of `locationId`; answers its removal. */
  async subscribe(locationId: number, listener: Listener): Promise<() => void> {
    await this.ensure();
    let set = this.listeners.get(locationId);
    if (!set) this.listeners.set(locationId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(locationId);
    };
  }

  /** The location's events after `lastId`, oldest first (a reconnect's replay). */
  async since(locationId: number, lastId: number): Promise<InboxEventData[]> {
    return (await eventQueries.since(this.db, locationId, lastId)).map(toEvent);
  }

  /** The location's latest event id (0 when none). */
  latest(locationId: number): Promise<number> {
    return eventQueries.latestId(this.db, locationId);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.forget();
    for (const response of this.open) response.end();
    this.open.clear();
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}

const lastEventIdOf = (request: FastifyRequest): number => {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const n = Number(typeof header === 'string' ? header : typeof query === 'string' ? query : NaN);
  return Number.isInteger(n) && n >= 0 ? n : -1;
};

/**
 * Serves one server-sent event stream of a location's inbox: what was missed since Last-Event-ID first, then
 * live events as they happen, and a comment every 25 s so that proxies keep the connection open.
 */
export async function serveInboxStream(hub: InboxHub, locationId: number, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const lastId = lastEventIdOf(request);
  let replaying = true;
  let sentUpTo = lastId;
  const queued: InboxEventData[] = [];
  const raw = reply.raw;
  const write = (e: InboxEventData) => {
    if (e.id <= sentUpTo) return;
    sentUpTo = e.id;
    raw.write(`id: ${e.id}\nevent: inbox\ndata: ${JSON.stringify(e)}\n\n`);
  };
  const unsubscribe = await hub.subscribe(locationId, (e) => (replaying ? queued.push(e) : write(e)));
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: 3000\n\n`);
  if (lastId < 0) {
    // A first connection starts from now: the latest event id, so that a reconnect replays from here.
    sentUpTo = await hub.latest(locationId);
    raw.write(`: connected\n\n`);
  } else {
    for (const e of await hub.since(locationId, lastId)) write(e);
  }
  replaying = false;
  for (const e of queued.splice(0)) write(e);
  const heartbeat = setInterval(() => raw.write(`: heartbeat\n\n`), INBOX_LIMITS.heartbeatMs);
  hub.open.add(raw);
  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
    hub.open.delete(raw);
  };
  raw.on('close', stop);
  raw.on('error', stop);
}
