// A campaign's own review and social links (without any, the location's links are used).
import { MSG, type CampaignSocialLink, type CampaignSocialSource, type EndpointRequest, type campaignsApi } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { Prisma, type Campaign, type CampaignSocialMedia } from '../../generated/prisma/client.js';
import { findCampaign, type Tx } from './lookup.js';

type SocialBody = EndpointRequest<typeof campaignsApi.addCampaignSocialMedia>['body'];

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
