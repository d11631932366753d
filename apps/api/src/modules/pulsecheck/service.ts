import {
  DEFAULT_SLIDER_TITLES,
  FLOW_MODES,
  formatPhone,
  MSG,
  siteLabel,
  timeAgo,
  toE164,
  type FlowMode,
  type Mood,
  type PublicLocationData,
} from '@kudo/shared';
import type { z } from 'zod';
import type { pulsecheckApi } from '@kudo/shared';
import type { AppDeps, PublicCtx } from '../../http/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { listedReviewWhere, publicReviewWhere } from '../../lib/public-reviews.js';
import { hashToken } from '../../lib/tokens.js';
import { DISPATCH_TOKEN_DAYS, newDispatchToken } from '../operate/index.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { sendResponseAlerts } from './alerts.js';
import { queueCardAfterPulseCheck } from '../card/index.js';
import { publicName, syncAnswerReview } from './answer-review.js';

type Submission = z.output<(typeof pulsecheckApi)['submitStep']['body']>;

const invalid = () => notFound(MSG.pcheckLinkInvalid);

/** The dispatch behind a link, while it is valid (30 days). */
async function dispatchFor(deps: AppDeps, token: string) {
  const dispatch = await deps.db.dispatch.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { campaign: true, submissions: { select: { type: true, data: true } } },
  });
  if (!dispatch || dispatch.kind !== 'pcheck' || dispatch.expiresAt <= new Date()) throw invalid();
  return dispatch;
}

/** A campaign of the link's location, by its public uid. */
async function campaignOf(deps: AppDeps, locationId: number, uid: string) {
  const campaign = await deps.db.campaign.findFirst({ where: { uid, locationId, deletedAt: null } });
  if (!campaign) throw invalid();
  return campaign;
}

export async function sampleToken(deps: AppDeps, campaignUid: string): Promise<{ token: string }> {
  const campaign = await deps.db.campaign.findFirst({ where: { uid: campaignUid, deletedAt: null } });
  if (!campaign) throw invalid();
  const token = newDispatchToken();
  await deps.db.dispatch.create({
    data: {
      locationId: campaign.locationId,
      campaignId: campaign.id,
      kind: 'pcheck',
      source: 'sample',
      isTest: true,
      tokenHash: hashToken(token),
      customerName: 'Sample customer',
      expiresAt: new Date(Date.now() + DISPATCH_TOKEN_DAYS * 24 * 3600_000),
    },
  });
  return { token };
}

export async function validate(deps: AppDeps, token: string) {
  const d = await dispatchFor(deps, token);
  return {
    is_valid: true,
    is_test: d.isTest,
    campaign_uid: d.campaign.uid,
    mood: (d.mood as Mood | null) ?? null,
    answered: d.submissions.map((s) => s.type),
  };
}

export async function campaigns(deps: AppDeps, token: string) {
  const d = await dispatchFor(deps, token);
  const rows = await deps.db.campaign.findMany({
    where: { locationId: d.locationId, deletedAt: null },
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }],
    select: { uid: true, name: true, image: true },
  });
  return { campaigns: rows.map((c) => ({ uid: c.uid, campaign_uid: c.uid, name: c.name, image: c.image })) };
}

