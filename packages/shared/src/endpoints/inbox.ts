import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { RULES } from '../rules.js';
import { idSchema, phoneSchema } from '../validators.js';
import { defineEndpoint, defineRawEndpoint } from './define.js';

/** The inbox's numbers (3§9). */
export const INBOX_LIMITS = {
  /** Conversations per load. */
  fetchLimit: 2000,
  pollMs: 3000,
  inactivityMs: 900_000,
  /** Above this the composer warns once (carriers may send it out of order). */
  softChars: 140,
  /** The textarea's maxlength and the server's limit for a message. */
  hardChars: 300,
  /** Anything longer is refused outright. */
  maxBody: 500,
  /** Rows of one Multiple Conversations sheet. */
  maxRows: 2000,
  /** Heartbeat of the live stream. */
  heartbeatMs: 25_000,
  /** Website chat: the fastest a person fills the form. */
  chatMinFillMs: 2500,
  chatMessageMax: 300,
  /** Leads per page of Chat Widget Reporting. */
  leadsPage: 25,
} as const;

/** The inbox's user-facing texts, as the specification words them. */
export const INBOX_MSG = {
  overMax: 'Message cannot be over 500 characters',
  overHard: 'Message has exceeded maximum character limit of 300',
  overHardTyping: 'Maximum character limit has been exceeded',
  softTitle: 'Are you sure?',
  softBody: 'Due to carrier issues, any SMS over 140 characters may send out of order',
  limitTitle: 'Limit reached',
  limitBody: 'Due to carrier issues, SMS messages are limited to a maximum of 300 characters',
  messageRequired: 'Please provide a message',
  numberRequired: 'Please provide a valid number',
  numberExists: 'A conversation for this number already exists!',
  optedOut: 'Cannot send text message. User opted out of text messaging.',
  termsTitle: "Message can't be sent",
  termsBody: 'Please agree to our terms below',
  terms: 'This message is not being sent for marketing purposes.',
  fileRequired: 'Please upload a file',
  fileMissing: 'Please provide a file',
  fileFormat: 'Please provide a document with the appropriate format',
  placeholders: 'Please fill in every placeholder (*|…|*) before sending',
  assignTarget: 'Please choose a user to assign this conversation to',
  viewingAssignee: 'Please choose one assignee to view, or All Conversations',
  conversationNotFound: 'That conversation was not found.',
  notAssignee: 'That user cannot be assigned conversations at this location.',
  sendFailed: 'The text message could not be sent.',
  inactivity: "You haven't visited us in a little while so we have paused activity.",
  assignedToYou: 'This conversation will be assigned to you.',
  exportRange: 'Please choose a from date on or before the to date',
  exportTooLong: 'Please export at most one year at a time',
  reviewNoCampaign: 'Add a campaign in Settings before sending a review request.',
  chatName: 'Please tell us your name',
  chatPhone: 'Please provide a valid mobile number',
  chatMessage: 'Please write a message',
  chatConsent: 'Please agree to receive text messages',
  chatTooFast: 'Please take a moment and try again.',
  chatUnavailable: 'Chat is not available right now.',
  chatThanks: 'Thanks! We will text you shortly.',
} as const;

/** `*|variable_name|*` in a template: every one must be filled before the text is used. */
export const PLACEHOLDER_RE = /\*\|([^|*]{1,60})\|\*/g;
export const placeholdersOf = (text: string): string[] => [...new Set([...text.matchAll(PLACEHOLDER_RE)].map((m) => m[1]!))];
export const fillPlaceholders = (text: string, values: Record<string, string>): string =>
  text.replace(PLACEHOLDER_RE, (match, name: string) => (values[name]?.trim() ? values[name]!.trim() : match));

/** The 400 of a message body, or null: over 500, over 300, unfilled placeholders, empty. */
export function messageBodyProblem(body: string): string | null {
  if (body.length > INBOX_LIMITS.maxBody) return INBOX_MSG.overMax;
  if (body.length > INBOX_LIMITS.hardChars) return INBOX_MSG.overHard;
  if (placeholdersOf(body).length) return INBOX_MSG.placeholders;
  if (!body.trim()) return INBOX_MSG.messageRequired;
  return null;
}

/**
 * The 400 of a New Conversation message (single or a spreadsheet's), or null: the form's own words for one over 300
 * characters, 'Maximum character limit has been exceeded' (however long), then as messageBodyProblem.
 */
