import type { InboxMessage } from '@kudo/shared';
import { INBOX_MSG, parsePhone } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { badRequest } from '../../lib/errors.js';
import { senderOf, sendDispatch } from '../operate/index.js';
import { markRead, recordMessage } from './record.js';
import { conversationMessages, conversationRow } from './views.js';

/**
 * E121: texts the customer a pulseCheck of the location's default campaign through the dispatch path
 * (consent, trial count, the dispatch record and its link all as in Operate), and shows it in the thread.
 */
export async function sendReviewRequest(ctx: LocationCtx, input: { conversation_id: number; customer_name?: string | null | undefined }): Promise<InboxMessage | null> {
  const locationId = ctx.location.locationId;
  const row = await conversationRow(ctx.db, locationId, ctx.session.userId, input.conversation_id);
  if (!row) throw badRequest(INBOX_MSG.conversationNotFound);
  if (row.opted_out) throw badRequest(INBOX_MSG.optedOut);
  const campaign = await ctx.db.campaign.findFirst({ where: { locationId, deletedAt: null }, orderBy: [{ isDefault: 'desc' }, { id: 'asc' }], select: { uid: true } });
  if (!campaign) throw badRequest(INBOX_MSG.reviewNoCampaign);
  const before = await ctx.db.smsMessage.findFirst({ where: { locationId }, orderBy: { id: 'desc' }, select: { id: true } });
  const result = await sendDispatch(ctx, senderOf(ctx), 'pcheck', {
    campaign_uid: campaign.uid,
    customer_phone: parsePhone(row.phone) ?? '',
    customer_email: '',
    customer_name: input.customer_name?.trim() || row.name,
    customer_address: row.address,
    customer_place: null,
    is_test: false,
  });
  if (result.phone_status !== 1) throw badRequest(result.phone_message ?? INBOX_MSG.sendFailed);
  const log = await ctx.db.smsMessage.findFirst({
    where: { locationId, direction: 'outbound', to: row.phone, id: { gt: before?.id ?? 0 } },
    orderBy: { id: 'desc' },
    select: { id: true, body: true },
  });
  const id = await recordMessage(ctx.db, {
    locationId,
    conversationId: row.id,
    direction: 'outbound',
    body: log?.body ?? 'pulseCheck sent',
    smsMessageId: log?.id ?? null,
    userId: ctx.session.userId,
    kind: 'review_request',
  });
  await markRead(ctx.db, row.id, ctx.session.userId);
  const [message] = await conversationMessages(ctx.db, locationId, row.id, id);
  return message ?? null;
}
