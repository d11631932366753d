import { randomInt } from 'node:crypto';
import {
  bioPath,
  GLOBAL_TEMPLATES,
  MSG,
  PRODUCT,
  toE164,
  type AccountTemplates,
  type CampaignItem,
  type CampaignSocialLink,
  type CampaignSocialSource,
  type EndpointRequest,
  campaignsApi,
} from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { Prisma, type Campaign, type CampaignSocialMedia } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';
import { actionEmail } from '../session/emails.js';
import { PLANS, implicitPlanCode } from './plans.js';

type Tx = Db | Prisma.TransactionClient;
type AddBody = EndpointRequest<typeof campaignsApi.addCampaign>['body'];
type EditBody = EndpointRequest<typeof campaignsApi.editCampaign>['body'];
type SocialBody = EndpointRequest<typeof campaignsApi.addCampaignSocialMedia>['body'];

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Letters and digits that cannot be mistaken for each other when read aloud or typed from an SMS. */
const PASSWORD_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

const randomString = (alphabet: string, length: number): string =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** The public id of a campaign: 12 random base62 characters (about 71 bits). */
export const newCampaignUid = (): string => randomString(BASE62, 12);

export const newFieldopsPassword = (): string => randomString(PASSWORD_CHARS, 10);

/** A FieldOps username from a campaign name: `mike.torres-4821`. */
export function fieldopsUsernameFor(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^\w\s.-]/g, '')
    .toLowerCase()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const base = (words.length ? words.slice(0, 2).join('.') : 'tech').slice(0, 30);
  return `${base}-${String(randomInt(10000)).padStart(4, '0')}`;
}

const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

const live = (ctx: LocationCtx) => ({ locationId: ctx.location.locationId, deletedAt: null });

function toItem(c: Campaign & { _count?: { socialMedia: number } }): CampaignItem {
  return {
    uid: c.uid,
    id: c.employeeId,
    campaign_id: c.id,
    campaignId: c.id,
    name: c.name,
    description: c.description,
    department: c.department,
    image: c.image,
    license: c.license,
    email: c.email,
    yt_url: c.ytUrl,
    fieldops_password: c.fieldopsPasswordEnc !== null,
    fieldopsUsername: c.fieldopsUsername,
    pcheck_sms_template: c.pcheckSmsTemplate,
    bio_sms_template: c.bioSmsTemplate,
    pcheck_email_template: c.pcheckEmailTemplate,
    bio_email_template: c.bioEmailTemplate,
    is_default: c.isDefault,
    social_media_count: c._count?.socialMedia ?? 0,
    created: c.createdAt.toISOString(),
  };
}

const withCount = { _count: { select: { socialMedia: true } } } as const;

/** A campaign of the current location, or 404: a campaign of another location does not exist here. */
async function findCampaign(ctx: LocationCtx, uid: string, db: Tx = ctx.db) {
  const campaign = await db.campaign.findFirst({ where: { ...live(ctx), uid }, include: withCount });
  if (!campaign) throw notFound(MSG.campaignNotFound);
  return campaign;
}

/** An image we can show: uploaded through our image host, one of our demo images, or any https URL. */
function checkImage(ctx: LocationCtx, url: string) {
  const ok =
    ctx.providers.images.owns(url) ||
    (/^\/demo\/[\w-]+(\/[\w-]+)*\.(svg|png|jpe?g|webp)$/.test(url)) ||
    (url.startsWith('https://') && campaignsApi.isHttpUrl(url));
  if (!ok) throw badRequest(MSG.campaignImageUrl, { image: MSG.campaignImageUrl });
}

