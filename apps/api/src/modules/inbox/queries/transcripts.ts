import type { Pool } from 'pg';
import { copyOutRows } from '../../../lib/copy-out.js';
import { poolOf, type Db } from '../../../lib/db.js';

/**
 * The transcripts export (E126) and its stored days (transcript_days, see prisma/derived/transcript_days.sql): the
 * statements go straight over the pg pool, each piece on its own connection, and the stored lines come through COPY
 * as bytes.
 */

/** The two forms of the export: the CSV file, or the JSON envelope of columns and rows. */
export type TranscriptsForm = 'csv' | 'json';

/** Messages `m` of location $1 from local day `from` to local day `to` (both included) of the zone `zone`. */
const onDays = (m: string, from: string, to: string, zone: string) => `${m}.location_id = $1
       AND ${m}.created_at >= (${from})::timestamp AT TIME ZONE ${zone}
       AND ${m}.created_at < (${to} + 1)::timestamp AT TIME ZONE ${zone}`;

/** The location's epoch (transcript_epochs): raised when every stored day of the location goes stale at once. */
const EPOCH = (location: string) => `coalesce((SELECT e.epoch FROM transcript_epochs e WHERE e.location_id = ${location}), 0)`;

/**
 * A stored day `d` of location `location` whose lines are current: not marked stale, in both forms, and of the
 * location's epoch (`epoch`: the one the export started in, which names the zone it writes in; by default the current).
 */
const currentDay = (d: string, location = '$1', epoch = EPOCH(location)) => `${d}.location_id = ${location} AND ${d}.csv IS NOT NULL
       AND ${d}.json IS NOT NULL AND ${d}.upto IS NOT NULL AND ${d}.epoch = ${epoch}`;

/**
 * A message's cells (`p`, its conversation `c`, its author `u`, its SMS `s`), in the order of the columns, each as
 * SQL text, with whether it may hold what CSV quotes or JSON escapes (the others, never NULL, are digits, a date and
 * a direction: written as they are).
 */
const CELLS: [sql: string, free: boolean][] = [
  ['p.conversation_id::text', false],
  ['c.name', true],
  ['c.phone', true],
  [`to_char((p.created_at AT TIME ZONE 'UTC') AT TIME ZONE $3, 'YYYY-MM-DD HH24:MI:SS')`, false],
  ['p.direction::text', false],
  [`CASE WHEN p.direction = 'inbound' THEN 'Customer' ELSE coalesce(u.email, CASE WHEN p.kind = 'auto_reply' THEN 'Auto-reply' ELSE 'Automatic' END) END`, true],
  ['p.body', true],
  ['p.media_url', true],
  ['s.status', true],
];

/** A message's CSV line: csv_field quotes exactly as csvField does (NULL is an empty cell), CRLF-ended. */
const CSV_LINE = `concat_ws(',', ${CELLS.map(([sql, free]) => (free ? `csv_field(${sql})` : sql)).join(', ')}) || E'\\r\\n'`;
/**
 * The same message as a JSON row of the same cell texts ('' for an empty one), led by a comma: `,["12","Ana",…]`.
 * to_json escapes what JSON must; the plain cells are only put in quotes (about a sixth cheaper than to_json).
 */
const JSON_ROW = `',[' || concat_ws(',', ${CELLS.map(([sql, free]) => (free ? `to_json(coalesce(${sql}, ''))` : `'"' || ${sql} || '"'`)).join(', ')}) || ']'`;

