import type { ConversationView, FetchConversationsData, InboxMessage } from '@kudo/shared';
import { INBOX_LIMITS, INBOX_MSG, MSG } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { joined, JsonText } from '../../http/route.js';
import { isOptedOut, recordConsent } from '../../lib/consent.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { openConversation } from './conversations.js';
import { conversationQueries, listQueries, messageQueries, readQueries, type ConversationRow } from './queries/index.js';
import { recordChange } from './record.js';
import { checkSendable, sendToConversation } from './send.js';
import { toConversationView, toMessageView } from './views.js';

const me = (ctx: LocationCtx) => ctx.session.userId;
const here = (ctx: LocationCtx) => ctx.location.locationId;

/**
 * E117: the open conversations, latest first, 2,000 per load, with what the inbox screen needs around them. The
 * entries are written as JSON by PostgreSQL (about 1 MB for 2,000 rows) and their bytes go out as they are, inside
 * the envelope. The Viewing filter is `assignee_id`; `user_id` and `current_user` only say who calls (the session
 * decides that), so they never narrow the list.
 */
export async function fetchConversations(
  ctx: LocationCtx,
  input: { offset?: number | null | undefined; limit?: number | null | undefined; assignee_id?: number | '' | null | undefined; urgent?: boolean | string | null | undefined },
): Promise<JsonText<FetchConversationsData>> {
  const locationId = here(ctx);
  const urgent = input.urgent === true || input.urgent === 'true';
  const viewing = input.assignee_id || null;
  const limit = input.limit ?? INBOX_LIMITS.fetchLimit;
  const [entries, around] = await Promise.all([
    listQueries.listEntries(ctx.db, { locationId, viewer: me(ctx), assigneeId: viewing, urgent, limit, offset: input.offset ?? 0 }),
    listQueries.aroundJson(ctx.db, locationId, me(ctx)),
  ]);
  return new JsonText(['{"data":[', ...joined(entries), `],${around.slice(1)}`]);
}

/** E123: the location's latest message id, from the index's last entry (every open tab asks every 3 s). */
export function maxMessageId(ctx: LocationCtx): Promise<number> {
  return listQueries.maxMessageId(ctx.db, here(ctx));
}

async function mine(ctx: LocationCtx, id: number): Promise<ConversationRow> {
  const row = await conversationQueries.asSeenBy(ctx.db, here(ctx), me(ctx), id);
  if (!row) throw notFound(INBOX_MSG.conversationNotFound);
  return row;
}

/** One conversation with its messages, as the viewer sees it. */
export async function conversationWithMessages(ctx: LocationCtx, id: number): Promise<ConversationView> {
  const row = await mine(ctx, id);
  return toConversationView(row, (await messageQueries.ofConversation(ctx.db, here(ctx), id)).map(toMessageView));
}

/**
 * E119 / E118: read state is the viewer's own; Mark Unread leaves at least the last customer message unread. A
 * conversation with no customer message has nothing to leave unread: its read count stays 0, never below.
 */
export async function setRead(ctx: LocationCtx, id: number, read: boolean): Promise<void> {
  await mine(ctx, id);
  if (read) await readQueries.markRead(ctx.db, id, me(ctx));
  else await readQueries.markLastUnread(ctx.db, id, me(ctx));
}

export const STOPPED_BY_CUSTOMER = 'This customer replied STOP: only they can opt back in, by texting START.';

/** E120: move (assign), optin, optout or close. */
export async function homeOwnerAction(
  ctx: LocationCtx,
  input: { customer_id: number; action: 'move' | 'optin' | 'optout' | 'close'; target_user_id?: number | null | undefined },
): Promise<{ conversation: ConversationView | null; message?: string }> {
  const row = await mine(ctx, input.customer_id);
  const locationId = here(ctx);
  const id = row.id;
  switch (input.action) {
    case 'move': {
      const target = input.target_user_id ?? null;
      if (target === null) throw badRequest(INBOX_MSG.assignTarget, { target_user_id: INBOX_MSG.assignTarget });
      const to = target === 0 ? null : target;
      if (to !== null && !(await listQueries.assignees(ctx.db, locationId)).some((a) => a.id === to)) {
        throw badRequest(INBOX_MSG.notAssignee, { target_user_id: INBOX_MSG.notAssignee });
      }
      if (row.assignee_id !== to) {
        await conversationQueries.assign(ctx.db, id, to);
        await recordChange(ctx.db, { locationId, conversationId: id, kind: 'assign', actorId: me(ctx), fromUserId: row.assignee_id, toUserId: to });
      }
      return { conversation: await conversationWithMessages(ctx, id) };
    }
    case 'optin':
    case 'optout': {
      const optIn = input.action === 'optin';
      if (optIn && (await isOptedOut(ctx.db, { locationId, channel: 'sms', address: row.phone }, 'all'))) throw conflict(STOPPED_BY_CUSTOMER);
      await recordConsent(ctx.db, {
        locationId,
        channel: 'sms',
        address: row.phone,
        scope: 'messaging',
        action: optIn ? 'opt_in' : 'opt_out',
        source: 'inbox',
        userId: me(ctx),
      });
      await recordChange(ctx.db, { locationId, conversationId: id, kind: input.action, actorId: me(ctx) });
      return { conversation: await conversationWithMessages(ctx, id), message: optIn ? MSG.optedIn : MSG.optedOut };
    }
    case 'close': {
      if (await conversationQueries.close(ctx.db, locationId, id)) await recordChange(ctx.db, { locationId, conversationId: id, kind: 'close', actorId: me(ctx) });
      return { conversation: null };
    }
  }
}

