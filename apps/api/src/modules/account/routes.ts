import type { FastifyInstance } from 'fastify';
import { MSG, sessionApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import * as service from './service.js';

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.loadLocations, (_input, ctx) => service.loadLocations(ctx));
  route(app, deps, api.selectLocation, ({ body }, ctx) => service.selectLocation(ctx, body.location_id));
  route(app, deps, api.loadSubscriptions, async (_input, ctx) => ({
    locationSubscriptions: [...ctx.location.subscriptions],
  }));
  route(app, deps, api.loadLocationUser, async (_input, ctx) => service.loadLocationUser(ctx));
  route(app, deps, api.loadIdentity, (_input, ctx) => service.loadIdentity(ctx));
  route(app, deps, api.loadProfile, (_input, ctx) => service.loadProfile(ctx));
  route(app, deps, api.saveProfile, async ({ body }, ctx) => new Answer(await service.saveProfile(ctx, body), MSG.profileSaved));
  route(app, deps, api.updatePassword, async ({ body }, ctx) => {
    await service.updatePassword(ctx, body);
    return new Answer(null, MSG.passwordChanged);
  });
  route(app, deps, api.crossSell, (_input, ctx) => service.crossSell(ctx));
  route(app, deps, api.fetchNotifications, (_input, ctx) => service.fetchNotifications(ctx));
  route(app, deps, api.upgradeRequest, async ({ body }, ctx) =>
    new Answer(await service.requestUpgrade(ctx, body.type), MSG.upgradeRequested),
  );
}