/**
 * One local day ($2, of location $1 in zone $3, read with epoch $6) as CSV lines, or with $5 as JSON rows, in the order the messages were
 * written (time, then id), written by PostgreSQL itself: one text instead of a JS object and a formatted line per
 * row. With $4, only the messages written from $4 on: the rest after a stored head.
 *
 * In the same statement, so from the same snapshot, it stores what is more than two hours old (`bound`; the whole
 * day once it is over by two hours) for the next exports, in both forms: a day read from its start becomes its
 * stored head; a stored head read on from its end ($4) grows by what has become two hours old since, once that is an
 * hour or more (or the rest of the day). Either only if no trigger marked the day stale since this snapshot (its
 * version moved on), and a head only if it still ends at $4. transcript_days_stale says why two hours leave nothing
 * out. And only if the location's zone and epoch, read by this statement, are still $3 and $6, those the export
 * started with: a zone changed since (which raises the epoch) would file lines written in the old zone under the new
 * epoch.
 */
const DAY_LINES = `
  WITH cur AS MATERIALIZED (
    SELECT ${EPOCH('$1')} AS epoch, (SELECT l.time_zone FROM locations l WHERE l.id = $1) AS zone, d.version,
           $2::date::timestamp AT TIME ZONE $3 AT TIME ZONE 'UTC' AS starts,
           ($2::date + 1)::timestamp AT TIME ZONE $3 AT TIME ZONE 'UTC' AS ends,
           least(($2::date + 1)::timestamp AT TIME ZONE $3 AT TIME ZONE 'UTC',
                 date_trunc('minute', now() AT TIME ZONE 'UTC') - interval '2 hours') AS bound
      FROM (VALUES (1)) one (x) LEFT JOIN transcript_days d ON d.location_id = $1 AND d.day = $2::date
  ), written AS MATERIALIZED (
    SELECT p.created_at, p.id, ${CSV_LINE} AS line, ${JSON_ROW} AS jrow
      FROM conversation_messages p
      -- Looked up one by one (LIMIT keeps the planner from hashing every conversation or SMS for a day's messages).
      JOIN LATERAL (SELECT c.name, c.phone FROM conversations c WHERE c.id = p.conversation_id LIMIT 1) c ON true
      LEFT JOIN users u ON u.id = p.user_id
      LEFT JOIN LATERAL (SELECT s.status FROM sms_messages s WHERE s.id = p.sms_message_id LIMIT 1) s ON true
     WHERE ${onDays('p', '$2::date', '$2::date', '$3')} AND ($4::timestamp IS NULL OR p.created_at >= $4::timestamp)
  ), lines AS MATERIALIZED (
    SELECT coalesce(string_agg(CASE WHEN $5 THEN w.jrow ELSE w.line END, '' ORDER BY w.created_at, w.id), '') AS out,
           coalesce(string_agg(w.line, '' ORDER BY w.created_at, w.id) FILTER (WHERE w.created_at < cur.bound), '') AS head,
           coalesce(string_agg(w.jrow, '' ORDER BY w.created_at, w.id) FILTER (WHERE w.created_at < cur.bound), '') AS head_json,
           count(w.id) FILTER (WHERE w.created_at < cur.bound)::int AS n
      FROM cur LEFT JOIN written w ON true
  ), fresh AS (
    UPDATE transcript_days t SET csv = l.head, json = l.head_json, messages = l.n, epoch = cur.epoch, upto = cur.bound FROM cur, lines l
     WHERE $4::timestamp IS NULL AND cur.bound > cur.starts AND cur.epoch = $6 AND cur.zone = $3
       AND t.location_id = $1 AND t.day = $2::date AND t.version = cur.version
    RETURNING 1
  ), added AS (
    INSERT INTO transcript_days (location_id, day, epoch, messages, upto, csv, json)
    SELECT $1, $2::date, cur.epoch, l.n, cur.bound, l.head, l.head_json FROM cur, lines l
     WHERE $4::timestamp IS NULL AND cur.bound > cur.starts AND cur.version IS NULL AND cur.epoch = $6 AND cur.zone = $3
    ON CONFLICT (location_id, day) DO NOTHING
    RETURNING 1
  ), grown AS (
    UPDATE transcript_days t SET csv = t.csv || l.head, json = t.json || l.head_json, messages = t.messages + l.n, upto = cur.bound FROM cur, lines l
     WHERE $4::timestamp IS NOT NULL AND cur.bound > $4::timestamp AND (cur.bound = cur.ends OR cur.bound >= $4::timestamp + interval '1 hour')
       AND cur.epoch = $6 AND cur.zone = $3
       AND t.location_id = $1 AND t.day = $2::date AND t.version = cur.version AND t.upto = $4::timestamp AND ${currentDay('t', '$1', '$6')}
    RETURNING 1
  )
  SELECT l.out FROM lines l`;

