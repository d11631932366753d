import { Readable } from 'node:stream';
import { csvLine, INBOX_MSG } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { poolOf } from '../../lib/db.js';
import { badRequest } from '../../lib/errors.js';
import { logTask } from '../../lib/tasks.js';

export const EXPORT_COLUMNS = ['Conversation ID', 'Customer Name', 'Customer Phone', 'Date', 'Direction', 'Sent By', 'Message', 'Media', 'Status'] as const;
/** Rows per query: about 1.5 MB of CSV text (its sort stays in memory). */
const BATCH = 10_000;
/** Batches PostgreSQL formats at once, each on its own connection. */
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

/** The range's messages of location $1, as local days (dates $2 to $3) of the zone `zone`. */
const inRange = (zone: string) => `m.location_id = $1
      AND m.created_at >= ($2::date)::timestamp AT TIME ZONE ${zone}
      AND m.created_at < ($3::date + 1)::timestamp AT TIME ZONE ${zone}`;

/**
 * One batch of the range in message order, the messages after `$5` up to `$6`, as CSV lines written by PostgreSQL
 * itself (csv_field quotes exactly as csvField does): one text per batch instead of a JS object and a formatted line
 * per row. Unnamed, so each batch is planned for its own bounds.
 */
const PAGE = `
  WITH page AS MATERIALIZED (
    SELECT m.id, m.conversation_id, m.created_at, m.direction, m.kind, m.body, m.media_url, m.user_id, m.sms_message_id
    FROM conversation_messages m
    WHERE ${inRange('$4')} AND m.id > $5 AND m.id <= $6)
  SELECT string_agg(concat_ws(',', p.conversation_id::text, csv_field(c.name), csv_field(c.phone),
                      to_char((p.created_at AT TIME ZONE 'UTC') AT TIME ZONE $4, 'YYYY-MM-DD HH24:MI:SS'), p.direction::text,
                      csv_field(CASE WHEN p.direction = 'inbound' THEN 'Customer'
                                     ELSE coalesce(u.email, CASE WHEN p.kind = 'auto_reply' THEN 'Auto-reply' ELSE 'Automatic' END) END),
                      csv_field(p.body), csv_field(p.media_url), csv_field(s.status)) || E'\\r\\n', '' ORDER BY p.id) AS csv
  FROM page p
  JOIN conversations c ON c.id = p.conversation_id
  LEFT JOIN users u ON u.id = p.user_id
  LEFT JOIN sms_messages s ON s.id = p.sms_message_id`;

/**
 * E126: every message of the range (local days of the location) as CSV, written as it is read. The range is cut into
 * batches of BATCH messages (by id, each cut one index read); PostgreSQL formats AHEAD batches at once, on as many
 * connections, while the server writes the one before, in order. A year of a busy location never sits in memory.
 * The count comes first in a header so the browser can show progress.
 */
export async function exportTranscripts(ctx: LocationCtx, input: { from_date: string; to_date: string }): Promise<{ total: number; stream: Readable; filename: string }> {
  const range = checkRange(input.from_date, input.to_date);
  const locationId = ctx.location.locationId;
  const pool = poolOf(ctx.db);
  // The zone and the range's count and last message in one round trip.
  const { rows } = await pool.query<{ time_zone: string; total: number; last: number | null }>(
    `SELECT l.time_zone, r.total, r.last FROM locations l,
       LATERAL (SELECT count(*)::int AS total, max(m.id) AS last FROM conversation_messages m WHERE ${inRange('l.time_zone')}) r
     WHERE l.id = $1`,
    [locationId, range.from, range.to],
  );
  const { time_zone: timeZone, total, last } = rows[0]!;
  const values = (after: number, upTo: number) => [locationId, range.from, range.to, timeZone, after, upTo];
  /** The id ending the batch after message `after`, or null when fewer than BATCH messages are left. */
  const cut = async (after: number) =>
    (
      await pool.query<{ id: number }>({
        name: 'inbox-export-cut',
        text: `SELECT m.id FROM conversation_messages m WHERE ${inRange('$4')} AND m.id > $5 AND m.id <= $6 ORDER BY m.id OFFSET ${BATCH - 1} LIMIT 1`,
        values: values(after, last!),
      })
    ).rows[0]?.id ?? null;
  const batch = (after: number, upTo: number) => {
    const read = pool.query<{ csv: string | null }>(PAGE, values(after, upTo)).then((r) => r.rows[0]!.csv ?? '');
    // A batch read ahead for a download that was abandoned must not become an unhandled rejection.
    read.catch(() => undefined);
    return read;
  };
  async function* lines() {
    yield '\uFEFF' + csvLine(EXPORT_COLUMNS);
    if (last === null) return;
    const reading: Promise<string>[] = [];
    let after = 0;
    const readNext = async () => {
      if (after >= last) return;
      const upTo = (await cut(after)) ?? last;
      reading.push(batch(after, upTo));
      after = upTo;
    };
    for (let i = 0; i < AHEAD; i++) await readNext();
    while (reading.length > 0) {
      const csv = await reading.shift()!;
      await readNext();
      yield csv;
    }
  }
  await logTask(ctx.db, { locationId, app: 'inbox', task: 'Transcripts export' }, { status: 'success', message: `${total} messages from ${range.from} to ${range.to}.` });
  return { total, stream: Readable.from(lines()), filename: exportFileName(range.from, range.to) };
}
