// Finding a campaign of the session's location and answering it in the shape the client reads.
import { MSG, type CampaignItem } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { notFound } from '../../lib/errors.js';
import { Prisma, type Campaign } from '../../generated/prisma/client.js';
import type { Db } from '../../lib/db.js';

export type Tx = Db | Prisma.TransactionClient;

export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

export const live = (ctx: LocationCtx) => ({ locationId: ctx.location.locationId, deletedAt: null });

export function toItem(c: Campaign & { _count?: { socialMedia: number } }): CampaignItem {
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

export const withCount = { _count: { select: { socialMedia: true } } } as const;

/** A campaign of the current location, or 404: a campaign of another location does not exist here. */
export async function findCampaign(ctx: LocationCtx, uid: string, db: Tx = ctx.db) {
  const campaign = await db.campaign.findFirst({ where: { ...live(ctx), uid }, include: withCount });
  if (!campaign) throw notFound(MSG.campaignNotFound);
  return campaign;
}