/**
 * E125: closes every open conversation of the location the viewer has read to the end, whoever it is assigned to
 * (any inbox user may close any conversation). The viewer is the session's user, whatever `user_id` the client sends.
 */
export async function closeAllRead(ctx: LocationCtx): Promise<number> {
  const closed = await conversationQueries.closeAllReadBy(ctx.db, here(ctx), me(ctx));
  for (const c of closed) await recordChange(ctx.db, { locationId: here(ctx), conversationId: c.id, kind: 'close', actorId: me(ctx) });
  return closed.length;
}

/** E124: a staff answer. Opted-out numbers are refused here and again in the sending path. */
export async function sendMessage(ctx: LocationCtx, input: { customer_id: number; body: string; media_url?: string | null | undefined }): Promise<InboxMessage> {
  // The conversation and the 10DLC registration are read at once; their refusals come in the same order as ever.
  const [found, sendable] = await Promise.allSettled([mine(ctx, input.customer_id), checkSendable(ctx, here(ctx))]);
  if (found.status === 'rejected') throw found.reason;
  const row = found.value;
  if (row.opted_out) throw badRequest(INBOX_MSG.optedOut);
  if (sendable.status === 'rejected') throw sendable.reason;
  // A closed conversation is reopened by the answer, once the text has gone: a refused send changes nothing.
  const reopen = async () => {
    if (!row.active) {
      await conversationQueries.reopen(ctx.db, row.id);
      await recordChange(ctx.db, { locationId: here(ctx), conversationId: row.id, kind: 'reopen', actorId: me(ctx) });
    }
    return row.id;
  };
  const id = await sendToConversation(ctx, {
    locationId: here(ctx),
    conversationId: reopen,
    phone: row.phone,
    body: input.body,
    mediaUrl: input.media_url ?? null,
    userId: me(ctx),
    kind: 'message',
  }, true);
  const [message] = await messageQueries.ofConversation(ctx.db, here(ctx), row.id, id);
  return toMessageView(message!);
}

/** The first text of a conversation the business starts carries the opt-out line carriers require (10DLC). */
export const withOptOutLine = (body: string): string => (/\bSTOP\b/i.test(body) ? body : `${body.trim()} Reply STOP to opt out.`);

/** Who a new conversation goes to: the sender (self), nobody (unassigned), or the chosen user. */
export async function assigneeForRule(ctx: LocationCtx, rule: 'self' | 'unassigned' | 'users', selected: number | number[] | null | undefined): Promise<number | null> {
  if (rule === 'unassigned') return null;
  if (rule === 'self') return me(ctx);
  const target = Array.isArray(selected) ? selected[0] : selected;
  if (!target) throw badRequest(INBOX_MSG.assignTarget, { selected_users: INBOX_MSG.assignTarget });
  if (!(await listQueries.assignees(ctx.db, here(ctx))).some((a) => a.id === target)) throw badRequest(INBOX_MSG.notAssignee, { selected_users: INBOX_MSG.notAssignee });
  return target;
}

/** E122 single: a conversation the business starts with one customer. */
export async function newConversation(
  ctx: LocationCtx,
  input: {
    assignment_rule: 'self' | 'unassigned' | 'users';
    customer_number: string;
    customer_name?: string | null | undefined;
    customer_address?: string | null | undefined;
    body: string;
    media_url?: string | null | undefined;
    selected_users?: number | number[] | null | undefined;
  },
): Promise<ConversationView> {
  const locationId = here(ctx);
  const phone = input.customer_number;
  if (await isOptedOut(ctx.db, { locationId, channel: 'sms', address: phone }, 'messaging')) throw badRequest(INBOX_MSG.optedOut, { customer_number: INBOX_MSG.optedOut });
  const existing = await conversationQueries.byPhone(ctx.db, locationId, phone);
  if (existing?.active) throw badRequest(INBOX_MSG.numberExists, { customer_number: INBOX_MSG.numberExists });
  const assignee = await assigneeForRule(ctx, input.assignment_rule, input.selected_users);
  // Nothing is written before the text has gone: a refused send (10DLC, opt-out, provider) leaves no conversation.
  await checkSendable(ctx, locationId);
  const open = async () => {
    const conversation = await openConversation(ctx, {
      locationId,
      phone,
      name: input.customer_name?.trim() ?? '',
      address: input.customer_address?.trim() ?? '',
      me: me(ctx),
      assignTo: assignee,
    });
    if (!conversation.created && assignee !== null) {
      await conversationQueries.assign(ctx.db, conversation.id, assignee);
      await recordChange(ctx.db, { locationId, conversationId: conversation.id, kind: 'assign', actorId: me(ctx), toUserId: assignee });
    }
    return conversation.id;
  };
  // The first text of a conversation the business starts carries the opt-out line.
  const body = existing ? input.body : withOptOutLine(input.body);
  let conversationId = 0;
  await sendToConversation(
    ctx,
    { locationId, conversationId: async () => (conversationId = await open()), phone, body, mediaUrl: input.media_url ?? null, userId: me(ctx), kind: 'message' },
    true,
  );
  return conversationWithMessages(ctx, conversationId);
}
