import { z } from 'zod';

/**
 * Outgoing webhooks: the events a location may subscribe an address to, how deliveries are retried, and the
 * messages of the calls that manage subscriptions (Settings › Integrations › Webhooks and /api/v1/webhooks).
 */

export const WEBHOOK_EVENTS = ['review.created', 'pulsecheck.answered', 'message.received', 'conversation.assigned', 'optout.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_INFO: Record<WebhookEventType, { label: string; description: string }> = {
  'review.created': { label: 'Review created', description: 'A pulseCheck answer made a review, a Google or Facebook review was imported, or one was added by hand.' },
  'pulsecheck.answered': { label: 'pulseCheck answered', description: "A customer's first answer to a pulseCheck." },
  'message.received': { label: 'Message received', description: 'A customer wrote to the inbox, by SMS or from the website chat.' },
  'conversation.assigned': { label: 'Conversation assigned', description: 'A conversation was assigned to a user.' },
  'optout.created': { label: 'Opt-out recorded', description: 'A customer opted out of texts or emails (STOP, an unsubscribe link, staff, the carrier).' },
};

/** Seconds to wait after each failed attempt: a delivery is attempted at most once more than there are entries. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

export const WEBHOOK_LIMITS = {
  urlMax: 2048,
  /** Subscriptions a location may hold at once. */
  perLocation: 20,
  /** An attempt gives up after this long without a full answer. */
  timeoutSeconds: 10,
  /** What is kept of an answer's body: the rest is not read. */
  responseBytes: 4096,
  /** A subscription whose deliveries all failed for this long is switched off. */
  disableAfterHours: 24,
  /** Deliveries a page of the Settings list shows. */
  deliveriesPage: 25,
} as const;

export const WEBHOOK_STATUSES = ['active', 'disabled'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;

export const WEBHOOK_MSG = {
  url: `Give the webhook an https URL of at most ${WEBHOOK_LIMITS.urlMax} characters.`,
  urlHttps: 'The URL must start with https://.',
  urlCredentials: 'The URL may not contain a user name or password.',
  urlPrivate: 'The URL points to a private, loopback or link-local address: webhooks go only to public addresses.',
  urlUnresolved: "The URL's host name could not be found.",
  events: 'Choose at least one event.',
  event: `Each event must be one of ${WEBHOOK_EVENTS.join(', ')}.`,
  tooMany: `A location may hold at most ${WEBHOOK_LIMITS.perLocation} webhooks. Remove one first.`,
  id: 'Choose a webhook.',
  deliveryId: 'Choose a delivery.',
  created: 'Webhook added. Copy its signing secret now: it will not be shown again.',
  deleted: 'Webhook removed.',
  enabled: 'Webhook switched back on.',
  redelivered: 'The event will be delivered again in a moment.',
  redeliverDisabled: 'This webhook is switched off. Switch it back on first.',
  switchedOff: 'The webhook was switched off after a day of failed deliveries.',
} as const;

/** An address for a webhook: its form here; where it may point is the server's check. */
export const webhookUrlInput = z
  .string({ error: WEBHOOK_MSG.url })
  .trim()
  .min(1, { error: WEBHOOK_MSG.url })
  .max(WEBHOOK_LIMITS.urlMax, { error: WEBHOOK_MSG.url });

/** The events to subscribe to, in the list's order, each once. */
export const webhookEventsInput = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MSG.event }), { error: WEBHOOK_MSG.events })
  .min(1, { error: WEBHOOK_MSG.events })
  .max(WEBHOOK_EVENTS.length * 2, { error: WEBHOOK_MSG.event })
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

// The public API's webhook calls (/api/v1/webhooks), in the form of its other calls (public-api.ts lists them).

const webhookOutput = z.object({
  id: z.string().describe('wh_ and 16 characters.'),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(WEBHOOK_STATUSES).describe('disabled: switched off after a day of failed deliveries (Settings › Integrations › Webhooks switches it back on).'),
  created_at: z.string().describe('ISO 8601, UTC.'),
});
export type WebhookOutput = z.infer<typeof webhookOutput>;

const MANAGE = ['webhooks:manage'] as const;

export const v1CreateWebhook = {
  id: 'createWebhook',
  method: 'POST',
  path: '/webhooks',
  summary: 'Subscribe an https address to events (a REST hook).',
  description: `The answer holds the signing secret (whsec_…), shown this once. Each event is POSTed as JSON {type, timestamp, data}, signed by the Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature), and retried for about a day until the address answers 2xx. The address must be public: private, loopback and link-local targets are refused. A location may hold ${WEBHOOK_LIMITS.perLocation} webhooks.`,
  scopes: MANAGE,
  body: z.strictObject({ url: webhookUrlInput.describe('An https URL.'), events: webhookEventsInput.describe(`Any of ${WEBHOOK_EVENTS.join(', ')}.`) }),
  status: 201,
  response: webhookOutput.extend({ secret: z.string().describe('whsec_ and base64: the key of the signatures. Shown only in this answer.') }),
  example: { url: 'https://hooks.example.com/kudo', events: ['review.created'] },
} as const;

export const v1ListWebhooks = {
  id: 'listWebhooks',
  method: 'GET',
  path: '/webhooks',
  summary: "The location's webhooks, newest first.",
  description: 'Without their secrets.',
  scopes: MANAGE,
  status: 200,
  response: z.object({ data: z.array(webhookOutput) }),
} as const;

export const v1DeleteWebhook = {
  id: 'deleteWebhook',
  method: 'DELETE',
  path: '/webhooks/:id',
  summary: 'Remove a webhook: nothing more is sent to it.',
  description: 'Its deliveries go with it. Another location’s webhook, or an unknown id, answers 404.',
  scopes: MANAGE,
  params: z.object({ id: z.string().max(100) }),
  status: 200,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
} as const;
