import { randomInt } from 'node:crypto';
import {
  LIMITS,
  MSG,
  PRODUCT,
  notifyApi,
  type NotificationEmailItem,
  type NotificationsData,
} from '@kudo/shared';
import type { AppDeps, LocationCtx } from '../../http/context.js';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors.js';
import { hit } from '../../lib/rate-limit.js';
import { hashToken, newToken, safeEqual } from '../../lib/tokens.js';
import { SmsSendError } from '../../providers/sms/index.js';
import { actionEmail } from '../../lib/mail.js';

type Sentiment = notifyApi.Sentiment;
type SmsSentiment = notifyApi.SmsSentiment;
const { PHONE_VERIFICATION } = notifyApi;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const SENTIMENT_LABEL: Record<Sentiment, string> = {
  positive: 'positive',
  neutral: 'neutral',
  negative: 'negative',
};

const toEmailItem = (row: { id: number; email: string; verified: boolean }): NotificationEmailItem => ({
  email: row.email,
  id: row.id,
  verified: row.verified,
});

// ---------------------------------------------------------------------------------------------
// Notification emails and SMS numbers

export async function loadNotifications(ctx: LocationCtx): Promise<NotificationsData> {
  const { locationId } = ctx.location;
  const [emails, sms] = await Promise.all([
    ctx.db.notificationEmail.findMany({ where: { locationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    ctx.db.notificationSms.findMany({ where: { locationId } }),
  ]);
  const emailsOf = (s: Sentiment) => emails.filter((e) => e.sentiment === s).map(toEmailItem);
  const smsOf = (s: SmsSentiment) => {
    const row = sms.find((r) => r.sentiment === s);
    return row ? { phoneNumber: row.phoneNumber, id: row.id } : null;
  };
  return {
    positive: { email: emailsOf('positive') },
    neutral: { email: emailsOf('neutral'), sms: smsOf('neutral') },
    negative: { email: emailsOf('negative'), sms: smsOf('negative') },
  };
}

/** A new verification token for a notification email: the link to send and what to store. */
function verificationFor(deps: AppDeps, accountId: number) {
  const token = newToken();
  return {
    url: `${deps.config.publicUrl}/verification/notification/email/${accountId}/${encodeURIComponent(token)}`,
    data: { verificationTokenHash: hashToken(token), verificationExpiresAt: new Date(Date.now() + LIMITS.emailVerificationDays * DAY) },
  };
}

async function sendVerificationEmail(ctx: LocationCtx, email: string, sentiment: Sentiment, url: string) {
  const location = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId }, select: { name: true } });
  const body = actionEmail({
    greeting: 'Hi there,',
    intro: `${location.name} would like to send you an email whenever a customer leaves ${SENTIMENT_LABEL[sentiment]} feedback. Confirm your address to start receiving these notifications.`,
    action: 'Verify your email',
    url,
    outro: `The link is valid for ${LIMITS.emailVerificationDays} days. If you did not expect this email, you can ignore it.`,
  });
  await ctx.providers.email.send({
    to: email,
    subject: `Confirm feedback notifications from ${location.name}`,
    ...body,
    locationId: ctx.location.locationId,
  });
}

export async function addEmail(ctx: LocationCtx, input: { email: string; sentiment: Sentiment }): Promise<NotificationEmailItem> {
  const { locationId, accountId } = ctx.location;
  const existing = await ctx.db.notificationEmail.findMany({ where: { locationId, sentiment: input.sentiment }, select: { email: true } });
  if (existing.some((e) => e.email === input.email)) throw badRequest(MSG.emailAlreadyAdded, { email: MSG.emailAlreadyAdded });
  if (input.sentiment === 'positive' && existing.length >= 1) throw badRequest(MSG.notifyPositiveOneEmail);
  const { url, data } = verificationFor(ctx, accountId);
  let row;
  try {
    row = await ctx.db.notificationEmail.create({ data: { locationId, sentiment: input.sentiment, email: input.email, ...data } });
  } catch (error) {
    // Two adds of the same address at once: the unique index keeps one.
    if ((error as { code?: string }).code === 'P2002') throw badRequest(MSG.emailAlreadyAdded, { email: MSG.emailAlreadyAdded });
    throw error;
  }
  await sendVerificationEmail(ctx, row.email, input.sentiment, url);
  return toEmailItem(row);
}

