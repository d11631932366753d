// The business details US carriers need to register a location's texting (10DLC), kept for that registration.
import type { CarrierRegistrationData } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import type { CarrierRegistration } from '../../generated/prisma/client.js';

const view = (r: CarrierRegistration) => ({
  legal_name: r.legalName,
  business_type: r.businessType,
  ein: r.ein,
  website: r.website,
  contact_first_name: r.contactFirstName,
  contact_last_name: r.contactLastName,
  contact_email: r.contactEmail,
  contact_phone: r.contactPhone,
});

async function twilioVerified(ctx: LocationCtx) {
  const location = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId }, select: { twilioVerified: true } });
  return location.twilioVerified;
}

export async function loadRegistration(ctx: LocationCtx) {
  const row = await ctx.db.carrierRegistration.findUnique({ where: { locationId: ctx.location.locationId } });
  return { registration: row ? view(row) : null, twilio_verified: await twilioVerified(ctx) };
}

export async function saveRegistration(ctx: LocationCtx, input: CarrierRegistrationData) {
  const locationId = ctx.location.locationId;
  const data = {
    legalName: input.legal_name,
    businessType: input.business_type,
    // A sole proprietorship registers without an EIN.
    ein: input.business_type === 'sole_proprietorship' ? '' : input.ein,
    website: input.website,
    contactFirstName: input.contact_first_name,
    contactLastName: input.contact_last_name,
    contactEmail: input.contact_email,
    contactPhone: input.contact_phone,
    updatedById: ctx.session.userId,
  };
  const row = await ctx.db.carrierRegistration.upsert({ where: { locationId }, create: { locationId, ...data }, update: data });
  return { registration: view(row), twilio_verified: await twilioVerified(ctx) };
}
