import { randomBytes } from 'node:crypto';
import {
  GLOBAL_TEMPLATES,
  MSG,
  renderTemplate,
  type DispatchResult,
  type MessageTemplates,
} from '@kudo/shared';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { customerEmail, type Business } from '../../lib/customer-email.js';
import { conflict, notFound } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import { EmailUnsubscribedError } from '../../providers/consent.js';
import { SmsSendError } from '../../providers/sms/index.js';
import type { AccountTemplates, Campaign } from '../../generated/prisma/client.js';

export type DispatchKind = 'pcheck' | 'bio';
export type DispatchSource = 'dashboard' | 'bulk' | 'boost' | 'wizard' | 'api' | 'sample';

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
  const [business, accountTemplates] = await Promise.all([loadBusiness(deps, locationId), deps.db.accountTemplates.findUnique({ where: { locationId } })]);
  return { campaign, business, accountTemplates };
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
  const cityLine = [l.companyCity, [l.companyState, l.companyZipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const address = [l.companyAddress, cityLine].filter(Boolean).join(', ') || [l.addressLine1, l.addressLine2].filter(Boolean).join(', ');
  const name = l.companyName || l.name;
  return { locationId, name, companyName: name, address, color: l.navBkgColor, logoUrl: l.navLogoUrl };
}

/**
 * A dispatch as recorded before anything is sent: its token's hash (the token itself only goes into the
 * message), who it is for as staff entered them, and what it came from.
 */
export function dispatchRecord(
  sender: Sender,
  campaign: Campaign,
  kind: DispatchKind,
  source: DispatchSource,
  to: { phone: string | null; email: string | null; name: string; address: string },
  more: { token: string; customerId: number | null; isTest?: boolean; customerPlace?: object; bulkJobId?: number; bulkRowId?: number; followUpOfId?: number | null },
) {
  return {
    locationId: sender.locationId,
    campaignId: campaign.id,
    customerId: more.customerId,
    kind,
    source,
    isTest: more.isTest ?? false,
    tokenHash: hashToken(more.token),
    customerPhone: to.phone,
    customerEmail: to.email,
    customerName: to.name,
    customerAddress: to.address,
    ...(more.customerPlace ? { customerPlace: more.customerPlace } : {}),
    sentByUserId: sender.userId,
    bulkJobId: more.bulkJobId ?? null,
    bulkRowId: more.bulkRowId ?? null,
    followUpOfId: more.followUpOfId ?? null,
    expiresAt: new Date(Date.now() + DISPATCH_TOKEN_DAYS * 24 * 3600_000),
  };
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
  extra: { followUpOfId?: number } = {},
): Promise<DispatchResult> {
  const { db } = ctx;
  const { locationId } = sender;
  const campaign = await db.campaign.findFirst({ where: { uid: input.campaign_uid, locationId, deletedAt: null } });
  if (!campaign) throw notFound(MSG.dispatchCampaignNotFound);

  const trialSpend = kind === 'pcheck' && sender.freeTrial;
  let pcheckCount: number | null = null;
  if (trialSpend) {
    // One statement, so two sends at once can never take the count below zero.
    const rows = await db.$queryRaw<{ pcheck_count: number }[]>`
      UPDATE locations SET pcheck_count = pcheck_count - 1 WHERE id = ${locationId} AND pcheck_count > 0 RETURNING pcheck_count`;
    if (rows.length === 0) throw conflict(MSG.dispatchNoPulseChecksLeft);
    pcheckCount = rows[0]!.pcheck_count;
  }

  const phone = input.customer_phone ? `+1${input.customer_phone}` : null;
  const email = input.customer_email || null;
  const customer = await upsertCustomer(ctx, locationId, { phone, email, name: input.customer_name, addressLine: input.customer_address });
  const token = newDispatchToken();
  const dispatch = await db.dispatch.create({
    data: dispatchRecord(sender, campaign, kind, source, { phone, email, name: input.customer_name, address: input.customer_address }, {
      token,
      customerId: customer.id,
      isTest: input.is_test,
      ...(input.customer_place ? { customerPlace: input.customer_place as object } : {}),
      followUpOfId: extra.followUpOfId ?? null,
    }),
  });

  const prepared = await prepareSends(ctx, locationId, campaign);
  const { smsStatus, smsMessage, emailStatus, emailMessage } = await deliverDispatch(ctx, prepared, kind, {
    dispatchId: dispatch.id,
    token,
    phone,
    email,
    customerName: input.customer_name,
    isTest: input.is_test,
  });

  const sent = smsStatus === 1 || emailStatus === 1;
  await db.dispatch.update({ where: { id: dispatch.id }, data: { smsStatus, smsMessage, emailStatus, emailMessage } });
  if (trialSpend && !sent) {
    const rows = await db.$queryRaw<{ pcheck_count: number }[]>`
      UPDATE locations SET pcheck_count = pcheck_count + 1 WHERE id = ${locationId} RETURNING pcheck_count`;
    pcheckCount = rows[0]?.pcheck_count ?? pcheckCount;
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
  /** The location's own sender, when the caller already looked it up (so the sending path does not). */
  smsSender?: { from?: string; messagingServiceSid?: string };
  /** Channels the caller found opted out just before sending: refused without calling the provider. */
  optedOut?: { sms?: boolean; email?: boolean };
}

export interface DeliveryResult {
  smsStatus: 0 | 1 | null;
  smsMessage: string | null;
  emailStatus: 0 | 1 | null;
  emailMessage: string | null;
}

/**
 * Renders a dispatch's messages from the campaign's template (or the location's, or the global default)
 * and sends them by SMS and/or email through the providers, whose consent checks may refuse either part.
 * A failure is answered as that channel's status, never thrown.
 */
export async function deliverDispatch(ctx: AppDeps & { log: Log }, prepared: Prepared, kind: DispatchKind, d: Delivery): Promise<DeliveryResult> {
  const { campaign, business, accountTemplates } = prepared;
  const template = (channel: 'sms' | 'email') => {
    const key = TEMPLATE_KEYS[kind][channel];
    return campaign[key] ?? accountTemplates?.[key] ?? GLOBAL_TEMPLATES[key];
  };
  const link = kind === 'pcheck' ? `${ctx.config.publicUrl}/pulsecheck/${d.token}` : `${ctx.config.publicUrl}/view-bio/${campaign.uid}`;
  const values = {
    customer_name: firstName(d.customerName) || 'there',
    employee_name: campaign.name,
    company_name: business.companyName,
    department: campaign.department,
    link,
  };

  let smsStatus: 0 | 1 | null = null;
  let smsMessage: string | null = null;
  if (d.phone && d.optedOut?.sms) {
    smsStatus = 0;
    smsMessage = MSG.lookupOptedOut;
  } else if (d.phone) {
    try {
      const body = renderTemplate(template('sms'), values);
      await ctx.providers.sms.send({ to: d.phone, body, locationId: business.locationId, scope: 'dispatch', ...(d.smsSender ? { ...d.smsSender, senderKnown: true } : {}) });
      smsStatus = 1;
      smsMessage = MSG.dispatchSmsSent;
    } catch (error) {
      smsStatus = 0;
      smsMessage = error instanceof SmsSendError && error.reason === 'opted_out' ? MSG.lookupOptedOut : MSG.dispatchSmsFailed;
      if (!(error instanceof SmsSendError && error.reason === 'opted_out')) ctx.log.warn({ err: error, dispatchId: d.dispatchId }, 'dispatch SMS failed');
    }
  }
  let emailStatus: 0 | 1 | null = null;
  let emailMessage: string | null = null;
  if (d.email && d.optedOut?.email) {
    emailStatus = 0;
    emailMessage = MSG.emailUnsubscribed;
  } else if (d.email) {
    const subject =
      kind === 'pcheck' ? `How did ${campaign.name} do? ${business.companyName} would love to know` : `Meet ${campaign.name} from ${business.companyName}`;
    try {
      await ctx.providers.email.send(
        customerEmail(ctx.config, business, {
          to: d.email,
          subject: d.isTest ? `[Test] ${subject}` : subject,
          text: renderTemplate(template('email'), values),
          action: { label: kind === 'pcheck' ? 'Share your feedback' : `Meet ${campaign.name}`, url: link },
          scope: 'dispatch',
        }),
      );
      emailStatus = 1;
      emailMessage = MSG.dispatchEmailSent;
    } catch (error) {
      emailStatus = 0;
      emailMessage = error instanceof EmailUnsubscribedError ? error.message : MSG.dispatchEmailFailed;
      if (!(error instanceof EmailUnsubscribedError)) ctx.log.warn({ err: error, dispatchId: d.dispatchId }, 'dispatch email failed');
    }
  }
  return { smsStatus, smsMessage, emailStatus, emailMessage };
}

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

