import { APP_CODES, MSG, toE164 } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { recordConsent } from '../../lib/consent.js';
import { forbidden } from '../../lib/errors.js';

export interface ConsentInput {
  app_code: 'HS' | 'CNXN';
  phone: string;
  email: string;
  name: string;
  source: 'form' | 'bulk';
}

/**
 * Records a customer's consent from the Communication Consent forms: HS covers bios and pulseChecks
 * (phone and/or email), CNXN covers text conversations (phone). Every change keeps who made it and how.
 */
export async function changeConsent(ctx: LocationCtx, input: ConsentInput, action: 'opt_in' | 'opt_out'): Promise<string> {
  if (ctx.location.freeTrial) throw forbidden();
  const scope = APP_CODES[input.app_code];
  const base = {
    locationId: ctx.location.locationId,
    scope,
    action,
    source: input.source === 'bulk' ? 'bulk' : 'dashboard',
    userId: ctx.session.userId,
    detail: input.name ? `name: ${input.name}` : null,
  } as const;
  if (input.phone) await recordConsent(ctx.db, { ...base, channel: 'sms', address: input.phone });
  if (input.email && input.app_code === 'HS') await recordConsent(ctx.db, { ...base, channel: 'email', address: input.email });
  if (input.phone && input.name) {
    // Remember the name for the next lookup of this number.
    const phone = toE164(input.phone)!;
    const locationId = ctx.location.locationId;
    const existing = await ctx.db.customer.findUnique({ where: { locationId_phone: { locationId, phone } } });
    if (existing) await ctx.db.customer.update({ where: { id: existing.id }, data: { name: input.name } });
    else await ctx.db.customer.create({ data: { locationId, phone, name: input.name } });
  }
  return action === 'opt_in' ? MSG.optedIn : MSG.optedOut;
}
