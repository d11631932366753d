import type { FastifyInstance } from 'fastify';
import { API_V1_BASE, publicApi, v1CreateWebhook, v1DeleteWebhook, v1ListWebhooks, type WebhookItem, type WebhookOutput } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { ApiError, v1ErrorHandler, v1Route, type ApiCtx } from '../public-api/index.js';
import { createSubscription, deleteSubscription, listSubscriptions, type WebhookOwner } from './subscriptions.js';

const ownerOf = (ctx: ApiCtx, ip: string): WebhookOwner => ({ locationId: ctx.caller.locationId, apiKeyId: ctx.caller.keyId, ip });

const output = (item: WebhookItem): WebhookOutput => ({ id: item.public_id, url: item.url, events: item.events, status: item.status, created_at: item.created_at });

/**
 * /api/v1/webhooks: REST hooks for outside systems (Zapier subscribes on a Zap's start and unsubscribes on its
 * end), with the key check, scope and error shape of every call of version 1. A key reaches its own location's
 * webhooks only.
 */
export function registerWebhookV1Routes(app: FastifyInstance, deps: AppDeps) {
  void app.register(
    async (v1) => {
      v1.setErrorHandler(v1ErrorHandler);
      v1Route(v1, deps, v1CreateWebhook, async ({ body }, ctx, _reply, request) => {
        const made = await createSubscription(ctx, ownerOf(ctx, request.ip), body);
        return { ...output(made.item), secret: made.secret };
      });
      v1Route(v1, deps, v1ListWebhooks, async (_input, ctx) => ({ data: (await listSubscriptions(ctx, ctx.caller.locationId)).map((s) => output(s.item)) }));
      v1Route(v1, deps, v1DeleteWebhook, async ({ params }, ctx, _reply, request) => {
        try {
          await deleteSubscription(ctx, ownerOf(ctx, request.ip), { publicId: params.id });
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 404) throw new ApiError('not_found', publicApi.API_MSG.notFound);
          throw error;
        }
        return { id: params.id, deleted: true as const };
      });
    },
    { prefix: API_V1_BASE },
  );
}
