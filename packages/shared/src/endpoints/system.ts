import { z } from 'zod';
import { defineEndpoint, defineRawEndpoint } from './define.js';
import { binaryBody } from './media.js';

export const health = defineEndpoint({
  id: 'health',
  method: 'GET',
  path: '/health',
  summary: 'Answers once the database is reachable and migrated.',
  access: { kind: 'public' },
  response: z.object({ database: z.literal('ok') }),
});

export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  from: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
  /** Files sent with an email (reports); download each by its id. */
  attachments: z.array(z.object({ id: z.number().int(), filename: z.string(), content_type: z.string(), size: z.number().int() })),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** Present only while the local providers are active: what "was sent", for people to read and click. */
export const devOutbox = defineEndpoint({
  id: 'dev-outbox',
  method: 'GET',
  path: '/dev/outbox',
  summary: 'Messages written by the local SMS and email providers, newest first.',
  access: { kind: 'user' },
  query: z.object({
    channel: z.enum(['sms', 'email']).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ messages: z.array(outboxMessage) }),
});

/**
 * Local mode only: a person answers an SMS as the customer, and the answer takes the same inbound path as
 * a Twilio webhook (keywords, consent, conversations).
 */
export const devOutboxReply = defineEndpoint({
  id: 'dev-outbox-reply',
  method: 'POST',
  path: '/dev/outbox/reply',
  summary: 'Reply to an outbox SMS as the customer (local SMS provider only).',
  access: { kind: 'user' },
  body: z.object({
    from: z.string().trim().regex(/^\+?[0-9 ()-]{10,16}$/, { error: 'Please provide a valid phone number' }),
    to: z.string().trim().regex(/^\+?[0-9 ()-]{10,16}$/, { error: 'Please provide a valid phone number' }),
    body: z.string().trim().min(1, { error: 'Please type a message' }).max(1600),
  }),
  response: z.object({ location_id: z.number().int().nullable(), reply: z.string().nullable() }),
});

/** What the SPA needs to know about the server before anything else. */
export const appInfo = defineEndpoint({
  id: 'app-info',
  method: 'GET',
  path: '/app-info',
  summary: 'Server facts the dashboard adapts to: whether the local providers are active.',
  access: { kind: 'public' },
  response: z.object({ local_providers: z.object({ sms: z.boolean(), email: z.boolean() }) }),
});

/** The form fields Twilio posts to a webhook; what each carries is checked against Twilio's signature. */
const twilioParams = z.record(z.string(), z.string());
const twiml = { 'text/xml': z.string().meta({ description: 'TwiML.' }) } as const;
const noContent = { 'text/plain': z.string().meta({ description: 'Empty (204).' }) } as const;

/**
 * Twilio's webhooks (Twilio SMS provider only): public, but every call must carry Twilio's signature of
 * its URL and fields. Not rate limited per IP: all of them come from Twilio's few addresses.
 */
export const twilioInbound = defineRawEndpoint({
  id: 'twilio-inbound',
  method: 'POST',
  path: '/webhooks/twilio/inbound',
  summary: 'An SMS from a customer, posted by Twilio; answered with TwiML (the reply, if any).',
  access: { kind: 'public' },
  form: true,
  body: twilioParams,
  produces: twiml,
});

export const twilioStatus = defineRawEndpoint({
  id: 'twilio-status',
  method: 'POST',
  path: '/webhooks/twilio/status',
  summary: 'The delivery status of a sent SMS, posted by Twilio.',
  access: { kind: 'public' },
  form: true,
  body: twilioParams,
  produces: noContent,
});

export const twilioRecording = defineRawEndpoint({
  id: 'twilio-recording',
  method: 'POST',
  path: '/webhooks/twilio/recording',
  summary: 'A voice review’s recording is ready, posted by Twilio.',
  access: { kind: 'public' },
  form: true,
  query: z.object({ dispatch: z.string().max(20).optional() }),
  body: twilioParams,
  produces: noContent,
});

/** A file attached to an outbox email, as sent (local email provider only). */
export const devOutboxAttachment = defineRawEndpoint({
  id: 'dev-outbox-attachment',
  method: 'GET',
  path: '/dev/outbox/attachments/:id',
  summary: 'Download a file attached to an outbox email (local email provider only).',
  access: { kind: 'user' },
  params: z.object({ id: z.coerce.number().int().positive() }),
  produces: { 'application/octet-stream': binaryBody },
});
