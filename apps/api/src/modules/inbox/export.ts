import { Readable } from 'node:stream';
import { csvLine, INBOX_MSG, inboxApi } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { badRequest } from '../../lib/errors.js';
import { logTask } from '../../lib/tasks.js';
import { transcriptQueries, type StoredDay, type TranscriptsForm } from './queries/index.js';

export const EXPORT_COLUMNS = inboxApi.TRANSCRIPT_COLUMNS.map((c) => c.name);

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

/** The dates from `from` to `to` (YYYY-MM-DD), both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
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
  const plan = await transcriptQueries.plan(ctx.db, locationId, range.from, range.to);
  const timeZone = plan.time_zone;
  const epoch = plan.epoch;
  const stored = new Map(plan.stored.map(({ day, ...head }) => [day, head]));
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
  const total = [...stored.values()].reduce((n, head) => n + head.messages, await transcriptQueries.countMessages(ctx.db, locationId, timeZone, counts));
  const build = (day: string, since: string | null = null) => transcriptQueries.dayLines(ctx.db, { locationId, day, timeZone, since, form, epoch });
  const copied = (days: string[], upto?: string) => transcriptQueries.storedLines(ctx.db, { locationId, epoch, form, days, ...(upto === undefined ? {} : { upto }) });
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
