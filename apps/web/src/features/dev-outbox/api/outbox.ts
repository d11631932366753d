import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { systemApi } from '@kudo/shared';
import { call } from '../../../lib/api';

export type OutboxChannel = 'sms' | 'email';

/** What the local providers "sent"; polled while the tab is visible, so a new message shows up by itself. */
export function useOutbox(channel: OutboxChannel | undefined) {
  return useQuery({
    queryKey: ['dev-outbox', channel ?? 'all'],
    queryFn: () => call(systemApi.devOutbox, { query: { channel, limit: 100 } }),
    refetchInterval: 10_000,
  });
}

/** Answers an SMS as its customer would: the text takes the same inbound path as a carrier's webhook. */
export function useReplyAsCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { from: string; to: string; body: string }) => call(systemApi.devOutboxReply, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dev-outbox'] }),
  });
}
