import { randomBytes } from 'node:crypto';
import {
  bioPath,
  GLOBAL_TEMPLATES,
  MSG,
  pulseCheckPath,
  renderTemplate,
  toE164,
  type DispatchResult,
  type MessageTemplates,
} from '@kudo/shared';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { customerEmail, senderAddress, type Business } from '../../lib/customer-email.js';
import { loadEntitlements } from '../../lib/entitlements.js';
import { conflict, notFound } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import { EmailUnsubscribedError } from '../../providers/consent.js';
import { SmsSendError } from '../../providers/sms/index.js';
import type { AccountTemplates, Campaign } from '../../generated/prisma/client.js';
import type { Config } from '../../config.js';
import type { EmailMessage } from '../../providers/email/types.js';
import { pulseCheckQueries } from './queries.js';

export type DispatchKind = 'pcheck' | 'bio';
export type DispatchSource = 'dashboard' | 'bulk' | 'boost' | 'wizard' | 'api' | 'integration' | 'sample';

/** How long a pulseCheck link stays valid. */
export const DISPATCH_TOKEN_DAYS = 30;

export interface DispatchInput {
  campaign_uid: string;
  /** Ten digits, or empty. */
  customer_phone: string;
  /** Lower case, or empty. */
  customer_email: string;
  customer_name: string;
  customer_address: string;
  customer_place?: Record<string, unknown> | null;
  is_test: boolean;
}

/** What a send needs besides its recipient; a run of many sends (a bulk job) loads it once. */
export interface Prepared {
  campaign: Campaign;
  business: Awaited<ReturnType<typeof loadBusiness>>;
  accountTemplates: AccountTemplates | null;
}

export async function prepareSends(deps: AppDeps, locationId: number, campaign: Campaign): Promise<Prepared> {
  return { campaign, ...(await sendContextOf(deps, locationId)) };
}

/** What every send of a location needs besides its campaign (read beside the campaign by callers that look it up). */
export async function sendContextOf(deps: AppDeps, locationId: number): Promise<Omit<Prepared, 'campaign'>> {
  const [business, accountTemplates] = await Promise.all([loadBusiness(deps, locationId), deps.db.accountTemplates.findUnique({ where: { locationId } })]);
  return { business, accountTemplates };
}

/** Who sends: the location (and whether it is on a trial, which spends pulseChecks) and the user. */
export interface Sender {
  locationId: number;
  freeTrial: boolean;
  userId: number | null;
}

export const senderOf = (ctx: LocationCtx): Sender => ({
  locationId: ctx.location.locationId,
  freeTrial: ctx.location.freeTrial,
  userId: ctx.session.userId,
});

/** A new pulseCheck token: 96 random bits, short enough for a text message. */
export const newDispatchToken = (): string => randomBytes(12).toString('base64url');

export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

const TEMPLATE_KEYS = {
  pcheck: { sms: 'pcheckSmsTemplate', email: 'pcheckEmailTemplate' },
  bio: { sms: 'bioSmsTemplate', email: 'bioEmailTemplate' },
} as const satisfies Record<DispatchKind, { sms: keyof MessageTemplates; email: keyof MessageTemplates }>;

/** The business as its customers see it in messages. */
export async function loadBusiness(deps: AppDeps, locationId: number): Promise<Business & { companyName: string }> {
  const l = await deps.db.location.findUniqueOrThrow({ where: { id: locationId } });
  const name = l.companyName || l.name;
  return { locationId, name, companyName: name, address: senderAddress(l), color: l.navBkgColor, logoUrl: l.navLogoUrl };
}

/**
 * Sends one bio or pulseCheck: records the dispatch with its token, renders the campaign's template (or
 * the location's, or the global default), and sends it by SMS and/or email through the providers, whose
 * consent checks may refuse either part. Trial locations spend one pulseCheck per pulseCheck sent, and
 * get it back when neither part went out.
 */
