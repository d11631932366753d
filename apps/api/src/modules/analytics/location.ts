import type { Db } from '../../lib/db.js';
import { poolOf } from '../../lib/db.js';
import { localDay, type Day } from './dates.js';

/** The location's time zone and today's date there. */
export async function locationClock(db: Db, locationId: number, now = new Date()): Promise<{ timeZone: string; today: Day }> {
  const { rows } = await poolOf(db).query<{ time_zone: string }>({
    name: 'analytics-location-tz',
    text: 'SELECT time_zone FROM locations WHERE id = $1',
    values: [locationId],
  });
  const timeZone = rows[0]?.time_zone ?? 'America/New_York';
  return { timeZone, today: localDay(now, timeZone) };
}
