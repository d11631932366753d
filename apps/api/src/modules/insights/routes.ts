import type { FastifyInstance } from 'fastify';
import { insightsApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { loadInsights } from './service.js';

export function registerInsightsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.loadInsights, ({ body }, ctx) => loadInsights(ctx, body));
}
