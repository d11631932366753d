import { z } from 'zod';
import { RULES } from '../rules.js';
import { idSchema } from '../validators.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_MSG, WEBHOOK_STATUSES, webhookEventsInput, webhookUrlInput } from '../webhooks.js';
import { defineEndpoint } from './define.js';

/** Settings › Integrations › Webhooks: the location's webhook subscriptions and their deliveries, for Owners and Admins. */

export const webhookItem = z.object({
  id: z.number().int(),
  /** The id the public API knows it by: wh_ and 16 characters. */
  public_id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(WEBHOOK_STATUSES),
  /** ISO 8601, UTC: since when every attempt has failed, while that lasts. */
  failing_since: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** A user's name, or the API key that made it. */
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookItem = z.infer<typeof webhookItem>;

export const webhookDeliveryItem = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  url: z.string(),
  /** The webhook-id header, the same on every attempt. */
  event_id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** ISO 8601, UTC: when the event happened. */
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** The HTTP status of the last answer; null when none came. */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookDeliveryItem = z.infer<typeof webhookDeliveryItem>;

export const loadWebhooks = defineEndpoint({
  id: 'integrations-webhooks-load',
  method: 'POST',
  path: '/settings/integrations/webhooks/load',
  summary: "The location's webhooks, newest first (never their secrets).",
  access: { kind: 'location', rule: RULES.settingsIntegrations },
  response: z.object({ webhooks: z.array(webhookItem) }),
});

export const createWebhook = defineEndpoint({
  id: 'integrations-webhook-create',
  method: 'POST',
  path: '/settings/integrations/webhooks/create',
  summary: 'Subscribe an https address to events; the answer is the only one that holds the signing secret.',
  access: { kind: 'location', rule: RULES.settingsIntegrations },
  body: z.object({ url: webhookUrlInput, events: webhookEventsInput }),
  response: webhookItem.extend({ secret: z.string() }),
});

export const deleteWebhook = defineEndpoint({
  id: 'integrations-webhook-delete',
  method: 'POST',
  path: '/settings/integrations/webhooks/delete',
  summary: 'Remove a webhook with its deliveries: nothing more is sent to it.',
  access: { kind: 'location', rule: RULES.settingsIntegrations },
  body: z.object({ id: idSchema(WEBHOOK_MSG.id) }),
  response: z.null(),
});

export const enableWebhook = defineEndpoint({
  id: 'integrations-webhook-enable',
  method: 'POST',
  path: '/settings/integrations/webhooks/enable',
  summary: 'Switch a webhook that was switched off back on; events from now on are delivered again.',
  access: { kind: 'location', rule: RULES.settingsIntegrations },
  body: z.object({ id: idSchema(WEBHOOK_MSG.id) }),
  response: webhookItem,
});

export const loadWebhookDeliveries = defineEndpoint({
  id: 'integrations-webhook-deliveries',
  method: 'POST',
  path: '/settings/integrations/webhooks/deliveries',
  summary: "The location's webhook deliveries, newest first, a page at a time; one webhook's with webhook_id.",
  access: { kind: 'location', rule: RULES.settingsIntegrations },
  body: z.object({
    webhook_id: idSchema(WEBHOOK_MSG.id).optional(),
    page: z.number().int().min(1).default(1),
  }),
  response: z.object({ deliveries: z.array(webhookDeliveryItem), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
});

export const redeliverWebhook = defineEndpoint({
  id: 'integrations-webhook-redeliver',
  method: 'POST',
  path: '/settings/integrations/webhooks/redeliver',
  summary: 'Deliver an event to its webhook once more, with the same webhook-id.',
  access: { kind: 'location', rule: RULES.settingsIntegrations },
  body: z.object({ id: idSchema(WEBHOOK_MSG.deliveryId) }),
  response: webhookDeliveryItem,
});
