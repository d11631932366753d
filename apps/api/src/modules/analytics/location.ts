import type { Db } from '../../lib/db.js';
import { localDay, type Day } from './dates.js';
import { locationQueries } from './queries.js';

/** The location's time zone and today's date there. */
export async function locationClock(db: Db, locationId: number, now = new Date()): Promise<{ timeZone: string; today: Day }> {
  const timeZone = (await locationQueries.timeZone(db, locationId)) ?? 'America/New_York';
  return { timeZone, today: localDay(now, timeZone) };
}