/**
 * The check of the stored days (prisma/derived/transcript_days.sql): the current stored days of location $1 from $2
 * to $4 (zone $3, the location's) whose lines, or message count, differ from those their messages give now (written
 * by the same expressions as DAY_LINES, up to the day's `upto`) are marked stale; the next export stores them afresh.
 * Answers how many it marked.
 */
const STALE_STORED_DAYS = `
  WITH days AS (
    SELECT d.day, d.upto, d.csv, d.json, d.messages FROM transcript_days d
     WHERE d.day BETWEEN $2::date AND $4::date AND ${currentDay('d')}
  ), fresh AS (
    SELECT d.day, coalesce(string_agg(w.line, '' ORDER BY w.created_at, w.id), '') AS csv,
           coalesce(string_agg(w.jrow, '' ORDER BY w.created_at, w.id), '') AS json, count(w.id)::int AS messages
      FROM days d LEFT JOIN LATERAL (
        SELECT p.created_at, p.id, ${CSV_LINE} AS line, ${JSON_ROW} AS jrow
          FROM conversation_messages p
          JOIN LATERAL (SELECT c.name, c.phone FROM conversations c WHERE c.id = p.conversation_id LIMIT 1) c ON true
          LEFT JOIN users u ON u.id = p.user_id
          LEFT JOIN LATERAL (SELECT s.status FROM sms_messages s WHERE s.id = p.sms_message_id LIMIT 1) s ON true
         WHERE ${onDays('p', 'd.day', 'd.day', '$3')} AND p.created_at < d.upto
      ) w ON true
     GROUP BY d.day
  ), differ AS (
    SELECT d.day FROM days d JOIN fresh f USING (day) WHERE (d.csv, d.json, d.messages) IS DISTINCT FROM (f.csv, f.json, f.messages)
  ), marked AS (
    UPDATE transcript_days t SET version = t.version + 1, csv = NULL, json = NULL, upto = NULL
      FROM differ x WHERE t.location_id = $1 AND t.day = x.day
    RETURNING 1
  )
  SELECT count(*)::int AS n FROM marked`;

/** Runs the check above for a location and a range of its local days (null: no bound), on `client`. */
export async function staleStoredTranscriptDays(
  client: Pick<Pool, 'query'>,
  locationId: number,
  from: string | null,
  to: string | null,
): Promise<number> {
  const { rows } = await client.query<{ zone: string }>(
    `SELECT coalesce((SELECT time_zone FROM locations WHERE id = $1), 'America/New_York') AS zone`,
    [locationId],
  );
  const zone = rows[0]!.zone;
  const result = await client.query<{ n: number }>(STALE_STORED_DAYS, [locationId, from ?? '-infinity', zone, to ?? 'infinity']);
  return result.rows[0]!.n;
}

/** A stored day's bound (its `upto`) as the statements above read it back: UTC, to the millisecond. */
const UPTO_TEXT = `to_char(d.upto, 'YYYY-MM-DD HH24:MI:SS.MS')`;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;

/**
 * The current stored lines of `days` of location `locationId` in one form (with `upto`, only a head that ends there).
 * COPY takes no parameters: the values are checked (integers, dates, an instant, a form of the closed list) and
 * written in.
 */
