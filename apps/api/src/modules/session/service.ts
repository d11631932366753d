import type { NewSession } from '../../plugins/session.js';
import { LIMITS, MSG, PRODUCT } from '@kudo/shared';
import type { AppDeps, PublicCtx, UserCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden, notFound, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { clear, hit, peek } from '../../lib/rate-limit.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { actionEmail } from '../../lib/mail.js';

const MINUTE = 60_000;
const failureKey = (email: string) => `login-fail:user:${email}`;

export interface LoginResult {
  auth: true;
  user_id: number;
  is_platform_staff: boolean;
  current_location_id: number | null;
}

/** Starts a session for the request being answered (its cookies go on the reply); given by the route. */
export type StartSession = (session: NewSession) => Promise<void>;

/**
 * Checks the credentials and starts a new session. Failures share one message whatever went wrong;
 * a username with too many recent failures is locked for the window, whoever tries it.
 */
export async function login(
  ctx: PublicCtx,
  input: { username: string; password: string },
  startSession: StartSession,
): Promise<LoginResult> {
  const { db } = ctx;
  const email = input.username.trim().toLowerCase();
  const window = LIMITS.loginFailureWindowMinutes * MINUTE;
  if ((await peek(db, failureKey(email))) >= LIMITS.loginFailuresPerUser) throw tooManyRequests(MSG.loginLocked);

  const user = await db.user.findUnique({ where: { email } });
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) {
    await hit(db, failureKey(email), window);
    throw unauthorized(MSG.loginFailed);
  }
  if (!user.emailVerifiedAt) throw forbidden(MSG.emailNotVerified);
  await clear(db, failureKey(email));

  const memberships = await db.membership.findMany({
    where: { userId: user.id, active: true },
    select: { locationId: true },
    take: 2,
  });
  const only = memberships.length === 1 ? (memberships[0]?.locationId ?? null) : null;
  await startSession({ userId: user.id, locationId: only, ip: ctx.ip, userAgent: ctx.userAgent });
  await audit(db, { action: 'login', actorUserId: user.id, ip: ctx.ip });
  return { auth: true, user_id: user.id, is_platform_staff: user.isPlatformStaff, current_location_id: only };
}

export async function sendRecovery(deps: AppDeps, email: string): Promise<void> {
  const user = await deps.db.user.findUnique({ where: { email } });
  if (!user) throw notFound(MSG.recoveryNoUser);
  const token = newToken();
  await deps.db.$transaction([
    // A new link replaces any earlier one still unused.
    deps.db.oneTimeToken.updateMany({
      where: { userId: user.id, purpose: 'password_reset', usedAt: null },
      data: { usedAt: new Date() },
    }),
    deps.db.oneTimeToken.create({
      data: {
        tokenHash: hashToken(token),
        purpose: 'password_reset',
        userId: user.id,
        expiresAt: new Date(Date.now() + LIMITS.passwordResetMinutes * MINUTE),
      },
    }),
  ]);
  const url = `${deps.config.publicUrl}/password-recovery/reset_password?im=${encodeURIComponent(token)}`;
  const body = actionEmail({
    greeting: `Hi ${user.firstName || 'there'},`,
    intro: `Someone asked to reset the password of your ${PRODUCT.name} account. The link works once, for one hour.`,
    action: 'Reset your password',
    url,
    outro: 'If you did not ask for this, ignore this email: your password stays as it is.',
  });
  await deps.providers.email.send({ to: user.email, subject: `Reset your ${PRODUCT.name} password`, ...body });
}

async function findResetToken(deps: AppDeps, token: string) {
  const row = await deps.db.oneTimeToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { select: { id: true, email: true } } },
  });
  if (!row || row.purpose !== 'password_reset' || row.usedAt || row.expiresAt <= new Date()) {
    throw badRequest(MSG.resetLinkInvalid);
  }
  return row;
}

export async function checkResetToken(deps: AppDeps, token: string): Promise<{ valid: true; email: string }> {
  const row = await findResetToken(deps, token);
  return { valid: true, email: row.user.email };
}

