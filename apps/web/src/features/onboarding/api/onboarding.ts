import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onboardingApi, operateApi, type ContactRow, type EndpointInput } from '@kudo/shared';
import { call, callUpload, callWithMessage } from '../../../lib/api';

export const onboardingKeys = {
  load: (locationId: number) => ['onboarding', 'load', locationId] as const,
  bulk: (id: number) => ['onboarding', 'bulk', id] as const,
};

export const useValidateEmail = () => useMutation({ mutationFn: (email: string) => callWithMessage(onboardingApi.validateEmail, { body: { email } }) });

export const useValidateAuth = () => useMutation({ mutationFn: (code: string) => callWithMessage(onboardingApi.validateAuth, { body: { code } }) });

export const googleAuthUrl = () => call(onboardingApi.googleAuthUrl);

export const useSignup = () =>
  useMutation({ mutationFn: (body: EndpointInput<typeof onboardingApi.signup>['body']) => callWithMessage(onboardingApi.signup, { body }) });

export function useOnboardingData(locationId: number) {
  return useQuery({ queryKey: onboardingKeys.load(locationId), queryFn: () => call(onboardingApi.load) });
}

export const useDemoSend = () =>
  useMutation({
    mutationFn: (input: { campaignUid: string; phone: string; email: string }) =>
      callWithMessage(operateApi.sendPulseCheck, {
        body: {
          campaign_uid: input.campaignUid,
          customer_phone: input.phone,
          customer_email: input.email,
          customer_name: '',
          customer_address: '',
          customer_place: null,
          is_test: true,
        },
      }),
  });

export const useReadContacts = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return callUpload(onboardingApi.readContacts, form);
    },
  });

export const useSendContacts = () => useMutation({ mutationFn: (rows: ContactRow[]) => call(onboardingApi.sendContacts, { body: { rows } }) });

/** A bulk send's rows, polled every second until every row is done. */
export function useBulkProgress(id: number | null) {
  return useQuery({
    queryKey: onboardingKeys.bulk(id ?? 0),
    queryFn: () => call(operateApi.bulkStatus, { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : 1000),
  });
}

/** 'Upload a new logo': the location's logo, then the steps' data again. */
export function useSaveLogo(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logo: string | null) => callWithMessage(onboardingApi.saveLogo, { body: { logo } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.load(locationId) }),
  });
}
