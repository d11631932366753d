import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generalApi, type EndpointInput, type PortalUser } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';
import { generalKeys } from './branding';

export function useUsers(locationId: number) {
  return useQuery({
    queryKey: generalKeys.users(locationId),
    queryFn: async () => (await call(generalApi.listUsers)).users,
  });
}

export type AddUserInput = EndpointInput<typeof generalApi.addUser>['body'];
export type EditUserInput = EndpointInput<typeof generalApi.editUser>['body'];

export function useAddUser(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddUserInput) => callWithMessage(generalApi.addUser, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: generalKeys.users(locationId) }),
  });
}

/** A toggle saves at once: the row changes immediately and goes back if the server refuses. */
export function useEditUser(locationId: number) {
  const queryClient = useQueryClient();
  const key = generalKeys.users(locationId);
  return useMutation({
    mutationFn: (input: EditUserInput) => callWithMessage(generalApi.editUser, { body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PortalUser[]>(key);
      queryClient.setQueryData<PortalUser[]>(key, (list) =>
        list?.map((u) =>
          u.username === input.username
            ? {
                ...u,
                active: input.active ? 1 : 0,
                permissions: {
                  twm: input.permissions.twm ? 1 : 0,
                  dispatch: input.permissions.dispatch ? 1 : 0,
                  analytics: input.permissions.analytics ? 1 : 0,
                  settings: input.permissions.settings ? 1 : 0,
                },
              }
            : u,
        ),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: ({ data }) => {
      queryClient.setQueryData<PortalUser[]>(key, (list) => list?.map((u) => (u.username === data.username ? data : u)));
    },
  });
}

export function useRemoveUser(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => callWithMessage(generalApi.removeUser, { body: { username } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: generalKeys.users(locationId) }),
  });
}
