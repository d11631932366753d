import { MSG, PRODUCT, type BillingSubscription, type BillingTerm, type EndpointRequest, type billingApi } from '@kudo/shared';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { daysUntil, ENTITLEMENT_SELECT, entitlementsOf } from '../../lib/entitlements.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { BillingProviderError, type OrderLine } from '../../providers/billing/index.js';
import { requestUpgrade as recordUpgradeRequest } from '../account/index.js';
import {
  addonPrice,
  addonPriceId,
  addonStripePrice,
  loadCatalog,
  parsePriceId,
  planPrice,
  planPriceId,
  planStripePrice,
  termPrices,
  toAddonItem,
} from './catalog.js';

const DAY = 24 * 60 * 60 * 1000;
export const BILLING_PAGE = '/settings/billing/subscriptions';
export const SUCCESS_PAGE = `${BILLING_PAGE}?status=success`;


/** The location with what billing needs: its trial fields, its subscription record and its plan. */
async function billingOf(deps: AppDeps, locationId: number) {
  const location = await deps.db.location.findUniqueOrThrow({
    where: { id: locationId },
    select: { ...ENTITLEMENT_SELECT, name: true, isFranchise: true, pcheckCount: true, accountId: true, subscription: true },
  });
  return { location, record: location.subscription, entitled: entitlementsOf(location, location.subscription) };
}

type Billing = Awaited<ReturnType<typeof billingOf>>;

function toSubscription({ location, record, entitled }: Billing): BillingSubscription {
  const term = entitled.term;
  return {
    status: entitled.status,
    term,
    provider: record?.provider === 'stripe' ? 'stripe' : 'local',
    plan: entitled.planCode
      ? { code: entitled.planCode, name: entitled.planCode, price_id: entitled.trialing ? null : planPriceId(entitled.planCode, term) }
      : null,
    addons: entitled.addons.map((code) => ({ product_code: code, price_id: addonPriceId(code, term) })),
    current_period_end: record?.currentPeriodEnd?.toISOString() ?? null,
    trial: entitled.trialing,
    free_trial_days: entitled.trialing ? daysUntil(entitled.trialEndsAt) : 0,
    pcheck_count: location.pcheckCount,
    grace_days_left: record?.status === 'past_due' ? daysUntil(entitled.graceEndsAt) : null,
    can_send: entitled.canSend,
  };
}

/** E099 */
export async function loadSubscription(ctx: LocationCtx) {
  const billing = await billingOf(ctx, ctx.location.locationId);
  const subscription = toSubscription(billing);
  const plan = billing.entitled.planCode ? await ctx.db.plan.findUnique({ where: { code: billing.entitled.planCode } }) : null;
  if (subscription.plan && plan) subscription.plan.name = plan.name;
  const stripeCustomer = billing.record?.provider === 'stripe' ? billing.record.stripeCustomerId : null;
  return {
    subscription,
    paymentMethodURL: stripeCustomer && !billing.location.isFranchise ? '/api/self-service/payment-method' : null,
    is_franchise: billing.location.isFranchise,
    manageable: billing.record !== null && (billing.record.status === 'active' || billing.record.status === 'past_due'),
  };
}

/** E100 */
export async function loadPlans(ctx: LocationCtx) {
  const [{ plans, addons }, billing] = await Promise.all([loadCatalog(ctx.db), billingOf(ctx, ctx.location.locationId)]);
  const current = plans.find((p) => p.code === billing.entitled.planCode);
  const addonItems = addons.map(toAddonItem);
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.location.accountId }, select: { salesPhone: true } });
  return {
    custom_pricing: current?.customPricing === true && !billing.entitled.trialing,
    sales_phone: account.salesPhone ?? ctx.config.sms.supportPhone,
    currentPlan: billing.entitled.trialing ? null : (current?.code ?? null),
    plans: plans
      .filter((p) => p.selectable)
      .map((p) => ({
        code: p.code,
        name: p.name,
        description: p.description,
        max_campaign: p.maxCampaign,
        custom: p.customPricing,
        prices: termPrices((term) => planPriceId(p.code, term), p),
        addons: addonItems,
      })),
    addons: addonItems,
  };
}