export async function sendDispatch(
  ctx: AppDeps & { log: Log },
  sender: Sender,
  kind: DispatchKind,
  input: DispatchInput,
  source: DispatchSource = 'dashboard',
  extra: { followUpOfId?: number; apiRequestId?: number } = {},
): Promise<DispatchResult> {
  const { db } = ctx;
  const { locationId } = sender;
  const campaign = await db.campaign.findFirst({ where: { uid: input.campaign_uid, locationId, deletedAt: null } });
  if (!campaign) throw notFound(MSG.dispatchCampaignNotFound);
  // A read-only location (trial over, subscription canceled) records nothing; the providers refuse too.
  if ((await loadEntitlements(db, locationId))?.canSend === false) throw conflict(MSG.sendingPaused);

  const trialSpend = kind === 'pcheck' && sender.freeTrial;
  let pcheckCount: number | null = null;
  if (trialSpend) {
    // One statement, so two sends at once can never take the count below zero.
    pcheckCount = await pulseCheckQueries.spendOne(db, locationId);
    if (pcheckCount === null) throw conflict(MSG.dispatchNoPulseChecksLeft);
  }

  const phone = input.customer_phone ? toE164(input.customer_phone) : null;
  const email = input.customer_email || null;
  const customer = await upsertCustomer(ctx, locationId, { phone, email, name: input.customer_name, addressLine: input.customer_address });
  const token = newDispatchToken();
  const dispatch = await db.dispatch.create({
    data: {
      locationId,
      campaignId: campaign.id,
      customerId: customer.id,
      kind,
      source,
      isTest: input.is_test,
      tokenHash: hashToken(token),
      customerPhone: phone,
      customerEmail: email,
      customerName: input.customer_name,
      customerAddress: input.customer_address,
      ...(input.customer_place ? { customerPlace: input.customer_place as object } : {}),
      sentByUserId: sender.userId,
      followUpOfId: extra.followUpOfId ?? null,
      apiRequestId: extra.apiRequestId ?? null,
      expiresAt: new Date(Date.now() + DISPATCH_TOKEN_DAYS * 24 * 3600_000),
    },
  });

  const prepared = await prepareSends(ctx, locationId, campaign);
  const { smsStatus, smsMessage, emailStatus, emailMessage } = await deliverDispatch(ctx, prepared, kind, {
    dispatchId: dispatch.id,
    token,
    phone,
    email,
    customerName: input.customer_name,
    isTest: input.is_test,
  }, source);

  const sent = smsStatus === 1 || emailStatus === 1;
  await db.dispatch.update({ where: { id: dispatch.id }, data: { smsStatus, smsMessage, emailStatus, emailMessage } });
  if (trialSpend && !sent) {
    pcheckCount = (await pulseCheckQueries.refundOne(db, locationId)) ?? pcheckCount;
  }
  return {
    status: sent ? 1 : 0,
    phone_status: smsStatus,
    phone_message: smsMessage,
    email_status: emailStatus,
    email_message: emailMessage,
    pcheck_count: pcheckCount,
  };
}

/** One dispatch's recipient, as its messages need it. */
export interface Delivery {
  dispatchId: number;
  token: string;
  /** E.164, or null. */
  phone: string | null;
  email: string | null;
  customerName: string;
  isTest: boolean;
}

export interface DeliveryResult {
  smsStatus: 0 | 1 | null;
  smsMessage: string | null;
  emailStatus: 0 | 1 | null;
  emailMessage: string | null;
}

/** The app a dispatch's messages are logged under: bulk and boost sends apart from the rest. */
export const dispatchApp = (source: DispatchSource): string => (source === 'bulk' || source === 'boost' ? source : 'dispatch');

/** A dispatch's texts from the campaign's template, else the location's, else the global default. */
export function dispatchMessages(
  config: Config,
  prepared: Prepared,
  kind: DispatchKind,
  d: Delivery,
  app = 'dispatch',
): { sms: string; tag: { app: string; campaignId: number }; email: EmailMessage | null } {
  const { campaign, business, accountTemplates } = prepared;
  const template = (channel: 'sms' | 'email') => {
    const key = TEMPLATE_KEYS[kind][channel];
    return campaign[key] ?? accountTemplates?.[key] ?? GLOBAL_TEMPLATES[key];
  };
  const link = config.publicUrl + (kind === 'pcheck' ? pulseCheckPath(d.token) : bioPath(campaign.uid));
  const values = {
    customer_name: firstName(d.customerName) || 'there',
    employee_name: campaign.name,
    company_name: business.companyName,
    department: campaign.department,
    link,
  };
  const subject =
    kind === 'pcheck' ? `How did ${campaign.name} do? ${business.companyName} would love to know` : `Meet ${campaign.name} from ${business.companyName}`;
  const tag = { app, campaignId: campaign.id };
  return {
    sms: renderTemplate(template('sms'), values),
    tag,
    email: d.email
      ? {
          ...customerEmail(config, business, {
            to: d.email,
            subject: d.isTest ? `[Test] ${subject}` : subject,
            text: renderTemplate(template('email'), values),
            action: { label: kind === 'pcheck' ? 'Share your feedback' : `Meet ${campaign.name}`, url: link },
            scope: 'dispatch',
          }),
          ...tag,
          template: kind,
        }
      : null,
  };
}

