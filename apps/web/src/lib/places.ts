import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { onboardingApi, socialApi } from '@kudo/shared';
import { call } from './api';

/** Businesses on the map (Google Places, or the built-in list): the search and the look-up by place id. */
export const placeKeys = {
  search: (query: string, signup = false) => ['places', signup ? 'signup-search' : 'search', query] as const,
};

/**
 * Where the search goes: the location's search in settings, or sign-up's own (before the account exists,
 * limited per address).
 */
export type PlaceSearchSource = 'location' | 'signup';

/** Businesses on the map for a (debounced) search text; nothing is asked for under two characters. */
export function usePlaceSearch(query: string, source: PlaceSearchSource = 'location') {
  const q = query.trim();
  return useQuery({
    queryKey: placeKeys.search(q, source === 'signup'),
    queryFn: () => call(source === 'signup' ? onboardingApi.placesSearch : socialApi.placesSearch, { query: { q } }),
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
