import type { FastifyInstance } from 'fastify';
import { MSG, socialReviewsApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import { requestReport } from './report.js';
import * as service from './service.js';

export function registerSocialReviewRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.load, ({ body }, ctx) => service.loadPage(ctx, body));
  route(app, deps, api.addAttribution, ({ body }, ctx) => service.addAttribution(ctx, body));
  route(app, deps, api.removeAttribution, ({ body }, ctx) => service.removeAttribution(ctx, body));
  route(app, deps, api.exportReport, async ({ body }, ctx) => new Answer(await requestReport(ctx, body), MSG.reportQueued));
  route(app, deps, api.saveReply, async ({ params, body }, ctx) => new Answer(await service.saveReply(ctx, params.id, body.comment), MSG.socialReplySaved));
  route(app, deps, api.deleteReply, async ({ params }, ctx) => new Answer(await service.deleteReply(ctx, params.id), MSG.socialReplyDeleted));
}
