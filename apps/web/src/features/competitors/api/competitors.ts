import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { competitorsApi, type CompetitorData } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export const competitorKeys = {
  load: (locationId: number) => ['competitors', 'load', locationId] as const,
};

export function useCompetitors(locationId: number) {
  return useQuery({ queryKey: competitorKeys.load(locationId), queryFn: () => call(competitorsApi.load) });
}

/** Add and remove answer the refreshed leaderboard, which replaces the loaded one. */
function useCompetitorChange<I>(locationId: number, fn: (input: I) => Promise<{ data: CompetitorData; message?: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ data }) => queryClient.setQueryData(competitorKeys.load(locationId), data),
  });
}

export function useAddCompetitor(locationId: number) {
  return useCompetitorChange(locationId, (placeId: string) => callWithMessage(competitorsApi.add, { body: { place_id: placeId } }));
}

export function useRemoveCompetitor(locationId: number) {
  return useCompetitorChange(locationId, (competitorId: string) => callWithMessage(competitorsApi.remove, { body: { competitor_id: competitorId } }));
}
