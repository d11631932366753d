// Sign-up: the email check, Google connect before the account exists, the map search, and the account itself.
import { MSG, ONBOARDING_LIMITS, PRODUCT, type EndpointRequest, type GoogleGrant, type onboardingApi, type PlaceItem } from '@kudo/shared';
import type { PublicCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import type { Prisma } from '../../lib/db.js';
import { AppError, badRequest, conflict, tooManyRequests } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { hit } from '../../lib/rate-limit.js';
import { newToken } from '../../lib/tokens.js';
import type { GbpLocation } from '../../providers/google/types.js';
import { isProviderError } from '../../providers/social-errors.js';
import { newCampaignUid } from '../campaigns/index.js';
import { issueEmailVerification, type StartSession } from '../session/index.js';
import { storePlace, syncConnection, toPlaceItem } from '../social/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long a sealed Google sign-in may wait for the sign-up. */
const GRANT_TTL_MS = HOUR;
/** The state of an onboarding sign-in starts with this, so that its callback page returns to onboarding. */
export const ONBOARDING_STATE_PREFIX = 'onb.';

type SignupBody = EndpointRequest<typeof onboardingApi.signup>['body'];

const unavailable = (message: string) => new AppError(503, message);

async function limit(ctx: PublicCtx, key: string, max: number, windowMs: number) {
  const { count } = await hit(ctx.db, key, windowMs);
  if (count > max) throw tooManyRequests();
}

/** Step 0's check: an email with a user gets the message to log in; one that already had a trial is refused. */
export async function validateEmail(ctx: PublicCtx, email: string) {
  await limit(ctx, `signup-check:ip:${ctx.ip}`, ONBOARDING_LIMITS.emailChecksPerIpPerHour, HOUR);
  const user = await ctx.db.user.findUnique({ where: { email }, select: { id: true } });
  if (user) return { data: { email_exists: true }, message: MSG.signupEmailExists };
  const claim = await ctx.db.trialClaim.findUnique({ where: { kind_value: { kind: 'email', value: email } }, select: { id: true } });
  if (claim) throw conflict(MSG.trialEmailUsed);
  return { data: { email_exists: false }, message: null };
}

export function googleAuthUrl(ctx: PublicCtx) {
  const state = `${ONBOARDING_STATE_PREFIX}${newToken()}`;
  return { url: ctx.providers.google.authUrl(state), state };
}

interface SealedGrant {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
  accountId: string;
  accountName: string;
  locations: GbpLocation[];
  sealedAt: number;
}

/**
 * Google connect before the account exists: the code is exchanged and the profile's locations listed. The tokens
 * go back sealed (encrypted and authenticated with the server's key), so the browser holds them without reading
 * them, and the sign-up can trust the locations it chooses from.
 */
export async function validateAuth(ctx: PublicCtx, code: string): Promise<{ data: GoogleGrant; message: string | null }> {
  await limit(ctx, `places:ip:${ctx.ip}`, ONBOARDING_LIMITS.placesPerIpPerMinute, MINUTE);
  let tokens;
  let listing;
  try {
    tokens = await ctx.providers.google.exchangeCode(code);
    listing = await ctx.providers.google.listLocations(tokens.accessToken);
  } catch (error) {
    ctx.log.warn({ err: error }, 'onboarding Google connect failed');
    if (isProviderError(error) && error.kind === 'rejected') throw badRequest(MSG.googleConnectTrouble);
    throw unavailable(MSG.googleConnectTrouble);
  }
  const locations = listing.accountId && Array.isArray(listing.locations) ? listing.locations : [];
  const sealed: SealedGrant = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt ? tokens.expiresAt.toISOString() : null,
    accountId: listing.accountId ?? '',
    accountName: listing.accountName,
    locations,
    sealedAt: Date.now(),
  };
  const data: GoogleGrant = {
    accessToken: encryptSecret(ctx.config, JSON.stringify(sealed)),
    accountId: sealed.accountId,
    refreshToken: null,
    userId: null,
    locations: locations.map((l) => ({ id: l.id, name: l.name, placeId: l.placeId, address: l.address })),
  };
  return { data, message: locations.length === 0 ? MSG.googleNoLocations : null };
}

