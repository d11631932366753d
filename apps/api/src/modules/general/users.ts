import { MSG, PERMISSIONS, type Permission, type PortalUser } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Membership, User } from '../../generated/prisma/client.js';
import { issueEmailVerification } from '../session/index.js';

type Flags = Record<Permission, boolean>;
type MemberRow = Membership & { user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'emailVerifiedAt'> };

const userSelect = { id: true, email: true, firstName: true, lastName: true, emailVerifiedAt: true } as const;

/** Owner-role and Account-access members are managed by the account itself, never from this screen. */
export const isLocked = (m: Pick<Membership, 'role' | 'accessType'>) => m.role === 'Owner' || m.accessType === 'Account';

/** The Chat permission (twm) needs the two-way messaging subscription; without it it is always off. */
export function effectiveFlags(requested: Flags, subscriptions: readonly string[]): Flags {
  return { ...requested, twm: requested.twm && subscriptions.includes('kudoPro') };
}

const bit = (v: boolean): 0 | 1 => (v ? 1 : 0);

export function toPortalUser(m: MemberRow, selfId: number): PortalUser {
  return {
    id: m.user.id,
    username: m.user.email,
    first_name: m.user.firstName,
    last_name: m.user.lastName,
    role_name: m.role,
    access_type: m.accessType,
    active: bit(m.active),
    permissions: { twm: bit(m.permTwm), dispatch: bit(m.permDispatch), analytics: bit(m.permAnalytics), settings: bit(m.permSettings) },
    verified: m.user.emailVerifiedAt !== null,
    locked: isLocked(m),
    is_self: m.user.id === selfId,
    created: m.createdAt.toISOString(),
  };
}

const COLUMN = { twm: 'permTwm', dispatch: 'permDispatch', analytics: 'permAnalytics', settings: 'permSettings' } as const;

const flagColumns = (f: Flags) => ({ permTwm: f.twm, permDispatch: f.dispatch, permAnalytics: f.analytics, permSettings: f.settings });

export async function listUsers(ctx: LocationCtx) {
  const members = await ctx.db.membership.findMany({
    where: { locationId: ctx.location.locationId },
    include: { user: { select: userSelect } },
    orderBy: { user: { email: 'asc' } },
  });
  return { users: members.map((m) => toPortalUser(m, ctx.session.userId)) };
}

/** A member of this location, by login name; another location's member is simply not found. */
async function findMember(ctx: LocationCtx, username: string): Promise<MemberRow> {
  const member = await ctx.db.membership.findFirst({
    where: { locationId: ctx.location.locationId, user: { email: username } },
    include: { user: { select: userSelect } },
  });
  if (!member) throw notFound(MSG.userNotFound);
  return member;
}

/**
 * Creates a portal user at this location. A new address gets a user who must verify their email before
 * logging in; a user who already belongs to another location of the same account simply gains this
 * location (their password stays theirs). Addresses of users outside the account are refused.
 */
export async function addUser(ctx: LocationCtx, input: { username: string; password: string; permissions: Flags }) {
  const flags = effectiveFlags(input.permissions, ctx.location.subscriptions);
  const existing = await ctx.db.user.findUnique({
    where: { email: input.username },
    include: { memberships: { include: { location: { select: { accountId: true } } } } },
  });
  let member: MemberRow;
  let notice: string;
  if (existing) {
    if (existing.memberships.some((m) => m.locationId === ctx.location.locationId)) {
      throw badRequest(MSG.userAlreadyMember, { username: MSG.userAlreadyMember });
    }
    const sameAccount = existing.memberships.some((m) => m.location.accountId === ctx.location.accountId);
    if (!sameAccount || existing.isPlatformStaff) throw badRequest(MSG.userExists, { username: MSG.userExists });
    member = await ctx.db.membership.create({
      data: { userId: existing.id, locationId: ctx.location.locationId, role: 'User', accessType: 'Location', ...flagColumns(flags) },
      include: { user: { select: userSelect } },
    });
    notice = existing.emailVerifiedAt ? MSG.userAddedExistingDetail : MSG.userAddedDetail;
    if (!existing.emailVerifiedAt) await issueEmailVerification(ctx, existing, ctx.location.accountId);
  } else {
    const passwordHash = await hashPassword(input.password);
    const user = await ctx.db.user.create({
      data: {
        email: input.username,
        passwordHash,
        emailVerifiedAt: null,
        memberships: {
          create: { locationId: ctx.location.locationId, role: 'User', accessType: 'Location', ...flagColumns(flags) },
        },
      },
      include: { memberships: { include: { user: { select: userSelect } } } },
    });
    member = user.memberships[0]!;
    notice = MSG.userAddedDetail;
    await issueEmailVerification(ctx, user, ctx.location.accountId);
  }
  await audit(ctx.db, {
    action: 'user.add',
    actorUserId: ctx.session.userId,
    accountId: ctx.location.accountId,
    locationId: ctx.location.locationId,
    ip: ctx.ip,
    details: { userId: member.userId, permissions: flags },
  });
  return { user: toPortalUser(member, ctx.session.userId), notice };
}

export async function editUser(ctx: LocationCtx, input: { username: string; active: boolean; permissions: Flags }) {
  const member = await findMember(ctx, input.username);
  if (isLocked(member)) throw forbidden(MSG.userLocked);
  if (member.userId === ctx.session.userId && !input.active) {
    throw badRequest(MSG.userCannotDeactivateSelf, { active: MSG.userCannotDeactivateSelf });
  }
  const flags = effectiveFlags(input.permissions, ctx.location.subscriptions);
  const updated = await ctx.db.membership.update({
    where: { id: member.id },
    data: { active: input.active, ...flagColumns(flags) },
    include: { user: { select: userSelect } },
  });
  const changed = PERMISSIONS.filter((p) => flags[p] !== member[COLUMN[p]]);
  await audit(ctx.db, {
    action: 'user.edit',
    actorUserId: ctx.session.userId,
    accountId: ctx.location.accountId,
    locationId: ctx.location.locationId,
    ip: ctx.ip,
    details: { userId: member.userId, active: input.active, changed },
  });
  return toPortalUser(updated, ctx.session.userId);
}

/** Removes the user's access to this location only; their login and other locations stay. */
export async function removeUser(ctx: LocationCtx, username: string) {
  const member = await findMember(ctx, username);
  if (isLocked(member)) throw forbidden(MSG.userLocked);
  if (member.userId === ctx.session.userId) throw badRequest(MSG.userCannotRemoveSelf, { username: MSG.userCannotRemoveSelf });
  await ctx.db.$transaction([
    ctx.db.membership.delete({ where: { id: member.id } }),
    // Sessions parked on this location have nothing left to show there.
    ctx.db.session.updateMany({ where: { userId: member.userId, locationId: ctx.location.locationId }, data: { locationId: null } }),
  ]);
  await audit(ctx.db, {
    action: 'user.remove',
    actorUserId: ctx.session.userId,
    accountId: ctx.location.accountId,
    locationId: ctx.location.locationId,
    ip: ctx.ip,
    details: { userId: member.userId },
  });
}