export async function removeEmail(ctx: LocationCtx, input: { id: number; sentiment: Sentiment }): Promise<void> {
  const { count } = await ctx.db.notificationEmail.deleteMany({
    where: { id: input.id, sentiment: input.sentiment, locationId: ctx.location.locationId },
  });
  if (count === 0) throw notFound(MSG.notifyEmailNotFound);
}

/** Withdraws an address that has not confirmed yet; a verified one is removed with remove-email. */
export async function deleteVerification(ctx: LocationCtx, input: { email: string; sentiment: Sentiment }): Promise<void> {
  const row = await ctx.db.notificationEmail.findUnique({
    where: { locationId_sentiment_email: { locationId: ctx.location.locationId, sentiment: input.sentiment, email: input.email } },
  });
  if (!row) throw notFound(MSG.notifyEmailNotFound);
  if (row.verified) throw badRequest(MSG.notifyEmailAlreadyVerified);
  await ctx.db.notificationEmail.delete({ where: { id: row.id } });
}

export async function resendVerification(ctx: LocationCtx, input: { email: string; sentiment: Sentiment }): Promise<void> {
  const { locationId, accountId } = ctx.location;
  const row = await ctx.db.notificationEmail.findUnique({
    where: { locationId_sentiment_email: { locationId, sentiment: input.sentiment, email: input.email } },
  });
  if (!row) throw notFound(MSG.notifyEmailNotFound);
  if (row.verified) throw badRequest(MSG.notifyEmailAlreadyVerified);
  const { count } = await hit(ctx.db, `notify-resend:${row.id}`, 10 * MINUTE);
  if (count > 5) throw tooManyRequests();
  // A new link replaces the old one, which stops working.
  const { url, data } = verificationFor(ctx, accountId);
  await ctx.db.notificationEmail.update({ where: { id: row.id }, data });
  await sendVerificationEmail(ctx, row.email, input.sentiment, url);
}

/** Confirms a notification email from its link; a second click on a used link still confirms. */
export async function verifyNotificationEmail(deps: AppDeps, accountId: number, token: string): Promise<boolean> {
  const row = await deps.db.notificationEmail.findUnique({
    where: { verificationTokenHash: hashToken(token) },
    include: { location: { select: { accountId: true } } },
  });
  if (!row || row.location.accountId !== accountId) return false;
  if (row.verified) return true;
  if (!row.verificationExpiresAt || row.verificationExpiresAt <= new Date()) return false;
  await deps.db.notificationEmail.update({ where: { id: row.id }, data: { verified: true, verifiedAt: new Date() } });
  return true;
}

const OTHER: Record<SmsSentiment, SmsSentiment> = { neutral: 'negative', negative: 'neutral' };

/**
 * Sets or clears the SMS alert number of a sentiment. A number is accepted when this location verified
 * it by code within the last 30 minutes, or when it already is the other sentiment's (verified) number.
 */
export async function updateSms(
  ctx: LocationCtx,
  input: { phone_number: string; id?: number | null; sentiment: SmsSentiment },
): Promise<{ phoneNumber: string; id: number } | null> {
  const { locationId } = ctx.location;
  const current = await ctx.db.notificationSms.findUnique({ where: { locationId_sentiment: { locationId, sentiment: input.sentiment } } });
  if (input.id != null && current?.id !== input.id) throw notFound(MSG.notifySmsNotFound);
  if (!input.phone_number) {
    if (current) await ctx.db.notificationSms.delete({ where: { id: current.id } });
    return null;
  }
  const phone = input.phone_number;
  let verifiedAt: Date | null = current?.phoneNumber === phone ? current.verifiedAt : null;
  if (!verifiedAt) {
    const other = await ctx.db.notificationSms.findUnique({
      where: { locationId_sentiment: { locationId, sentiment: OTHER[input.sentiment] } },
    });
    if (other?.phoneNumber === phone) verifiedAt = other.verifiedAt;
  }
  if (!verifiedAt) {
    const proof = await ctx.db.phoneVerification.findFirst({
      where: { locationId, phone, verifiedAt: { gte: new Date(Date.now() - PHONE_VERIFICATION.validForMinutes * MINUTE) } },
      orderBy: { verifiedAt: 'desc' },
    });
    if (!proof?.verifiedAt) throw badRequest(MSG.notifySmsNotVerified, { phone_number: MSG.notifySmsNotVerified });
    verifiedAt = proof.verifiedAt;
  }
  const row = await ctx.db.notificationSms.upsert({
    where: { locationId_sentiment: { locationId, sentiment: input.sentiment } },
    create: { locationId, sentiment: input.sentiment, phoneNumber: phone, verifiedAt },
    update: { phoneNumber: phone, verifiedAt },
  });
  return { phoneNumber: row.phoneNumber, id: row.id };
}

