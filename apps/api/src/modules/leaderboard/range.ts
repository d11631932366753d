import { MSG } from '@kudo/shared';
import { badRequest } from '../../lib/errors.js';
import { addDays, addMonths, earliestReportDay, monthStart, type Day, type DayRange } from '../analytics/index.js';

/**
 * A leaderboard report's range: a missing `to` is today, a missing `from` one month before `to`; `from` after
 * `to`, or before the first of the month 36 months back, is a 400 naming the field.
 */
export function leaderboardRange(input: { from?: Day | undefined; to?: Day | undefined }, today: Day, fields = { from: 'from_date', to: 'to_date' }): DayRange {
  const to = input.to ?? today;
  const from = input.from ?? addMonths(to, -1);
  if (from > to) throw badRequest(MSG.reportDateOrder, { [fields.from]: MSG.reportDateOrder });
  const earliest = earliestReportDay(today);
  if (from < earliest) throw badRequest(MSG.reportRangeTooOld(earliest), { [fields.from]: MSG.reportRangeTooOld(earliest) });
  return { from, to };
}

/** This week (Monday to Sunday) or this month of a local day. */
export function periodOf(dateRange: 'WEEKLY' | 'MONTHLY', today: Day): DayRange {
  if (dateRange === 'MONTHLY') {
    const from = monthStart(today);
    return { from, to: addDays(addMonths(from, 1), -1) };
  }
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const from = addDays(today, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}
