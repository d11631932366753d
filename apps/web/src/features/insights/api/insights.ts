import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsApi, insightsApi } from '@kudo/shared';
import { call } from '../../../lib/api';

export const insightsKeys = {
  load: (locationId: number, from: string | null, to: string | null, campaign: string) => ['insights', locationId, from, to, campaign] as const,
  campaigns: (locationId: number) => ['insights', locationId, 'campaigns'] as const,
};

/** What the range's reviews speak of: topics, months, quotes and technicians (insights-load). */
export function useInsights(locationId: number, from: string | null, to: string | null, campaign: string) {
  return useQuery({
    queryKey: insightsKeys.load(locationId, from, to, campaign),
    queryFn: () => call(insightsApi.loadInsights, { body: { from_date: from ?? undefined, to_date: to ?? undefined, campaign_uid: campaign || null } }),
    placeholderData: keepPreviousData,
  });
}

/** The location's technicians (campaigns), for the technician filter (E169). */
export function useTechnicians(locationId: number) {
  return useQuery({ queryKey: insightsKeys.campaigns(locationId), queryFn: () => call(analyticsApi.profileCampaigns) });
}
