import { LIMITS, MSG, PRODUCT, type ReportingRecipient as RecipientItem } from '@kudo/shared';
import type { AppDeps, LocationCtx } from '../../http/context.js';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { ReportingRecipient } from '../../generated/prisma/client.js';
import { actionEmail } from '../../lib/mail.js';

const DAY = 24 * 60 * 60 * 1000;
/** The least time between two verification emails to one recipient. */
export const RESEND_INTERVAL_MS = 60_000;

const bit = (v: boolean): 0 | 1 => (v ? 1 : 0);

export const toRecipient = (r: ReportingRecipient): RecipientItem => ({
  id: r.id,
  name: r.name,
  email: r.email,
  weekly: bit(r.weekly),
  monthly: bit(r.monthly),
  verified: r.verified,
  enabled: r.enabled,
  created: r.createdAt.toISOString(),
});

/** Which reports a recipient asked for, in words for the verification email. */
export function reportKinds(weekly: boolean, monthly: boolean): string {
  if (weekly && monthly) return 'weekly and monthly performance reports';
  if (weekly) return 'weekly performance reports';
  if (monthly) return 'monthly performance reports';
  return 'performance reports';
}

export async function loadReporting(ctx: LocationCtx) {
  const rows = await ctx.db.reportingRecipient.findMany({
    where: { locationId: ctx.location.locationId },
    orderBy: [{ name: 'asc' }, { email: 'asc' }],
  });
  return { recipients: rows.map(toRecipient) };
}

async function findRecipient(ctx: LocationCtx, email: string) {
  const row = await ctx.db.reportingRecipient.findUnique({
    where: { locationId_email: { locationId: ctx.location.locationId, email } },
  });
  if (!row) throw notFound(MSG.reportingNotFound);
  return row;
}

/** Gives the recipient a fresh link (the previous one stops working) and emails it. */
async function sendVerification(ctx: LocationCtx, row: ReportingRecipient): Promise<ReportingRecipient> {
  const token = newToken();
  const now = new Date();
  const updated = await ctx.db.reportingRecipient.update({
    where: { id: row.id },
    data: {
      verificationTokenHash: hashToken(token),
      verificationExpiresAt: new Date(now.getTime() + LIMITS.emailVerificationDays * DAY),
      verificationSentAt: now,
    },
  });
  const location = await ctx.db.location.findUniqueOrThrow({
    where: { id: ctx.location.locationId },
    select: { name: true, companyName: true },
  });
  const business = location.companyName || location.name;
  const url = `${ctx.config.publicUrl}/verification/reporting/email/${ctx.location.accountId}/${encodeURIComponent(token)}`;
  const body = actionEmail({
    greeting: `Hi ${row.name},`,
    intro: `${business} would like to send you ${reportKinds(row.weekly, row.monthly)} from ${PRODUCT.name}. Confirm your email address to start receiving them.`,
    action: 'Confirm my email',
    url,
    outro: `The link is valid for ${LIMITS.emailVerificationDays} days. If you did not expect this email, you can ignore it: nothing will be sent to you.`,
  });
  await ctx.providers.email.send({
    to: row.email,
    subject: `Confirm your email for ${business} reports`,
    ...body,
    locationId: ctx.location.locationId,
  });
  return updated;
}

export async function addRecipient(ctx: LocationCtx, input: { name: string; email: string; weekly: boolean; monthly: boolean }) {
  const existing = await ctx.db.reportingRecipient.findUnique({
    where: { locationId_email: { locationId: ctx.location.locationId, email: input.email } },
    select: { id: true },
  });
  if (existing) throw badRequest(MSG.reportingDuplicate, { email: MSG.reportingDuplicate });
  let row: ReportingRecipient;
  try {
    row = await ctx.db.reportingRecipient.create({
      data: { locationId: ctx.location.locationId, name: input.name, email: input.email, weekly: input.weekly, monthly: input.monthly },
    });
  } catch (error) {
    // Two adds of one address at once: the second meets the unique index.
    if ((error as { code?: string }).code === 'P2002') throw badRequest(MSG.reportingDuplicate, { email: MSG.reportingDuplicate });
    throw error;
  }
  return toRecipient(await sendVerification(ctx, row));
}

export async function resendVerification(ctx: LocationCtx, email: string, now = new Date()) {
  const row = await findRecipient(ctx, email);
  if (row.verified) throw badRequest(MSG.reportingAlreadyVerified);
  if (row.verificationSentAt && now.getTime() - row.verificationSentAt.getTime() < RESEND_INTERVAL_MS) {
    throw tooManyRequests(MSG.reportingResendTooSoon);
  }
  return toRecipient(await sendVerification(ctx, row));
}

export async function editRecipient(
  ctx: LocationCtx,
  input: { email: string; new_weekly: boolean; new_monthly: boolean; enabled?: boolean | undefined },
) {
  const row = await findRecipient(ctx, input.email);
  const updated = await ctx.db.reportingRecipient.update({
    where: { id: row.id },
    data: { weekly: input.new_weekly, monthly: input.new_monthly, ...(input.enabled !== undefined ? { enabled: input.enabled } : {}) },
  });
  return toRecipient(updated);
}

export async function deleteRecipient(ctx: LocationCtx, email: string) {
  const row = await findRecipient(ctx, email);
  if (!row.verified) throw badRequest(MSG.reportingNotVerified);
  await ctx.db.reportingRecipient.delete({ where: { id: row.id } });
}

export async function deletePendingRecipient(ctx: LocationCtx, email: string) {
  const row = await findRecipient(ctx, email);
  if (row.verified) throw badRequest(MSG.reportingAlreadyVerified);
  await ctx.db.reportingRecipient.delete({ where: { id: row.id } });
}

/**
 * Confirms a recipient from the emailed link: /verification/reporting/email/{accountId}/{token}. A second
 * click on the link of an already verified recipient still confirms.
 */
export async function verifyReportingEmail(deps: AppDeps, accountId: number, token: string): Promise<boolean> {
  const row = await deps.db.reportingRecipient.findUnique({
    where: { verificationTokenHash: hashToken(token) },
    include: { location: { select: { accountId: true } } },
  });
  if (!row || row.location.accountId !== accountId) return false;
  if (row.verified) return true;
  if (!row.verificationExpiresAt || row.verificationExpiresAt <= new Date()) return false;
  await deps.db.reportingRecipient.update({ where: { id: row.id }, data: { verified: true, verifiedAt: new Date() } });
  return true;
}
