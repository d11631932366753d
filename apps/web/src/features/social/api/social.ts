import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { socialApi, type EndpointData, type EndpointInput, type FacebookConnectionState, type GoogleConnectionState } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export const socialKeys = {
  load: (locationId: number) => ['social', 'load', locationId] as const,
};

export type SocialData = EndpointData<typeof socialApi.load>;

export function useSocial(locationId: number) {
  return useQuery({ queryKey: socialKeys.load(locationId), queryFn: () => call(socialApi.load) });
}

/** A mutation whose answer changes the screen's data: the load is refetched after it. */
function useSocialMutation<I, R>(locationId: number, fn: (input: I) => Promise<R>, patch?: (old: SocialData, result: R) => SocialData) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      if (patch) {
        queryClient.setQueryData(socialKeys.load(locationId), (old: SocialData | undefined) => (old ? patch(old, result) : old));
      }
      return queryClient.invalidateQueries({ queryKey: socialKeys.load(locationId) });
    },
  });
}

export function useSelectPlace(locationId: number) {
  return useSocialMutation(locationId, (placeId: string) => callWithMessage(socialApi.placeSelect, { body: { place_id: placeId } }), (old, { data }) => ({
    ...old,
    place: data.place,
    social_media: { ...old.social_media, google: data.account },
  }));
}

const withGoogle = (old: SocialData, google: GoogleConnectionState) => ({ ...old, google });
const withFacebook = (old: SocialData, facebook: FacebookConnectionState) => ({ ...old, facebook });

export function useGoogleConnect(locationId: number) {
  return useSocialMutation(locationId, (code: string) => callWithMessage(socialApi.googleConnect, { body: { code } }), (old, r) => withGoogle(old, r.data));
}

export function useGoogleSaveLocation(locationId: number) {
  return useSocialMutation(
    locationId,
    (id: string) => callWithMessage(socialApi.googleSaveLocation, { body: { location_id: id } }),
    (old, r) => withGoogle(old, r.data),
  );
}

export function useGoogleSignOut(locationId: number) {
  return useSocialMutation(locationId, () => callWithMessage(socialApi.googleSignOut));
}

export function useFacebookConnect(locationId: number) {
  return useSocialMutation(locationId, (code: string) => callWithMessage(socialApi.facebookConnect, { body: { code } }), (old, r) => withFacebook(old, r.data));
}

export function useFacebookPageSelect(locationId: number) {
  return useSocialMutation(
    locationId,
    (page: { id: string; name: string }) => callWithMessage(socialApi.facebookPageSelect, { body: { page_id: page.id, page_name: page.name } }),
    (old, r) => withFacebook(old, r.data),
  );
}

export function useFacebookSignOut(locationId: number) {
  return useSocialMutation(locationId, () => callWithMessage(socialApi.facebookSignOut));
}

export function useClearAccount(locationId: number) {
  return useSocialMutation(locationId, (key: string) => callWithMessage(socialApi.clearAccount, { body: { social_media: key } }));
}

export type SaveHomepageInput = EndpointInput<typeof socialApi.saveHomepage>['body'];
export type SaveAccountInput = EndpointInput<typeof socialApi.saveAccount>['body'];

export function useSaveHomepage(locationId: number) {
  return useSocialMutation(locationId, (body: SaveHomepageInput) => callWithMessage(socialApi.saveHomepage, { body }));
}

export function useSaveAccount(locationId: number) {
  return useSocialMutation(locationId, (body: SaveAccountInput) => callWithMessage(socialApi.saveAccount, { body }));
}

/** Saves a new order; the list shows it at once and goes back if the save fails. */
export function useUpdateOrder(locationId: number) {
  const queryClient = useQueryClient();
  const key = socialKeys.load(locationId);
  return useMutation({
    mutationFn: (order: string[]) => {
      const data = queryClient.getQueryData<SocialData>(key);
      const rows = data ? Object.fromEntries(order.map((k, i) => [k, { ...data.social_media[k], order: i }])) : undefined;
      return call(socialApi.updateOrder, { body: { order, ...(rows ? { data: rows } : {}) } });
    },
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SocialData>(key);
      if (previous) queryClient.setQueryData<SocialData>(key, { ...previous, order });
      return { previous };
    },
    onError: (_error, _order, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const fetchAuthUrl = (provider: 'google' | 'facebook') =>
  call(provider === 'google' ? socialApi.googleAuthUrl : socialApi.facebookAuthUrl);
