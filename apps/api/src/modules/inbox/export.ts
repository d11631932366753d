import { Readable } from 'node:stream';
import { csvLine, INBOX_MSG } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { poolOf } from '../../lib/db.js';
import { copyOutRows } from '../../lib/copy-out.js';
import { badRequest } from '../../lib/errors.js';
import { logTask } from '../../lib/tasks.js';

export const EXPORT_COLUMNS = ['Conversation ID', 'Customer Name', 'Customer Phone', 'Date', 'Direction', 'Sent By', 'Message', 'Media', 'Status'] as const;
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

export const exportFileName = (from: string, to: string) => `Messaging_conversations_${from}__${to}.csv`;

/** Days of stored lines read by one query (a busy day is about 400 KB of CSV). */
const STORED_DAYS = 7;

/** Messages `m` of location $1 from local day `from` to local day `to` (both included) of the zone `zone`. */
const onDays = (m: string, from: string, to: string, zone: string) => `${m}.location_id = $1
       AND ${m}.created_at >= (${from})::timestamp AT TIME ZONE ${zone}
       AND ${m}.created_at < (${to} + 1)::timestamp AT TIME ZONE ${zone}`;

/** A stored day `d` of location `location` whose lines are current: not marked stale, and of the location's epoch. */
const currentDay = (d: string, location = '$1') => `${d}.location_id = ${location} AND ${d}.csv IS NOT NULL
       AND ${d}.epoch = coalesce((SELECT e.epoch FROM transcript_epochs e WHERE e.location_id = ${location}), 0)`;

/**
 * One local day ($2, of location $1 in zone $3) as CSV lines in message order, written by PostgreSQL itself
 * (csv_field quotes exactly as csvField does): one text instead of a JS object and a formatted line per row. A day
 * that ended more than an hour ago is stored in transcript_days, in the same statement and so from the same
 * snapshot, unless a trigger marked it stale since that snapshot (its version moved on) or another export stored
 * it first. The hour covers a message written just before midnight whose transaction ends after it.
 */
const DAY_LINES = `
  WITH cur AS MATERIALIZED (
    SELECT coalesce((SELECT e.epoch FROM transcript_epochs e WHERE e.location_id = $1), 0) AS epoch,
           (SELECT d.version FROM transcript_days d WHERE d.location_id = $1 AND d.day = $2::date) AS version,
           ($2::date + 1)::timestamp AT TIME ZONE $3 < now() - interval '1 hour' AS over
  ), lines AS MATERIALIZED (
    SELECT coalesce(string_agg(concat_ws(',', p.conversation_id::text, csv_field(c.name), csv_field(c.phone),
                      to_char((p.created_at AT TIME ZONE 'UTC') AT TIME ZONE $3, 'YYYY-MM-DD HH24:MI:SS'), p.direction::text,
                      csv_field(CASE WHEN p.direction = 'inbound' THEN 'Customer'
                                     ELSE coalesce(u.email, CASE WHEN p.kind = 'auto_reply' THEN 'Auto-reply' ELSE 'Automatic' END) END),
                      csv_field(p.body), csv_field(p.media_url), csv_field(s.status)) || E'\\r\\n', '' ORDER BY p.id), '') AS csv,
           count(*)::int AS n
      FROM conversation_messages p
      JOIN conversations c ON c.id = p.conversation_id
      LEFT JOIN users u ON u.id = p.user_id
      LEFT JOIN sms_messages s ON s.id = p.sms_message_id
     WHERE ${onDays('p', '$2::date', '$2::date', '$3')}
  ), stored AS (
    UPDATE transcript_days t SET csv = l.csv, messages = l.n, epoch = cur.epoch FROM cur, lines l
     WHERE cur.over AND t.location_id = $1 AND t.day = $2::date AND t.version = cur.version
    RETURNING 1
  ), added AS (
    INSERT INTO transcript_days (location_id, day, epoch, messages, csv)
    SELECT $1, $2::date, cur.epoch, l.n, l.csv FROM cur, lines l WHERE cur.over AND cur.version IS NULL
    ON CONFLICT (location_id, day) DO NOTHING
    RETURNING 1
  )
  SELECT l.csv FROM lines l`;

/**
 * The current stored lines of `days` of location `locationId`, each day with its lines. Read through COPY (which takes
 * no parameters: the values are checked and written in) so that the lines arrive as bytes and are sent on as they are.
 */
function storedLines(locationId: number, days: string[]) {
  if (!Number.isInteger(locationId) || !days.every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day))) throw new Error('Unexpected stored-day query values');
  return `SELECT d.day::text AS day, d.csv FROM transcript_days d
           WHERE d.day = ANY('{${days.join(',')}}'::date[]) AND ${currentDay('d', String(locationId))}`;
}

