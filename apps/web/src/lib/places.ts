import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { competitorsApi, onboardingApi, socialApi } from '@kudo/shared';
import { call } from './api';

/** Businesses on the map (Google Places, or the built-in list): the search and the look-up by place id. */
export const placeKeys = {
  search: (scope: PlaceSearchScope, query: string) => ['places', 'search', scope, query] as const,
};

/**
 * Who searches: the settings screen (the location's own business, under the settings rule), Manage
 * Competitors (under the competitor calls' rule) or sign-up (before the account exists, limited per address).
 */
export type PlaceSearchScope = 'settings' | 'competitors' | 'signup';
const SEARCH = { settings: socialApi.placesSearch, competitors: competitorsApi.placesSearch, signup: onboardingApi.placesSearch } as const;

/** Businesses on the map for a (debounced) search text; nothing is asked for under two characters. */
export function usePlaceSearch(query: string, scope: PlaceSearchScope = 'settings') {
  const q = query.trim();
  return useQuery({
    queryKey: placeKeys.search(scope, q),
    queryFn: () => call(SEARCH[scope], { query: { q } }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A business looked up by its Google place id. */
export function usePlaceDetails() {
  return useMutation({
    mutationFn: (placeId: string) => call(socialApi.placesDetails, { params: { placeId } }),
  });
}
