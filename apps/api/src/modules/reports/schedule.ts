import { localDate, localHourOfDay } from '../../lib/quiet-hours.js';
import { addDays, addMonths, monthStart, type DayRange } from '../analytics/index.js';

export type ReportFrequency = 'weekly' | 'monthly';
export const REPORT_FREQUENCIES: readonly ReportFrequency[] = ['weekly', 'monthly'];

/** Reports go out at this local hour: Mondays for the week before, the 1st for the month before. */
export const REPORT_HOUR = 8;
/** A report whose send time passed longer ago than this (the worker was down) is skipped, not sent late. */
export const REPORT_LATE_LIMIT_MS = 24 * 60 * 60 * 1000;

export interface DuePeriod {
  frequency: ReportFrequency;
  /** The local days the report covers. */
  period: DayRange;
  /** When it is due: 08:00 local on the Monday (or the 1st) after the period. */
  dueAt: Date;
}

const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6

/**
 * The latest report of a frequency due at or before `now` in the zone: the Monday-to-Sunday week (or the
 * calendar month) before the last Monday (or 1st) whose 08:00 local has passed. Working on local calendar
 * days and asking the zone for 08:00 each time keeps it right across DST changes and year ends.
 */
export function latestDuePeriod(frequency: ReportFrequency, now: Date, timeZone: string): DuePeriod {
  const today = localDate(now, timeZone);
  if (frequency === 'weekly') {
    let monday = addDays(today, -weekday(today));
    let dueAt = localHourOfDay(monday, REPORT_HOUR, timeZone);
    if (dueAt > now) {
      monday = addDays(monday, -7);
      dueAt = localHourOfDay(monday, REPORT_HOUR, timeZone);
    }
    return { frequency, period: { from: addDays(monday, -7), to: addDays(monday, -1) }, dueAt };
  }
  let first = monthStart(today);
  let dueAt = localHourOfDay(first, REPORT_HOUR, timeZone);
  if (dueAt > now) {
    first = addMonths(first, -1);
    dueAt = localHourOfDay(first, REPORT_HOUR, timeZone);
  }
  return { frequency, period: { from: addMonths(first, -1), to: addDays(first, -1) }, dueAt };
}

/** The report to send now, or null when the latest one's time is more than a day gone. */
export function reportDueNow(frequency: ReportFrequency, now: Date, timeZone: string): DuePeriod | null {
  const due = latestDuePeriod(frequency, now, timeZone);
  return now.getTime() - due.dueAt.getTime() < REPORT_LATE_LIMIT_MS ? due : null;
}

/** The period before one (the comparison of "change" figures). */
export function previousPeriod(frequency: ReportFrequency, period: DayRange): DayRange {
  if (frequency === 'weekly') return { from: addDays(period.from, -7), to: addDays(period.from, -1) };
  return { from: addMonths(period.from, -1), to: addDays(period.from, -1) };
}
