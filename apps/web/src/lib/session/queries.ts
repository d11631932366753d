import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { sessionApi, systemApi } from '@kudo/shared';
import { ApiError, call } from '../api';
import type { LocationsData } from './subject';

/**
 * The session's data lives in the query cache under these keys. It changes only through explicit
 * actions (login, switching location, saving the profile), so it never goes stale by time.
 */
export const sessionKeys = {
  all: ['session'] as const,
  locations: ['session', 'locations'] as const,
  locationUser: ['session', 'location-user'] as const,
  subscriptions: ['session', 'subscriptions'] as const,
  identity: ['session', 'identity'] as const,
  crossSell: ['session', 'cross-sell'] as const,
};

const sessionOptions = { staleTime: Infinity, retry: false } as const;

const NO_LOCATIONS: LocationsData = { locations: [], current_location: null, is_multi_location: false, is_franchise: false };

/** A user who belongs to no location (support staff) is a state of the session, not a failure to load it. */
async function loadLocations(): Promise<LocationsData> {
  try {
    return await call(sessionApi.loadLocations);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return NO_LOCATIONS;
    throw error;
  }
}

export const sessionQueries = {
  locations: () =>
    queryOptions({ queryKey: sessionKeys.locations, queryFn: loadLocations, ...sessionOptions }),
  // Keyed by location as well, so that permissions of one location can never answer for another.
  locationUser: (locationId: number) =>
    queryOptions({
      queryKey: [...sessionKeys.locationUser, locationId],
      queryFn: () => call(sessionApi.loadLocationUser),
      ...sessionOptions,
    }),
  subscriptions: (locationId: number) =>
    queryOptions({
      queryKey: [...sessionKeys.subscriptions, locationId],
      queryFn: async () => (await call(sessionApi.loadSubscriptions)).locationSubscriptions,
      ...sessionOptions,
    }),
  identity: () =>
    queryOptions({ queryKey: sessionKeys.identity, queryFn: () => call(sessionApi.loadIdentity), ...sessionOptions }),
  crossSell: (locationId: number) =>
    queryOptions({
      queryKey: [...sessionKeys.crossSell, locationId],
      queryFn: () => call(sessionApi.crossSell),
      ...sessionOptions,
    }),
};

/** Facts about the server: `info` is public (it loads before login too), the version needs a session. */
export const appQueries = {
  info: () =>
    queryOptions({ queryKey: ['app', 'info'], queryFn: () => call(systemApi.appInfo), staleTime: 10 * 60_000 }),
  version: () =>
    queryOptions({
      queryKey: ['app', 'version'],
      queryFn: async () => (await call(sessionApi.currentVersion)).latest_version,
      staleTime: 10 * 60_000,
    }),
};

/**
 * "Load all user data": the locations first (they say whether a location is chosen), then, in
 * parallel, what depends on it. Permissions and subscriptions decide access, so their failure fails the
 * load; the name and the partner integration only decorate the menus and may fail quietly.
 * `fresh` refetches what is cached, after the server's session changed (location switch, magic login);
 * answers are replaced in place, so screens never flash back to a loading state.
 */
export async function loadAllUserData(queryClient: QueryClient, { fresh = false } = {}) {
  const again = fresh ? { staleTime: 0 } : {};
  const locations = await queryClient.fetchQuery({ ...sessionQueries.locations(), ...again });
  const decorations = [queryClient.prefetchQuery({ ...sessionQueries.identity(), ...again })];
  const current = locations.current_location;
  if (current) {
    decorations.push(queryClient.prefetchQuery({ ...sessionQueries.crossSell(current.location_id), ...again }));
    await Promise.all([
      queryClient.fetchQuery({ ...sessionQueries.locationUser(current.location_id), ...again }),
      queryClient.fetchQuery({ ...sessionQueries.subscriptions(current.location_id), ...again }),
      ...decorations,
    ]);
  } else {
    await Promise.all(decorations);
  }
  return locations;
}

const KEPT_ACROSS_USERS = new Set<unknown>(['app', 'auth-flag']);
const KEPT_ACROSS_LOCATIONS = new Set<unknown>(['app', 'auth-flag', 'session']);

/** Forgets everything cached for the previous user, keeping only public server facts. */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !KEPT_ACROSS_USERS.has(query.queryKey[0]) });
}

/** Forgets the screens' data of the previous location; the session's own data is reloaded in place. */
export function forgetLocationData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !KEPT_ACROSS_LOCATIONS.has(query.queryKey[0]) });
}
