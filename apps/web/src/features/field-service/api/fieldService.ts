import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldServiceApi, type EndpointInput } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export const fieldKeys = {
  all: (locationId: number) => ['field-service', locationId] as const,
  load: (locationId: number) => ['field-service', locationId, 'load'] as const,
  jobs: (locationId: number, page: number) => ['field-service', locationId, 'jobs', page] as const,
  technicians: (locationId: number) => ['field-service', locationId, 'technicians'] as const,
  rules: (locationId: number) => ['field-service', locationId, 'rules'] as const,
};

/** Jobs are handled on the worker: the list is read again while the screen is open. */
const REFRESH_MS = 3_000;

export const useFieldService = (locationId: number) => useQuery({ queryKey: fieldKeys.load(locationId), queryFn: () => call(fieldServiceApi.loadFieldService) });

export const useFieldJobs = (locationId: number, page: number) =>
  useQuery({
    queryKey: fieldKeys.jobs(locationId, page),
    queryFn: () => call(fieldServiceApi.loadFieldJobs, { body: { page } }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export const useFieldTechnicians = (locationId: number) =>
  useQuery({ queryKey: fieldKeys.technicians(locationId), queryFn: () => call(fieldServiceApi.loadFieldTechnicians) });

export const useFieldRules = (locationId: number) => useQuery({ queryKey: fieldKeys.rules(locationId), queryFn: () => call(fieldServiceApi.loadFieldRules) });

/** Every change refreshes what the screens show: a connection, the rules or a mapping changes the lists. */
function useFieldMutation<I, O>(locationId: number, fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: fieldKeys.all(locationId) }) });
}

type Body<E extends Parameters<typeof call>[0]> = EndpointInput<E> extends { body: infer B } ? B : never;

export const useConnectProvider = (locationId: number) =>
  useFieldMutation(locationId, (body: Body<typeof fieldServiceApi.connectFieldProvider>) => callWithMessage(fieldServiceApi.connectFieldProvider, { body }));
export const useStartJobber = (locationId: number) => useFieldMutation(locationId, () => call(fieldServiceApi.startJobberConnect));
export const useDisconnectProvider = (locationId: number) =>
  useFieldMutation(locationId, (provider: Body<typeof fieldServiceApi.disconnectFieldProvider>['provider']) =>
    callWithMessage(fieldServiceApi.disconnectFieldProvider, { body: { provider } }),
  );
export const useRegenerateJobWebhook = (locationId: number) => useFieldMutation(locationId, () => callWithMessage(fieldServiceApi.regenerateJobWebhook));
export const useSaveFieldRules = (locationId: number) =>
  useFieldMutation(locationId, (body: Body<typeof fieldServiceApi.saveFieldRules>) => callWithMessage(fieldServiceApi.saveFieldRules, { body }));
export const useSaveTechnician = (locationId: number) =>
  useFieldMutation(locationId, (body: Body<typeof fieldServiceApi.saveFieldTechnician>) => callWithMessage(fieldServiceApi.saveFieldTechnician, { body }));
export const useSendTestJob = (locationId: number) =>
  useFieldMutation(locationId, (body: Body<typeof fieldServiceApi.sendTestJob>) => callWithMessage(fieldServiceApi.sendTestJob, { body }));
