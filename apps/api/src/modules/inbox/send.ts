import { INBOX_MSG } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { SmsSendError, type SmsSent } from '../../providers/sms/index.js';
import { locationQueries, messageQueries, readQueries, type MessageKind } from './queries/index.js';
import { recordMessage } from './record.js';

export const NOT_10DLC = 'Your phone number is not 10DLC compliant. Messages will not be delivered.';

/** Refuses to text for a location whose 10DLC registration is not verified (carriers would drop it). */
export async function checkSendable(deps: AppDeps, locationId: number): Promise<void> {
  if ((await locationQueries.carrierStatus(deps.db, locationId)) !== 'verified') throw conflict(NOT_10DLC);
}

/**
 * Texts the customer of a conversation and adds the message to it. The sending path itself refuses an
 * opted-out number (STOP or an opt-out of conversations) and writes the delivery log that status callbacks
 * update; the conversation's message points at that log row. A location whose 10DLC registration is not
 * verified sends nothing (carriers would drop it). The author has read the conversation by answering it.
 * `conversationId` may be a function that opens the conversation: it runs only once the text has gone, so a
 * refused send leaves no conversation behind.
 */
export async function sendToConversation(
  deps: AppDeps,
  m: { locationId: number; conversationId: number | (() => Promise<number>); phone: string; body: string; mediaUrl?: string | null; userId: number | null; kind: MessageKind },
  /** The caller has checked the 10DLC registration (checkSendable) already. */
  checked = false,
): Promise<number> {
  if (!checked) await checkSendable(deps, m.locationId);
  let sent: SmsSent;
  try {
    sent = await deps.providers.sms.send({
      to: m.phone,
      body: m.body,
      locationId: m.locationId,
      scope: 'messaging',
      ...(m.mediaUrl ? { mediaUrl: m.mediaUrl } : {}),
    });
  } catch (error) {
    if (error instanceof SmsSendError && error.reason === 'opted_out') throw badRequest(INBOX_MSG.optedOut);
    if (error instanceof SmsSendError && error.reason === 'unreachable') throw badRequest(error.message);
    throw new AppError(502, INBOX_MSG.sendFailed);
  }
  const logId = sent.logId ?? (await messageQueries.smsLogId(deps.db, sent.id));
  const conversationId = typeof m.conversationId === 'number' ? m.conversationId : await m.conversationId();
  // An outbound message leaves the inbound count alone, so the author's read state can be written alongside it.
  const [id] = await Promise.all([
    recordMessage(deps.db, {
      locationId: m.locationId,
      conversationId,
      direction: 'outbound',
      body: m.body,
      mediaUrl: m.mediaUrl ?? null,
      smsMessageId: logId,
      userId: m.userId,
      kind: m.kind,
    }),
    m.userId !== null ? readQueries.markRead(deps.db, conversationId, m.userId) : null,
  ]);
  return id;
}
