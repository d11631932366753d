import { Readable } from 'node:stream';
import { csvLine, INBOX_MSG, inboxApi } from '@kudo/shared';
import type { Pool } from 'pg';
import type { LocationCtx } from '../../http/context.js';
import { poolOf } from '../../lib/db.js';
import { copyOutRows } from '../../lib/copy-out.js';
import { badRequest } from '../../lib/errors.js';
import { logTask } from '../../lib/tasks.js';

export const EXPORT_COLUMNS = inboxApi.TRANSCRIPT_COLUMNS.map((c) => c.name);

/** The two forms of the export: the CSV file, or the JSON envelope of columns and rows. */
export type TranscriptsForm = 'csv' | 'json';

/** Pieces PostgreSQL reads or writes at once, each on its own connection. */
const AHEAD = 2;
const MAX_DAYS = 366;

/** The UTC bounds of a range of whole local days: [from 00:00, the day after `to` 00:00) in the location's zone. */
export function checkRange(from: string, to: string): { from: string; to: string } {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a)) throw badRequest('Please choose a from date', { from_date: 'Please choose a from date' });
  if (Number.isNaN(b)) throw badRequest('Please choose a to date', { to_date: 'Please choose a to date' });
  if (a > b) throw badRequest(INBOX_MSG.exportRange, { from_date: INBOX_MSG.exportRange });
  if ((b - a) / 86_400_000 > MAX_DAYS) throw badRequest(INBOX_MSG.exportTooLong, { from_date: INBOX_MSG.exportTooLong });
  return { from, to };
}

export const exportFileName = inboxApi.transcriptsFileName;

/** Days of stored lines read by one query (a busy day is about 400 KB of CSV). */
const STORED_DAYS = 7;

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
 * The current stored lines of `days` of location `locationId` in one form (with `upto`, only a head that ends there),
 * each day with its lines. Read through COPY (which takes no parameters: the values are checked and written in) so
 * that the lines arrive as bytes and are sent on as they are.
 */
function storedLines(locationId: number, epoch: number, form: TranscriptsForm, days: string[], upto?: string) {
  if (!Number.isInteger(locationId) || !Number.isInteger(epoch) || !days.every((day) => DAY.test(day)) || (upto !== undefined && !INSTANT.test(upto))) {
    throw new Error('Unexpected stored-day query values');
  }
  return `SELECT d.day::text AS day, d.${form === 'json' ? 'json' : 'csv'} FROM transcript_days d
           WHERE d.day = ANY('{${days.join(',')}}'::date[]) AND ${currentDay('d', String(locationId), String(epoch))}
             ${upto === undefined ? '' : `AND d.upto = '${upto}'::timestamp`}`;
}

/** The dates from `from` to `to` (YYYY-MM-DD), both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** A stored day as the export plans with it: its head's end and messages, and whether that is the whole day. */
interface StoredDay {
  upto: string;
  messages: number;
  whole: boolean;
}

/** The JSON form around its rows: the envelope and the columns before them, the closing brackets after. */
const JSON_HEAD = `{"status":1,"data":{"columns":${JSON.stringify(inboxApi.TRANSCRIPT_COLUMNS)},"rows":[`;
const JSON_TAIL = ']}}';

/**
 * The form an `Accept` header asks for: CSV when it names text/csv with a quality above 0 and no lower than
 * application/json's; the JSON envelope otherwise (no header, any type, application/json).
 */
export function transcriptsFormOf(accept: string | undefined): TranscriptsForm {
  let csv = 0;
  let json = 0;
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.split(';').map((x) => x.trim());
    const q = params.find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(quality)) continue;
    if (type === 'text/csv') csv = Math.max(csv, quality);
    else if (type === 'application/json') json = Math.max(json, quality);
  }
  return csv > 0 && csv >= json ? 'csv' : 'json';
}

/** What one read gives: whole stored days, a few at a time; or one day written from its start or after its head. */
type Piece = { days: string[] } | { day: string; head: StoredDay | null };

/**
 * E126: every message of the range (local days of the location) as the JSON envelope of columns and rows, or as CSV,
 * day by day in the order they were written, sent as it is read (both forms are stored for each day). A whole stored day is read as it is, a few days per query; a day with a stored head
 * is read as that head and the messages after it; any other day is written by PostgreSQL (and its head stored).
 * AHEAD pieces are read at once, on as many connections, while the server sends the one before, in order. A year
 * of a busy location never sits in memory. The count comes first in a header so the browser can show progress.
 */
