import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsApi } from '@kudo/shared';
import { call } from '../../../lib/api';

export type RatingPlatform = analyticsApi.RatingPlatform;
export type TimeRange = 'year' | 'all';

export const analyticsKeys = {
  growth: (locationId: number) => ['analytics', locationId, 'ratings-growth'] as const,
  chart: (locationId: number, platform: RatingPlatform, range: TimeRange) => ['analytics', locationId, 'ratings-chart', platform, range] as const,
  dispatching: (locationId: number, from: string | null, to: string | null) => ['analytics', locationId, 'dispatching', from, to] as const,
};

/** Review counts and ratings per platform: latest, at joining, and the gain since (E127). */
export function useRatingsGrowth(locationId: number) {
  return useQuery({ queryKey: analyticsKeys.growth(locationId), queryFn: () => call(analyticsApi.loadRatingsGrowth) });
}

/** One platform's monthly review count and rating over the last year or all time (E128). */
export function useRatingsChart(locationId: number, platform: RatingPlatform, range: TimeRange) {
  return useQuery({
    queryKey: analyticsKeys.chart(locationId, platform, range),
    queryFn: () => call(analyticsApi.loadRatingsChart, { body: { social_media: platform, time_range: range } }),
    placeholderData: keepPreviousData,
  });
}

/** The range's answers, scores, sends per day and contact cards (E129); a range over 6 months is refused. */
export function useDispatching(locationId: number, from: string | null, to: string | null) {
  return useQuery({
    queryKey: analyticsKeys.dispatching(locationId, from, to),
    queryFn: () => call(analyticsApi.loadDispatching, { body: { from_date: from ?? undefined, to_date: to ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}
