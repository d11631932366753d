import { z } from 'zod';
import { BILLING_STATUSES, BILLING_TERMS, UPGRADE_REQUEST_TYPES } from '../constants.js';
import { RULES } from '../rules.js';
import { defineEndpoint, defineRawEndpoint } from './define.js';

/** Billing is part of Settings, open to trial users too. */
const billing = { kind: 'location', rule: RULES.settings } as const;

const price = z.object({ id: z.string(), price: z.number().int() });
const prices = z.object({ month: price, year: price });
const addon = z.object({
  product_code: z.string(),
  name: z.string(),
  description: z.string(),
  prices,
  setup: price.nullable(),
});

const subscription = z.object({
  status: z.enum(BILLING_STATUSES),
  term: z.enum(BILLING_TERMS),
  provider: z.enum(['local', 'stripe']),
  plan: z.object({ code: z.string(), name: z.string(), price_id: z.string().nullable() }).nullable(),
  addons: z.array(z.object({ product_code: z.string(), price_id: z.string() })),
  current_period_end: z.string().nullable(),
  trial: z.boolean(),
  free_trial_days: z.number().int(),
  pcheck_count: z.number().int(),
  /** Days left to pay after a failed payment; null when nothing is overdue. */
  grace_days_left: z.number().int().nullable(),
  /** False when the location is read-only for sending. */
  can_send: z.boolean(),
});
export type BillingSubscription = z.infer<typeof subscription>;

export const loadSubscription = defineEndpoint({
  id: 'E099',
  method: 'GET',
  path: '/self-service/subscription',
  summary: "The location's subscription: plan and add-ons with their price ids, term, status, trial and grace.",
  access: billing,
  response: z.object({
    subscription,
    /** E104's address when the location pays through the payment provider; null otherwise. */
    paymentMethodURL: z.string().nullable(),
    is_franchise: z.boolean(),
    /** Whether E101 has a subscription to manage. */
    manageable: z.boolean(),
  }),
});

export const loadPlans = defineEndpoint({
  id: 'E100',
  method: 'GET',
  path: '/self-service/plan',
  summary: 'The plans and add-ons on sale, with month and year prices in cents.',
  access: billing,
  response: z.object({
    /** The account has a custom plan: it asks for upgrades instead of buying. */
    custom_pricing: z.boolean(),
    /** The number to call for a custom quote (Enterprise). */
    sales_phone: z.string(),
    currentPlan: z.string().nullable(),
    plans: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        description: z.string(),
        max_campaign: z.number().int(),
        custom: z.boolean(),
        prices,
        addons: z.array(addon),
      }),
    ),
    addons: z.array(addon),
  }),
});

export const manageSubscription = defineEndpoint({
  id: 'E101',
  method: 'GET',
  path: '/self-service/manage-subscription',
  summary: "Where the location manages its subscription (the payment provider's portal).",
  access: billing,
  response: z.object({ url: z.string() }),
});

export const paymentLink = defineEndpoint({
  id: 'E102',
  method: 'POST',
  path: '/self-service/payment-link',
  summary: 'Starts a checkout of a plan and add-ons of one term; the browser then goes to the url.',
  access: billing,
  body: z.object({
    plan_price_id: z.string().max(100).nullable().optional(),
    addon_price_ids: z.array(z.string().max(100)).max(10).default([]),
  }),
  response: z.object({ url: z.string() }),
});

export const requestUpgrade = defineEndpoint({
  id: 'E103',
  method: 'POST',
  path: '/self-service/request-upgrade',
  summary: "A custom-plan account asks for an upgrade; recorded and emailed to the account's success contact.",
  access: billing,
  body: z.object({ type: z.enum(UPGRADE_REQUEST_TYPES) }),
  response: z.object({ request_id: z.number().int() }),
});

export const paymentMethod = defineRawEndpoint({
  id: 'E104',
  method: 'GET',
  path: '/self-service/payment-method',
  summary: "Sends the browser to the payment provider's page for the location's payment method.",
  access: billing,
  produces: { 'text/plain': z.string().meta({ description: 'Empty (303 to the payment provider).' }) },
});

const order = z.object({
  id: z.string(),
  term: z.enum(BILLING_TERMS),
  location_name: z.string(),
  lines: z.array(z.object({ label: z.string(), kind: z.enum(['plan', 'addon', 'setup']), price: z.number().int() })),
  total: z.number().int(),
  expires_at: z.string(),
  confirmed: z.boolean(),
});

/** The built-in provider's checkout page reads its order here… */
export const loadCheckout = defineEndpoint({
  id: 'billing-checkout-load',
  method: 'GET',
  path: '/self-service/checkout/:id',
  summary: 'An order of the built-in checkout (built-in payment provider only).',
  access: billing,
  params: z.object({ id: z.string().max(64) }),
  response: z.object({ order }),
});

/** …and confirms it, which changes the location's subscription. */
export const confirmCheckout = defineEndpoint({
  id: 'billing-checkout-confirm',
  method: 'POST',
  path: '/self-service/checkout/:id/confirm',
  summary: 'Confirms an order of the built-in checkout: the plan and add-ons take effect at once.',
  access: billing,
  params: z.object({ id: z.string().max(64) }),
  response: z.object({ url: z.string() }),
});

/** The built-in provider's manage page cancels here (Stripe's portal does it there). */
export const cancelSubscription = defineEndpoint({
  id: 'billing-cancel',
  method: 'POST',
  path: '/self-service/subscription/cancel',
  summary: 'Cancels the subscription at once (built-in payment provider only).',
  access: billing,
  response: z.object({ subscription }),
});

/** Stripe's events: the raw body is checked against the Stripe-Signature header. */
export const stripeWebhook = defineRawEndpoint({
  id: 'stripe-webhook',
  method: 'POST',
  path: '/webhooks/stripe',
  summary: "Stripe's subscription and payment events (Stripe only); each event is handled once.",
  access: { kind: 'public' },
  produces: { 'application/json': z.object({ received: z.boolean() }) },
});

