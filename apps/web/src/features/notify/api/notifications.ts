import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyApi, type NotificationsData, type Sentiment } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';
import { notifyKeys } from './keys';

export function useNotifications(locationId: number) {
  return useQuery({ queryKey: notifyKeys.notifications(locationId), queryFn: () => call(notifyApi.loadNotifications) });
}

/** Every change to the notification contacts reloads the three cards. */
function useNotifyMutation<I, R>(locationId: number, fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notifyKeys.notifications(locationId) }),
  });
}

export const useAddNotificationEmail = (locationId: number) =>
  useNotifyMutation(locationId, (body: { email: string; sentiment: Sentiment }) =>
    callWithMessage(notifyApi.addNotificationEmail, { body }),
  );

export const useResendNotificationVerification = (locationId: number) =>
  useNotifyMutation(locationId, (body: { email: string; sentiment: Sentiment }) =>
    callWithMessage(notifyApi.resendNotificationVerification, { body }),
  );

/** Verified addresses are removed; pending ones have their verification withdrawn. */
export const useRemoveNotificationEmail = (locationId: number) =>
  useNotifyMutation(locationId, (row: { email: string; id: number; verified: boolean; sentiment: Sentiment }) =>
    row.verified
      ? callWithMessage(notifyApi.removeNotificationEmail, { body: { email: row.email, id: row.id, sentiment: row.sentiment } })
      : callWithMessage(notifyApi.deleteNotificationVerification, { body: { email: row.email, sentiment: row.sentiment } }),
  );

export const useUpdateNotificationSms = (locationId: number) =>
  useNotifyMutation(locationId, (body: { phone_number: string; id: number | null; sentiment: notifyApi.SmsSentiment }) =>
    callWithMessage(notifyApi.updateNotificationSms, { body }),
  );

export const useSendPhoneCode = () =>
  useMutation({ mutationFn: (phone_number: string) => callWithMessage(notifyApi.sendPhoneCode, { body: { phone_number } }) });

export const useCheckPhoneCode = () =>
  useMutation({
    mutationFn: (input: { key: string; auth: string; phone_number: string }) =>
      callWithMessage(notifyApi.checkPhoneCode, { params: { key: input.key }, body: { auth: input.auth, phone_number: input.phone_number } }),
  });

export type { NotificationsData };
