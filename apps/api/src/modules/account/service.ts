import type { LocationItem, Profile, UpgradeRequestType } from '@kudo/shared';
import { MSG, PRODUCT } from '@kudo/shared';
import type { LocationCtx, UserCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Location, Membership } from '../../generated/prisma/client.js';

const DAY = 24 * 60 * 60 * 1000;

/** Days of trial left, counted in whole days and never below zero. */
export function trialDaysLeft(trialEndsAt: Date | null, now = new Date()): number {
  if (!trialEndsAt) return 0;
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY));
}

/** Loads a location with what its list item needs besides its own columns. */
const withGoogle = {
  socialConnections: { where: { provider: 'google', status: 'connected' }, select: { id: true } },
} as const;

type LocationWithGoogle = Location & { socialConnections: { id: number }[] };

export function toLocationItem(location: LocationWithGoogle, membership?: Pick<Membership, 'lastSelectedAt'>): LocationItem {
  return {
    location_id: location.id,
    name: location.name,
    address: [location.addressLine1, location.addressLine2],
    free_trial: location.freeTrial,
    free_trial_type: location.freeTrialType,
    free_trial_days: location.freeTrial ? trialDaysLeft(location.trialEndsAt) : 0,
    pcheck_count: location.pcheckCount,
    twilio_verified: location.twilioVerified,
    hs_10dlc: location.hs10dlc,
    enabled_features: location.enabledFeatures.map((name) => ({ name })),
    time_zone: location.timeZone,
    google_connected: location.socialConnections.length > 0,
    last_selected_at: membership?.lastSelectedAt?.toISOString() ?? null,
  };
}

export async function loadLocations(ctx: UserCtx) {
  const memberships = await ctx.db.membership.findMany({
    where: { userId: ctx.session.userId, active: true },
    include: { location: { include: withGoogle } },
    orderBy: { location: { name: 'asc' } },
  });
  if (memberships.length === 0) throw notFound(MSG.couldNotFindLocations);
  const locations = memberships.map((m) => toLocationItem(m.location, m));
  let currentId = ctx.session.location?.locationId ?? null;
  // A user with one location never has to choose it.
  if (currentId === null && memberships.length === 1) {
    currentId = memberships[0]!.locationId;
    await ctx.db.session.update({ where: { id: ctx.session.id }, data: { locationId: currentId } });
  }
  const current = memberships.find((m) => m.locationId === currentId);
  return {
    locations,
    current_location: current ? toLocationItem(current.location, current) : null,
    is_multi_location: memberships.length > 1,
    is_franchise: current?.location.isFranchise ?? false,
  };
}

export async function selectLocation(ctx: UserCtx, locationId: number) {
  const membership = await ctx.db.membership.findUnique({
    where: { userId_locationId: { userId: ctx.session.userId, locationId } },
    include: { location: { include: withGoogle } },
  });
  if (!membership || !membership.active) throw notFound(MSG.locationNotFound);
  const now = new Date();
  await ctx.db.$transaction([
    ctx.db.session.update({ where: { id: ctx.session.id }, data: { locationId } }),
    ctx.db.membership.update({ where: { id: membership.id }, data: { lastSelectedAt: now } }),
  ]);
  return { current_location: toLocationItem(membership.location, { lastSelectedAt: now }) };
}

export function loadLocationUser(ctx: LocationCtx) {
  const l = ctx.location;
  return {
    location: {
      location_id: l.locationId,
      permissions: l.permissions,
      role: { name: l.role },
      access_type: l.accessType,
      kudoAccountId: l.accountId,
    },
    impersonated: ctx.session.impersonatorId !== null,
  };
}

export async function loadIdentity(ctx: UserCtx) {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.session.userId } });
  return {
    id: user.id,
    username: user.email,
    created: user.createdAt.toISOString(),
    metadata: { profile: { name: { first: user.firstName, last: user.lastName }, profilePic: user.profilePic } },
  };
}

const toProfile = (u: { firstName: string; lastName: string; email: string; phone: string }): Profile => ({
  name: { first: u.firstName, last: u.lastName },
  contact: { email: u.email, phoneNumber: u.phone },
});

export async function loadProfile(ctx: UserCtx): Promise<Profile> {
  return toProfile(await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.session.userId } }));
}

