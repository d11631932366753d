import { type analyticsApi, isValidEmail, MSG, toE164, type EndpointData, type EndpointRequest } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { reviewRowById } from './reviews.js';
import { starsFromSentiment } from './scores.js';

/** Facebook reviews are also called `fb` by the screens. */
const sameSource = (stored: string, sent: string) => stored === sent || (stored === 'facebook' && sent === 'fb');

async function reviewOf(ctx: LocationCtx, id: number, source: string) {
  const review = await ctx.db.review.findFirst({ where: { id, locationId: ctx.location.locationId } });
  if (!review || !sameSource(review.source, source)) throw notFound(MSG.reviewNotFound);
  return review;
}

async function campaignOf(ctx: LocationCtx, uid: string) {
  const campaign = await ctx.db.campaign.findFirst({
    where: { uid, locationId: ctx.location.locationId, deletedAt: null },
    select: { id: true },
  });
  if (!campaign) throw badRequest(MSG.campaignNotFound, { campaign_uid: MSG.campaignNotFound });
  return campaign;
}

/** The review widget shows approved reviews and the location's figures: its cached data goes stale with them. */
const forgetWidgetData = (ctx: LocationCtx) =>
  ctx.db.widgetSetting.updateMany({ where: { locationId: ctx.location.locationId }, data: { dataCachedAt: null } });

const state = (r: { id: number; approvedForWidget: boolean; archived: boolean }) => ({
  transaction_id: r.id,
  approved: r.approvedForWidget,
  archived: r.archived,
});

export async function archiveReview(ctx: LocationCtx, input: EndpointRequest<typeof analyticsApi.archiveReview>['body']) {
  const review = await reviewOf(ctx, input.transaction_id, input.source);
  const saved = await ctx.db.review.update({ where: { id: review.id }, data: { archived: input.archived } });
  await forgetWidgetData(ctx);
  return state(saved);
}

/** Only positive reviews may be approved; an approved review of any sentiment may be withdrawn. */
export async function approveReview(ctx: LocationCtx, input: EndpointRequest<typeof analyticsApi.approveReview>['body']) {
  const review = await reviewOf(ctx, input.transaction_id, input.source);
  if (input.approved && review.sentiment !== 'positive') throw badRequest(MSG.reviewNotPositive);
  const saved = await ctx.db.review.update({ where: { id: review.id }, data: { approvedForWidget: input.approved } });
  await forgetWidgetData(ctx);
  return state(saved);
}

/** The campaign of any review; for a pulseCheck answer also the customer's name, contact and address. */
export async function editReview(
  ctx: LocationCtx,
  input: EndpointRequest<typeof analyticsApi.editReview>['body'],
): Promise<EndpointData<typeof analyticsApi.editReview>> {
  const review = await reviewOf(ctx, input.transaction_id, input.source);
  const campaign = await campaignOf(ctx, input.campaign_uid);
  const data: Parameters<typeof ctx.db.review.update>[0]['data'] = { campaignId: campaign.id };
  if (review.source === 'kudo') {
    if (input.phone !== undefined) {
      const phone = input.phone === '' ? '' : toE164(input.phone);
      if (phone === null) throw badRequest(MSG.validPhone, { phone: MSG.validPhone });
      data.customerPhone = phone;
    }
    if (input.email !== undefined) {
      if (input.email !== '' && !isValidEmail(input.email)) throw badRequest(MSG.validEmail, { email: MSG.validEmail });
      data.customerEmail = input.email.toLowerCase();
    }
    if (input.state !== undefined) {
      const st = input.state.toUpperCase();
      if (st !== '' && !/^[A-Z]{2}$/.test(st)) throw badRequest(MSG.reviewStateInvalid, { state: MSG.reviewStateInvalid });
      data.customerState = st;
    }
    if (input.name !== undefined) data.customerName = input.name;
    if (input.city !== undefined) data.customerCity = input.city;
    if (input.zipcode !== undefined) data.customerZipcode = input.zipcode;
  }
  // Staff typed a review added by hand in themselves: they may correct its words (classified again by the worker).
  // A customer's words (a pulseCheck answer, a site's review) stay as the customer wrote them.
  if (input.comment !== undefined) {
    // The same rule as the table's added_by_hand.
    if (review.source === 'kudo' || review.externalId !== null) throw badRequest(MSG.reviewCommentNotEditable, { comment: MSG.reviewCommentNotEditable });
    data.text = input.comment;
  }
  await ctx.db.review.update({ where: { id: review.id }, data });
  return { review: await reviewRowById(ctx, review.id) };
}

/** A review received elsewhere, typed in by staff: approved only when positive. */
export async function addReview(
  ctx: LocationCtx,
  input: EndpointRequest<typeof analyticsApi.addReview>['body'],
): Promise<EndpointData<typeof analyticsApi.addReview>> {
  if (input.approved && input.sentiment !== 'positive') throw badRequest(MSG.reviewNotPositive, { approved: MSG.reviewNotPositive });
  const st = (input.state ?? '').toUpperCase();
  if (st !== '' && !/^[A-Z]{2}$/.test(st)) throw badRequest(MSG.reviewStateInvalid, { state: MSG.reviewStateInvalid });
  const campaign = await campaignOf(ctx, input.campaign_uid);
  const created = await ctx.db.review.create({
    data: {
      locationId: ctx.location.locationId,
      source: input.source,
      authorName: '',
      rating: starsFromSentiment(input.sentiment),
      sentiment: input.sentiment,
      text: input.comment,
      // Midday UTC falls on the same calendar day in every American time zone.
      postedAt: new Date(`${input.date}T12:00:00Z`),
      approvedForWidget: input.approved,
      campaignId: campaign.id,
      customerCity: input.city ?? '',
      customerState: st,
      customerZipcode: input.zip ?? '',
    },
  });
  await forgetWidgetData(ctx);
  return { review: await reviewRowById(ctx, created.id) };
}

/** The location's campaigns for pickers; null when it has none. */
export async function profileCampaigns(ctx: LocationCtx): Promise<EndpointData<typeof analyticsApi.profileCampaigns>> {
  const campaigns = await ctx.db.campaign.findMany({
    where: { locationId: ctx.location.locationId, deletedAt: null },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: { id: true, uid: true, name: true, image: true, department: true },
  });
  if (campaigns.length === 0) return null;
  return campaigns.map((c) => ({
    campaign_id: c.id,
    campaign_uid: c.uid,
    uid: c.uid,
    name: c.name,
    image: c.image,
    department_name: c.department,
  }));
}