/** What the public pages show: brand, phone, flow settings, review sites (the campaign's own, else the location's). */
export async function locationData(deps: AppDeps, token: string, campaignUid?: string): Promise<PublicLocationData> {
  const d = await dispatchFor(deps, token);
  const campaign = campaignUid ? await campaignOf(deps, d.locationId, campaignUid) : d.campaign;
  const [location, settings, defaultCampaign, campaignSites, locationSites] = await Promise.all([
    deps.db.location.findUniqueOrThrow({ where: { id: d.locationId } }),
    deps.db.pulseCheckSettings.findUnique({ where: { locationId: d.locationId } }),
    deps.db.campaign.findFirst({ where: { locationId: d.locationId, isDefault: true, deletedAt: null }, select: { uid: true } }),
    deps.db.campaignSocialMedia.findMany({ where: { campaignId: campaign.id }, orderBy: { id: 'asc' } }),
    deps.db.socialAccount.findMany({ where: { locationId: d.locationId }, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] }),
  ]);
  const social_media =
    campaignSites.length > 0
      ? campaignSites.map((s, i) => ({
          name: s.source === 'custom' ? String((s.metadata as { title?: string } | null)?.title ?? 'Review us') : siteLabel(s.source),
          source: s.source,
          url: s.url,
          display: true,
          order: i,
        }))
      : locationSites
          .filter((s) => (s.reviewPage || s.homepage).length > 0)
          .map((s, i) => ({
            name: s.type === 'custom' ? (s.title ?? 'Review us') : siteLabel(s.type),
            source: s.type,
            url: s.reviewPage || s.homepage,
            display: true,
            order: i,
          }));
  const flowMode = (FLOW_MODES as readonly string[]).includes(settings?.flowMode ?? '') ? (settings!.flowMode as FlowMode) : 'sentimentOnly-ungated';
  const sliderTitles = settings?.sliderTitles.length ? settings.sliderTitles : [...DEFAULT_SLIDER_TITLES];
  return {
    location_name: location.name,
    default_campaign_uid: defaultCampaign?.uid ?? null,
    campaign_name: campaign.name,
    campaign_image_url: campaign.image || null,
    company_name: location.companyName || location.name,
    company_image: location.navLogoUrl,
    company_phone: location.companyPhoneNumber ? formatPhone(location.companyPhoneNumber) : '',
    navbar_bkg_color: location.navBkgColor,
    whitelabel: settings?.whitelabel ?? false,
    custom_flow_mode: flowMode,
    social_media,
    sliders: sliderTitles.map((title) => ({ title })),
    privacy_policy_url: `${deps.config.publicUrl}/privacy`,
  };
}

/**
 * Records one step of the customer's answer. Each step type is answered once per link; the first answer
 * credits the campaign the customer chose; the mood alerts the location's notification contacts; a
 * written review becomes a review of the location (tests excepted).
 */
export async function submit(ctx: PublicCtx, token: string, campaignUid: string, body: Submission): Promise<{ type: string }> {
  const d = await dispatchFor(ctx, token);
  const campaign = await campaignOf(ctx, d.locationId, campaignUid);
  if (d.submissions.some((x) => x.type === body.type)) throw conflict(MSG.pcheckStepAnswered);
  // "Call me!": the call is placed first, so a failed call leaves the step open to try again; the recording
  // becomes the review when it is ready (at once with the local provider, by webhook with Twilio).
  let recordingUrl: string | null = null;
  if (body.type === 'review' && body.data.method === 'audio') {
    const business = await ctx.db.location.findUniqueOrThrow({ where: { id: d.locationId }, select: { name: true, companyName: true } });
    try {
      const placed = await ctx.providers.voice.call({
        to: toE164(body.data.value)!,
        locationId: d.locationId,
        prompt: `Hi, this is ${business.companyName || business.name}. Thank you for taking the time. Please tell us about your experience after the beep, then hang up.`,
        recordingCallbackUrl: `${ctx.config.publicUrl}/api/webhooks/twilio/recording?dispatch=${d.id}`,
      });
      recordingUrl = placed.recordingUrl;
    } catch (err) {
      ctx.log.error({ err, dispatchId: d.id }, 'voice review call failed');
      throw new AppError(502, MSG.pcheckSubmitFailed);
    }
  }
  const updates: Prisma.DispatchUpdateInput = {};
  if (!d.creditedCampaignId) updates.creditedCampaign = { connect: { id: campaign.id } };
  if (!d.respondedAt) updates.respondedAt = new Date();
  if (body.type === 'mood') updates.mood = body.data.mood;
  if (body.type === 'ratings') updates.sliderMean = body.data.reduce((sum, r) => sum + r.value, 0) / body.data.length;

  try {
    await ctx.db.$transaction([
      ctx.db.pulseCheckSubmission.create({
        data: { dispatchId: d.id, type: body.type, data: body.data as Prisma.InputJsonValue, ipAddress: ctx.ip },
      }),
      ctx.db.dispatch.update({ where: { id: d.id }, data: updates }),
    ]);
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw conflict(MSG.pcheckStepAnswered);
    throw error;
  }

  if (body.type === 'mood' && !d.isTest) {
    await sendResponseAlerts(ctx, { dispatchId: d.id, mood: body.data.mood }).catch((err: unknown) =>
      ctx.log.error({ err, dispatchId: d.id }, 'pulseCheck alert failed'),
    );
    // The contact card follows a real answer, after the delay the location chose (when it sends one).
    if (d.customerPhone) {
      await queueCardAfterPulseCheck(ctx.db, { locationId: d.locationId, phone: d.customerPhone, customerName: d.customerName }).catch(
        (err: unknown) => ctx.log.error({ err, dispatchId: d.id }, 'contact card queueing failed'),
      );
    }
  }
  if (recordingUrl) await attachAudioReview(ctx, d.id, recordingUrl);
  else await syncAnswerReview(ctx.db, d.id);
  return { type: body.type };
}

