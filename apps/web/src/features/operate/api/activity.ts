import { useQuery } from '@tanstack/react-query';
import { operateApi } from '@kudo/shared';
import { call } from '../../../lib/api';

export const activityKeys = { list: (locationId: number) => ['operate', locationId, 'activity'] as const };

/** The latest sends, refreshed every half minute while the page is open (API and bulk sends arrive on their own). */
export const useActivity = (locationId: number) =>
  useQuery({ queryKey: activityKeys.list(locationId), queryFn: async () => (await call(operateApi.loadActivity)).rows, refetchInterval: 30_000 });
