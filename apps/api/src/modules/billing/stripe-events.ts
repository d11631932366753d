import { BILLING, PRODUCT } from '@kudo/shared';
import { z } from 'zod';
import type { AppDeps, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import type { ProviderEvent, ProviderSubscription } from '../../providers/billing/index.js';

/** Stripe's statuses in the product's four; null: not settled yet (incomplete), nothing changes. */
function statusOf(stripeStatus: string): 'trialing' | 'active' | 'past_due' | 'canceled' | null {
  switch (stripeStatus) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return 'canceled';
    default:
      return null;
  }
}

/**
 * Records a checked event once: a redelivery (same id) finds it recorded and answers that it is nothing new.
 */
export async function recordStripeEvent(deps: AppDeps, event: ProviderEvent): Promise<boolean> {
  const created = await deps.db.stripeEvent.createMany({
    data: [{ id: event.id, type: event.type, subscription: event.subscriptionId, locationId: event.locationId }],
    skipDuplicates: true,
  });
  return created.count === 1;
}

/** The subscription as Stripe has it now, onto the location's record (whatever order events arrive in). */
async function applySubscription(deps: AppDeps, log: Log, sub: ProviderSubscription, hintLocationId: number | null) {
  const byStripe = await deps.db.subscription.findUnique({ where: { stripeSubscriptionId: sub.id } });
  const locationId = byStripe?.locationId ?? sub.locationId ?? hintLocationId;
  if (!locationId || !(await deps.db.location.findUnique({ where: { id: locationId }, select: { id: true } }))) {
    log.warn({ subscription: sub.id }, 'Stripe subscription of no known location');
    return;
  }
  const status = statusOf(sub.status);
  if (!status) return;
  const current = await deps.db.subscription.findUnique({ where: { locationId } });
  if (current?.stripeSubscriptionId && current.stripeSubscriptionId !== sub.id) {
    // Another subscription of this location: an older one ending changes nothing; a newer live one takes over.
    if (status === 'canceled') return;
    if (current.status !== 'canceled') {
      await deps.providers.billing.cancel(current.stripeSubscriptionId).catch((error: unknown) => log.warn({ err: error }, 'could not cancel the replaced Stripe subscription'));
    }
  }
  const plan = sub.planCode ? await deps.db.plan.findUnique({ where: { code: sub.planCode }, select: { code: true } }) : null;
  const data = {
    status,
    provider: 'stripe',
    stripeCustomerId: sub.customerId || current?.stripeCustomerId || null,
    stripeSubscriptionId: sub.id,
    planCode: plan?.code ?? current?.planCode ?? null,
    addons: sub.addons,
    term: sub.term,
    currentPeriodEnd: sub.currentPeriodEnd,
    pastDueSince: status === 'past_due' ? (current?.status === 'past_due' && current.pastDueSince ? current.pastDueSince : new Date()) : null,
  };
  await deps.db.$transaction(async (tx) => {
    await tx.subscription.upsert({ where: { locationId }, create: { locationId, ...data }, update: data });
    if (status === 'active' || status === 'past_due') await tx.location.update({ where: { id: locationId }, data: { freeTrial: false } });
  });
  return locationId;
}

/** Tells the location's owners that a payment failed and how long they have. */
async function paymentFailedEmail(deps: AppDeps, locationId: number) {
  const owners = await deps.db.membership.findMany({
    where: { locationId, active: true, role: 'Owner' },
    select: { user: { select: { email: true } }, location: { select: { name: true } } },
  });
  for (const o of owners) {
    await deps.providers.email.send({
      to: o.user.email,
      subject: `${PRODUCT.name}: your payment for ${o.location.name} failed`,
      text: [
        `We could not collect the payment for ${o.location.name}.`,
        `Everything keeps working for ${BILLING.graceDays} days while we try again; after that sending pauses until the payment goes through.`,
        `Update your payment method on the Billing page: ${deps.config.publicUrl}/settings/billing/subscriptions`,
      ].join('\n'),
      locationId,
    });
  }
}

/** Handles one recorded event once: claimed first, so two workers (or a redelivery) never both act. */
export async function handleStripeEvent(deps: AppDeps & { log: Log }, eventId: string) {
  const claimed = await deps.db.stripeEvent.updateMany({ where: { id: eventId, processedAt: null }, data: { processedAt: new Date() } });
  if (claimed.count === 0) return;
  const event = await deps.db.stripeEvent.findUniqueOrThrow({ where: { id: eventId } });
  try {
    if (!event.subscription) return;
    const sub = await deps.providers.billing.subscription(event.subscription);
    const locationId = await applySubscription(deps, deps.log, sub, event.locationId);
    if (event.type === 'invoice.payment_failed' && locationId) await paymentFailedEmail(deps, locationId);
  } catch (error) {
    // Not done: the job's retry (or the next delivery) tries again.
    await deps.db.stripeEvent.update({ where: { id: eventId }, data: { processedAt: null } });
    throw error;
  }
}

export const stripeEventJob = defineJob({
  name: 'billing.stripe-event',
  payload: z.object({ eventId: z.string().min(1).max(255) }),
  handler: (payload, deps) => handleStripeEvent(deps, payload.eventId),
  retryLimit: 5,
  retryDelaySeconds: 30,
});
