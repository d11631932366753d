import { randomBytes } from 'node:crypto';
import { WEBHOOK_LIMITS, WEBHOOK_MSG, type WebhookDeliveryItem, type WebhookEventType, type WebhookItem } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { encryptSecret } from '../../lib/crypto.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { deliverWebhooksJob } from './delivery.js';
import { deliveryQueries, subscriptionQueries, type DeliveryRow } from './queries.js';
import { checkTarget, TargetError } from './targets.js';

/**
 * A location's webhook subscriptions and their deliveries, for both doors: Settings (a user) and the public API (a
 * key). Every query is held to the caller's location.
 */

/** Who acts: the location, and the user or the API key acting for it. */
export interface WebhookOwner {
  locationId: number;
  userId?: number | null;
  apiKeyId?: number | null;
  ip?: string | null;
}

/** whsec_ and 32 random bytes in base64: the form Standard Webhooks libraries take. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const newPublicId = () => `wh_${randomBytes(12).toString('base64url').replace(/[-_]/g, '').padEnd(16, '0').slice(0, 16)}`;

interface SubscriptionRow {
  id: number;
  publicId: string;
  url: string;
  events: string[];
  status: string;
  failingSince: Date | null;
  disabledAt: Date | null;
  createdById: number | null;
  apiKeyId: number | null;
  createdAt: Date;
}

async function creators(deps: AppDeps, rows: SubscriptionRow[]): Promise<(r: SubscriptionRow) => string | null> {
  const userIds = [...new Set(rows.map((r) => r.createdById).filter((id): id is number => id !== null))];
  const keyIds = [...new Set(rows.map((r) => r.apiKeyId).filter((id): id is number => id !== null))];
  const users = userIds.length ? await deps.db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true, lastName: true, email: true } }) : [];
  const keys = keyIds.length
    ? await subscriptionQueries.keyNames(deps.db, keyIds)
    : [];
  const userName = new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]));
  const keyName = new Map(keys.map((k) => [k.id, `API key ${k.name}`]));
  return (r) => (r.createdById !== null ? (userName.get(r.createdById) ?? null) : r.apiKeyId !== null ? (keyName.get(r.apiKeyId) ?? 'API key') : null);
}

export const subscriptionItem = (r: SubscriptionRow, createdBy: string | null): WebhookItem => ({
  id: r.id,
  public_id: r.publicId,
  url: r.url,
  events: r.events as WebhookEventType[],
  status: r.status === 'active' ? 'active' : 'disabled',
  failing_since: r.failingSince?.toISOString() ?? null,
  disabled_at: r.disabledAt?.toISOString() ?? null,
  created_by: createdBy,
  created_at: r.createdAt.toISOString(),
});

/** The URL as a webhook may take it, or a 400 naming the field. */
async function checkedUrl(deps: AppDeps, url: string): Promise<string> {
  try {
    return (await checkTarget(url, deps.config.webhooks.allowPrivate)).href;
  } catch (error) {
    if (error instanceof TargetError) throw badRequest(error.message, { url: error.message });
    throw error;
  }
}

/**
 * Subscribes an address to events. The location's row is locked meanwhile, so two creations at once cannot pass the
 * count check together. The secret is answered once and kept encrypted.
 */
export async function createSubscription(deps: AppDeps, owner: WebhookOwner, input: { url: string; events: WebhookEventType[] }) {
  const url = await checkedUrl(deps, input.url);
  const secret = newWebhookSecret();
  const row = await deps.db.$transaction(async (tx) => {
    await subscriptionQueries.lockLocation(tx, owner.locationId);
    const count = await tx.webhookSubscription.count({ where: { locationId: owner.locationId } });
    if (count >= WEBHOOK_LIMITS.perLocation) throw conflict(WEBHOOK_MSG.tooMany);
    return tx.webhookSubscription.create({
      data: {
        publicId: newPublicId(),
        locationId: owner.locationId,
        url,
        events: input.events,
        secret: encryptSecret(deps.config, secret),
        createdById: owner.userId ?? null,
        apiKeyId: owner.apiKeyId ?? null,
      },
    });
  });
  await audit(deps.db, {
    action: 'webhook.create',
    actorUserId: owner.userId ?? null,
    locationId: owner.locationId,
    ip: owner.ip ?? null,
    details: { webhookId: row.id, url: row.url, events: row.events, ...(owner.apiKeyId ? { apiKeyId: owner.apiKeyId } : {}) },
  });
  return { row, item: subscriptionItem(row, (await creators(deps, [row]))(row)), secret };
}

