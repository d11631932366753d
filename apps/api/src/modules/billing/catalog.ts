import type { BillingTerm } from '@kudo/shared';
import type { Db } from '../../lib/db.js';
import type { Addon, Plan } from '../../generated/prisma/client.js';

/** Price ids as the billing page and E102 use them: they name a catalog row and a term, never an amount. */
export const planPriceId = (code: string, term: BillingTerm) => `plan:${code}:${term}`;
export const addonPriceId = (code: string, term: BillingTerm) => `addon:${code}:${term}`;
export const setupPriceId = (code: string) => `addon:${code}:setup`;

export type ParsedPrice = { kind: 'plan' | 'addon'; code: string; term: BillingTerm };

/** A price id back to its row and term; null for anything that is not one of ours. */
export function parsePriceId(id: string): ParsedPrice | null {
  const m = /^(plan|addon):([A-Za-z0-9-]{1,40}):(month|year)$/.exec(id);
  return m ? { kind: m[1] as 'plan' | 'addon', code: m[2]!, term: m[3] as BillingTerm } : null;
}

export const planPrice = (plan: Plan, term: BillingTerm) => (term === 'month' ? plan.monthlyPriceCents : plan.yearlyPriceCents);
export const addonPrice = (addon: Addon, term: BillingTerm) => (term === 'month' ? addon.monthlyPriceCents : addon.yearlyPriceCents);
export const planStripePrice = (plan: Plan, term: BillingTerm) => (term === 'month' ? plan.stripeMonthlyPriceId : plan.stripeYearlyPriceId);
export const addonStripePrice = (addon: Addon, term: BillingTerm) => (term === 'month' ? addon.stripeMonthlyPriceId : addon.stripeYearlyPriceId);

/** What is on sale now, read from the tables (staff change prices there without a deploy). */
export async function loadCatalog(db: Db) {
  const [plans, addons] = await Promise.all([
    db.plan.findMany({ orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }] }),
    db.addon.findMany({ where: { selectable: true }, orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }] }),
  ]);
  return { plans, addons };
}

/** A row's prices keyed by term, each with its price id. */
export const termPrices = (idOf: (term: BillingTerm) => string, row: { monthlyPriceCents: number; yearlyPriceCents: number }) => ({
  month: { id: idOf('month'), price: row.monthlyPriceCents },
  year: { id: idOf('year'), price: row.yearlyPriceCents },
});

export function toAddonItem(addon: Addon) {
  return {
    product_code: addon.code,
    name: addon.name,
    description: addon.description,
    prices: termPrices((term) => addonPriceId(addon.code, term), addon),
    setup: addon.setupPriceCents ? { id: setupPriceId(addon.code), price: addon.setupPriceCents } : null,
  };
}