function storedLines(locationId: number, epoch: number, form: TranscriptsForm, days: string[], upto?: string) {
  if (!Number.isInteger(locationId) || !Number.isInteger(epoch) || !days.every((day) => DAY.test(day)) || (upto !== undefined && !INSTANT.test(upto))) {
    throw new Error('Unexpected stored-day query values');
  }
  return `SELECT d.day::text AS day, d.${form === 'json' ? 'json' : 'csv'} FROM transcript_days d
           WHERE d.day = ANY('{${days.join(',')}}'::date[]) AND ${currentDay('d', String(locationId), String(epoch))}
             ${upto === undefined ? '' : `AND d.upto = '${upto}'::timestamp`}`;
}

/** A stored day as the export plans with it: its head's end and messages, and whether that is the whole day. */
export interface StoredDay {
  upto: string;
  messages: number;
  whole: boolean;
}

/** What an export starts from: the location's zone, the epoch it goes with, and its current stored days of the range. */
export interface TranscriptsPlan {
  time_zone: string;
  epoch: number;
  stored: ({ day: string } & StoredDay)[];
}

export const transcriptQueries = {
  /**
   * The zone, the epoch it goes with, and the days from `from` to `to` whose stored lines are current: the export
   * writes in that zone, and reads and stores only lines of that epoch.
   */
  async plan(db: Db, locationId: number, from: string, to: string): Promise<TranscriptsPlan> {
    const { rows } = await poolOf(db).query<TranscriptsPlan>(
      `SELECT l.time_zone, ${EPOCH('l.id')} AS epoch, s.stored FROM locations l,
         LATERAL (SELECT coalesce(json_agg(json_build_object('day', d.day::text, 'upto', ${UPTO_TEXT}, 'messages', d.messages,
                           'whole', d.upto >= (d.day + 1)::timestamp AT TIME ZONE l.time_zone AT TIME ZONE 'UTC')), '[]') AS stored
                    FROM transcript_days d WHERE d.day BETWEEN $2::date AND $3::date AND ${currentDay('d')}) s
       WHERE l.id = $1`,
      [locationId, from, to],
    );
    return rows[0]!;
  },

  /**
   * The messages of the location in runs of local days of `timeZone` (from, to, and with `since` only those written
   * from then on), counted from the table.
   */
  async countMessages(db: Db, locationId: number, timeZone: string, runs: [from: string, to: string, since: string | null][]): Promise<number> {
    if (runs.length === 0) return 0;
    const { rows } = await poolOf(db).query<{ n: number }>(
      `SELECT coalesce(sum(x.n), 0)::int AS n FROM unnest($2::date[], $3::date[], $4::timestamp[]) AS r(a, b, since),
         LATERAL (SELECT count(*) AS n FROM conversation_messages m
                   WHERE ${onDays('m', 'r.a', 'r.b', '$5')} AND (r.since IS NULL OR m.created_at >= r.since)) x`,
      [locationId, runs.map((r) => r[0]), runs.map((r) => r[1]), runs.map((r) => r[2]), timeZone],
    );
    return rows[0]!.n;
  },

  /** One local day written by PostgreSQL in one form (from `since` on, after a stored head), storing its head: see DAY_LINES. */
  async dayLines(db: Db, d: { locationId: number; day: string; timeZone: string; since: string | null; form: TranscriptsForm; epoch: number }): Promise<string> {
    const { rows } = await poolOf(db).query<{ out: string }>(DAY_LINES, [d.locationId, d.day, d.timeZone, d.since, d.form === 'json', d.epoch]);
    return rows[0]!.out;
  },

  /**
   * The current stored lines of `days` in one form (with `upto`, only a head that ends there), by day, read through
   * COPY so that the lines arrive as bytes and are sent on as they are.
   */
  async storedLines(db: Db, s: { locationId: number; epoch: number; form: TranscriptsForm; days: string[]; upto?: string }): Promise<Map<string, Buffer>> {
    const rows = await copyOutRows(poolOf(db), storedLines(s.locationId, s.epoch, s.form, s.days, s.upto));
    return new Map(rows.map(([day, lines]) => [day!.toString(), lines!]));
  },
};
