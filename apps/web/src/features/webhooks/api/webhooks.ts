import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhooksApi, type WebhookEventType } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export const webhookKeys = {
  all: (locationId: number) => ['webhooks', locationId] as const,
  list: (locationId: number) => ['webhooks', locationId, 'list'] as const,
  deliveries: (locationId: number, webhookId: number | null, page: number) => ['webhooks', locationId, 'deliveries', webhookId, page] as const,
};

/** How often the lists are read again while the screen is open: deliveries happen in the background. */
const REFRESH_MS = 5_000;

export function useWebhooks(locationId: number) {
  return useQuery({
    queryKey: webhookKeys.list(locationId),
    queryFn: async () => (await call(webhooksApi.loadWebhooks)).webhooks,
    refetchInterval: REFRESH_MS,
  });
}

export function useWebhookDeliveries(locationId: number, webhookId: number | null, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(locationId, webhookId, page),
    queryFn: () => call(webhooksApi.loadWebhookDeliveries, { body: { page, ...(webhookId ? { webhook_id: webhookId } : {}) } }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** Every change refreshes both lists: a removed webhook takes its deliveries with it. */
function useWebhookMutation<I, O>(locationId: number, fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all(locationId) }) });
}

export const useCreateWebhook = (locationId: number) =>
  useWebhookMutation(locationId, (input: { url: string; events: WebhookEventType[] }) => callWithMessage(webhooksApi.createWebhook, { body: input }));
export const useDeleteWebhook = (locationId: number) => useWebhookMutation(locationId, (id: number) => callWithMessage(webhooksApi.deleteWebhook, { body: { id } }));
export const useEnableWebhook = (locationId: number) => useWebhookMutation(locationId, (id: number) => callWithMessage(webhooksApi.enableWebhook, { body: { id } }));
export const useRedeliver = (locationId: number) => useWebhookMutation(locationId, (id: number) => callWithMessage(webhooksApi.redeliverWebhook, { body: { id } }));
