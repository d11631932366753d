import type { Db } from '../../lib/db.js';
import { poolOf } from '../../lib/db.js';
import type { Day } from './dates.js';

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
 * The figures of each day from..to (local days of the zone), from the records themselves: sends by the day
 * the dispatch was made (test sends left out), answers by the day of the first answer (each answered
 * pulseCheck is a kudo review; archived ones left out), review leads with their answer, contact cards by the
 * day they went out. Only days with something are returned.
 */
export async function computeDispatchDays(db: Db, locationId: number, timeZone: string, from: Day, to: Day): Promise<DispatchDay[]> {
  const { rows } = await poolOf(db).query<Record<string, string | number>>({
    name: 'analytics-dispatch-days',
    text: `WITH bounds AS (
             SELECT ($2::date)::timestamp AT TIME ZONE $4 AS lo, ($3::date + 1)::timestamp AT TIME ZONE $4 AS hi
           ), sends AS (
             SELECT (d.created_at AT TIME ZONE $4)::date AS day,
                    count(*) FILTER (WHERE d.kind = 'pcheck' AND d.email_status = 1)::int AS pcheck_email,
                    count(*) FILTER (WHERE d.kind = 'pcheck' AND d.sms_status = 1)::int AS pcheck_sms,
                    count(*) FILTER (WHERE d.kind = 'bio' AND d.email_status = 1)::int AS bio_email,
                    count(*) FILTER (WHERE d.kind = 'bio' AND d.sms_status = 1)::int AS bio_sms
               FROM dispatches d, bounds
              WHERE d.location_id = $1 AND d.created_at >= bounds.lo AND d.created_at < bounds.hi AND NOT d.is_test
              GROUP BY 1
           ), answers AS (
             SELECT (r.posted_at AT TIME ZONE $4)::date AS day,
                    count(*)::int AS participants,
                    count(*) FILTER (WHERE r.sentiment = 'positive')::int AS happy,
                    count(*) FILTER (WHERE r.sentiment = 'neutral')::int AS neutral,
                    count(*) FILTER (WHERE r.sentiment = 'negative')::int AS unhappy,
                    coalesce(sum(r.kudo_index), 0)::float8 AS kudo_index_sum,
                    count(r.kudo_index)::int AS kudo_index_count,
                    coalesce(sum((r.sliders->0->>'value')::float8), 0)::float8 AS slider0_sum,
                    count(r.sliders->0->>'value')::int AS slider0_count,
                    coalesce(sum((r.sliders->1->>'value')::float8), 0)::float8 AS slider1_sum,
                    count(r.sliders->1->>'value')::int AS slider1_count,
                    coalesce(sum((r.sliders->2->>'value')::float8), 0)::float8 AS slider2_sum,
                    count(r.sliders->2->>'value')::int AS slider2_count,
                    count(*) FILTER (WHERE EXISTS (
                      SELECT 1 FROM pulse_check_submissions s
                       WHERE s.dispatch_id = r.dispatch_id AND s.type = 'social-media' AND s.data->>'selection' <> 'none'
                    ))::int AS review_leads
               FROM reviews r, bounds
              WHERE r.location_id = $1 AND r.posted_at >= bounds.lo AND r.posted_at < bounds.hi
                AND r.source = 'kudo' AND r.dispatch_id IS NOT NULL AND NOT r.archived
              GROUP BY 1
           ), cards AS (
             SELECT (c.sent_at AT TIME ZONE $4)::date AS day, count(*)::int AS contact_cards
               FROM contact_card_sends c, bounds
              WHERE c.location_id = $1 AND c.status = 'sent' AND c.sent_at >= bounds.lo AND c.sent_at < bounds.hi
              GROUP BY 1
           )
           SELECT day::text AS day_text, *
             FROM sends FULL JOIN answers USING (day) FULL JOIN cards USING (day)
            ORDER BY 1`,
    values: [locationId, from, to, timeZone],
  });
  const n = (v: unknown) => (typeof v === 'number' ? v : v == null ? 0 : Number(v));
  return rows.map((r) => ({
    day: String(r.day_text),
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
