import { hasPermission, MSG, toE164 } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { isOptedOut } from '../../lib/consent.js';
import { forbidden } from '../../lib/errors.js';

export interface KnownContact {
  name: string;
  email: string;
  address_line: string;
  city: string;
  state: string;
}

/** The location's customer with this phone (ten digits), if staff have sent to them before. */
export async function findContact(ctx: LocationCtx, tenDigits: string): Promise<KnownContact | null> {
  const c = await ctx.db.customer.findUnique({
    where: { locationId_phone: { locationId: ctx.location.locationId, phone: toE164(tenDigits)! } },
  });
  return c ? { name: c.name, email: c.email ?? '', address_line: c.addressLine, city: c.city, state: c.state } : null;
}

export async function phoneNumberLookup(ctx: LocationCtx, tenDigits: string) {
  const contact = await findContact(ctx, tenDigits);
  return contact ? { status: 1 as const, message: contact.name, contact } : { status: 0 as const, message: MSG.lookupUnknown, contact: null };
}

export async function lookupPhone(ctx: LocationCtx, tenDigits: string) {
  const contact = await findContact(ctx, tenDigits);
  const optedOut = await isOptedOut(ctx.db, { locationId: ctx.location.locationId, channel: 'sms', address: tenDigits }, 'dispatch');
  return { check: contact !== null, opted_out: optedOut, contact };
}

/** Whether the number may be texted for the app code; either the dispatch or the messaging permission may ask. */
export async function lookupPhoneConsent(ctx: LocationCtx, tenDigits: string, appCode: 'HS' | 'CNXN') {
  const subject = ctx.location;
  const canDispatch = hasPermission(subject, 'dispatch');
  const canMessage = hasPermission(subject, 'twm') && subject.subscriptions.includes('kudoPro');
  if (subject.freeTrial || !(canDispatch || canMessage)) throw forbidden();
  const scope = appCode === 'HS' ? 'dispatch' : 'messaging';
  const optedOut = await isOptedOut(ctx.db, { locationId: subject.locationId, channel: 'sms', address: tenDigits }, scope);
  const contact = await findContact(ctx, tenDigits);
  return { check: !optedOut, contact, reason: optedOut ? MSG.lookupOptedOut : null };
}
