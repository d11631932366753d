import type { FastifyInstance } from 'fastify';
import { pulsecheckApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './service.js';

/** The customer's side: no login, rate limited per IP, everything keyed by the link's unguessable token. */
export function registerPulseCheckRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.sampleToken, ({ params }) => service.sampleToken(deps, params.campaignUID));
  route(app, deps, api.validateToken, ({ params }) => service.validate(deps, params.token));
  route(app, deps, api.tokenCampaigns, ({ params }) => service.campaigns(deps, params.token));
  route(app, deps, api.tokenCampaignLocation, ({ params }) => service.locationData(deps, params.token, params.campaignUID));
  route(app, deps, api.tokenLocation, ({ params }) => service.locationData(deps, params.token));
  route(app, deps, api.submitStep, ({ params, body }, ctx) => service.submit(ctx, params.token, params.campaignUID, body));
  route(app, deps, api.bioPage, ({ params }) => service.bio(deps, params.campaignUID));
}
