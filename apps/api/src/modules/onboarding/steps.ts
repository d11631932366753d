// The pulseCheck steps of onboarding and the trial wizard: what they show, the contacts, the send.
import { contactProblem, MSG, type ContactRow } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { audit } from '../../lib/audit.js';
import { trialDaysLeft } from '../account/index.js';
import { logoAllowed } from '../general/index.js';
import { rowsFromSheet, startBulkRows, type BulkRowInput, type UploadedSheet } from '../operate/index.js';

async function defaultCampaign(ctx: LocationCtx) {
  return ctx.db.campaign.findFirst({
    where: { locationId: ctx.location.locationId, deletedAt: null },
    orderBy: [{ isDefault: 'desc' }, { id: 'asc' }],
    select: { uid: true, name: true, image: true },
  });
}

export async function load(ctx: LocationCtx) {
  const locationId = ctx.location.locationId;
  const [location, campaign, user] = await Promise.all([
    ctx.db.location.findUniqueOrThrow({
      where: { id: locationId },
      select: { name: true, freeTrial: true, freeTrialType: true, trialEndsAt: true, pcheckCount: true, navLogoUrl: true, navBkgColor: true },
    }),
    defaultCampaign(ctx),
    ctx.db.user.findUniqueOrThrow({ where: { id: ctx.session.userId }, select: { email: true, phone: true } }),
  ]);
  return {
    location_name: location.name,
    free_trial: location.freeTrial,
    free_trial_type: location.freeTrialType,
    free_trial_days: location.freeTrial ? trialDaysLeft(location.trialEndsAt) : 0,
    pcheck_count: location.pcheckCount,
    campaign: campaign ? { uid: campaign.uid, campaign_uid: campaign.uid, name: campaign.name, image: campaign.image } : null,
    logo_url: location.navLogoUrl,
    nav_bkg_color: location.navBkgColor,
    user_email: user.email,
    user_phone: user.phone,
  };
}

const isLite = (ctx: LocationCtx) => ctx.location.freeTrial && ctx.location.freeTrialType === 'lite';

/** The remaining-pulseChecks rule of a trial (lite trials show no count and are held by the send itself). */
async function checkRemaining(ctx: LocationCtx, entries: number) {
  if (!ctx.location.freeTrial || isLite(ctx)) return;
  const location = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId }, select: { pcheckCount: true } });
  if (entries > location.pcheckCount) throw badRequest(MSG.contactsExceedRemaining, { rows: MSG.contactsExceedRemaining });
}

const toContact = (r: BulkRowInput, cells: string[]): ContactRow => ({
  first_name: (cells[0] ?? '').trim(),
  last_name: (cells[1] ?? '').trim(),
  address: r.address,
  phone: r.phone,
  email: r.email,
});

/** The contacts of an uploaded sheet, each with its problem; the remaining-pulseChecks rule applies to them all. */
export async function readContacts(ctx: LocationCtx, upload: UploadedSheet) {
  const rows = rowsFromSheet(upload.rows);
  if (rows.length === 0) throw badRequest(MSG.contactsRequired);
  await checkRemaining(ctx, rows.length);
  return {
    rows: rows.map((r) => {
      const contact = toContact(r, upload.rows[r.rowNumber - 1] ?? []);
      return { ...contact, error: contactProblem(contact) };
    }),
  };
}

/**
 * Sends a pulseCheck to each contact from the location's default campaign through the bulk send: rows without
 * a valid phone or email are recorded with their message and not sent.
 */
export async function sendContacts(ctx: LocationCtx, contacts: ContactRow[]) {
  await checkRemaining(ctx, contacts.length);
  const campaign = await defaultCampaign(ctx);
  if (!campaign) throw conflict(MSG.onboardingNoCampaign);
  const lite = isLite(ctx);
  const rows: BulkRowInput[] = contacts.map((c, i) => {
    // A lite trial sends by email only: its contacts carry no phone or address.
    const contact = lite ? { ...c, phone: '', address: '' } : c;
    const problem = contactProblem(contact);
    return {
      rowNumber: i + 1,
      name: `${contact.first_name.trim()} ${contact.last_name.trim()}`.trim().slice(0, 100),
      address: contact.address.trim().slice(0, 255),
      phone: contact.phone.trim().replace(/\D+/g, '').replace(/^1(?=\d{10}$)/, ''),
      email: contact.email.trim().toLowerCase(),
      valid: problem === null,
    };
  });
  return startBulkRows(ctx, { kind: 'pcheck', campaignUid: campaign.uid, fileName: 'Onboarding contacts', rows, invalidMessage: MSG.contactsRowInvalid });
}

/** The preview step's logo: the same rule and field as Logo & Color. */
export async function saveLogo(ctx: LocationCtx, logo: string | null) {
  if (logo !== null && !logoAllowed(logo, (u) => ctx.providers.images.owns(u))) throw badRequest(MSG.validLogo, { logo: MSG.validLogo });
  const location = await ctx.db.location.update({ where: { id: ctx.location.locationId }, data: { navLogoUrl: logo }, select: { navLogoUrl: true } });
  await audit(ctx.db, { action: 'branding.logo', actorUserId: ctx.session.userId, accountId: ctx.location.accountId, locationId: ctx.location.locationId });
  return { logo_url: location.navLogoUrl };
}
