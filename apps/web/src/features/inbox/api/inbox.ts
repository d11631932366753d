import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { INBOX_LIMITS, inboxApi, type ConversationView, type FetchConversationsData, type InboxEventData } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export const inboxKeys = {
  list: (locationId: number, filter: ListFilter) => ['inbox', locationId, 'list', filter] as const,
  lists: (locationId: number) => ['inbox', locationId, 'list'] as const,
  thread: (locationId: number, id: number) => ['inbox', locationId, 'thread', id] as const,
  threads: (locationId: number) => ['inbox', locationId, 'thread'] as const,
};

export interface ListFilter {
  urgent: boolean;
  /** The Viewing filter: an assignee's id, or null for All Conversations. */
  viewing: number | null;
}

/** The list: `me` says who calls (as every inbox call does); the Viewing filter is `assignee_id`. */
export function useConversations(locationId: number, me: number | null, filter: ListFilter) {
  return useQuery({
    queryKey: inboxKeys.list(locationId, filter),
    queryFn: () =>
      call(inboxApi.fetchConversations, {
        body: {
          min_conversation_id: null,
          min_message_id: null,
          offset: 0,
          limit: INBOX_LIMITS.fetchLimit,
          user_id: me,
          current_user: me,
          assignee_id: filter.viewing,
          urgent: filter.urgent,
        },
      }),
  });
}

export function useThread(locationId: number, id: number | null) {
  return useQuery({
    queryKey: inboxKeys.thread(locationId, id ?? 0),
    queryFn: async () => (await call(inboxApi.conversationMessages, { body: { customer_id: id! } })).conversation,
    enabled: id !== null,
  });
}

/** Reloads the list and the open thread (after a change here, or news from the stream or the poll). */
export function useRefreshInbox(locationId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: inboxKeys.lists(locationId) });
    void queryClient.invalidateQueries({ queryKey: inboxKeys.threads(locationId) });
  };
}

const common = (c: Pick<ConversationView, 'conversation_id' | 'phone_number' | 'conversation_user_id'>, me: number) => ({
  customer_id: c.conversation_id,
  user_id: me,
  channel: 'sms' as const,
  to_number: c.phone_number,
  conv_user_id: c.conversation_user_id,
  current_user: me,
});

export function useInboxActions(locationId: number, me: number) {
  const refresh = useRefreshInbox(locationId);
  const opts = { onSuccess: refresh };
  return {
    read: useMutation({ mutationFn: (c: ConversationView) => call(inboxApi.readReceipt, { body: common(c, me) }), ...opts }),
    unread: useMutation({ mutationFn: (c: ConversationView) => call(inboxApi.markUnread, { body: common(c, me) }), ...opts }),
    act: useMutation({
      mutationFn: ({ c, action, target }: { c: ConversationView; action: 'move' | 'optin' | 'optout' | 'close'; target?: number }) =>
        callWithMessage(inboxApi.homeOwnerAction, { body: { ...common(c, me), action, target_user_id: target ?? null } }),
      ...opts,
    }),
    send: useMutation({
      mutationFn: ({ c, body }: { c: ConversationView; body: string }) => call(inboxApi.sendMessage, { body: { ...common(c, me), body, timezone: null } }),
      ...opts,
    }),
    review: useMutation({
      mutationFn: (c: ConversationView) => call(inboxApi.sendReviewApp, { body: { ...common(c, me), conversation_id: c.conversation_id, customer_name: c.name } }),
      ...opts,
    }),
    closeAllRead: useMutation({ mutationFn: () => call(inboxApi.closeAllRead, { body: { user_id: me, current_user: me } }), ...opts }),
  };
}

/** Whether the stream's event touches what this tab shows (any of the location's conversations does). */
const relevant = (e: InboxEventData) => e.kind !== 'read';

/**
 * Keeps the inbox current: a server-sent event stream (the browser resends Last-Event-ID when it
 * reconnects), and the documented poll every 3 s as the fallback. After 15 minutes without mouse or
 * click activity both pause until Resume Session.
 */
export function useInboxLive(locationId: number, me: number | null, data: FetchConversationsData | undefined, onChange: () => void) {
  const [paused, setPaused] = useState(false);
  const maxRef = useRef<number | null>(null);
  const changeRef = useRef(onChange);
  useEffect(() => {
    changeRef.current = onChange;
  });

  useEffect(() => {
    if (data) maxRef.current = Math.max(maxRef.current ?? 0, data.header.max_message_id);
  }, [data]);

  // Inactivity: mouse or click activity restarts the 15-minute clock.
  useEffect(() => {
    if (paused) return;
    let timer = window.setTimeout(() => setPaused(true), INBOX_LIMITS.inactivityMs);
    const active = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setPaused(true), INBOX_LIMITS.inactivityMs);
    };
    const events = ['mousemove', 'mousedown', 'click', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, active, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, active);
    };
  }, [paused]);

  // The stream.
  useEffect(() => {
    if (paused || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api${inboxApi.inboxStream.path}`);
    source.addEventListener('inbox', (message) => {
      try {
        const event = JSON.parse((message as MessageEvent<string>).data) as InboxEventData;
        if (relevant(event)) changeRef.current();
      } catch {
        // A malformed event is ignored; the poll still catches up.
      }
    });
    return () => source.close();
  }, [paused, locationId]);

  // The poll: a higher max message id reloads; -2 forces a full reload.
  useEffect(() => {
    if (paused || !data) return;
    const timer = window.setInterval(async () => {
      try {
        const { value } = await call(inboxApi.pollConversations, { body: { user_id: me, current_user: me } });
        if (maxRef.current === null) maxRef.current = value;
        else if (value === -2 || value > maxRef.current) {
          maxRef.current = value === -2 ? null : value;
          changeRef.current();
        }
      } catch {
        // Poll failures are not shown (the next one tries again).
      }
    }, INBOX_LIMITS.pollMs);
    return () => window.clearInterval(timer);
  }, [paused, data, locationId, me]);

  return { paused, resume: () => setPaused(false) };
}
