import { MSG, type CompanyDetails } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import type { Location } from '../../generated/prisma/client.js';

const toBranding = (l: Pick<Location, 'navBkgColor' | 'navLogoUrl'>) => ({ navBkgColor: l.navBkgColor, navLogoUrl: l.navLogoUrl });

const toCompany = (l: Location): CompanyDetails => ({
  companyName: l.companyName,
  companyAddress: l.companyAddress,
  companyCity: l.companyCity,
  companyState: l.companyState,
  companyCountry: l.companyCountry,
  companyZipcode: l.companyZipcode,
  companyPhoneNumber: l.companyPhoneNumber,
  companyWebUrl: l.companyWebUrl,
});

export async function loadBranding(ctx: LocationCtx) {
  const l = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId } });
  return { ...toBranding(l), ...toCompany(l) };
}

export async function currentBranding(ctx: LocationCtx) {
  const l = await ctx.db.location.findUniqueOrThrow({
    where: { id: ctx.location.locationId },
    select: { navBkgColor: true, navLogoUrl: true },
  });
  return toBranding(l);
}

/**
 * A logo must be an image of our own host (an upload through E038) or a secure address elsewhere:
 * plain-http addresses of other hosts would show a broken or insecure image in the menu bar.
 */
export function logoAllowed(url: string, owns: (url: string) => boolean): boolean {
  if (owns(url)) return true;
  if (url.startsWith('/')) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

export async function saveBranding(ctx: LocationCtx, input: { color: string; logo: string | null }) {
  if (input.logo !== null && !logoAllowed(input.logo, (u) => ctx.providers.images.owns(u))) {
    throw badRequest(MSG.validLogo, { logo: MSG.validLogo });
  }
  const l = await ctx.db.location.update({
    where: { id: ctx.location.locationId },
    data: { navBkgColor: input.color, navLogoUrl: input.logo },
    select: { navBkgColor: true, navLogoUrl: true },
  });
  await audit(ctx.db, {
    action: 'branding.save',
    actorUserId: ctx.session.userId,
    accountId: ctx.location.accountId,
    locationId: ctx.location.locationId,
    ip: ctx.ip,
  });
  return toBranding(l);
}

export async function saveCompanyDetails(
  ctx: LocationCtx,
  input: { name: string; address: string; city: string; state: string; country: string; zip: string; phone: string; website: string },
) {
  const l = await ctx.db.location.update({
    where: { id: ctx.location.locationId },
    data: {
      companyName: input.name,
      companyAddress: input.address,
      companyCity: input.city,
      companyState: input.state,
      companyCountry: input.country,
      companyZipcode: input.zip,
      companyPhoneNumber: input.phone,
      companyWebUrl: input.website,
    },
  });
  return toCompany(l);
}
