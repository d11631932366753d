import type { FastifyInstance } from 'fastify';
import { leaderboardApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { reloadProjection } from './projection.js';
import { fetchCampaignReviews, fetchCampaigns, fetchDepartments, fetchFieldOpsUsage, loadLeaderboard } from './service.js';

export function registerLeaderboardRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.loadLeaderboard, ({ body }, ctx) => loadLeaderboard(ctx, body));
  route(app, deps, api.fetchDepartments, ({ body }, ctx) => fetchDepartments(ctx, body));
  route(app, deps, api.fetchCampaigns, ({ body }, ctx) => fetchCampaigns(ctx, body));
  route(app, deps, api.fetchCampaignReviews, ({ body }, ctx) => fetchCampaignReviews(ctx, body));
  route(app, deps, api.fetchFieldOpsUsage, ({ body }, ctx) => fetchFieldOpsUsage(ctx, body));
  route(app, deps, api.reloadProjection, ({ body }, ctx) => reloadProjection(ctx, body));
}
