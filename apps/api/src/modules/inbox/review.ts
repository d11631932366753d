import type { InboxMessage } from '@kudo/shared';
import { INBOX_MSG, parsePhone } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { badRequest } from '../../lib/errors.js';
import { senderOf, sendDispatch } from '../operate/index.js';
import { conversationQueries, locationQueries, messageQueries, readQueries } from './queries/index.js';
import { recordMessage } from './record.js';
import { toMessageView } from './views.js';

/**
 * E121: texts the customer a pulseCheck of the location's default campaign through the dispatch path
 * (consent, trial count, the dispatch record and its link all as in Operate), and shows it in the thread.
 */
export async function sendReviewRequest(ctx: LocationCtx, input: { conversation_id: number; customer_name?: string | null | undefined }): Promise<InboxMessage | null> {
  const locationId = ctx.location.locationId;
  const row = await conversationQueries.asSeenBy(ctx.db, locationId, ctx.session.userId, input.conversation_id);
  if (!row) throw badRequest(INBOX_MSG.conversationNotFound);
  if (row.opted_out) throw badRequest(INBOX_MSG.optedOut);
  const campaignUid = await locationQueries.reviewCampaignUid(ctx.db, locationId);
  if (!campaignUid) throw badRequest(INBOX_MSG.reviewNoCampaign);
  const before = await messageQueries.latestSmsLogId(ctx.db, locationId);
  const result = await sendDispatch(ctx, senderOf(ctx), 'pcheck', {
    campaign_uid: campaignUid,
    customer_phone: parsePhone(row.phone) ?? '',
    customer_email: '',
    customer_name: input.customer_name?.trim() || row.name,
    customer_address: row.address,
    customer_place: null,
    is_test: false,
  });
  if (result.phone_status !== 1) throw badRequest(result.phone_message ?? INBOX_MSG.sendFailed);
  const log = await messageQueries.sentSmsAfter(ctx.db, locationId, row.phone, before);
  const id = await recordMessage(ctx.db, {
    locationId,
    conversationId: row.id,
    direction: 'outbound',
    body: log?.body ?? 'pulseCheck sent',
    smsMessageId: log?.id ?? null,
    userId: ctx.session.userId,
    kind: 'review_request',
  });
  await readQueries.markRead(ctx.db, row.id, ctx.session.userId);
  const [message] = await messageQueries.ofConversation(ctx.db, locationId, row.id, id);
  return message ? toMessageView(message) : null;
}
