import Stripe from 'stripe';
import type { BillingTerm } from '@kudo/shared';
import { BillingProviderError, type BillingProvider, type OrderLine, type ProviderSubscription } from './types.js';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a test server): host, port and protocol are taken from it. */
  baseUrl?: string;
  /** The catalog's Stripe price ids, to recognise a subscription's items (prices sent as amounts carry the code on their product). */
  priceCodes: () => Promise<Map<string, { kind: 'plan' | 'addon'; code: string }>>;
}

const METADATA_KEY = 'kudo_code';
const KIND_KEY = 'kudo_kind';

export function stripeClient(options: Pick<StripeOptions, 'secretKey' | 'baseUrl'>): Stripe {
  const base = options.baseUrl ? new URL(options.baseUrl) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 0,
    ...(base
      ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
}

const locationOf = (metadata: Record<string, string> | null | undefined): number | null => {
  const id = Number(metadata?.location_id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** Stripe through its official SDK: Checkout in subscription mode, the Billing Portal, and signed webhooks. */
export function stripeBillingProvider(options: StripeOptions): BillingProvider {
  const stripe = stripeClient(options);
  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new BillingProviderError(error instanceof Error ? error.message : 'Stripe failed', error);
    }
  };

  const lineItem = (line: OrderLine, term: BillingTerm) =>
    line.stripePriceId
      ? { price: line.stripePriceId, quantity: 1 }
      : {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: line.amountCents,
            product_data: { name: line.name, metadata: { [METADATA_KEY]: line.code, [KIND_KEY]: line.kind } },
            ...(line.kind === 'setup' ? {} : { recurring: { interval: term } }),
          },
        };

  return {
    kind: 'stripe',
    checkout: (request) =>
      wrap(async () => {
        const metadata = { location_id: String(request.locationId) };
        const customerId =
          request.customerId ??
          (await stripe.customers.create({ email: request.email, name: request.locationName, metadata })).id;
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: String(request.locationId),
          line_items: request.lines.map((line) => lineItem(line, request.term)),
          metadata,
          subscription_data: { metadata },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        });
        if (!session.url) throw new BillingProviderError('Stripe gave no checkout address.');
        return { url: session.url, customerId };
      }),
    portal: (customerId, returnUrl, paymentMethod = false) =>
      wrap(async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          ...(paymentMethod ? { flow_data: { type: 'payment_method_update' as const } } : {}),
        });
        return session.url;
      }),
    subscription: (id) =>
      wrap(async (): Promise<ProviderSubscription> => {
        const sub = await stripe.subscriptions.retrieve(id, { expand: ['items.data.price.product'] });
        const known = await options.priceCodes();
        let planCode: string | null = null;
        const addons: string[] = [];
        let term: BillingTerm = 'year';
        let periodEnd: number | null = null;
        for (const item of sub.items.data) {
          const product = typeof item.price.product === 'object' && item.price.product && !('deleted' in item.price.product && item.price.product.deleted) ? item.price.product : null;
          const meta = product && 'metadata' in product ? product.metadata : {};
          const match = known.get(item.price.id) ?? (meta[METADATA_KEY] ? { kind: meta[KIND_KEY] === 'plan' ? ('plan' as const) : ('addon' as const), code: meta[METADATA_KEY] } : null);
          if (item.price.recurring?.interval === 'month') term = 'month';
          const end = (item as { current_period_end?: number }).current_period_end;
          if (typeof end === 'number') periodEnd = Math.max(periodEnd ?? 0, end);
          if (!match) continue;
          if (match.kind === 'plan') planCode = match.code;
          else if (!addons.includes(match.code)) addons.push(match.code);
        }
        return {
          id: sub.id,
          customerId: idOf(sub.customer) ?? '',
          status: sub.status,
          term,
          planCode,
          addons: addons.sort(),
          currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
          locationId: locationOf(sub.metadata),
        };
      }),
    cancel: (subscriptionId) =>
      wrap(async () => {
        await stripe.subscriptions.cancel(subscriptionId);
      }),
    verifyEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new BillingProviderError('Stripe signature mismatch', error);
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      let subscriptionId: string | null = null;
      if (event.type.startsWith('customer.subscription.')) subscriptionId = idOf(object.id as string);
      else if (event.type === 'checkout.session.completed') subscriptionId = idOf(object.subscription as string | null);
      else if (event.type === 'invoice.payment_failed') {
        const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | null | undefined;
        subscriptionId = idOf(parent?.subscription_details?.subscription ?? (object.subscription as string | null | undefined));
      }
      return { id: event.id, type: event.type, subscriptionId, locationId: locationOf(object.metadata as Record<string, string> | undefined) };
    },
  };
}
