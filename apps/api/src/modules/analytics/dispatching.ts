import type { analyticsApi, EndpointData } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { daysOf, dispatchingRange, type Day, type DayRange } from './dates.js';
import { dispatchDays, emptyDay, qrScans, type DispatchDay } from './dispatch-days.js';
import { locationClock } from './location.js';
import { halvedStars, kudoIndex, percent } from './scores.js';

type Dispatching = EndpointData<typeof analyticsApi.loadDispatching>;

/** Adds up the range's days into the dispatching figures (days without a row count as zero). */
export function summarise(range: DayRange, found: readonly DispatchDay[], scans: number): Dispatching {
  const byDay = new Map(found.map((d) => [d.day, d]));
  const days = daysOf(range).map((day: Day) => byDay.get(day) ?? emptyDay(day));
  const total = (key: keyof Omit<DispatchDay, 'day'>) => days.reduce((s, d) => s + d[key], 0);
  const trend = (key: 'pcheckEmail' | 'pcheckSms' | 'bioEmail' | 'bioSms') => ({
    value: total(key),
    trend: { date_index: days.map((d) => d.day), values: days.map((d) => d[key]) },
  });
  const participants = total('participants');
  const moods = total('happy') + total('neutral') + total('unhappy');
  return {
    data: {
      pulse_checks_participant_count: { value: participants },
      kudo_index: { value: kudoIndex(total('kudoIndexSum'), total('kudoIndexCount')) },
      review_leads: { value: total('reviewLeads') },
      sliders: [
        { value: halvedStars(total('slider0Sum'), total('slider0Count')) },
        { value: halvedStars(total('slider1Sum'), total('slider1Count')) },
        { value: halvedStars(total('slider2Sum'), total('slider2Count')) },
      ],
      happy_count: { value: total('happy'), percent: percent(total('happy'), moods) },
      neutral_count: { value: total('neutral'), percent: percent(total('neutral'), moods) },
      unhappy_count: { value: total('unhappy'), percent: percent(total('unhappy'), moods) },
      pulse_check_email_count: trend('pcheckEmail'),
      pulse_check_sms_count: trend('pcheckSms'),
      bio_email_count: trend('bioEmail'),
      bio_sms_count: trend('bioSms'),
      contact_card_count: { value: total('contactCards') },
      qrcode_total_count: { value: scans },
    },
    meta: { from_date: range.from, to_date: range.to },
  };
}

export async function dispatching(
  ctx: LocationCtx,
  input: { from_date?: string | undefined; to_date?: string | undefined },
): Promise<Dispatching> {
  const clock = await locationClock(ctx.db, ctx.location.locationId);
  const range = dispatchingRange(input, clock.today);
  const [days, scans] = await Promise.all([dispatchDays(ctx.db, ctx.location.locationId, range), qrScans(ctx.db, ctx.location.locationId, range)]);
  return summarise(range, days, scans);
}