export function newConversationBodyProblem(body: string): string | null {
  if (body.length > INBOX_LIMITS.hardChars) return INBOX_MSG.overHardTyping;
  return messageBodyProblem(body);
}

/** Longer than this is not even looked at: the body is refused with `tooLong`. */
const BODY_READ_MAX = 20_000;

/** A message body field with one message for its one problem, as `problemOf` words it. */
const messageBodyOf = (problemOf: (body: string) => string | null, tooLong: string) =>
  z
    .string({ error: INBOX_MSG.messageRequired })
    .max(BODY_READ_MAX, { error: tooLong })
    .superRefine((v, ctx) => {
      const problem = v.length > BODY_READ_MAX ? null : problemOf(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
const messageBody = messageBodyOf(messageBodyProblem, INBOX_MSG.overMax);

const conversationId = idSchema(INBOX_MSG.conversationNotFound, true);
const anyId = z.union([z.number(), z.string().max(40)]).nullish();
const optionalText = (max: number) => z.string().max(max).nullish();

/**
 * Who is calling, as the client says it (`user_id`, `current_user`): accepted with every inbox call, never read.
 * The session decides who the caller is; these fields neither widen nor narrow what the call sees or changes.
 */
const caller = {
  user_id: anyId.meta({ description: 'The calling user, as the client knows it. Not read: the session says who calls.' }),
  current_user: anyId.meta({ description: 'The calling user, as the client knows it. Not read: the session says who calls.' }),
};

/** Fields the spec's client sends with every conversation call; the server reads who and where from the session. */
const common = {
  customer_id: conversationId,
  ...caller,
  channel: z.literal('sms').nullish(),
  to_number: optionalText(40),
  conv_user_id: anyId.meta({ description: "The conversation's assignee, as the client last saw it. Not read." }),
  timezone: optionalText(64),
};

export const userData = z.object({ id: z.number().int().nullable(), label: z.string(), user_email: z.string() });
export const inboxMessage = z.object({
  id: z.number().int(),
  message: z.string(),
  datetime: z.string(),
  /** true: outbound. */
  direction_flag: z.boolean(),
  media_url: z.string().nullable(),
  /** queued, sent, delivered, undelivered, failed, received, refused; null when not sent as SMS. */
  status: z.string().nullable(),
  kind: z.string(),
  /** Who wrote an outbound message (email), null for the customer and automatic messages. */
  author: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

export const conversationView = z.object({
  conversation_id: z.number().int(),
  customer_id: z.number().int(),
  conversation_user_id: z.number().int().nullable(),
  name: z.string(),
  phone_number: z.string(),
  address: z.string(),
  source: z.string(),
  read_all_messages: z.boolean(),
  /** The viewer's unread inbound messages in it. */
  unread_count: z.number().int(),
  urgent: z.boolean(),
  opted_out: z.boolean(),
  latest_message: z.object({ datetime: z.string(), message: z.string() }),
  user_data: userData,
  messages: z.array(inboxMessage),
  active_flag: z.boolean(),
});
export type ConversationView = z.infer<typeof conversationView>;

export const assigneeView = z.object({
  id: z.number().int(),
  name: z.string(),
  user_email: z.string(),
  user_type: z.enum(['system', 'admin', 'other']),
});
export type AssigneeView = z.infer<typeof assigneeView>;

export const fetchConversations = defineEndpoint({
  id: 'E117',
  method: 'POST',
  path: '/kudo-pro/conversation/fetch',
  summary:
    "The location's open conversations (2,000 per load, latest first), or one assignee's (assignee_id), with the header, assignees and templates. user_id and current_user say who calls; the session decides.",
  access: { kind: 'location', rule: RULES.message },
  body: z.object({
    min_conversation_id: z.coerce.number().int().nullish(),
    min_message_id: z.coerce.number().int().nullish(),
    offset: z.coerce.number().int().min(0).max(1_000_000).nullish(),
    limit: z.coerce.number().int().min(1).max(INBOX_LIMITS.fetchLimit).nullish(),
    ...caller,
    /** The Viewing filter: one assignee's conversations; absent, null or empty for All Conversations. */
    assignee_id: z
      .union([z.literal(''), idSchema(INBOX_MSG.viewingAssignee, true)], { error: INBOX_MSG.viewingAssignee })
      .nullish()
      .meta({ description: "The Viewing filter: only this assignee's conversations. Absent, null or empty: All Conversations." }),
    urgent: z.union([z.boolean(), z.literal('true'), z.literal('false')]).nullish(),
  }),
  response: z.object({
    data: z.array(conversationView),
    header: z.object({ max_message_id: z.number().int(), logo_url: z.string().nullable(), timezone: z.string() }),
    assignees: z.array(assigneeView),
    templates: z.object({ templates: z.array(z.object({ name: z.string(), templates: z.array(z.string()) })) }),
    /** The viewer's unread messages across the open conversations. */
    unread_messages: z.number().int(),
    me: z.number().int(),
  }),
});
export type FetchConversationsData = z.infer<typeof fetchConversations.response>;

export const conversationMessages = defineEndpoint({
  id: 'inbox-thread',
  method: 'POST',
  path: '/kudo-pro/conversation/messages',
  summary: "One conversation's messages, oldest first.",
  access: { kind: 'location', rule: RULES.message },
  body: z.object({ customer_id: conversationId }),
  response: z.object({ conversation: conversationView }),
});

export const markUnread = defineEndpoint({
  id: 'E118',
  method: 'POST',
  path: '/kudo-pro/conversation/mark-unread',
  summary: 'Mark the conversation unread again for the signed-in user.',
  access: { kind: 'location', rule: RULES.message },
  body: z.object(common),
  response: z.null(),
});

export const readReceipt = defineEndpoint({
  id: 'E119',
  method: 'POST',
  path: '/kudo-pro/conversation/read-receipt',
  summary: 'The signed-in user has read every message of the conversation.',
  access: { kind: 'location', rule: RULES.message },
  body: z.object(common),
  response: z.null(),
});

export const HOME_OWNER_ACTIONS = ['move', 'optin', 'optout', 'close'] as const;
export const homeOwnerAction = defineEndpoint({
  id: 'E120',
  method: 'POST',
  path: '/kudo-pro/conversation/home-owner',
  summary: 'Assign the conversation to a user (move), opt the customer in or out of texts, or close it.',
  access: { kind: 'location', rule: RULES.message },
  body: z.object({
    ...common,
    action: z.enum(HOME_OWNER_ACTIONS, { error: 'Please choose move, optin, optout or close' }),
    target_user_id: z.coerce.number().int().min(0).max(2_147_483_647).nullish(),
  }),
  response: z.object({ conversation: conversationView.nullable() }),
});

export const sendReviewApp = defineEndpoint({
  id: 'E121',
  method: 'POST',
  path: '/kudo-pro/conversation/send-review-app',
  summary: "Text the customer a pulseCheck of the location's default campaign, through the dispatch path.",
  access: { kind: 'location', rule: RULES.message },
  body: z.object({ ...common, customer_id: conversationId.optional(), conversation_id: conversationId, customer_name: optionalText(100) }),
  response: z.object({ message: inboxMessage.nullable() }),
});

export const ASSIGNMENT_RULES = ['self', 'unassigned', 'users'] as const;
export const newConversation = defineEndpoint({
  id: 'E122',
  method: 'POST',
  path: '/kudo-pro/conversation/new-conversation',
  summary: 'Start a conversation with one customer (the spreadsheet of type multiple goes to new-conversation/bulk).',
  access: { kind: 'location', rule: RULES.message },
  body: z.object({
    assignment_rule: z.enum(ASSIGNMENT_RULES, { error: 'Please choose who the conversation is for' }).default('self'),
    type: z.literal('single', { error: 'Send a spreadsheet of type multiple to new-conversation/bulk' }).default('single'),
    customer_number: phoneSchema(INBOX_MSG.numberRequired, { e164: true }),
    customer_name: optionalText(100),
    customer_address: optionalText(255),
    body: messageBodyOf(newConversationBodyProblem, INBOX_MSG.overHardTyping),
    channel: z.literal('sms').nullish(),
    media_url: optionalText(2048),
    timezone: optionalText(64),
    ...caller,
    selected_users: z.union([z.coerce.number().int().min(1).max(2_147_483_647), z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(1)]).nullish(),
  }),
  response: conversationView,
});

export const newConversationRow = z.object({
  row: z.number().int(),
  name: z.string(),
  phone: z.string(),
  status: z.enum(['standby', 'pending', 'success', 'error']),
  message: z.string().nullable(),
});
export const newConversationJob = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'waiting', 'done']),
  total: z.number().int(),
  rows: z.array(newConversationRow),
});
export type NewConversationJob = z.infer<typeof newConversationJob>;

/** Multiple Conversations: multipart fields `body`, `assignment_rule`, `selected_users`, then `file` (.xls/.xlsx). */
export const newConversationBulk = defineEndpoint({
  id: 'E122-multiple',
  method: 'POST',
  path: '/kudo-pro/conversation/new-conversation/bulk',
  summary: 'Start a conversation with every customer of a spreadsheet; the job worker sends them once each.',
  access: { kind: 'location', rule: RULES.message },
  response: newConversationJob,
});

export const newConversationBulkStatus = defineEndpoint({
  id: 'E122-multiple-status',
  method: 'GET',
  path: '/kudo-pro/conversation/new-conversation/bulk/:id',
  summary: 'A Multiple Conversations send and the status of each row.',
  access: { kind: 'location', rule: RULES.message },
  params: z.object({ id: idSchema(INBOX_MSG.conversationNotFound, true) }),
  response: newConversationJob,
});

export const pollConversations = defineEndpoint({
  id: 'E123',
  method: 'POST',
  path: '/kudo-pro/conversation/poll',
  summary: "The location's latest message id (-2: reload everything).",
  access: { kind: 'location', rule: RULES.message },
  body: z.object(caller),
  response: z.object({ value: z.number().int() }),
});

export const sendMessage = defineEndpoint({
  id: 'E124',
  method: 'POST',
  path: '/kudo-pro/conversation/send-message',
  summary: 'Text the customer of a conversation (at most 300 characters, consent checked).',
  access: { kind: 'location', rule: RULES.message },
  body: z.object({ ...common, body: messageBody, media_url: optionalText(2048) }),
  response: inboxMessage,
});

export const closeAllRead = defineEndpoint({
  id: 'E125',
  method: 'POST',
  path: '/kudo-pro/conversation/close-all-read',
  summary: 'Close every open conversation of the location the signed-in user has read completely, whoever it is assigned to.',
  access: { kind: 'location', rule: RULES.message },
  body: z.object(caller),
  response: z.object({ closed: z.number().int() }),
});

const isoDate = (message: string) => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: message });

