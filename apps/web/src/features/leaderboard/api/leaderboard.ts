import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { leaderboardApi, type EndpointData } from '@kudo/shared';
import { call } from '../../../lib/api';

export type DateRange = leaderboardApi.LeaderboardDateRange;
export type Projection = EndpointData<typeof leaderboardApi.reloadProjection>;

/** How often the shop display asks for fresh figures (it never reloads the page). */
export const PROJECTION_REFRESH_MS = 3 * 60_000;

export const leaderboardKeys = {
  summary: (locationId: number, range: DateRange) => ['leaderboard', locationId, 'summary', range] as const,
  projection: (locationId: number, range: DateRange) => ['leaderboard', locationId, 'projection', range] as const,
};

/** The cards of this week or this month (E132). */
export function useLeaderboardSummary(locationId: number, range: DateRange) {
  return useQuery({
    queryKey: leaderboardKeys.summary(locationId, range),
    queryFn: () => call(leaderboardApi.loadLeaderboard, { body: { date_range: range } }),
    placeholderData: keepPreviousData,
  });
}

/** A day as the HTTP date the campaign reviews and field-ops reports take: "Wed, 25 Nov 2026 00:00:00 GMT". */
export const httpDate = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString();

/** Each report's whole list for a range of days (the server answers it in one piece). */
export const fetchReport = {
  departments: async (from: string, to: string) => (await call(leaderboardApi.fetchDepartments, { body: { from_date: from, to_date: to } })).rows,
  campaigns: async (from: string, to: string, department: string | null) =>
    (await call(leaderboardApi.fetchCampaigns, { body: { from_date: from, to_date: to, department } })).rows,
  campaignReviews: async (from: string, to: string) =>
    (await call(leaderboardApi.fetchCampaignReviews, { body: { fromDate: httpDate(from), toDate: httpDate(to) } })).rows,
  fieldOps: async (from: string, to: string) =>
    (await call(leaderboardApi.fetchFieldOpsUsage, { body: { fromDate: httpDate(from), toDate: httpDate(to) } })).rows,
};

/** The shop display's data (E137), fetched again every few minutes in place. */
export function useProjection(locationId: number, range: DateRange) {
  return useQuery({
    queryKey: leaderboardKeys.projection(locationId, range),
    queryFn: () => call(leaderboardApi.reloadProjection, { body: { date_range: range } }),
    placeholderData: keepPreviousData,
    refetchInterval: PROJECTION_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}
