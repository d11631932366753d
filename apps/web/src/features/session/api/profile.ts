import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionApi, type EndpointInput } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session/queries';

const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: () => call(sessionApi.loadProfile) });
}

export type ProfileInput = EndpointInput<typeof sessionApi.saveProfile>['body'];

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => callWithMessage(sessionApi.saveProfile, { body: input }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(profileKey, data);
      // The account menu shows the name from the identity.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.identity });
    },
  });
}

export type PasswordChangeInput = EndpointInput<typeof sessionApi.updatePassword>['body'];

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => callWithMessage(sessionApi.updatePassword, { body: input }),
  });
}