/** The transcripts export's columns (E126): the ids of its JSON form and the names its CSV header row shows. */
export const TRANSCRIPT_COLUMNS = [
  { id: 'conversation_id', name: 'Conversation ID' },
  { id: 'customer_name', name: 'Customer Name' },
  { id: 'customer_phone', name: 'Customer Phone' },
  { id: 'date', name: 'Date' },
  { id: 'direction', name: 'Direction' },
  { id: 'sent_by', name: 'Sent By' },
  { id: 'message', name: 'Message' },
  { id: 'media', name: 'Media' },
  { id: 'status', name: 'Status' },
] as const;

export const transcriptsData = z.object({
  columns: z.array(z.object({ id: z.string(), name: z.string() })),
  /** One array of cell texts per message, in the order of `columns`: the cells of the CSV form ('' for an empty one). */
  rows: z.array(z.array(z.string())),
});
export type TranscriptsData = z.infer<typeof transcriptsData>;

/** The file the export becomes: Messaging_conversations_{from}__{to}.csv. */
export const transcriptsFileName = (from: string, to: string) => `Messaging_conversations_${from}__${to}.csv`;

/**
 * E126 answers in two forms of the same rows: by default the JSON envelope `{status: 1, data: {columns, rows}}`, and
 * with `Accept: text/csv` the CSV file itself (a header row, then one CRLF-ended line per message, UTF-8 with a BOM,
 * as an attachment named as transcriptsFileName says). Both stream day by day and carry the number of messages in
 * `X-Total-Messages`.
 */
