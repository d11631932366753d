import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, sessionApi } from '@kudo/shared';
import { ApiError, call } from '../../../lib/api';
import { setAuthFlag } from '../../../lib/session/authFlag';
import { forgetLocationData, forgetUserData, loadAllUserData } from '../../../lib/session/queries';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Login: start the session, then load the user's data before the app believes it is logged in, so the
 * guard moves on (to the wanted screen, the dashboard or select-location) with everything at hand.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      const { is_platform_staff } = await call(sessionApi.login, { body: credentials });
      forgetUserData(queryClient);
      let failure: ApiError | null = null;
      try {
        const { locations } = await loadAllUserData(queryClient);
        // Only support staff work without a location of their own (they use magic login).
        if (locations.length === 0 && !is_platform_staff) failure = new ApiError(404, MSG.couldNotFindLocations);
      } catch (error) {
        failure = new ApiError(error instanceof ApiError ? error.status : 0, MSG.couldNotFindLocations);
      }
      if (failure) {
        forgetUserData(queryClient);
        await call(sessionApi.logout).catch(() => undefined);
        throw failure;
      }
      setAuthFlag(queryClient, true);
    },
  });
}

/** Choosing a location (select-location): the server switches, then the session reloads in place. */
export function useChooseLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (locationId: number) => {
      await call(sessionApi.selectLocation, { body: { location_id: locationId } });
      forgetLocationData(queryClient);
      await loadAllUserData(queryClient, { fresh: true });
    },
  });
}

/** Support staff acting as an account's owner: the session becomes the owner's. */
export function useMagicLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (accountId: string) => {
      await call(sessionApi.magicLogin, { params: { accountId } });
      forgetLocationData(queryClient);
      await loadAllUserData(queryClient, { fresh: true });
    },
  });
}