export async function saveProfile(
  ctx: UserCtx,
  input: { name: { first: string; last: string }; contact: { phoneNumber: string } },
): Promise<Profile> {
  const user = await ctx.db.user.update({
    where: { id: ctx.session.userId },
    data: { firstName: input.name.first, lastName: input.name.last, phone: input.contact.phoneNumber },
  });
  return toProfile(user);
}

/** Checks the current password, sets the new one and ends the user's other sessions. */
export async function updatePassword(ctx: UserCtx, input: { currentPassword: string; newPassword: string }) {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.session.userId } });
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw badRequest(MSG.currentPasswordWrong, { currentPassword: MSG.currentPasswordWrong });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.$transaction([
    ctx.db.user.update({ where: { id: user.id }, data: { passwordHash } }),
    ctx.db.session.deleteMany({ where: { userId: user.id, id: { not: ctx.session.id } } }),
  ]);
  await audit(ctx.db, { action: 'password.change', actorUserId: user.id, ip: ctx.ip });
}

export async function crossSell(ctx: LocationCtx) {
  const l = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId } });
  return { enabled: l.crossSellEnabled, external_customer_id: l.crossSellCustomerId };
}

const LEARN_MORE = {
  google: 'https://support.google.com/business/answer/7690269',
  facebook: 'https://www.facebook.com/business/help/1649869308615778',
};

export async function fetchNotifications(ctx: LocationCtx) {
  const locationId = ctx.location.locationId;
  const [expired, refused] = await Promise.all([
    ctx.db.socialConnection.findMany({ where: { locationId, status: 'expired' }, select: { provider: true } }),
    // The review sync records a platform that refuses to share the reviews of a connection that still stands.
    ctx.db.reviewSyncState.findMany({ where: { locationId, errorKind: 'refused' }, select: { platform: true } }),
  ]);
  const has = (p: string) => expired.some((c) => c.provider === p);
  const refuses = (p: string) => refused.some((s) => s.platform === p);
  return {
    gmb_connect: has('google')
      ? {
          error_type: 'GOOGLE_EXPIRED' as const,
          message: 'Your Google Business Profile connection has expired. Reconnect it to keep your reviews in sync.',
          learn_more_url: LEARN_MORE.google,
        }
      : refuses('google')
        ? {
            error_type: 'GOOGLE_REVIEWS_REFUSED' as const,
            message: MSG.googleReviewsRefused,
            learn_more_url: LEARN_MORE.google,
          }
        : null,
    fb_connect: has('facebook')
      ? {
          error_type: 'FB_EXPIRED' as const,
          message: 'Your Facebook connection has expired. Reconnect it to keep your reviews in sync.',
          learn_more_url: LEARN_MORE.facebook,
        }
      : refuses('facebook')
        ? {
            error_type: 'FB_REVIEWS_REFUSED' as const,
            message: MSG.facebookReviewsRefused,
            learn_more_url: LEARN_MORE.facebook,
          }
        : null,
  };
}

/** Records the request and tells the sales team (or another contact), who follow up by phone or email. */
export async function requestUpgrade(ctx: LocationCtx, type: UpgradeRequestType, to: string = ctx.config.email.salesAddress) {
  const [request, location, user] = await Promise.all([
    ctx.db.upgradeRequest.create({
      data: { locationId: ctx.location.locationId, userId: ctx.session.userId, type },
    }),
    ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId }, include: { account: true } }),
    ctx.db.user.findUniqueOrThrow({ where: { id: ctx.session.userId } }),
  ]);
  const who = `${user.firstName} ${user.lastName}`.trim() || user.email;
  await ctx.providers.email.send({
    to,
    subject: `${PRODUCT.name} upgrade request: ${type} for ${location.name}`,
    text: [
      `${who} <${user.email}>${user.phone ? `, phone ${user.phone}` : ''} asked for an upgrade.`,
      `Type: ${type}`,
      `Account: ${location.account.name} (#${location.accountId})`,
      `Location: ${location.name} (#${location.id})${location.freeTrial ? ', on free trial' : ''}`,
      `Request #${request.id} at ${request.createdAt.toISOString()}`,
    ].join('\n'),
    locationId: location.id,
  });
  return { request_id: request.id };
}
