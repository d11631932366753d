import type { Db } from '../../lib/db.js';
import type { Day, DayRange } from './dates.js';
import { computeDispatchDays, type DispatchDay } from './dispatch-days.js';

/** The range's days with figures. */
export async function dispatchDays(db: Db, locationId: number, clock: { timeZone: string; today: Day }, range: DayRange): Promise<DispatchDay[]> {
  return computeDispatchDays(db, locationId, clock.timeZone, range.from, range.to);
}
