import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generalApi, reportsApi, type EndpointInput, type ReportingRecipient } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';
import { generalKeys } from './branding';

export function useReporting(locationId: number) {
  return useQuery({
    queryKey: generalKeys.reporting(locationId),
    queryFn: async () => (await call(generalApi.loadReporting)).recipients,
  });
}

export type AddRecipientInput = EndpointInput<typeof generalApi.addReporting>['body'];

export function useAddRecipient(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddRecipientInput) => callWithMessage(generalApi.addReporting, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: generalKeys.reporting(locationId) }),
  });
}

const replaceIn = (list: ReportingRecipient[] | undefined, row: ReportingRecipient) =>
  list?.map((r) => (r.email === row.email ? row : r));

export function useResendRecipient(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callWithMessage(generalApi.resendReporting, { body: { email } }),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<ReportingRecipient[]>(generalKeys.reporting(locationId), (list) => replaceIn(list, data)),
  });
}

/** Weekly and monthly toggles save at once: the row changes immediately and goes back on failure. */
export function useEditRecipient(locationId: number) {
  const queryClient = useQueryClient();
  const key = generalKeys.reporting(locationId);
  return useMutation({
    mutationFn: (input: { email: string; weekly: boolean; monthly: boolean }) =>
      callWithMessage(generalApi.editReporting, {
        body: { email: input.email, new_weekly: input.weekly ? 1 : 0, new_monthly: input.monthly ? 1 : 0 },
      }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ReportingRecipient[]>(key);
      queryClient.setQueryData<ReportingRecipient[]>(key, (list) =>
        list?.map((r) => (r.email === input.email ? { ...r, weekly: input.weekly ? 1 : 0, monthly: input.monthly ? 1 : 0 } : r)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: ({ data }) => queryClient.setQueryData<ReportingRecipient[]>(key, (list) => replaceIn(list, data)),
  });
}

/** Verified recipients go through delete; pending ones have their verification removed. */
export function useDeleteRecipient(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: Pick<ReportingRecipient, 'email' | 'verified'>) =>
      row.verified
        ? callWithMessage(generalApi.deleteReporting, { body: { email: row.email } })
        : callWithMessage(generalApi.deleteReportingVerification, { body: { email: row.email } }),
    onSuccess: (_result, row) =>
      queryClient.setQueryData<ReportingRecipient[]>(generalKeys.reporting(locationId), (list) => list?.filter((r) => r.email !== row.email)),
  });
}

/** Settings › reporting: emails the current user the weekly or monthly report as it would go out now. */
export function useSendSampleReport() {
  return useMutation({
    mutationFn: (frequency: reportsApi.ReportFrequency) => callWithMessage(reportsApi.sendSampleReport, { body: { frequency } }),
  });
}
