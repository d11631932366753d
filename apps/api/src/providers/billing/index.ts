import type { Config } from '../../config.js';
import type { Db } from '../../lib/db.js';
import { localBillingProvider } from './local.js';
import { stripeBillingProvider } from './stripe.js';
import type { BillingProvider } from './types.js';

export type { BillingProvider, CheckoutRequest, OrderLine, ProviderEvent, ProviderSubscription } from './types.js';
export { BillingProviderError } from './types.js';

/** Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, otherwise the built-in checkout page. */
export function createBillingProvider(config: Config, db: Db): BillingProvider {
  const stripe = config.billing.stripe;
  if (!stripe) return localBillingProvider(db);
  return stripeBillingProvider({
    ...stripe,
    priceCodes: async () => {
      const [plans, addons] = await Promise.all([db.plan.findMany(), db.addon.findMany()]);
      const known = new Map<string, { kind: 'plan' | 'addon'; code: string }>();
      for (const p of plans) for (const id of [p.stripeMonthlyPriceId, p.stripeYearlyPriceId]) if (id) known.set(id, { kind: 'plan', code: p.code });
      for (const a of addons) for (const id of [a.stripeMonthlyPriceId, a.stripeYearlyPriceId]) if (id) known.set(id, { kind: 'addon', code: a.code });
      return known;
    },
  });
}