/** The dates from `from` to `to` (YYYY-MM-DD), both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * E126: every message of the range (local days of the location) as CSV, day by day in message order, written as
 * it is read. A day whose lines are stored and current is read as it is, a few days per query; any other day is
 * written by PostgreSQL (and stored once it is over). AHEAD pieces are read at once, on as many connections,
 * while the server writes the one before, in order. A year of a busy location never sits in memory. The count
 * comes first in a header so the browser can show progress.
 */
export async function exportTranscripts(ctx: LocationCtx, input: { from_date: string; to_date: string }): Promise<{ total: number; stream: Readable; filename: string }> {
  const range = checkRange(input.from_date, input.to_date);
  const locationId = ctx.location.locationId;
  const pool = poolOf(ctx.db);
  // The zone and the days whose stored lines are current, with their messages.
  const { rows } = await pool.query<{ time_zone: string; stored: string[]; counted: number }>(
    `SELECT l.time_zone, s.stored, s.counted FROM locations l,
       LATERAL (SELECT coalesce(array_agg(d.day::text), '{}') AS stored, coalesce(sum(d.messages), 0)::int AS counted FROM transcript_days d
                 WHERE d.day BETWEEN $2::date AND $3::date AND ${currentDay('d')}) s
     WHERE l.id = $1`,
    [locationId, range.from, range.to],
  );
  const { time_zone: timeZone, counted } = rows[0]!;
  const stored = new Set(rows[0]!.stored);
  const days = daysOf(range.from, range.to);
  // The other days' messages are counted from the table, a run of consecutive days at a time.
  const runs: [string, string][] = [];
  for (const [i, day] of days.entries()) {
    if (stored.has(day)) continue;
    if (i > 0 && !stored.has(days[i - 1]!)) runs.at(-1)![1] = day;
    else runs.push([day, day]);
  }
  const { rows: rest } =
    runs.length === 0
      ? { rows: [{ n: 0 }] }
      : await pool.query<{ n: number }>(
          `SELECT coalesce(sum(x.n), 0)::int AS n FROM unnest($2::date[], $3::date[]) AS r(a, b),
             LATERAL (SELECT count(*) AS n FROM conversation_messages m WHERE ${onDays('m', 'r.a', 'r.b', '$4')}) x`,
          [locationId, runs.map((r) => r[0]), runs.map((r) => r[1]), timeZone],
        );
  const total = counted + rest[0]!.n;
  const build = (day: string) => pool.query<{ csv: string }>(DAY_LINES, [locationId, day, timeZone]).then((r) => r.rows[0]!.csv);
  /** Days read together: stored ones a few at a time (any that went stale meanwhile written afresh), others one by one. */
  const read = async (days: string[]): Promise<(string | Buffer)[]> => {
    if (!stored.has(days[0]!)) return [await build(days[0]!)];
    const found = new Map((await copyOutRows(pool, storedLines(locationId, days))).map(([day, csv]) => [day!.toString(), csv!]));
    const csvs: (string | Buffer)[] = [];
    for (const day of days) csvs.push(found.get(day) ?? (await build(day)));
    return csvs;
  };
  const pieces: string[][] = [];
  for (const day of total === 0 ? [] : days) {
    const piece = pieces.at(-1);
    if (piece && stored.has(day) && stored.has(piece[0]!) && piece.length < STORED_DAYS) piece.push(day);
    else pieces.push([day]);
  }
  const start = (piece: string[]) => {
    const csv = read(piece);
    // A piece read ahead for a download that was abandoned must not become an unhandled rejection.
    csv.catch(() => undefined);
    return csv;
  };
  async function* lines() {
    yield '\uFEFF' + csvLine(EXPORT_COLUMNS);
    // The last day is usually today, written afresh every time: it is started first, beside the others.
    const last = pieces.length > 1 && !stored.has(pieces.at(-1)![0]!) ? start(pieces.pop()!) : null;
    const reading: Promise<(string | Buffer)[]>[] = [];
    let next = 0;
    const readNext = () => {
      if (next < pieces.length) reading.push(start(pieces[next]!));
      else if (next === pieces.length && last) reading.push(last);
      next++;
    };
    for (let i = 0; i < AHEAD; i++) readNext();
    while (reading.length > 0) {
      const csvs = await reading.shift()!;
      readNext();
      for (const csv of csvs) if (csv.length > 0) yield csv;
    }
  }
  await logTask(ctx.db, { locationId, app: 'inbox', task: 'Transcripts export' }, { status: 'success', message: `${total} messages from ${range.from} to ${range.to}.` });
  return { total, stream: Readable.from(lines()), filename: exportFileName(range.from, range.to) };
}