/** An order checked against the catalog and the location's subscription: what it will have once paid. */
async function buildOrder(ctx: LocationCtx, body: EndpointRequest<typeof billingApi.paymentLink>['body']) {
  const wanted = [...(body.plan_price_id ? [body.plan_price_id] : []), ...body.addon_price_ids];
  if (wanted.length === 0) throw badRequest(MSG.billingEmptyOrder, { plan_price_id: MSG.billingEmptyOrder });
  const parsed = wanted.map(parsePriceId);
  if (parsed.some((p) => p === null)) throw badRequest(MSG.billingUnknownPrice, { addon_price_ids: MSG.billingUnknownPrice });
  const prices = parsed as NonNullable<(typeof parsed)[number]>[];
  const planPart = body.plan_price_id ? prices[0]! : null;
  if (planPart && planPart.kind !== 'plan') throw badRequest(MSG.billingUnknownPrice, { plan_price_id: MSG.billingUnknownPrice });
  const addonParts = planPart ? prices.slice(1) : prices;
  if (addonParts.some((p) => p.kind !== 'addon')) throw badRequest(MSG.billingUnknownPrice, { addon_price_ids: MSG.billingUnknownPrice });
  const term: BillingTerm = prices[0]!.term;
  if (prices.some((p) => p.term !== term)) throw badRequest(MSG.billingMixedTerms, { addon_price_ids: MSG.billingMixedTerms });
  if (new Set(addonParts.map((p) => p.code)).size !== addonParts.length) throw badRequest(MSG.billingAddonTwice, { addon_price_ids: MSG.billingAddonTwice });

  const [{ plans, addons }, billing] = await Promise.all([loadCatalog(ctx.db), billingOf(ctx, ctx.location.locationId)]);
  const current = plans.find((p) => p.code === billing.entitled.planCode);
  if (current?.customPricing && !billing.entitled.trialing) throw conflict(MSG.billingCustomPlan);
  const plan = planPart ? plans.find((p) => p.code === planPart.code && p.selectable) : undefined;
  if (planPart && (!plan || plan.customPricing)) throw badRequest(MSG.billingUnknownPrice, { plan_price_id: MSG.billingUnknownPrice });
  const chosenAddons = addonParts.map((p) => addons.find((a) => a.code === p.code));
  if (chosenAddons.some((a) => !a)) throw badRequest(MSG.billingUnknownPrice, { addon_price_ids: MSG.billingUnknownPrice });

  // A location paying already keeps what it has; one on trial (or canceled) starts from nothing and needs a plan.
  const paying = billing.entitled.status === 'active' || billing.entitled.status === 'past_due';
  const keptPlan = paying && current && current.selectable && !current.customPricing ? current : undefined;
  const finalPlan = plan ?? keptPlan;
  if (!finalPlan) throw badRequest(MSG.billingPlanRequired, { plan_price_id: MSG.billingPlanRequired });
  const owned = paying ? billing.entitled.addons : [];
  const finalAddons = addons.filter((a) => owned.includes(a.code as never) || chosenAddons.some((c) => c!.code === a.code));
  if (paying && finalPlan.code === current?.code && term === billing.entitled.term && finalAddons.every((a) => owned.includes(a.code as never))) {
    throw badRequest(MSG.billingNothingNew);
  }

  const lines: OrderLine[] = [
    { kind: 'plan', code: finalPlan.code, name: `${PRODUCT.name} ${finalPlan.name}`, amountCents: planPrice(finalPlan, term), stripePriceId: planStripePrice(finalPlan, term) },
    ...finalAddons.map((a) => ({ kind: 'addon' as const, code: a.code, name: a.name, amountCents: addonPrice(a, term), stripePriceId: addonStripePrice(a, term) })),
    ...finalAddons
      .filter((a) => a.setupPriceCents && !owned.includes(a.code as never))
      .map((a) => ({ kind: 'setup' as const, code: a.code, name: `${a.name} setup`, amountCents: a.setupPriceCents!, stripePriceId: a.stripeSetupPriceId })),
  ];
  return { billing, term, plan: finalPlan, addons: finalAddons.map((a) => a.code).sort(), lines };
}