// ---------------------------------------------------------------------------------------------
// Phone verification by texted code

/** The code is hashed together with its key, so equal codes of two verifications never share a hash. */
const codeHash = (key: string, code: string) => hashToken(`${key}:${code}`);

/** A six-digit code, zero-padded, from a cryptographic source. */
export const newPhoneCode = (): string => String(randomInt(0, 10 ** PHONE_VERIFICATION.codeDigits)).padStart(PHONE_VERIFICATION.codeDigits, '0');

export async function sendPhoneCode(ctx: LocationCtx, phone: string): Promise<{ verification_key: string }> {
  const { locationId } = ctx.location;
  const { count } = await hit(ctx.db, `phone-code:location:${locationId}`, PHONE_VERIFICATION.windowMinutes * MINUTE);
  if (count > PHONE_VERIFICATION.sendsPerWindow) throw tooManyRequests(MSG.phoneCodeRateLimited);
  const key = newToken();
  const code = newPhoneCode();
  const now = new Date();
  const row = await ctx.db.phoneVerification.create({
    data: {
      createdAt: now,
      locationId,
      phone,
      keyHash: hashToken(key),
      codeHash: codeHash(key, code),
      expiresAt: new Date(now.getTime() + PHONE_VERIFICATION.codeMinutes * MINUTE),
    },
  });
  try {
    await ctx.providers.sms.send({
      to: phone,
      body: `Your ${PRODUCT.name} verification code is ${code}. It expires in ${PHONE_VERIFICATION.codeMinutes} minutes.`,
      locationId,
    });
  } catch (error) {
    await ctx.db.phoneVerification.delete({ where: { id: row.id } });
    if (error instanceof SmsSendError) {
      ctx.log.warn({ reason: error.reason, providerCode: error.providerCode }, 'verification code not sent');
      if (error.reason === 'opted_out') throw badRequest(MSG.smsOptedOut, { phone_number: MSG.smsOptedOut });
      if (error.reason === 'unreachable') throw badRequest(MSG.smsUnreachable, { phone_number: MSG.smsUnreachable });
      throw new AppError(502, MSG.smsSendFailed);
    }
    throw error;
  }
  return { verification_key: key };
}

export async function checkPhoneCode(ctx: LocationCtx, key: string, input: { auth: string; phone_number: string }): Promise<{ valid: true }> {
  const { locationId } = ctx.location;
  const row = await ctx.db.phoneVerification.findUnique({ where: { keyHash: hashToken(key) } });
  // An unknown key, one of another location, or one already used: ask for a new code.
  if (!row || row.locationId !== locationId || row.verifiedAt) throw badRequest(MSG.phoneCodeExpired);
  if (row.expiresAt <= new Date()) throw badRequest(MSG.phoneCodeExpired);
  if (row.attempts >= PHONE_VERIFICATION.maxAttempts) throw badRequest(MSG.phoneCodeTooManyAttempts);
  const matches = row.phone === input.phone_number && safeEqual(row.codeHash, codeHash(key, input.auth));
  if (!matches) {
    // Counted atomically, so parallel guesses cannot exceed the allowance.
    const { count } = await ctx.db.phoneVerification.updateMany({
      where: { id: row.id, attempts: { lt: PHONE_VERIFICATION.maxAttempts } },
      data: { attempts: { increment: 1 } },
    });
    if (count === 0) throw badRequest(MSG.phoneCodeTooManyAttempts);
    throw badRequest(MSG.phoneCodeMismatch, { auth: MSG.phoneCodeMismatch });
  }
  const { count } = await ctx.db.phoneVerification.updateMany({
    where: { id: row.id, keyHash: row.keyHash, verifiedAt: null },
    data: { verifiedAt: new Date(), keyHash: null },
  });
  if (count === 0) throw badRequest(MSG.phoneCodeExpired);
  return { valid: true };
}
