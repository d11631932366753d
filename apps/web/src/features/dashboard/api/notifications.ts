import { useQuery } from '@tanstack/react-query';
import { sessionApi } from '@kudo/shared';
import { call } from '../../../lib/api';

/** Problems with the Google and Facebook connections (expired tokens), for the dashboard's red banner. */
export function useConnectionNotices() {
  return useQuery({
    queryKey: ['dashboard', 'connection-notices'],
    queryFn: () => call(sessionApi.fetchNotifications),
    staleTime: 5 * 60_000,
  });
}