const providerFailed = (log: Log, error: unknown): never => {
  if (error instanceof BillingProviderError) {
    log.warn({ err: error.cause ?? error }, 'payment provider call failed');
    throw new AppError(502, MSG.billingProviderUnavailable);
  }
  throw error;
};

/** E102: the checkout of the order at the active provider. */
export async function paymentLink(ctx: LocationCtx, body: EndpointRequest<typeof billingApi.paymentLink>['body']) {
  const order = await buildOrder(ctx, body);
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.session.userId }, select: { email: true } });
  const base = ctx.config.publicUrl;
  try {
    const { url, customerId } = await ctx.providers.billing.checkout({
      locationId: ctx.location.locationId,
      locationName: order.billing.location.name,
      userId: ctx.session.userId,
      email: user.email,
      customerId: order.billing.record?.stripeCustomerId ?? null,
      term: order.term,
      planCode: order.plan.code,
      addons: order.addons,
      lines: order.lines,
      successUrl: `${base}${SUCCESS_PAGE}`,
      cancelUrl: `${base}${BILLING_PAGE}`,
    });
    if (customerId && customerId !== order.billing.record?.stripeCustomerId) {
      // The customer is kept at once, so a second checkout reuses it; the status waits for the webhook.
      const status = order.billing.entitled.status;
      await ctx.db.subscription.upsert({
        where: { locationId: ctx.location.locationId },
        create: { locationId: ctx.location.locationId, status, planCode: order.billing.entitled.planCode, stripeCustomerId: customerId, provider: 'stripe' },
        update: { stripeCustomerId: customerId },
      });
    }
    return { url };
  } catch (error) {
    return providerFailed(ctx.log, error);
  }
}

const localOnly = (ctx: LocationCtx) => {
  if (ctx.providers.billing.kind !== 'local') throw notFound(MSG.billingCheckoutNotFound);
};

async function openCheckout(ctx: LocationCtx, id: string) {
  localOnly(ctx);
  const checkout = await ctx.db.billingCheckout.findFirst({ where: { id, locationId: ctx.location.locationId } });
  if (!checkout || (!checkout.confirmedAt && checkout.expiresAt < new Date())) throw notFound(MSG.billingCheckoutNotFound);
  return checkout;
}

/** The built-in checkout page's order. */
export async function loadCheckout(ctx: LocationCtx, id: string) {
  const checkout = await openCheckout(ctx, id);
  const term = checkout.term === 'month' ? 'month' : 'year';
  const [{ plans, addons }, billing] = await Promise.all([loadCatalog(ctx.db), billingOf(ctx, ctx.location.locationId)]);
  const plan = plans.find((p) => p.code === checkout.planCode);
  const owned = billing.entitled.status === 'active' || billing.entitled.status === 'past_due' ? billing.entitled.addons : [];
  const chosen = addons.filter((a) => checkout.addons.includes(a.code));
  const lines = [
    ...(plan ? [{ label: `${PRODUCT.name} ${plan.name}`, kind: 'plan' as const, price: planPrice(plan, term) }] : []),
    ...chosen.map((a) => ({ label: a.name, kind: 'addon' as const, price: addonPrice(a, term) })),
    ...chosen
      .filter((a) => a.setupPriceCents && (checkout.confirmedAt || !owned.includes(a.code as never)))
      .map((a) => ({ label: `${a.name} setup`, kind: 'setup' as const, price: a.setupPriceCents! })),
  ];
  return {
    order: {
      id: checkout.id,
      term,
      location_name: billing.location.name,
      lines,
      total: checkout.totalCents,
      expires_at: checkout.expiresAt.toISOString(),
      confirmed: checkout.confirmedAt !== null,
    },
  } as const;
}