function unseal(ctx: PublicCtx, sealed: string): SealedGrant {
  let grant: SealedGrant;
  try {
    grant = JSON.parse(decryptSecret(ctx.config, sealed)) as SealedGrant;
  } catch {
    throw badRequest(MSG.googleGrantInvalid, { accessToken: MSG.googleGrantInvalid });
  }
  if (typeof grant.sealedAt !== 'number' || grant.sealedAt + GRANT_TTL_MS < Date.now()) {
    throw badRequest(MSG.googleGrantInvalid, { accessToken: MSG.googleGrantInvalid });
  }
  return grant;
}

export async function searchPlaces(ctx: PublicCtx, q: string) {
  if (!q) return { places: [] };
  await limit(ctx, `places:ip:${ctx.ip}`, ONBOARDING_LIMITS.placesPerIpPerMinute, MINUTE);
  try {
    return { places: (await ctx.providers.places.search(q, { limit: 10 })).map(toPlaceItem) };
  } catch (error) {
    ctx.log.warn({ err: error }, 'onboarding place search failed');
    throw unavailable(MSG.googleUnavailable);
  }
}

async function placeDetails(ctx: PublicCtx, placeId: string): Promise<PlaceItem> {
  let place;
  try {
    place = await ctx.providers.places.details(placeId);
  } catch (error) {
    ctx.log.warn({ err: error }, 'onboarding place details failed');
    throw unavailable(MSG.googleUnavailable);
  }
  if (!place) throw badRequest(MSG.placeNotFound, { placeId: MSG.placeNotFound });
  return toPlaceItem(place);
}

export async function getPlace(ctx: PublicCtx, placeId: string) {
  await limit(ctx, `places:ip:${ctx.ip}`, ONBOARDING_LIMITS.placesPerIpPerMinute, MINUTE);
  return { place: await placeDetails(ctx, placeId) };
}

/** The business the sign-up is for: a Business Profile location of the sealed grant, or a place on the map. */
interface ChosenBusiness {
  source: 'google' | 'places';
  /** The one-trial key: the Google place id, or the Business Profile location id when it has none. */
  placeKey: string;
  place: PlaceItem | null;
  google: { grant: SealedGrant; location: GbpLocation } | null;
}

async function chooseBusiness(ctx: PublicCtx, body: SignupBody): Promise<ChosenBusiness> {
  if (body.locationId !== undefined && body.accessToken !== undefined) {
    const grant = unseal(ctx, body.accessToken);
    const location = grant.locations.find((l) => l.id === body.locationId);
    if (!location) throw badRequest(MSG.googleLocationNotFound, { locationId: MSG.googleLocationNotFound });
    let place: PlaceItem | null = null;
    if (location.placeId) {
      const found = await ctx.providers.places.details(location.placeId).catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'place details for a Business Profile location failed');
        return null;
      });
      const address = [location.address.addressLines.join(', '), location.address.locality, location.address.administrativeArea].filter(Boolean).join(', ');
      place = found ? toPlaceItem(found) : { placeId: location.placeId, name: location.name, address, lat: null, lng: null, rating: null, reviewCount: null };
    }
    return { source: 'google', placeKey: location.placeId ?? location.id, place, google: { grant, location } };
  }
  const place = await placeDetails(ctx, body.placeId!);
  return { source: 'places', placeKey: place.placeId, place, google: null };
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === 'P2002';

/**
 * Creates the account, its first location on a free trial (as the demo trial location has it), the owner, the
 * location's first campaign and its Google profile or place (its first review source) in one transaction, with
 * one free trial per email and per Google place; then emails the verification link and logs the owner in.
 */
