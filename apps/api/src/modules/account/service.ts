import type { LocationItem, Profile, UpgradeRequestType } from '@kudo/shared';
import { MSG, PRODUCT } from '@kudo/shared';
import type { LocationCtx, UserCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { poolOf } from '../../lib/db.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { sessionChanged } from '../../plugins/session.js';

const DAY = 24 * 60 * 60 * 1000;

/** Days of trial left, counted in whole days and never below zero. */
export function trialDaysLeft(trialEndsAt: Date | null, now = new Date()): number {
  if (!trialEndsAt) return 0;
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY));
}

/** A location as its list item needs it, read by the statements below as one JSON value. */
interface LocationRow {
  id: number;
  name: string;
  address_line1: string;
  address_line2: string;
  free_trial: boolean;
  free_trial_type: string | null;
  /** Milliseconds since the epoch, as last_selected_at. */
  trial_ends_at: number | null;
  pcheck_count: number;
  twilio_verified: string;
  hs_10dlc: boolean;
  enabled_features: string[];
  time_zone: string;
  is_franchise: boolean;
  google_connected: boolean;
  last_selected_at: number | null;
}

/** The JSON of a location `l` (with the membership `m` for when it was last chosen): a LocationRow. */
const LOCATION_ROW = `json_build_object(
  'id', l.id, 'name', l.name, 'address_line1', l.address_line1, 'address_line2', l.address_line2,
  'free_trial', l.free_trial, 'free_trial_type', l.free_trial_type,
  'trial_ends_at', floor(extract(epoch FROM l.trial_ends_at AT TIME ZONE 'UTC') * 1000),
  'pcheck_count', l.pcheck_count, 'twilio_verified', l.twilio_verified, 'hs_10dlc', l.hs_10dlc,
  'enabled_features', l.enabled_features, 'time_zone', l.time_zone, 'is_franchise', l.is_franchise,
  'google_connected', EXISTS (SELECT 1 FROM social_connections c
                               WHERE c.location_id = l.id AND c.provider = 'google' AND c.status = 'connected'),
  'last_selected_at', floor(extract(epoch FROM m.last_selected_at AT TIME ZONE 'UTC') * 1000))`;

const utc = (ms: number | null) => (ms === null ? null : new Date(ms));

export function toLocationItem(l: LocationRow): LocationItem {
  return {
    location_id: l.id,
    name: l.name,
    address: [l.address_line1, l.address_line2],
    free_trial: l.free_trial,
    free_trial_type: l.free_trial_type,
    free_trial_days: l.free_trial ? trialDaysLeft(utc(l.trial_ends_at)) : 0,
    pcheck_count: l.pcheck_count,
    twilio_verified: l.twilio_verified,
    hs_10dlc: l.hs_10dlc,
    enabled_features: l.enabled_features.map((name) => ({ name })),
    time_zone: l.time_zone,
    google_connected: l.google_connected,
    last_selected_at: utc(l.last_selected_at)?.toISOString() ?? null,
  };
}

/**
 * The user's active memberships' locations, by name, in one round trip: called at every page load, it is
 * a named statement over the pool (Prisma's three queries with their interpretation cost ten times as much).
 */
const USER_LOCATIONS = `
  SELECT coalesce(json_agg(${LOCATION_ROW} ORDER BY l.name, l.id), '[]') AS locations
    FROM memberships m
    JOIN locations l ON l.id = m.location_id
   WHERE m.user_id = $1 AND m.active`;

export async function loadLocations(ctx: UserCtx) {
  const { rows } = await poolOf(ctx.db).query<{ locations: LocationRow[] }>({
    name: 'kudo_user_locations',
    text: USER_LOCATIONS,
    values: [ctx.session.userId],
  });
  const memberships = rows[0]?.locations ?? [];
  if (memberships.length === 0) throw notFound(MSG.couldNotFindLocations);
  const locations = memberships.map(toLocationItem);
  let currentId = ctx.session.location?.locationId ?? null;
  // A user with one location never has to choose it.
  if (currentId === null && memberships.length === 1) {
    currentId = memberships[0]!.id;
    await ctx.db.session.update({ where: { id: ctx.session.id }, data: { locationId: currentId } });
    sessionChanged(ctx.db, ctx.session.id);
  }
  const current = memberships.findIndex((m) => m.id === currentId);
  return {
    locations,
    current_location: current >= 0 ? locations[current]! : null,
    is_multi_location: memberships.length > 1,
    is_franchise: current >= 0 ? memberships[current]!.is_franchise : false,
  };
}

/**
 * Switching, in one statement: the membership records the choice (only an active one: otherwise no row comes
 * back), the session moves unless it is there already, and the location comes back as its list item. Choosing
 * again the location that is already the user's latest choice, less than a second after it was recorded (a
 * double click, a retry), records nothing new: the order of the user's recent locations stays the same. One
 * statement holds the rows' locks for no round trip of the client's; the commit does not wait for the disk
 * (synchronous_commit off for this transaction only, see docs/decisions.md).
 */
const SELECT_LOCATION = `
  WITH target AS (
    SELECT location_id, last_selected_at FROM memberships WHERE user_id = $1 AND location_id = $2 AND active
  ), recorded AS (
    UPDATE memberships u SET last_selected_at = $3::timestamptz AT TIME ZONE 'UTC'
      FROM target t
     WHERE u.user_id = $1 AND u.location_id = $2 AND u.active
       AND (t.last_selected_at IS NULL OR t.last_selected_at <= ($3::timestamptz AT TIME ZONE 'UTC') - interval '1 second'
            OR EXISTS (SELECT 1 FROM memberships o WHERE o.user_id = $1 AND o.last_selected_at > t.last_selected_at))
    RETURNING u.last_selected_at
  ), m AS (
    SELECT t.location_id, coalesce((SELECT last_selected_at FROM recorded), t.last_selected_at) AS last_selected_at FROM target t
  ), moved AS (
    UPDATE sessions SET location_id = $2
     WHERE id = $4 AND location_id IS DISTINCT FROM $2 AND EXISTS (SELECT 1 FROM target)
  )
  SELECT ${LOCATION_ROW} AS location, set_config('synchronous_commit', 'off', true) AS quick_commit
    FROM m
    JOIN locations l ON l.id = m.location_id`;

export async function selectLocation(ctx: UserCtx, locationId: number) {
  const now = new Date();
  const { rows } = await poolOf(ctx.db).query<{ location: LocationRow }>({
    name: 'kudo_select_location',
    text: SELECT_LOCATION,
    values: [ctx.session.userId, locationId, now.toISOString(), ctx.session.id],
  });
  const chosen = rows[0]?.location;
  if (!chosen) throw notFound(MSG.locationNotFound);
  if (ctx.session.location?.locationId !== locationId) sessionChanged(ctx.db, ctx.session.id);
  return { current_location: toLocationItem(chosen) };
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
