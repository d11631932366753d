// The business details US carriers need to register a location's texting (10DLC), kept for that registration.
import type { CarrierRegistrationData } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import type { Db } from '../../lib/db.js';
import type { CarrierRegistration } from '../../generated/prisma/client.js';

export const carrierDetailsView = (r: CarrierRegistration) => ({
  legal_name: r.legalName,
  business_type: r.businessType,
  ein: r.ein,
  website: r.website,
  contact_first_name: r.contactFirstName,
  contact_last_name: r.contactLastName,
  contact_email: r.contactEmail,
  contact_phone: r.contactPhone,
  contact_title: r.contactTitle,
  contact_position: r.contactPosition,
  street: r.street,
  city: r.city,
  state: r.state,
  postal_code: r.postalCode,
});

async function twilioVerified(ctx: LocationCtx) {
  const location = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId }, select: { twilioVerified: true } });
  return location.twilioVerified;
}

export async function loadRegistration(ctx: LocationCtx) {
  const row = await ctx.db.carrierRegistration.findUnique({ where: { locationId: ctx.location.locationId } });
  return { registration: row ? carrierDetailsView(row) : null, twilio_verified: await twilioVerified(ctx) };
}

/** Keeps the location's business details (a sole proprietorship without an EIN). */
export async function storeCarrierDetails(db: Db, locationId: number, userId: number, input: CarrierRegistrationData) {
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
    contactTitle: input.contact_title,
    contactPosition: input.contact_position,
    street: input.street,
    city: input.city,
    state: input.state,
    postalCode: input.postal_code,
    updatedById: userId,
  };
  return db.carrierRegistration.upsert({ where: { locationId }, create: { locationId, ...data }, update: data });
}

export async function saveRegistration(ctx: LocationCtx, input: CarrierRegistrationData) {
  const row = await storeCarrierDetails(ctx.db, ctx.location.locationId, ctx.session.userId, input);
  return { registration: carrierDetailsView(row), twilio_verified: await twilioVerified(ctx) };
}
