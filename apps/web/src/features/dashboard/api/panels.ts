import { useQuery } from '@tanstack/react-query';
import { analyticsApi, competitorsApi } from '@kudo/shared';
import { call } from '../../../lib/api';

export const dashboardKeys = {
  ratings: (locationId: number) => ['dashboard', locationId, 'ratings'] as const,
  latestReviews: (locationId: number) => ['dashboard', locationId, 'latest-reviews'] as const,
  competitors: (locationId: number) => ['dashboard', locationId, 'competitors'] as const,
};

/** Latest review count and rating, and the gain since joining (E165); 404 when nothing is connected. */
export function useDashboardRatings(locationId: number) {
  return useQuery({ queryKey: dashboardKeys.ratings(locationId), queryFn: () => call(analyticsApi.dashboardRatings) });
}

/** The newest Google and Facebook reviews (E166). */
export function useLatestReviews(locationId: number) {
  return useQuery({ queryKey: dashboardKeys.latestReviews(locationId), queryFn: () => call(analyticsApi.dashboardSocialReviews) });
}

/** The location and the competitors it follows (E167). */
export function useDashboardCompetitors(locationId: number) {
  return useQuery({ queryKey: dashboardKeys.competitors(locationId), queryFn: () => call(competitorsApi.dashboard) });
}