async function checkFieldopsUsername(db: Tx, username: string | null, exceptId?: number) {
  if (!username) return;
  const taken = await db.campaign.findFirst({
    where: { fieldopsUsername: { equals: username, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw conflict(MSG.campaignFieldopsUsernameTaken);
}

/** The columns the campaign form sets. */
function formData(ctx: LocationCtx, body: AddBody) {
  return {
    employeeId: body.id,
    name: body.name,
    description: body.description,
    department: body.department,
    image: body.image,
    license: body.license,
    email: body.email,
    ytUrl: body.yt_url,
    pcheckSmsTemplate: body.pcheck_sms_template,
    bioSmsTemplate: body.bio_sms_template,
    pcheckEmailTemplate: body.pcheck_email_template,
    bioEmailTemplate: body.bio_email_template,
    ...(body.fieldops_username ? { fieldopsUsername: body.fieldops_username } : {}),
    ...(body.fieldops_password ? { fieldopsPasswordEnc: encryptSecret(ctx.config, body.fieldops_password) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Templates

export async function accountTemplatesOf(db: Tx, locationId: number): Promise<AccountTemplates> {
  const row = await db.accountTemplates.findUnique({ where: { locationId } });
  return {
    bioEmailTemplate: row?.bioEmailTemplate ?? GLOBAL_TEMPLATES.bioEmailTemplate,
    bioSmsTemplate: row?.bioSmsTemplate ?? GLOBAL_TEMPLATES.bioSmsTemplate,
    pcheckEmailTemplate: row?.pcheckEmailTemplate ?? GLOBAL_TEMPLATES.pcheckEmailTemplate,
    pcheckSmsTemplate: row?.pcheckSmsTemplate ?? GLOBAL_TEMPLATES.pcheckSmsTemplate,
  };
}

export async function editDefaultTemplates(ctx: LocationCtx, body: EndpointRequest<typeof campaignsApi.editDefaultTemplates>['body']) {
  const { locationId } = ctx.location;
  const data = {
    bioEmailTemplate: body.bioEmailTemplate,
    bioSmsTemplate: body.bioSmsTemplate,
    pcheckEmailTemplate: body.pcheckEmailTemplate,
    pcheckSmsTemplate: body.pcheckSmsTemplate,
  };
  await ctx.db.accountTemplates.upsert({ where: { locationId }, create: { locationId, ...data }, update: data });
  return { accountTemplates: await accountTemplatesOf(ctx.db, locationId) };
}

// ---------------------------------------------------------------------------------------------------------
// Plan

export async function planOf(db: Tx, locationId: number) {
  const location = await db.location.findUniqueOrThrow({ where: { id: locationId }, include: { plan: true } });
  if (location.plan) return location.plan;
  const code = implicitPlanCode(location.freeTrial);
  return (await db.plan.findUnique({ where: { code } })) ?? PLANS.find((p) => p.code === code)!;
}

export async function loadPlan(ctx: LocationCtx) {
  const [plan, count] = await Promise.all([planOf(ctx.db, ctx.location.locationId), ctx.db.campaign.count({ where: live(ctx) })]);
  return { plan: { code: plan.code, name: plan.name, max_campaign: plan.maxCampaign }, campaign_count: count };
}

// ---------------------------------------------------------------------------------------------------------
// Campaigns

export async function fetchCampaigns(ctx: LocationCtx) {
  const campaigns = await ctx.db.campaign.findMany({
    where: live(ctx),
    include: withCount,
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }, { id: 'asc' }],
  });
  return {
    campaigns: campaigns.map(toItem),
    default_campaign_uid: campaigns.find((c) => c.isDefault)?.uid ?? null,
    accountTemplates: await accountTemplatesOf(ctx.db, ctx.location.locationId),
    globalTemplates: { ...GLOBAL_TEMPLATES },
  };
}

export async function addCampaign(ctx: LocationCtx, body: AddBody): Promise<CampaignItem> {
  checkImage(ctx, body.image);
  const { locationId } = ctx.location;
  for (let attempt = 0; ; attempt++) {
    try {
      const created = await ctx.db.$transaction(async (tx) => {
        // One add at a time per location, so that two quick clicks cannot pass the plan's limit together.
        await tx.$queryRaw`SELECT id FROM locations WHERE id = ${locationId} FOR UPDATE`;
        const plan = await planOf(tx, locationId);
        const count = await tx.campaign.count({ where: live(ctx) });
        if (count >= plan.maxCampaign) throw conflict(campaignsApi.campaignLimitMessage(plan.maxCampaign));
        await checkFieldopsUsername(tx, body.fieldops_username);
        const campaign = await tx.campaign.create({
          data: { ...formData(ctx, body), locationId, uid: newCampaignUid(), isDefault: count === 0 },
          include: withCount,
        });
        await audit(tx, {
          action: 'campaign.add',
          actorUserId: ctx.session.userId,
          accountId: ctx.location.accountId,
          locationId,
          ip: ctx.ip,
          details: { uid: campaign.uid, name: campaign.name },
        });
        return campaign;
      });
      return toItem(created);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A username taken between the check and the insert, or (rarely) a uid collision: try a new uid once more.
      if (body.fieldops_username || attempt >= 2) throw conflict(MSG.campaignFieldopsUsernameTaken);
    }
  }
}

export async function editCampaign(ctx: LocationCtx, body: EditBody): Promise<CampaignItem> {
  const campaign = await findCampaign(ctx, body.uid);
  checkImage(ctx, body.image);
  await checkFieldopsUsername(ctx.db, body.fieldops_username, campaign.id);
  try {
    const updated = await ctx.db.$transaction(async (tx) => {
      if (body.is_default && !campaign.isDefault) {
        await tx.campaign.updateMany({ where: { locationId: ctx.location.locationId, isDefault: true }, data: { isDefault: false } });
      }
      return tx.campaign.update({
        where: { id: campaign.id },
        data: { ...formData(ctx, body), ...(body.is_default ? { isDefault: true } : {}) },
        include: withCount,
      });
    });
    return toItem(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.campaignFieldopsUsernameTaken);
    throw error;
  }
}

export async function deleteCampaign(ctx: LocationCtx, uid: string) {
  const campaign = await findCampaign(ctx, uid);
  if (campaign.isDefault) throw badRequest(MSG.campaignDefaultUndeletable);
  await ctx.db.$transaction(async (tx) => {
    // The FieldOps sign-in stops working and the username becomes free again.
    await tx.campaign.update({
      where: { id: campaign.id },
      data: { deletedAt: new Date(), fieldopsUsername: null, fieldopsPasswordEnc: null },
    });
    await audit(tx, {
      action: 'campaign.delete',
      actorUserId: ctx.session.userId,
      accountId: ctx.location.accountId,
      locationId: ctx.location.locationId,
      ip: ctx.ip,
      details: { uid: campaign.uid, name: campaign.name },
    });
  });
  return { uid: campaign.uid };
}

// ---------------------------------------------------------------------------------------------------------
// FieldOps invite

/** The campaign's FieldOps sign-in, created the first time it is needed. */
async function fieldopsCredentials(ctx: LocationCtx, campaign: Campaign) {
  let username = campaign.fieldopsUsername;
  let password = campaign.fieldopsPasswordEnc ? decryptSecret(ctx.config, campaign.fieldopsPasswordEnc) : null;
  if (username && password) return { username, password };
  password ??= newFieldopsPassword();
  for (let attempt = 0; ; attempt++) {
    const candidate = username ?? fieldopsUsernameFor(campaign.name);
    try {
      await ctx.db.campaign.update({
        where: { id: campaign.id },
        data: { fieldopsUsername: candidate, fieldopsPasswordEnc: encryptSecret(ctx.config, password) },
      });
      username = candidate;
      return { username, password };
    } catch (error) {
      if (!isUniqueViolation(error) || username || attempt >= 4) throw error;
    }
  }
}

export async function shareApp(ctx: LocationCtx, body: EndpointRequest<typeof campaignsApi.shareApp>['body']) {
  const campaign = await findCampaign(ctx, body.campaign);
  const { username, password } = await fieldopsCredentials(ctx, campaign);
  const location = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId } });
  const company = location.companyName || location.name;
  const profileUrl = ctx.config.publicUrl + bioPath(campaign.uid);
  const app = `${PRODUCT.name} FieldOps`;
  if (body.email) {
    const { text, html } = actionEmail({
      greeting: `Hi ${campaign.name},`,
      intro: `${company} invited you to ${app}, the mobile app technicians use to send pulseChecks and their bio from the job. Install ${app} from your phone's app store and sign in with the username ${username} and the password ${password}.`,
      action: 'See your profile',
      url: profileUrl,
      outro: 'Keep these sign-in details private. If you did not expect this invitation, you can ignore this email.',
    });
    await ctx.providers.email.send({
      to: body.email,
      subject: `Your ${app} sign-in for ${company}`,
      text,
      html,
      locationId: location.id,
    });
  }
  if (body.phone_number) {
    await ctx.providers.sms.send({
      to: toE164(body.phone_number)!,
      body: `${company} invited you to ${app}. Install the app and sign in with username ${username} and password ${password}. Your profile: ${profileUrl}`,
      locationId: location.id,
    });
  }
  await audit(ctx.db, {
    action: 'campaign.fieldops-invite',
    actorUserId: ctx.session.userId,
    accountId: ctx.location.accountId,
    locationId: location.id,
    ip: ctx.ip,
    details: { uid: campaign.uid, email: body.email || null, sms: Boolean(body.phone_number) },
  });
  return { email: Boolean(body.email), sms: Boolean(body.phone_number), fieldopsUsername: username };
}

// ---------------------------------------------------------------------------------------------------------
// Campaign social media

function toLink(row: CampaignSocialMedia): CampaignSocialLink {
  const meta = row.metadata as { title?: unknown } | null;
  return {
    socialMediaId: row.id,
    source: row.source as CampaignSocialSource,
    url: row.url,
    metadata: row.source === 'custom' ? { title: typeof meta?.title === 'string' ? meta.title : '' } : null,
  };
}

async function socialLoad(db: Tx, campaign: Campaign) {
  const rows = await db.campaignSocialMedia.findMany({ where: { campaignId: campaign.id }, orderBy: { id: 'asc' } });
  return { campaign_uid: campaign.uid, use_account_defaults: rows.length === 0, social_media: rows.map(toLink) };
}

export async function loadSocialMedia(ctx: LocationCtx, uid: string) {
  return socialLoad(ctx.db, await findCampaign(ctx, uid));
}

const linkData = (input: SocialBody['social_media_url']) => ({
  source: input.source,
  url: input.url,
  metadata: input.source === 'custom' ? { title: input.metadata?.title ?? '' } : Prisma.DbNull,
});

export async function addSocialMedia(ctx: LocationCtx, body: SocialBody) {
  const campaign = await findCampaign(ctx, body.campaign_uid);
  const input = body.social_media_url;
  if (input.source !== 'custom') {
    const existing = await ctx.db.campaignSocialMedia.findFirst({ where: { campaignId: campaign.id, source: input.source } });
    if (existing) throw conflict(MSG.socialAccountExists);
  }
  await ctx.db.campaignSocialMedia.create({ data: { campaignId: campaign.id, ...linkData(input) } });
  return socialLoad(ctx.db, campaign);
}

export async function saveSocialMedia(ctx: LocationCtx, body: SocialBody) {
  const campaign = await findCampaign(ctx, body.campaign_uid);
  const input = body.social_media_url;
  const row = input.social_media_id
    ? await ctx.db.campaignSocialMedia.findFirst({ where: { id: input.social_media_id, campaignId: campaign.id } })
    : input.source !== 'custom'
      ? await ctx.db.campaignSocialMedia.findFirst({ where: { campaignId: campaign.id, source: input.source } })
      : null;
  if (!row) throw notFound(MSG.socialAccountNotFound);
  if (input.source !== row.source && input.source !== 'custom') {
    const clash = await ctx.db.campaignSocialMedia.findFirst({ where: { campaignId: campaign.id, source: input.source } });
    if (clash) throw conflict(MSG.socialAccountExists);
  }
  await ctx.db.campaignSocialMedia.update({ where: { id: row.id }, data: linkData(input) });
  return socialLoad(ctx.db, campaign);
}

export async function removeSocialMedia(ctx: LocationCtx, uid: string, socialMediaId: number) {
  const campaign = await findCampaign(ctx, uid);
  const { count } = await ctx.db.campaignSocialMedia.deleteMany({ where: { id: socialMediaId, campaignId: campaign.id } });
  if (count === 0) throw notFound(MSG.socialAccountNotFound);
  return socialLoad(ctx.db, campaign);
}

// ---------------------------------------------------------------------------------------------------------
// Dispatch load

export async function loadDispatch(ctx: LocationCtx) {
  const campaigns = await ctx.db.campaign.findMany({
    where: live(ctx),
    select: { uid: true, name: true, department: true, image: true, isDefault: true },
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }, { id: 'asc' }],
  });
  return {
    accountCampaigns: campaigns.map((c) => ({ uid: c.uid, name: c.name, department: c.department, image: c.image, is_default: c.isDefault })),
    accountTemplates: await accountTemplatesOf(ctx.db, ctx.location.locationId),
  };
}
