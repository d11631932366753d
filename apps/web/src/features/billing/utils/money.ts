import type { BillingTerm } from '@kudo/shared';

/** Cents as dollars: whole amounts without decimals ($99), others with two ($1,009.80). */
export function money(cents: number): string {
  const dollars = cents / 100;
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2 });
}

export const per = (term: BillingTerm) => (term === 'month' ? '/month' : '/year');

/** Add-on codes as the upgrade request names them. */
export const REQUEST_TYPE = {
  kudoPro: 'two-way-messaging',
  'web-chat': 'chat-widget',
  'contact-card': 'contact-card',
  'employee-rewards': 'employee-rewards',
} as const;
