import type { AssigneeView, ConversationView, InboxMessage } from '@kudo/shared';
import type { ConversationRow, MessageRow } from './queries/index.js';

/** A conversation row (queries/) as the registry's answers show it, with its messages. */
export function toConversationView(r: ConversationRow, messages: InboxMessage[] = []): ConversationView {
  const unread = Math.max(0, r.inbound_count - (r.read_count ?? 0));
  return {
    conversation_id: r.id,
    customer_id: r.id,
    conversation_user_id: r.assignee_id,
    name: r.name,
    phone_number: r.phone,
    address: r.address,
    source: r.source,
    read_all_messages: unread === 0,
    unread_count: unread,
    urgent: r.awaiting_since !== null,
    opted_out: r.opted_out,
    latest_message: { datetime: r.last_message_at.toISOString(), message: r.last_message_body },
    user_data: {
      id: r.assignee_id,
      label: r.assignee_label,
      user_email: r.assignee_email ?? '',
    },
    messages,
    active_flag: r.active,
  };
}

/** A message row as the registry's answers show it. */
export const toMessageView = (m: MessageRow): InboxMessage => ({
  id: m.id,
  message: m.body,
  datetime: m.created_at.toISOString(),
  direction_flag: m.direction === 'outbound',
  media_url: m.media_url,
  status: m.status,
  kind: m.kind,
  author: m.email,
});

/**
 * The default assignee (3§6): the signed-in user for a conversation they start, else the system user, else
 * an admin, else the first assignee. Kudo has no system user, so an inbound conversation goes to the
 * first admin.
 */
export function defaultAssignee(assignees: AssigneeView[], me: number | null): number | null {
  if (me !== null && assignees.some((a) => a.id === me)) return me;
  return (assignees.find((a) => a.user_type === 'system') ?? assignees.find((a) => a.user_type === 'admin') ?? assignees[0])?.id ?? null;
}
