import type { BillingTerm } from '@kudo/shared';

/** One line of an order: the plan, an add-on, or an add-on's one-time setup fee. */
export interface OrderLine {
  kind: 'plan' | 'addon' | 'setup';
  /** The plan's or the add-on's code. */
  code: string;
  name: string;
  amountCents: number;
  /** The provider's own price, when the catalog names one; otherwise the amount is sent. */
  stripePriceId: string | null;
}

export interface CheckoutRequest {
  locationId: number;
  locationName: string;
  userId: number;
  email: string;
  /** The provider's customer of this location, when it has one already. */
  customerId: string | null;
  term: BillingTerm;
  planCode: string | null;
  addons: string[];
  lines: OrderLine[];
  /** Absolute addresses the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
}

/** A subscription as the provider holds it now, in the product's terms. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The provider's status (active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused). */
  status: string;
  term: BillingTerm;
  planCode: string | null;
  addons: string[];
  currentPeriodEnd: Date | null;
  /** The location named in the subscription's metadata. */
  locationId: number | null;
}

/** A webhook event, checked and reduced to what the product handles. */
export interface ProviderEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  locationId: number | null;
}

/** The payment provider: Stripe, or the built-in checkout page. */
export interface BillingProvider {
  readonly kind: 'local' | 'stripe';
  /** Where the browser goes to pay for the order (an absolute URL, or an address of the app). */
  checkout(request: CheckoutRequest): Promise<{ url: string; customerId: string | null }>;
  /** The provider's portal for a customer; `paymentMethod` opens its payment method page. */
  portal(customerId: string, returnUrl: string, paymentMethod?: boolean): Promise<string>;
  /** Reads a subscription from the provider (never from the event that mentioned it). */
  subscription(id: string): Promise<ProviderSubscription>;
  /** Ends a subscription at once (one replaced by a newer checkout). */
  cancel(subscriptionId: string): Promise<void>;
  /** Checks a webhook's signature over its raw body; throws when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string): ProviderEvent;
}

export class BillingProviderError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'BillingProviderError';
  }
}
