import type { FastifyInstance } from 'fastify';
import { competitorsApi as api, MSG } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import { searchPlaces } from '../social/index.js';
import * as service from './service.js';

export function registerCompetitorRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.load, (_input, ctx) => service.loadCompetitors(ctx));
  route(app, deps, api.add, async ({ body }, ctx) => new Answer(await service.addCompetitor(ctx, body.place_id), MSG.competitorAdded));
  route(app, deps, api.remove, async ({ body }, ctx) => new Answer(await service.removeCompetitor(ctx, body.competitor_id), MSG.competitorRemoved));
  route(app, deps, api.placesSearch, ({ query }, ctx) => searchPlaces(ctx, query.q));
  route(app, deps, api.dashboard, (_input, ctx) => service.dashboardCompetitors(ctx));
}