export async function exportTranscripts(
  ctx: LocationCtx,
  input: { from_date: string; to_date: string },
  form: TranscriptsForm = 'json',
): Promise<{ total: number; stream: Readable; filename: string }> {
  const range = checkRange(input.from_date, input.to_date);
  const locationId = ctx.location.locationId;
  const pool = poolOf(ctx.db);
  // The zone, the epoch it goes with, and the days whose stored lines are current: the export writes in that zone, and
  // reads and stores only lines of that epoch.
  const { rows } = await pool.query<{ time_zone: string; epoch: number; stored: ({ day: string } & StoredDay)[] }>(
    `SELECT l.time_zone, ${EPOCH('l.id')} AS epoch, s.stored FROM locations l,
       LATERAL (SELECT coalesce(json_agg(json_build_object('day', d.day::text, 'upto', ${UPTO_TEXT}, 'messages', d.messages,
                         'whole', d.upto >= (d.day + 1)::timestamp AT TIME ZONE l.time_zone AT TIME ZONE 'UTC')), '[]') AS stored
                  FROM transcript_days d WHERE d.day BETWEEN $2::date AND $3::date AND ${currentDay('d')}) s
     WHERE l.id = $1`,
    [locationId, range.from, range.to],
  );
  const timeZone = rows[0]!.time_zone;
  const epoch = rows[0]!.epoch;
  const stored = new Map(rows[0]!.stored.map(({ day, ...head }) => [day, head]));
  const whole = (day: string) => stored.get(day)?.whole === true;
  const days = daysOf(range.from, range.to);
  // The messages not in stored lines are counted from the table: runs of days with nothing stored, and each day
  // after its stored head.
  const counts: [string, string, string | null][] = [];
  for (const [i, day] of days.entries()) {
    const head = stored.get(day);
    if (head?.whole) continue;
    if (head) counts.push([day, day, head.upto]);
    else if (i > 0 && !stored.has(days[i - 1]!)) counts.at(-1)![1] = day;
    else counts.push([day, day, null]);
  }
  const { rows: rest } =
    counts.length === 0
      ? { rows: [{ n: 0 }] }
      : await pool.query<{ n: number }>(
          `SELECT coalesce(sum(x.n), 0)::int AS n FROM unnest($2::date[], $3::date[], $4::timestamp[]) AS r(a, b, since),
             LATERAL (SELECT count(*) AS n FROM conversation_messages m
                       WHERE ${onDays('m', 'r.a', 'r.b', '$5')} AND (r.since IS NULL OR m.created_at >= r.since)) x`,
          [locationId, counts.map((r) => r[0]), counts.map((r) => r[1]), counts.map((r) => r[2]), timeZone],
        );
  const total = [...stored.values()].reduce((n, head) => n + head.messages, rest[0]!.n);
  const build = (day: string, since: string | null = null) =>
    pool.query<{ out: string }>(DAY_LINES, [locationId, day, timeZone, since, form === 'json', epoch]).then((r) => r.rows[0]!.out);
  const copied = async (days: string[], upto?: string) =>
    new Map((await copyOutRows(pool, storedLines(locationId, epoch, form, days, upto))).map(([day, lines]) => [day!.toString(), lines!]));
  /** One piece's lines, in order. A stored day gone stale (or grown by another export) meanwhile is written afresh. */
  const read = async (piece: Piece): Promise<(string | Buffer)[]> => {
    if ('days' in piece) {
      const found = await copied(piece.days);
      const csvs: (string | Buffer)[] = [];
      for (const day of piece.days) csvs.push(found.get(day) ?? (await build(day)));
      return csvs;
    }
    const { day, head } = piece;
    if (!head) return [await build(day)];
    const [found, after] = await Promise.all([copied([day], head.upto), build(day, head.upto)]);
    const lines = found.get(day);
    return lines ? [lines, after] : [await build(day)];
  };
  const pieces: Piece[] = [];
  for (const day of total === 0 ? [] : days) {
    const piece = pieces.at(-1);
    if (!whole(day)) pieces.push({ day, head: stored.get(day) ?? null });
    else if (piece && 'days' in piece && piece.days.length < STORED_DAYS) piece.days.push(day);
    else pieces.push({ days: [day] });
  }
  const start = (piece: Piece) => {
    const csvs = read(piece);
    // A piece read ahead for a download that was abandoned must not become an unhandled rejection.
    csvs.catch(() => undefined);
    return csvs;
  };
  async function* lines() {
    yield form === 'json' ? JSON_HEAD : '\uFEFF' + csvLine(EXPORT_COLUMNS);
    // JSON rows come each led by a comma: the first one sent drops it.
    let first = form === 'json';
    // The last day is usually today, written (after its head) every time: it is started first, beside the others.
    const last = pieces.length > 1 && 'day' in pieces.at(-1)! ? start(pieces.pop()!) : null;
    const reading: Promise<(string | Buffer)[]>[] = [];
    let next = 0;
    const readNext = () => {
      if (next < pieces.length) reading.push(start(pieces[next]!));
      else if (next === pieces.length && last) reading.push(last);
      next++;
    };
    for (let i = 0; i < AHEAD; i++) readNext();
    while (reading.length > 0) {
      const chunks = await reading.shift()!;
      readNext();
      for (const chunk of chunks) {
        if (chunk.length === 0) continue;
        if (!first) yield chunk;
        else {
          first = false;
          yield typeof chunk === 'string' ? chunk.slice(1) : chunk.subarray(1);
        }
      }
    }
    if (form === 'json') yield JSON_TAIL;
  }
  await logTask(ctx.db, { locationId, app: 'inbox', task: 'Transcripts export' }, { status: 'success', message: `${total} messages from ${range.from} to ${range.to}.` });
  return { total, stream: Readable.from(lines()), filename: exportFileName(range.from, range.to) };
}
