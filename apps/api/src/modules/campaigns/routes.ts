import type { FastifyInstance } from 'fastify';
import { MSG, campaignsApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import * as service from './service.js';

export function registerCampaignsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.fetchCampaigns, (_input, ctx) => service.fetchCampaigns(ctx));
  route(app, deps, api.editCampaign, async ({ body }, ctx) => new Answer(await service.editCampaign(ctx, body), MSG.campaignEdited));
  route(app, deps, api.addCampaign, async ({ body }, ctx) => new Answer(await service.addCampaign(ctx, body), MSG.campaignAdded));
  route(app, deps, api.deleteCampaign, async ({ body }, ctx) => new Answer(await service.deleteCampaign(ctx, body.uid), MSG.campaignDeleted));
  route(app, deps, api.shareApp, async ({ body }, ctx) => new Answer(await service.shareApp(ctx, body), MSG.fieldopsInviteSent));
  route(app, deps, api.loadCampaignSocialMedia, ({ body }, ctx) => service.loadSocialMedia(ctx, body.campaign_uid));
  route(app, deps, api.addCampaignSocialMedia, async ({ body }, ctx) =>
    new Answer(await service.addSocialMedia(ctx, body), MSG.socialAccountAdded),
  );
  route(app, deps, api.saveCampaignSocialMedia, async ({ body }, ctx) =>
    new Answer(await service.saveSocialMedia(ctx, body), MSG.socialAccountEdited),
  );
  route(app, deps, api.removeCampaignSocialMedia, async ({ body }, ctx) =>
    new Answer(await service.removeSocialMedia(ctx, body.campaign_uid, body.social_media_url.social_media_id), MSG.socialAccountDeleted),
  );
  route(app, deps, api.editDefaultTemplates, async ({ body }, ctx) =>
    new Answer(await service.editDefaultTemplates(ctx, body), MSG.templatesUpdated),
  );
  route(app, deps, api.loadCampaignPlan, (_input, ctx) => service.loadPlan(ctx));
  route(app, deps, api.loadDispatch, (_input, ctx) => service.loadDispatch(ctx));
}
