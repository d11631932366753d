import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generalApi, type EndpointData, type EndpointInput } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export const generalKeys = {
  branding: (locationId: number) => ['general', 'branding', locationId] as const,
  /** What the menu bar shows: every member reads it. */
  currentBranding: (locationId: number) => ['general', 'current-branding', locationId] as const,
  users: (locationId: number) => ['general', 'users', locationId] as const,
  reporting: (locationId: number) => ['general', 'reporting', locationId] as const,
};

export const currentBrandingQuery = (locationId: number) =>
  queryOptions({
    queryKey: generalKeys.currentBranding(locationId),
    queryFn: () => call(generalApi.currentBranding),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The location's menu-bar colour and logo, for the layout. */
export function useCurrentBranding(locationId: number) {
  return useQuery(currentBrandingQuery(locationId));
}

export function useBranding(locationId: number) {
  return useQuery({ queryKey: generalKeys.branding(locationId), queryFn: () => call(generalApi.loadBranding) });
}

export type LoadedBranding = EndpointData<typeof generalApi.loadBranding>;
export type BrandingInput = EndpointInput<typeof generalApi.saveBranding>['body'];
export type CompanyDetailsInput = EndpointInput<typeof generalApi.saveCompanyDetails>['body'];

export function useSaveBranding(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrandingInput) => callWithMessage(generalApi.saveBranding, { body: input }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(generalKeys.currentBranding(locationId), data);
      queryClient.setQueryData(generalKeys.branding(locationId), (old: LoadedBranding | undefined) =>
        old ? { ...old, ...data } : old,
      );
    },
  });
}

export function useSaveCompanyDetails(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyDetailsInput) => callWithMessage(generalApi.saveCompanyDetails, { body: input }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(generalKeys.branding(locationId), (old: LoadedBranding | undefined) =>
        old ? { ...old, ...data } : old,
      );
    },
  });
}