/** What the SMS provider answered, as the dispatch records it; failures other than an opt-out are logged. */
export function smsOutcome(log: Log, result: PromiseSettledResult<unknown>, dispatchId: number): Pick<DeliveryResult, 'smsStatus' | 'smsMessage'> {
  if (result.status === 'fulfilled') return { smsStatus: 1, smsMessage: MSG.dispatchSmsSent };
  const optedOut = result.reason instanceof SmsSendError && result.reason.reason === 'opted_out';
  if (!optedOut) log.warn({ err: result.reason, dispatchId }, 'dispatch SMS failed');
  return { smsStatus: 0, smsMessage: optedOut ? MSG.lookupOptedOut : MSG.dispatchSmsFailed };
}

/** Sends a dispatch's email; the answer is the channel's status, never thrown. */
export async function sendDispatchEmail(ctx: AppDeps & { log: Log }, message: EmailMessage, dispatchId: number): Promise<Pick<DeliveryResult, 'emailStatus' | 'emailMessage'>> {
  try {
    await ctx.providers.email.send(message);
    return { emailStatus: 1, emailMessage: MSG.dispatchEmailSent };
  } catch (error) {
    if (!(error instanceof EmailUnsubscribedError)) ctx.log.warn({ err: error, dispatchId }, 'dispatch email failed');
    return { emailStatus: 0, emailMessage: error instanceof EmailUnsubscribedError ? error.message : MSG.dispatchEmailFailed };
  }
}

/** Sends one dispatch by SMS and/or email through the providers, whose consent checks may refuse either part. */
async function deliverDispatch(ctx: AppDeps & { log: Log }, prepared: Prepared, kind: DispatchKind, d: Delivery, source: DispatchSource): Promise<DeliveryResult> {
  const texts = dispatchMessages(ctx.config, prepared, kind, d, dispatchApp(source));
  const sms = d.phone
    ? smsOutcome(
        ctx.log,
        await settle(ctx.providers.sms.send({ to: d.phone, body: texts.sms, locationId: prepared.business.locationId, scope: 'dispatch', ...texts.tag })),
        d.dispatchId,
      )
    : { smsStatus: null, smsMessage: null };
  const email = texts.email ? await sendDispatchEmail(ctx, texts.email, d.dispatchId) : { emailStatus: null, emailMessage: null };
  return { ...sms, ...email };
}

const settle = <T>(p: Promise<T>): Promise<PromiseSettledResult<T>> => Promise.allSettled([p]).then(([r]) => r!);

/** The customer a send is for: found by phone (else by email) and brought up to date with what staff typed. */
export async function upsertCustomer(
  ctx: Pick<AppDeps, 'db'>,
  locationId: number,
  c: { phone: string | null; email: string | null; name: string; addressLine: string },
) {
  const existing = c.phone
    ? await ctx.db.customer.findUnique({ where: { locationId_phone: { locationId, phone: c.phone } } })
    : await ctx.db.customer.findFirst({ where: { locationId, email: c.email, phone: null }, orderBy: { id: 'asc' } });
  const changes = {
    ...(c.email ? { email: c.email } : {}),
    ...(c.name ? { name: c.name } : {}),
    ...(c.addressLine ? { addressLine: c.addressLine } : {}),
  };
  if (existing) return ctx.db.customer.update({ where: { id: existing.id }, data: changes });
  try {
    return await ctx.db.customer.create({ data: { locationId, phone: c.phone, email: c.email, name: c.name, addressLine: c.addressLine } });
  } catch {
    // Created by a concurrent send for the same phone: use theirs.
    return ctx.db.customer.update({ where: { locationId_phone: { locationId, phone: c.phone as string } }, data: changes });
  }
}

