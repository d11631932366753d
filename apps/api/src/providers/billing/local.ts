import { randomBytes } from 'node:crypto';
import { BILLING } from '@kudo/shared';
import type { Db } from '../../lib/db.js';
import { BillingProviderError, type BillingProvider } from './types.js';

/** The built-in checkout page's address in the app. */
export const localCheckoutPath = (id: string) => `/billing/checkout/${id}`;
export const LOCAL_MANAGE_PATH = '/billing/manage';

/**
 * The built-in provider: no credentials, no money. An order is kept for the app's own checkout page,
 * which shows it and confirms it; confirming changes the location's subscription for real.
 */
export function localBillingProvider(db: Db): BillingProvider {
  return {
    kind: 'local',
    async checkout(request) {
      const id = randomBytes(18).toString('base64url');
      await db.billingCheckout.create({
        data: {
          id,
          locationId: request.locationId,
          userId: request.userId,
          planCode: request.planCode,
          addons: request.addons,
          term: request.term,
          totalCents: request.lines.reduce((sum, l) => sum + l.amountCents, 0),
          expiresAt: new Date(Date.now() + BILLING.checkoutMinutes * 60_000),
        },
      });
      return { url: localCheckoutPath(id), customerId: null };
    },
    async portal() {
      return LOCAL_MANAGE_PATH;
    },
    subscription() {
      return Promise.reject(new BillingProviderError('The built-in provider keeps no outside subscriptions.'));
    },
    async cancel() {},
    verifyEvent() {
      throw new BillingProviderError('The built-in provider sends no webhooks.');
    },
  };
}