export async function listSubscriptions(deps: AppDeps, locationId: number) {
  const rows = await deps.db.webhookSubscription.findMany({ where: { locationId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  const by = await creators(deps, rows);
  return rows.map((r) => ({ row: r, item: subscriptionItem(r, by(r)) }));
}

type Which = { id: number } | { publicId: string };

/** Removes one of the location's subscriptions with its deliveries; another location's is not found. */
export async function deleteSubscription(deps: AppDeps, owner: WebhookOwner, which: Which): Promise<void> {
  const row = await deps.db.webhookSubscription.findFirst({ where: { ...which, locationId: owner.locationId }, select: { id: true, url: true } });
  if (!row) throw notFound();
  await deps.db.webhookSubscription.deleteMany({ where: { id: row.id, locationId: owner.locationId } });
  await audit(deps.db, {
    action: 'webhook.delete',
    actorUserId: owner.userId ?? null,
    locationId: owner.locationId,
    ip: owner.ip ?? null,
    details: { webhookId: row.id, url: row.url, ...(owner.apiKeyId ? { apiKeyId: owner.apiKeyId } : {}) },
  });
}

/** Switches a switched-off subscription back on, its failing stretch forgotten. */
export async function enableSubscription(deps: AppDeps, owner: WebhookOwner, id: number): Promise<WebhookItem> {
  const found = await deps.db.webhookSubscription.findFirst({ where: { id, locationId: owner.locationId }, select: { id: true } });
  if (!found) throw notFound();
  await deps.db.webhookSubscription.updateMany({
    where: { id, locationId: owner.locationId, status: 'disabled' },
    data: { status: 'active', disabledAt: null, failingSince: null },
  });
  await audit(deps.db, { action: 'webhook.enable', actorUserId: owner.userId ?? null, locationId: owner.locationId, ip: owner.ip ?? null, details: { webhookId: id } });
  const row = await deps.db.webhookSubscription.findUniqueOrThrow({ where: { id } });
  return subscriptionItem(row, (await creators(deps, [row]))(row));
}

const deliveryItem = (r: DeliveryRow): WebhookDeliveryItem => ({
  id: r.id,
  webhook_id: r.subscription_id,
  url: r.url,
  event_id: r.event_id,
  event: r.event as WebhookEventType,
  status: r.status as WebhookDeliveryItem['status'],
  attempts: r.attempts,
  created_at: r.created_at.toISOString(),
  last_attempt_at: r.last_attempt_at?.toISOString() ?? null,
  next_attempt_at: r.next_attempt_at?.toISOString() ?? null,
  status_code: r.last_status,
  error: r.last_error,
});

const deliveryRows = (deps: AppDeps, locationId: number, where: { webhookId?: number | undefined; deliveryId?: number }, limit: number, offset: number) =>
  deliveryQueries.list(deps.db, locationId, where, limit, offset);

/** The location's deliveries, newest first, a page at a time; one subscription's with `webhookId`. */
export async function listDeliveries(deps: AppDeps, locationId: number, input: { webhookId?: number | undefined; page: number }) {
  const size = WEBHOOK_LIMITS.deliveriesPage;
  if (input.webhookId !== undefined) {
    const found = await deps.db.webhookSubscription.count({ where: { id: input.webhookId, locationId } });
    if (!found) throw notFound();
  }
  const [rows, total] = await Promise.all([
    deliveryRows(deps, locationId, { webhookId: input.webhookId }, size, (input.page - 1) * size),
    deps.db.webhookDelivery.count({ where: { locationId, ...(input.webhookId !== undefined ? { subscriptionId: input.webhookId } : {}) } }),
  ]);
  return { deliveries: rows.map(deliveryItem), total, page: input.page, page_size: size };
}

/**
 * Attempts an event again now, with the same webhook-id: a finished delivery (succeeded or failed) or one waiting
 * for its retry. One in flight stays as it is. The subscription must be on.
 */
export async function redeliver(deps: AppDeps, owner: WebhookOwner, deliveryId: number): Promise<WebhookDeliveryItem> {
  const delivery = await deps.db.webhookDelivery.findFirst({
    where: { id: deliveryId, locationId: owner.locationId },
    select: { id: true, subscription: { select: { status: true } } },
  });
  if (!delivery) throw notFound();
  if (delivery.subscription.status !== 'active') throw conflict(WEBHOOK_MSG.redeliverDisabled);
  await deliveryQueries.redeliver(deps.db, owner.locationId, deliveryId);
  await audit(deps.db, { action: 'webhook.redeliver', actorUserId: owner.userId ?? null, locationId: owner.locationId, ip: owner.ip ?? null, details: { deliveryId } });
  await deps.jobs?.send(deliverWebhooksJob, {});
  const [row] = await deliveryRows(deps, owner.locationId, { deliveryId }, 1, 0);
  return deliveryItem(row!);
}
