import type { FastifyInstance } from 'fastify';
import { analyticsApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { dispatching } from './dispatching.js';
import { dashboardRatings, latestSocialReviews, ratingsChart, ratingsGrowth } from './ratings.js';
import { addReview, approveReview, archiveReview, editReview, profileCampaigns } from './review-actions.js';
import { exportReviews, fetchReviews } from './reviews.js';

export function registerAnalyticsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.loadRatingsGrowth, (_input, ctx) => ratingsGrowth(ctx));
  route(app, deps, api.loadRatingsChart, ({ body }, ctx) => ratingsChart(ctx, body));
  route(app, deps, api.loadDispatching, ({ body }, ctx) => dispatching(ctx, body));
  route(app, deps, api.fetchReviews, ({ body }, ctx) => fetchReviews(ctx, body));
  route(app, deps, api.exportReviews, ({ body }, ctx) => exportReviews(ctx, body));
  route(app, deps, api.archiveReview, ({ body }, ctx) => archiveReview(ctx, body));
  route(app, deps, api.approveReview, ({ body }, ctx) => approveReview(ctx, body));
  route(app, deps, api.editReview, ({ body }, ctx) => editReview(ctx, body));
  route(app, deps, api.addReview, ({ body }, ctx) => addReview(ctx, body));
  route(app, deps, api.dashboardRatings, (_input, ctx) => dashboardRatings(ctx));
  route(app, deps, api.dashboardSocialReviews, (_input, ctx) => latestSocialReviews(ctx));
  route(app, deps, api.profileCampaigns, (_input, ctx) => profileCampaigns(ctx));
}
