import { useQuery } from '@tanstack/react-query';
import { reportsApi } from '@kudo/shared';
import { call } from '../../../lib/api';

export const rewardKeys = {
  distributions: (locationId: number) => ['reward-distributions', locationId] as const,
};

/** E098: the location's closed months, newest first. */
export function useRewardDistributions(locationId: number) {
  return useQuery({
    queryKey: rewardKeys.distributions(locationId),
    queryFn: async () => (await call(reportsApi.loadRewardDistributions)).fulfillmentList.data,
  });
}