/** Confirms a built-in order once: the location's subscription changes at once. */
export async function confirmCheckout(ctx: LocationCtx, id: string) {
  const checkout = await openCheckout(ctx, id);
  if (checkout.confirmedAt) return { url: SUCCESS_PAGE };
  const now = new Date();
  await ctx.db.$transaction(async (tx) => {
    const claimed = await tx.billingCheckout.updateMany({ where: { id, confirmedAt: null }, data: { confirmedAt: now } });
    if (claimed.count === 0) return;
    const periodEnd = new Date(now.getTime() + (checkout.term === 'month' ? 30 : 365) * DAY);
    const data = {
      status: 'active',
      planCode: checkout.planCode,
      addons: checkout.addons,
      term: checkout.term,
      currentPeriodEnd: periodEnd,
      pastDueSince: null,
      provider: 'local',
    };
    await tx.subscription.upsert({ where: { locationId: checkout.locationId }, create: { locationId: checkout.locationId, ...data }, update: data });
    await tx.location.update({ where: { id: checkout.locationId }, data: { freeTrial: false } });
  });
  return { url: SUCCESS_PAGE };
}

/** The built-in manage page's Cancel: nothing is deleted, the add-ons and sending stop at once. */
export async function cancelSubscription(ctx: LocationCtx) {
  if (ctx.providers.billing.kind !== 'local') throw notFound(MSG.billingNoSubscription);
  const updated = await ctx.db.subscription.updateMany({
    where: { locationId: ctx.location.locationId, status: { in: ['active', 'past_due'] } },
    data: { status: 'canceled', pastDueSince: null },
  });
  if (updated.count === 0) throw conflict(MSG.billingNoSubscription);
  return { subscription: toSubscription(await billingOf(ctx, ctx.location.locationId)) };
}

/** E101 */
export async function manageSubscription(ctx: LocationCtx) {
  const { record } = await billingOf(ctx, ctx.location.locationId);
  if (ctx.providers.billing.kind === 'stripe') {
    if (!record?.stripeCustomerId) throw conflict(MSG.billingNoSubscription);
    try {
      return { url: await ctx.providers.billing.portal(record.stripeCustomerId, `${ctx.config.publicUrl}${BILLING_PAGE}`) };
    } catch (error) {
      return providerFailed(ctx.log, error);
    }
  }
  if (!record || (record.status !== 'active' && record.status !== 'past_due')) throw conflict(MSG.billingNoSubscription);
  return { url: await ctx.providers.billing.portal('', BILLING_PAGE) };
}

/** E104: the provider's payment method page (Stripe customers of non-franchise locations). */
export async function paymentMethodUrl(ctx: LocationCtx): Promise<string> {
  const { record, location } = await billingOf(ctx, ctx.location.locationId);
  if (ctx.providers.billing.kind !== 'stripe' || !record?.stripeCustomerId || location.isFranchise) throw notFound(MSG.billingNoSubscription);
  try {
    return await ctx.providers.billing.portal(record.stripeCustomerId, `${ctx.config.publicUrl}${BILLING_PAGE}`, true);
  } catch (error) {
    return providerFailed(ctx.log, error);
  }
}

/** E103: recorded, and emailed to the account's success contact (the sales address when it has none). */
export async function requestUpgrade(ctx: LocationCtx, type: EndpointRequest<typeof billingApi.requestUpgrade>['body']['type']) {
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: ctx.location.accountId }, select: { successEmail: true } });
  return recordUpgradeRequest(ctx, type, account.successEmail ?? ctx.config.email.salesAddress);
}

