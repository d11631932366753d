import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionApi, type AccessSubject, type LocationItem } from '@kudo/shared';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { pathFor } from '../../config/routes';
import { call } from '../api';
import { setAuthFlag, useAuthFlag } from './authFlag';
import { appQueries, sessionQueries } from './queries';
import { toAccessSubject } from './subject';

/** Where the session stands, as far as deciding what a screen may show. */
export type SessionView =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'no-location' }
  | { status: 'located'; location: LocationItem; subject: AccessSubject | 'loading' | 'failed' };

/**
 * `load: false` reads only what is cached: screens that do not depend on the session (customer pages,
 * password recovery) should not make a logged-in visitor's browser load it.
 */
export function useSessionView({ load = true }: { load?: boolean } = {}): SessionView {
  const authFlag = useAuthFlag();
  const locations = useQuery({ ...sessionQueries.locations(), enabled: authFlag && load });
  const current = locations.data?.current_location ?? null;
  const locationId = current?.location_id ?? 0;
  const user = useQuery({ ...sessionQueries.locationUser(locationId), enabled: authFlag && load && !!current });
  const subscriptions = useQuery({
    ...sessionQueries.subscriptions(locationId),
    enabled: authFlag && load && !!current,
  });

  return useMemo((): SessionView => {
    if (!authFlag) return { status: 'signed-out' };
    if (locations.isError) return { status: 'failed' };
    if (!locations.data) return { status: 'loading' };
    if (!current) return { status: 'no-location' };
    if (user.isError || subscriptions.isError) return { status: 'located', location: current, subject: 'failed' };
    if (!user.data || !subscriptions.data) return { status: 'located', location: current, subject: 'loading' };
    return { status: 'located', location: current, subject: toAccessSubject(current, user.data, subscriptions.data) };
  }, [authFlag, locations.isError, locations.data, current, user.isError, user.data, subscriptions.isError, subscriptions.data]);
}

/** The current location and the user's standing there, for screens behind a location guard. */
export function useCurrentSession(): { location: LocationItem; subject: AccessSubject } | null {
  const view = useSessionView();
  if (view.status !== 'located' || typeof view.subject === 'string') return null;
  return { location: view.location, subject: view.subject };
}

export function useLocations() {
  return useQuery({ ...sessionQueries.locations(), enabled: useAuthFlag() });
}

export function useIdentity() {
  return useQuery({ ...sessionQueries.identity(), enabled: useAuthFlag() });
}

export function useCrossSell(locationId: number | null) {
  return useQuery({ ...sessionQueries.crossSell(locationId ?? 0), enabled: useAuthFlag() && locationId !== null });
}

export function useAppInfo() {
  return useQuery(appQueries.info());
}

/** The server's version for the footer; 0.0.0 until it answers (or when it cannot). Asked with a session only. */
export function useBackendVersion(fallback: string): string {
  return useQuery({ ...appQueries.version(), enabled: useAuthFlag() }).data ?? fallback;
}

/**
 * Ends the session in this tab: the flag goes off first (so nothing refetches), then the screen moves to
 * login, then every cached answer of the previous user is dropped.
 */
export function useEndLocalSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (state?: { from?: string; notice?: string }) => {
      setAuthFlag(queryClient, false);
      void Promise.resolve(navigate(pathFor('login'), { replace: true, state })).finally(() => queryClient.clear());
    },
    [queryClient, navigate],
  );
}

/** Logout: the server ends its session (best effort: a dead session is just as logged out), then this tab. */
export function useLogout() {
  const endLocalSession = useEndLocalSession();
  return useCallback(
    async (notice?: string) => {
      try {
        await call(sessionApi.logout);
      } catch {
        // The server may already have dropped the session; the local end still has to happen.
      }
      endLocalSession(notice ? { notice } : undefined);
    },
    [endLocalSession],
  );
}
