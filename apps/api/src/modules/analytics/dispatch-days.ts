import type { Db } from '../../lib/db.js';
import type { Day } from './dates.js';
import { dispatchDayQueries } from './queries.js';

/** A day's dispatching figures of a location: what the rollup keeps and what the range adds up. */
export interface DispatchDay {
  day: Day;
  pcheckEmail: number;
  pcheckSms: number;
  bioEmail: number;
  bioSms: number;
  participants: number;
  happy: number;
  neutral: number;
  unhappy: number;
  kudoIndexSum: number;
  kudoIndexCount: number;
  slider0Sum: number;
  slider0Count: number;
  slider1Sum: number;
  slider1Count: number;
  slider2Sum: number;
  slider2Count: number;
  reviewLeads: number;
  contactCards: number;
}

export const emptyDay = (day: Day): DispatchDay => ({
  day,
  pcheckEmail: 0,
  pcheckSms: 0,
  bioEmail: 0,
  bioSms: 0,
  participants: 0,
  happy: 0,
  neutral: 0,
  unhappy: 0,
  kudoIndexSum: 0,
  kudoIndexCount: 0,
  slider0Sum: 0,
  slider0Count: 0,
  slider1Sum: 0,
  slider1Count: 0,
  slider2Sum: 0,
  slider2Count: 0,
  reviewLeads: 0,
  contactCards: 0,
});

/**
 * The range's days with figures, from the daily rollup (kept current by triggers on dispatches, reviews and
 * contact cards): at most one row per day, whatever the number of pulseChecks.
 */
export async function dispatchDays(db: Db, locationId: number, range: { from: Day; to: Day }): Promise<DispatchDay[]> {
  const rows = await dispatchDayQueries.days(db, locationId, range);
  const n = (v: unknown) => (typeof v === 'number' ? v : v == null ? 0 : Number(v));
  return rows.map((r) => ({
    day: String(r.day),
    pcheckEmail: n(r.pcheck_email),
    pcheckSms: n(r.pcheck_sms),
    bioEmail: n(r.bio_email),
    bioSms: n(r.bio_sms),
    participants: n(r.participants),
    happy: n(r.happy),
    neutral: n(r.neutral),
    unhappy: n(r.unhappy),
    kudoIndexSum: n(r.kudo_index_sum),
    kudoIndexCount: n(r.kudo_index_count),
    slider0Sum: n(r.slider0_sum),
    slider0Count: n(r.slider0_count),
    slider1Sum: n(r.slider1_sum),
    slider1Count: n(r.slider1_count),
    slider2Sum: n(r.slider2_sum),
    slider2Count: n(r.slider2_count),
    reviewLeads: n(r.review_leads),
    contactCards: n(r.contact_cards),
  }));
}

/** How many times the location's contact card QR code was opened over the range (local days). */
export function qrScans(db: Db, locationId: number, range: { from: Day; to: Day }): Promise<number> {
  return dispatchDayQueries.qrScans(db, locationId, range);
}
