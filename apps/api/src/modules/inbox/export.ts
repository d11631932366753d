import { Readable } from 'node:stream';
import { csvLine, INBOX_MSG } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { poolOf, type Db } from '../../lib/db.js';
import { badRequest } from '../../lib/errors.js';
import { logTask } from '../../lib/tasks.js';

export const EXPORT_COLUMNS = ['Conversation ID', 'Customer Name', 'Customer Phone', 'Date', 'Direction', 'Sent By', 'Message', 'Media', 'Status'] as const;
const BATCH = 5000;
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

interface ExportRow {
  id: number;
  conversation_id: number;
  name: string;
  phone: string;
  local_time: string;
  direction: string;
  email: string | null;
  kind: string;
  body: string;
  media_url: string | null;
  status: string | null;
}

/** One batch of the range in message order, straight over the pg pool (Prisma's raw path costs more than the query). */
async function page(db: Db, locationId: number, range: { from: string; to: string }, tz: string, afterId: number, lastId: number) {
  const { rows } = await poolOf(db).query<ExportRow>({
    name: 'inbox-export-page',
    text: `SELECT m.id, m.conversation_id, c.name, c.phone,
           to_char((m.created_at AT TIME ZONE 'UTC') AT TIME ZONE $4, 'YYYY-MM-DD HH24:MI:SS') AS local_time,
           m.direction::text AS direction, u.email, m.kind, m.body, m.media_url, s.status
    FROM conversation_messages m
    JOIN conversations c ON c.id = m.conversation_id
    LEFT JOIN users u ON u.id = m.user_id
    LEFT JOIN sms_messages s ON s.id = m.sms_message_id
    WHERE m.location_id = $1
      AND m.created_at >= ($2::date)::timestamp AT TIME ZONE $4
      AND m.created_at < ($3::date + 1)::timestamp AT TIME ZONE $4
      AND m.id > $5 AND m.id <= $6
    ORDER BY m.id
    LIMIT $7`,
    values: [locationId, range.from, range.to, tz, afterId, lastId, BATCH],
  });
  return rows;
}

const who = (r: ExportRow) => (r.direction === 'inbound' ? 'Customer' : r.email ?? (r.kind === 'auto_reply' ? 'Auto-reply' : 'Automatic'));

/**
 * E126: every message of the range (local days of the location) as CSV, written as it is read, a few
 * thousand rows at a time in message order, so a year of a busy location never sits in memory. The count comes first in a
 * header so the browser can show progress.
 */
export async function exportTranscripts(ctx: LocationCtx, input: { from_date: string; to_date: string }): Promise<{ total: number; stream: Readable; filename: string }> {
  const range = checkRange(input.from_date, input.to_date);
  const locationId = ctx.location.locationId;
  const { timeZone } = await ctx.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { timeZone: true } });
  const [{ total, first, last }] = (await ctx.db.$queryRaw<{ total: number; first: number | null; last: number | null }[]>`
    SELECT count(*)::int AS total, min(m.id) AS first, max(m.id) AS last FROM conversation_messages m
    WHERE m.location_id = ${locationId}
      AND m.created_at >= (${range.from}::date)::timestamp AT TIME ZONE ${timeZone}
      AND m.created_at < (${range.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`) as [{ total: number; first: number | null; last: number | null }];
  const db = ctx.db;
  async function* lines() {
    yield '\uFEFF' + csvLine(EXPORT_COLUMNS);
    if (first === null || last === null) return;
    let after = first - 1;
    for (;;) {
      const rows: ExportRow[] = await page(db, locationId, range, timeZone, after, last);
      if (!rows.length) return;
      yield rows.map((r) => csvLine([r.conversation_id, r.name, r.phone, r.local_time, r.direction, who(r), r.body, r.media_url, r.status])).join('');
      after = rows.at(-1)!.id;
      if (rows.length < BATCH) return;
    }
  }
  await logTask(ctx.db, { locationId, app: 'inbox', task: 'Transcripts export' }, { status: 'success', message: `${total} messages from ${range.from} to ${range.to}.` });
  return { total, stream: Readable.from(lines()), filename: exportFileName(range.from, range.to) };
}
