/**
 * The inbox's data access: every statement the area sends to the database, one object per table or concern. Each
 * function takes the client (the app's, or a transaction's where it allows one) and typed values, and answers typed
 * rows; the services above never write SQL. The named pg statements keep their names: each is prepared once per
 * connection.
 */
export { bulkQueries, type BulkJobRow, type BulkJobStatus, type NewBulkJob } from './bulk.js';
export { conversationQueries, readQueries, type ConversationRow, type NewConversation } from './conversations.js';
export { eventQueries, INBOX_CHANNEL, publishInboxEvent, type ChangeKind, type EventRow, type InboxEventKind, type NewChange } from './events.js';
export { followUpQueries, type FollowUpConversation } from './followups.js';
export { listQueries, type ListFilter } from './list.js';
export { locationQueries } from './locations.js';
export { messageQueries, type MessageKind, type MessageRow, type NewMessage } from './messages.js';
export { reportQueries, type UsageRange, type UsageTotals, type UsageUserRow } from './reports.js';
export type { Client } from './shared.js';
export { staleStoredTranscriptDays, transcriptQueries, type StoredDay, type TranscriptsForm, type TranscriptsPlan } from './transcripts.js';
export { webChatQueries, type WebChatLeadRow } from './webchat.js';