export const exportTranscripts = defineRawEndpoint({
  id: 'E126',
  method: 'POST',
  path: '/kudo-pro/export-sms-transcripts',
  summary:
    'Every message of the date range (local days), day by day in the order written: columns and rows as JSON, or with Accept: text/csv the CSV file Messaging_conversations_{from}__{to}.csv. X-Total-Messages says how many.',
  access: { kind: 'location', rule: RULES.message },
  body: z.object({ from_date: isoDate('Please choose a from date'), to_date: isoDate('Please choose a to date') }),
  produces: {
    'application/json': okEnvelope(transcriptsData).meta({ description: 'The default form: the columns (id, name) and one array of cell texts per message.' }),
    'text/csv': z.string().meta({ description: 'With Accept: text/csv: the same rows as a CSV file (header row, CRLF lines, UTF-8 with a BOM).' }),
  },
});

export const inboxStream = defineRawEndpoint({
  id: 'inbox-stream',
  method: 'GET',
  path: '/kudo-pro/conversation/stream',
  summary: "Server-sent events of the location's inbox (ids only); Last-Event-ID replays what was missed.",
  access: { kind: 'location', rule: RULES.message },
  produces: { 'text/event-stream': z.string() },
});

/** What a live event carries: ids, never message text. */
export const inboxEvent = z.object({ id: z.number().int(), conversation_id: z.number().int(), message_id: z.number().int().nullable(), kind: z.string() });
export type InboxEventData = z.infer<typeof inboxEvent>;