/**
 * A voice review's recording: kept on the review step's answer and, for real pulseChecks, on the answer's
 * review (whatever calls this twice).
 */
export async function attachAudioReview(deps: AppDeps, dispatchId: number, audioUrl: string): Promise<void> {
  const step = await deps.db.pulseCheckSubmission.findUnique({ where: { dispatchId_type: { dispatchId, type: 'review' } } });
  if (step) {
    await deps.db.pulseCheckSubmission.update({ where: { id: step.id }, data: { data: { ...(step.data as object), audio_url: audioUrl } } });
  }
  await syncAnswerReview(deps.db, dispatchId);
}

export { publicName };

const youtubeId = (url: string): string | null =>
  /(?:youtu\.be\/|youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/))([A-Za-z0-9_-]{11})/.exec(url)?.[1] ?? null;

/** The public bio: the technician's profile and the reviews the business selected for them. */
export async function bio(deps: AppDeps, campaignUid: string) {
  const campaign = await deps.db.campaign.findFirst({ where: { uid: campaignUid, deletedAt: null }, include: { location: true } });
  if (!campaign) throw notFound();
  const settings = await deps.db.pulseCheckSettings.findUnique({ where: { locationId: campaign.locationId } });
  const [aggregate, reviews] = await Promise.all([
    deps.db.review.aggregate({ where: { ...publicReviewWhere(campaign.locationId), campaignId: campaign.id }, _avg: { rating: true }, _count: true }),
    deps.db.review.findMany({
      where: { ...listedReviewWhere(campaign.locationId), campaignId: campaign.id },
      orderBy: { postedAt: 'desc' },
      take: 20,
    }),
  ]);
  const now = new Date();
  const location = campaign.location;
  return {
    bio_profile: {
      logo_url: location.navLogoUrl,
      logo_bkg_color: location.navBkgColor,
      campaign_img_url: campaign.image,
      campaign_name: campaign.name,
      company_name: location.companyName || location.name,
      rating: aggregate._avg.rating === null ? null : Math.round(aggregate._avg.rating * 10) / 10,
      review_count: aggregate._count,
      license: campaign.license,
      department: campaign.department,
      description: campaign.description,
      video_id: campaign.ytUrl ? youtubeId(campaign.ytUrl) : null,
      whitelabel: settings?.whitelabel ?? false,
    },
    reviews: reviews.map((r) => ({
      transaction_id: r.id,
      user_rating: r.rating,
      text: r.text,
      time_diff_expr: timeAgo(r.postedAt, now),
      posted_at: r.postedAt.toISOString(),
      name: r.authorName,
      source: r.source,
      sm_title: siteLabel(r.source),
      reply: r.replyText,
    })),
  };
}