export async function signup(ctx: PublicCtx, body: SignupBody, startSession: StartSession) {
  const email = body.businessEmail;
  await limit(ctx, `signup:ip:${ctx.ip}`, ONBOARDING_LIMITS.signupsPerIpPerHour, HOUR);
  await limit(ctx, `signup:email:${email}`, ONBOARDING_LIMITS.signupsPerEmailPerHour, HOUR);

  if (await ctx.db.user.findUnique({ where: { email }, select: { id: true } })) throw conflict(MSG.signupEmailExists);
  const business = await chooseBusiness(ctx, body);
  const claims = await ctx.db.trialClaim.findMany({
    where: { OR: [{ kind: 'email', value: email }, { kind: 'place', value: business.placeKey }] },
    select: { kind: true },
  });
  if (claims.some((c) => c.kind === 'email')) throw conflict(MSG.trialEmailUsed);
  if (claims.length > 0) throw conflict(MSG.trialPlaceUsed);

  const passwordHash = await hashPassword(body.password);
  const type = body.freeTrialType;
  const now = new Date();
  const businessName = body.businessName;

  let created;
  try {
    created = await ctx.db.$transaction(async (tx) => {
      const account = await tx.account.create({ data: { name: businessName } });
      const plan = await tx.plan.findUnique({ where: { code: 'trial' }, select: { code: true } });
      const location = await tx.location.create({
        data: {
          accountId: account.id,
          name: businessName,
          addressLine1: business.place?.address ?? '',
          freeTrial: true,
          freeTrialType: type,
          trialEndsAt: new Date(now.getTime() + 14 * DAY),
          pcheckCount: ONBOARDING_LIMITS.trialPulseChecks[type],
          hs10dlc: true,
          companyName: businessName,
          companyPhoneNumber: body.businessPhone,
          planCode: plan?.code ?? null,
        },
      });
      const user = await tx.user.create({
        data: { email, passwordHash, firstName: body.firstName, lastName: body.lastName, phone: body.businessPhone },
      });
      await tx.membership.create({ data: { userId: user.id, locationId: location.id, role: 'Owner', accessType: 'Account' } });
      await tx.campaign.create({
        data: {
          locationId: location.id,
          uid: newCampaignUid(),
          name: businessName,
          description: `Feedback for ${businessName}`,
          department: 'General',
          image: '',
          isDefault: true,
        },
      });
      await tx.trialClaim.create({ data: { kind: 'email', value: email, locationId: location.id } });
      await tx.trialClaim.create({ data: { kind: 'place', value: business.placeKey, locationId: location.id } });
      await tx.signup.create({
        data: {
          accountId: account.id,
          userId: user.id,
          locationId: location.id,
          marketingOptIn: body.marketingOptIn,
          termsAcceptedAt: now,
          freeTrialType: type,
          businessSource: business.source,
          ip: ctx.ip,
        },
      });
      if (business.google) {
        const { grant, location: gbp } = business.google;
        await tx.googleConnection.create({
          data: {
            locationId: location.id,
            accountId: grant.accountId,
            accountName: grant.accountName,
            status: 'connected',
            accessToken: encryptSecret(ctx.config, grant.accessToken),
            refreshToken: grant.refreshToken ? encryptSecret(ctx.config, grant.refreshToken) : null,
            expiresAt: grant.expiresAt ? new Date(grant.expiresAt) : null,
            locations: grant.locations as unknown as Prisma.InputJsonValue,
            selectedId: gbp.id,
            selectedName: gbp.name,
            selectedPlaceId: gbp.placeId,
            selectedAddress: gbp.address as unknown as Prisma.InputJsonValue,
          },
        });
        await syncConnection(tx, location.id, 'google', { status: 'connected', name: grant.accountName, externalId: grant.accountId });
      }
      if (business.place) await storePlace(tx, location.id, business.place);
      return { account, location, user };
    });
  } catch (error) {
    // Another sign-up with the same email or place won the race: answer as if it had come first.
    if (!isUniqueViolation(error)) throw error;
    if (await ctx.db.user.findUnique({ where: { email }, select: { id: true } })) throw conflict(MSG.signupEmailExists);
    const emailClaimed = await ctx.db.trialClaim.findUnique({ where: { kind_value: { kind: 'email', value: email } }, select: { id: true } });
    throw conflict(emailClaimed ? MSG.trialEmailUsed : MSG.trialPlaceUsed);
  }

  const { account, location, user } = created;
  await audit(ctx.db, { action: 'signup', actorUserId: user.id, accountId: account.id, locationId: location.id, ip: ctx.ip, details: { source: business.source, freeTrialType: type } });
  try {
    await issueEmailVerification(ctx, user, account.id, {
      intro: `Welcome to ${PRODUCT.name}! Confirm your email address to keep access to your account.`,
    });
  } catch (error) {
    // The account stands and its owner is logged in; the failed email is logged for support.
    ctx.log.error({ err: error, userId: user.id }, 'sign-up verification email failed');
  }
  await startSession({ userId: user.id, locationId: location.id, ip: ctx.ip, userAgent: ctx.userAgent });
  return { auth: true as const, user_id: user.id, location_id: location.id, free_trial_type: type };
}
