import { messageRecorded } from './events.js';
import { eventQueries, messageQueries, publishInboxEvent, type Client, type NewChange, type NewMessage } from './queries/index.js';

/**
 * Adds a message to its conversation and brings the conversation's summary up to date (messageQueries.insert), then
 * the location's open inboxes hear of it.
 */
export async function recordMessage(db: Client, m: NewMessage): Promise<number> {
  const id = await messageQueries.insert(db, m);
  await publishInboxEvent(db, { locationId: m.locationId, conversationId: m.conversationId, messageId: id, kind: 'message' });
  messageRecorded(db, m.locationId, id);
  return id;
}

/** Records a change of a conversation (assignment, closing, reopening, consent) for the history and the reports. */
export async function recordChange(db: Client, c: NewChange): Promise<void> {
  await eventQueries.insertChange(db, c);
  const live = c.kind === 'optin' || c.kind === 'optout' ? 'consent' : c.kind;
  await publishInboxEvent(db, { locationId: c.locationId, conversationId: c.conversationId, kind: live });
}
