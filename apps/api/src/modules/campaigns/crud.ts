// The campaigns of a location: list, add, edit, delete, and the short list the dispatch screen sends from.
import { GLOBAL_TEMPLATES, MSG, type CampaignItem, type EndpointRequest, campaignsApi, isHttpsUrl } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { encryptSecret } from '../../lib/crypto.js';
import { EXPORT_ROWS_AFTER, rewriteCampaignExportRows } from '../../derived/export-rows.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { newCampaignUid } from './ids.js';
import { findCampaign, isUniqueViolation, live, toItem, withCount, type Tx } from './lookup.js';
import { accountTemplatesOf, planOf } from './templates.js';

type AddBody = EndpointRequest<typeof campaignsApi.addCampaign>['body'];
type EditBody = EndpointRequest<typeof campaignsApi.editCampaign>['body'];

/** An image we can show: uploaded through our image host, one of our demo images, or any https URL. */
function checkImage(ctx: LocationCtx, url: string) {
  const ok =
    ctx.providers.images.owns(url) ||
    (/^\/demo\/[\w-]+(\/[\w-]+)*\.(svg|png|jpe?g|webp)$/.test(url)) ||
    isHttpsUrl(url);
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

export async function editCampaign(ctx: LocationCtx, edit: EditBody): Promise<CampaignItem> {
  const body = { ...edit, fieldops_username: edit.fieldops_username ?? edit.fieldopsUsername };
  const campaign = await findCampaign(ctx, body.uid);
  checkImage(ctx, body.image);
  await checkFieldopsUsername(ctx.db, body.fieldops_username, campaign.id);
  try {
    const updated = await ctx.db.$transaction(async (tx) => {
      // A new name or department is written to the export rows of the campaign's reviews after the commit, in batches.
      await tx.$executeRaw(EXPORT_ROWS_AFTER);
      if (body.is_default && !campaign.isDefault) {
        await tx.campaign.updateMany({ where: { locationId: ctx.location.locationId, isDefault: true }, data: { isDefault: false } });
      }
      return tx.campaign.update({
        where: { id: campaign.id },
        data: { ...formData(ctx, body), ...(body.is_default ? { isDefault: true } : {}) },
        include: withCount,
      });
    });
    if (updated.name !== campaign.name || updated.department !== campaign.department) {
      await rewriteCampaignExportRows(ctx.db, ctx.location.locationId, campaign.id);
    }
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
