import { analyticsApi, MSG } from '@kudo/shared';
import { badRequest } from '../../lib/errors.js';

/** A calendar day, YYYY-MM-DD. */
export type Day = string;
export interface DayRange {
  from: Day;
  to: Day;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone. */
export function localDay(instant: Date, timeZone: string): Day {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, f);
  }
  return f.format(instant);
}

const toUtc = (day: Day) => new Date(`${day}T00:00:00Z`);
const fromUtc = (d: Date): Day => d.toISOString().slice(0, 10);

export function addDays(day: Day, n: number): Day {
  const d = toUtc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtc(d);
}

/** The same day of the month n months later (or earlier), kept inside shorter months (Mar 31 − 1 month = Feb 28). */
export function addMonths(day: Day, n: number): Day {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return fromUtc(first);
}

/** The first day of the month of a day. */
export const monthStart = (day: Day): Day => `${day.slice(0, 7)}-01`;

/**
 * A range from what the screen sent: a missing `to` is today, a missing `from` one month before `to`, and a
 * `from` after `to` becomes `to`.
 */
export function resolveRange(input: { from_date?: string | undefined; to_date?: string | undefined }, today: Day): DayRange {
  const to = input.to_date ?? today;
  const from = input.from_date ?? addMonths(to, -1);
  return { from: from > to ? to : from, to };
}

/** The earliest day a report may start: the first of the month 36 months back. */
export const earliestReportDay = (today: Day): Day => monthStart(addMonths(today, -analyticsApi.REPORT_MAX_MONTHS_BACK));

/** A report's range, checked: at most 36 months back (400 otherwise). */
export function reportRange(input: { from_date?: string | undefined; to_date?: string | undefined }, today: Day): DayRange {
  const range = resolveRange(input, today);
  const earliest = earliestReportDay(today);
  if (range.from < earliest) throw badRequest(MSG.reportRangeTooOld(earliest), { from_date: MSG.reportRangeTooOld(earliest) });
  return range;
}

/** A dispatching range, checked: at most 6 months long and 36 months back (400 otherwise). */
export function dispatchingRange(input: { from_date?: string | undefined; to_date?: string | undefined }, today: Day): DayRange {
  const range = reportRange(input, today);
  if (range.to > addMonths(range.from, analyticsApi.DISPATCHING_MAX_MONTHS)) {
    throw badRequest(MSG.dispatchingRangeTooLong, { to_date: MSG.dispatchingRangeTooLong });
  }
  return range;
}

/** Every day of a range, first to last. */
export function daysOf(range: DayRange): Day[] {
  const days: Day[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) days.push(d);
  return days;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Nov 2025": a chart's month label. */
export const monthLabel = (day: Day): string => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
