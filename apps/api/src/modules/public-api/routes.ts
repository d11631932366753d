import type { FastifyInstance } from 'fastify';
import { API_KEY_MSG, integrationsApi as api, publicApi } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import { createApiKey, loadApiKeys, revokeApiKey } from './keys.js';
import { v1OpenApiDocument } from './openapi.js';
import { listCampaigns, listConversations, listReviews } from './reads.js';
import { answerWait, createReviewRequest, getReviewRequest, idempotencyKeyOf } from './review-requests.js';
import { ApiError, v1ErrorHandler, v1Route } from './v1.js';

/** Settings › Integrations (the session's calls) and the public API, version 1, in its own scope. */
export function registerPublicApiRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.createApiKey, async ({ body }, ctx) => new Answer(await createApiKey(ctx, body), API_KEY_MSG.created));
  route(app, deps, api.loadApiKeys, (_input, ctx) => loadApiKeys(ctx));
  route(app, deps, api.revokeApiKey, async ({ body }, ctx) => {
    await revokeApiKey(ctx, body.id);
    return new Answer(null, API_KEY_MSG.revoked);
  });

  void app.register(
    async (v1) => {
      // Bearer keys only: no cookies, no CSRF, no session envelope.
      v1.setErrorHandler(v1ErrorHandler);
      v1.setNotFoundHandler((_request, reply) => v1ErrorHandler(new ApiError('not_found', publicApi.API_MSG.noRoute), _request, reply));
      const document = v1OpenApiDocument(deps.config);
      v1.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(document));

      v1Route(v1, deps, publicApi.createReviewRequest, async ({ body }, ctx, reply, request) => {
        const wait = answerWait(request.headers.prefer);
        const { request: made, replayed } = await createReviewRequest(ctx, body, idempotencyKeyOf(request.headers['idempotency-key']), wait.seconds);
        if (replayed) reply.header('idempotent-replayed', 'true');
        if (wait.applied) reply.header('preference-applied', wait.applied);
        return made;
      });
      v1Route(v1, deps, publicApi.getReviewRequest, ({ params }, ctx) => getReviewRequest(ctx, params.id));
      v1Route(v1, deps, publicApi.listReviews, ({ query }, ctx) => listReviews(ctx, query));
      v1Route(v1, deps, publicApi.listCampaigns, (_input, ctx) => listCampaigns(ctx));
      v1Route(v1, deps, publicApi.listConversations, ({ query }, ctx) => listConversations(ctx, query));
    },
    { prefix: publicApi.API_V1_BASE },
  );
}