const usageRow = z.object({
  email: z.string(),
  conversation_count: z.number().int(),
  conversation_closed_count: z.number().int(),
  message_count: z.number().int(),
  /** Seconds, average from opening to closing. */
  conversation_time: z.number().int(),
  outbound_message_count: z.number().int(),
  inbound_message_count: z.number().int(),
});
export type UsageRow = z.infer<typeof usageRow>;

export const twmUsage = defineEndpoint({
  id: 'E130',
  method: 'POST',
  path: '/analytics/reload/twm-usage-analytics',
  summary: 'Messaging usage of the date range: totals and one row per user.',
  access: { kind: 'location', rule: { permission: 'analytics', allowTrial: true, subscriptions: ['kudoPro'] } },
  body: z.object({ from_date: isoDate('Please choose a from date'), to_date: isoDate('Please choose a to date') }),
  response: z.object({
    data: z.object({
      total_messages: z.object({ value: z.number().int() }),
      messages_sent: z.object({ value: z.number().int() }),
      messages_received: z.object({ value: z.number().int() }),
      /** Seconds. */
      average_conversation_time: z.object({ value: z.number().int() }),
    }),
    rows: z.array(usageRow),
    meta: z.object({ from_date: z.string(), to_date: z.string() }),
  }),
});

export const webChatLoad = defineEndpoint({
  id: 'E131',
  method: 'POST',
  path: '/reporting/web-chat/load',
  summary: 'Website chat leads, newest first, a page before the cursor.',
  access: { kind: 'location', rule: { permission: 'analytics', allowTrial: true, subscriptions: ['web-chat'] } },
  body: z.object({ before: z.coerce.number().int().min(1).max(2_147_483_647).nullish(), after: z.coerce.number().int().min(1).max(2_147_483_647).nullish() }),
  response: z.object({
    totalLeads: z.number().int(),
    capturedLeads: z.object({
      data: z.array(z.object({ timestamp: z.string(), phone: z.string(), name: z.string(), message: z.string() })),
      cursor: z.object({ hasBefore: z.boolean(), hasAfter: z.boolean(), before: z.number().int().nullable(), after: z.number().int().nullable() }),
    }),
  }),
});

export const webChatLead = defineEndpoint({
  id: 'web-chat-lead',
  method: 'POST',
  path: '/widget/:key/chat',
  summary: 'A website visitor starts a chat: a lead and an SMS conversation. Public, rate limited, bot-checked.',
  access: { kind: 'public' },
  rateLimit: 'public',
  params: z.object({ key: z.string().min(1).max(64) }),
  body: z.object({
    name: z.string({ error: INBOX_MSG.chatName }).trim().min(1, { error: INBOX_MSG.chatName }).max(100, { error: INBOX_MSG.chatName }),
    phone: phoneSchema(INBOX_MSG.chatPhone, { e164: true }),
    message: z.string({ error: INBOX_MSG.chatMessage }).trim().min(1, { error: INBOX_MSG.chatMessage }).max(INBOX_LIMITS.chatMessageMax, { error: INBOX_MSG.chatMessage }),
    consent: z.literal(true, { error: INBOX_MSG.chatConsent }),
    /** Honeypot: a field people never see. */
    website: z.string().max(200).optional(),
    /** Milliseconds the form was open before sending. */
    elapsed: z.number().int().min(0).max(86_400_000).optional(),
  }),
  response: z.object({ message: z.string() }),
});
