import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** The channel the database announces changed session facts on (see the session_facts_notify migration). */
export const SESSION_FACTS_CHANNEL = 'kudo_session_facts';

/** What a kept session must be recognised by when the database says whose sessions changed. */
export interface KeptFacts {
  id: string;
  user_id: number;
  location_id: number | null;
}

interface Entry<T> {
  row: T;
  keptAt: number;
}

/**
 * The sessions this process has read, by token hash, kept while it listens to the database's announcements of
 * changed facts (a session moved or ended, a user, membership, location or subscription changed). Nothing is
 * kept, and every lookup goes to the database, while the listening connection is not up; losing it forgets
 * everything. A read that began before an announcement is not kept (`generation`), so a lookup racing a change
 * cannot bring the old facts back. Entries also age out after `ttlMs`, and at most `max` are kept (the oldest
 * go first). Only found sessions are kept: a new session needs no announcement.
 */
export class SessionCache<T extends KeptFacts> {
  private readonly entries = new Map<string, Entry<T>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  /** Counts announcements and lost connections: a read begun under an older generation is not kept. */
  private generation = 0;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True while announcements are heard, the only time entries are kept and answered. */
  get listening(): boolean {
    return this.client !== null;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept facts of a token hash, or undefined (then read them, under `begin()`'s generation). */
  get(tokenHash: string): T | undefined {
    if (!this.client) {
      void this.ensure();
      return undefined;
    }
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (Date.now() - entry.keptAt > this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  /** The generation to hand to `keep` for a read starting now. */
  begin(): number {
    return this.generation;
  }

  /** Keeps what a read begun at `generation` found, unless something changed (or listening stopped) since. */
  keep(tokenHash: string, row: T, generation: number): void {
    if (!this.client || generation !== this.generation) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { row, keptAt: Date.now() });
  }

  /** Forgets one session at once (this process ended or moved it; the announcement reaches the others). */
  forget(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  /** Applies an announcement: 's:<session id>', 'u:<user id>', 'l:<location id>' or '*'. */
  heard(payload: string | undefined): void {
    this.generation++;
    const [kind, raw] = (payload ?? '*').split(':', 2) as [string, string | undefined];
    const id = raw === undefined ? NaN : Number(raw);
    const matches: ((row: T) => boolean) | null =
      kind === 's' && raw ? (row) => row.id === raw
      : kind === 'u' && Number.isInteger(id) ? (row) => row.user_id === id
      : kind === 'l' && Number.isInteger(id) ? (row) => row.location_id === id
      : null;
    if (!matches) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (matches(entry.row)) this.entries.delete(key);
  }

  private lost() {
    this.generation++;
    this.entries.clear();
    this.client = null;
    this.connecting = null;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.connection, application_name: 'kudo-session-facts' });
    client.on('notification', (n) => this.heard(n.payload));
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'session facts LISTEN connection lost; sessions are read from the database until it is back');
      if (this.client === client || this.connecting) this.lost();
      client.end().catch(() => undefined);
      this.scheduleRetry();
    });
    client.on('end', () => {
      if (this.client === client) this.lost();
    });
    await client.connect();
    await client.query(`LISTEN ${SESSION_FACTS_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.generation++;
    this.entries.clear();
    this.client = client;
  }

  private scheduleRetry() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.ensure();
    }, 1000);
    this.retry.unref();
  }

  /** Starts listening if it is not; never throws (a failure is retried a second later). */
  ensure(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().catch((error: unknown) => {
      this.connecting = null;
      this.log.warn({ err: error }, 'session facts LISTEN connection could not be made; retrying');
      this.scheduleRetry();
    });
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.lost();
    await client?.end().catch(() => undefined);
  }
}
