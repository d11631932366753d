import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyApi, type AutoReplyData, type EndpointInput, type EscalationContactItem } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';
import { notifyKeys } from './keys';

export function useEscalationContacts(locationId: number) {
  return useQuery({ queryKey: notifyKeys.escalation(locationId), queryFn: () => call(notifyApi.fetchEscalation) });
}

export type AddContactInput = EndpointInput<typeof notifyApi.addEscalation>['body'];
export type UpdateContactInput = EndpointInput<typeof notifyApi.updateEscalation>['body'];

export function useAddContact(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddContactInput) => callWithMessage(notifyApi.addEscalation, { body }),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<EscalationContactItem[]>(notifyKeys.escalation(locationId), (list) => (list ? [...list, data] : [data])),
  });
}

export function useUpdateContact(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContactInput) => callWithMessage(notifyApi.updateEscalation, { body }),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<EscalationContactItem[]>(notifyKeys.escalation(locationId), (list) =>
        list?.map((c) => (c.contact_id === data.contact_id ? data : c)),
      ),
  });
}

export function useDeleteContact(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => callWithMessage(notifyApi.deleteEscalation, { body: { contact_id: contactId } }),
    onSuccess: (_result, contactId) =>
      queryClient.setQueryData<EscalationContactItem[]>(notifyKeys.escalation(locationId), (list) => list?.filter((c) => c.contact_id !== contactId)),
  });
}

export function useAutoReply(locationId: number) {
  return useQuery({ queryKey: notifyKeys.autoReply(locationId), queryFn: () => call(notifyApi.loadAutoReply) });
}

export function useSaveAutoReply(locationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoReplyData) => callWithMessage(notifyApi.saveAutoReply, { body }),
    onSuccess: ({ data }) => queryClient.setQueryData(notifyKeys.autoReply(locationId), data),
  });
}
