import type { analyticsApi, EndpointData } from '@kudo/shared';
import { isoDate, type DatePreset } from '../../../components/DateRangeField';
import { ApiError } from '../../../lib/api';

type Dispatching = EndpointData<typeof analyticsApi.loadDispatching>['data'];
type TrendCount = Dispatching['bio_email_count'];

export const DISPATCHING_ERROR_TITLE = 'We ran into an Error';
export const DISPATCHING_ERROR_FALLBACK = 'Please try again later';

/** What the error state says: the server's own words when it gave some, otherwise to try again later. */
export function dispatchingErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 && error.message ? error.message : DISPATCHING_ERROR_FALLBACK;
}

/** The ranges offered, each ending today and within the 6 months the report covers at most. */
export function dispatchingPresets(today: Date): DatePreset[] {
  const end = isoDate(today);
  const daysAgo = (n: number) => isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - n));
  const monthsAgo = (n: number) => isoDate(new Date(today.getFullYear(), today.getMonth() - n, today.getDate() + 1));
  return [
    { label: 'Last 7 days', from: daysAgo(6), to: end },
    { label: 'Last 30 days', from: daysAgo(29), to: end },
    { label: 'Last 3 months', from: monthsAgo(3), to: end },
    { label: 'Last 6 months', from: monthsAgo(6), to: end },
  ];
}

export interface UsagePoint {
  day: string;
  Emails: number;
  SMS: number;
}

/** Emails and SMS side by side per day of the range (a day missing on one side counts 0). */
export function usageSeries(emails: TrendCount, sms: TrendCount): UsagePoint[] {
  const smsByDay = new Map(sms.trend.date_index.map((day, i) => [day, sms.trend.values[i] ?? 0]));
  const days = [...new Set([...emails.trend.date_index, ...sms.trend.date_index])].sort();
  const emailByDay = new Map(emails.trend.date_index.map((day, i) => [day, emails.trend.values[i] ?? 0]));
  return days.map((day) => ({ day, Emails: emailByDay.get(day) ?? 0, SMS: smsByDay.get(day) ?? 0 }));
}

/** The three slider questions, in the order the server sends them. */
export const SLIDER_LABELS = ['How likely are you to recommend us?', 'Professionalism', 'Quality of Service'] as const;

/** The ratings in the screen's order (Professionalism, recommend, Quality of Service), each 0–5 or null. */
export function ratingsInOrder(sliders: Dispatching['sliders']): { label: string; value: number | null }[] {
  const at = (i: number) => sliders[i]?.value ?? null;
  return [
    { label: SLIDER_LABELS[1], value: at(1) },
    { label: SLIDER_LABELS[0], value: at(0) },
    { label: SLIDER_LABELS[2], value: at(2) },
  ];
}
