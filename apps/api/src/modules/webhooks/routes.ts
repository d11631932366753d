import type { FastifyInstance } from 'fastify';
import { WEBHOOK_MSG, webhooksApi as api } from '@kudo/shared';
import type { AppDeps, LocationCtx } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import { registerWebhookV1Routes } from './v1.js';
import { createSubscription, deleteSubscription, enableSubscription, listDeliveries, listSubscriptions, redeliver, type WebhookOwner } from './subscriptions.js';

const ownerOf = (ctx: LocationCtx): WebhookOwner => ({ locationId: ctx.location.locationId, userId: ctx.session.userId, ip: ctx.ip });

/** Settings › Integrations › Webhooks, and the public API's /api/v1/webhooks. */
export function registerWebhookRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.loadWebhooks, async (_input, ctx) => ({ webhooks: (await listSubscriptions(ctx, ctx.location.locationId)).map((s) => s.item) }));
  route(app, deps, api.createWebhook, async ({ body }, ctx) => {
    const made = await createSubscription(ctx, ownerOf(ctx), body);
    return new Answer({ ...made.item, secret: made.secret }, WEBHOOK_MSG.created);
  });
  route(app, deps, api.deleteWebhook, async ({ body }, ctx) => {
    await deleteSubscription(ctx, ownerOf(ctx), { id: body.id });
    return new Answer(null, WEBHOOK_MSG.deleted);
  });
  route(app, deps, api.enableWebhook, async ({ body }, ctx) => new Answer(await enableSubscription(ctx, ownerOf(ctx), body.id), WEBHOOK_MSG.enabled));
  route(app, deps, api.loadWebhookDeliveries, ({ body }, ctx) => listDeliveries(ctx, ctx.location.locationId, { webhookId: body.webhook_id, page: body.page }));
  route(app, deps, api.redeliverWebhook, async ({ body }, ctx) => new Answer(await redeliver(ctx, ownerOf(ctx), body.id), WEBHOOK_MSG.redelivered));
  registerWebhookV1Routes(app, deps);
}
