import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { integrationsApi, type ApiScope } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export const integrationKeys = {
  apiKeys: (locationId: number) => ['integrations', locationId, 'api-keys'] as const,
};

export function useApiKeys(locationId: number) {
  return useQuery({ queryKey: integrationKeys.apiKeys(locationId), queryFn: async () => (await call(integrationsApi.loadApiKeys)).keys });
}

export function useCreateApiKey(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scopes: ApiScope[] }) => callWithMessage(integrationsApi.createApiKey, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys(locationId) }),
  });
}

export function useRevokeApiKey(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callWithMessage(integrationsApi.revokeApiKey, { body: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys(locationId) }),
  });
}