/** Sets the new password, spends the link, and ends every session of the user. */
export async function resetPassword(deps: AppDeps, token: string, password: string, ip: string): Promise<void> {
  const row = await findResetToken(deps, token);
  const passwordHash = await hashPassword(password);
  await deps.db.$transaction(async (tx) => {
    const spent = await tx.oneTimeToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (spent.count !== 1) throw badRequest(MSG.resetLinkInvalid);
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash } });
    await tx.session.deleteMany({ where: { userId: row.userId } });
    await tx.oneTimeToken.deleteMany({ where: { userId: row.userId, purpose: 'password_reset', usedAt: null } });
  });
  await audit(deps.db, { action: 'password.reset', actorUserId: row.userId, ip });
}

/** Support staff act as the account's owner for one hour; each use is written to the audit log. */
export async function magicLogin(
  ctx: UserCtx,
  accountId: number,
  startSession: StartSession,
): Promise<{ account_id: number; current_location_id: number | null }> {
  const staff = ctx.session;
  const account = await ctx.db.account.findUnique({ where: { id: accountId }, select: { id: true } });
  if (!account) throw notFound(MSG.accountNotFound);
  const owner = await ctx.db.membership.findFirst({
    where: { location: { accountId }, role: 'Owner', active: true },
    orderBy: [{ locationId: 'asc' }],
    select: { userId: true },
  });
  if (!owner) throw new AppError(404, MSG.accountHasNoOwner);
  const locations = await ctx.db.membership.findMany({
    where: { userId: owner.userId, active: true, location: { accountId } },
    select: { locationId: true },
    take: 2,
  });
  const only = locations.length === 1 ? (locations[0]?.locationId ?? null) : null;
  await startSession({
    userId: owner.userId,
    locationId: only,
    impersonatorId: staff.userId,
    lifetimeMs: LIMITS.impersonationMinutes * MINUTE,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  await audit(ctx.db, {
    action: 'magic_login',
    actorUserId: staff.userId,
    accountId,
    ip: ctx.ip,
    details: { impersonatedUserId: owner.userId, staffEmail: staff.email },
  });
  return { account_id: accountId, current_location_id: only };
}

/** Sends a user the link that confirms their email; until then they cannot log in. */
export async function issueEmailVerification(
  deps: AppDeps,
  user: { id: number; email: string; firstName: string },
  accountId: number,
  text: { intro?: string } = {},
) {
  const token = newToken();
  await deps.db.oneTimeToken.create({
    data: {
      tokenHash: hashToken(token),
      purpose: 'email_verification',
      userId: user.id,
      expiresAt: new Date(Date.now() + LIMITS.emailVerificationDays * 24 * 60 * MINUTE),
    },
  });
  const url = `${deps.config.publicUrl}/verification/user/email/${accountId}/${encodeURIComponent(token)}`;
  const body = actionEmail({
    greeting: `Hi ${user.firstName || 'there'},`,
    intro: text.intro ?? `You were invited to ${PRODUCT.name}. Confirm your email address to get access.`,
    action: 'Verify your email',
    url,
    outro: `The link is valid for ${LIMITS.emailVerificationDays} days.`,
  });
  await deps.providers.email.send({ to: user.email, subject: `Verify your email for ${PRODUCT.name}`, ...body });
}

/** Confirms a portal user's email from their link; false when the link is not theirs or has expired. */
export async function verifyUserEmail(deps: AppDeps, accountId: number, token: string): Promise<boolean> {
  const row = await deps.db.oneTimeToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.purpose !== 'email_verification' || row.expiresAt <= new Date()) return false;
  const member = await deps.db.membership.findFirst({
    where: { userId: row.userId, location: { accountId } },
    select: { id: true },
  });
  if (!member) return false;
  // A second click on a used link still confirms: the address is verified either way.
  if (row.usedAt) return true;
  await deps.db.$transaction([
    deps.db.oneTimeToken.update({ where: { id: row.id }, data: { usedAt: new Date() } }),
    deps.db.user.update({ where: { id: row.userId }, data: { emailVerifiedAt: new Date() } }),
  ]);
  return true;
}
