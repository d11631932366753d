import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Marks a distribution fulfilled (its rewards were paid out) or pending again, then lists them afresh. */
export function useSetDistributionStatus(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: reportsApi.RewardDistribution['status'] }) =>
      call(reportsApi.setRewardDistributionStatus, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardKeys.distributions(locationId) }),
  });
}
