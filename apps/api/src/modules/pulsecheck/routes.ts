import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { MSG, pulsecheckApi as api } from '@kudo/shared';
import { AUDIO_PREFIX, audioDir } from '../../providers/voice/local.js';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './service.js';

/** The customer's side: no login, rate limited per IP, everything keyed by the link's unguessable token. */
export function registerPulseCheckRoutes(app: FastifyInstance, deps: AppDeps) {
  // Recordings made by the local voice provider (Twilio keeps its own).
  app.get<{ Params: { name: string } }>(`${AUDIO_PREFIX}:name`, async (request, reply) => {
    if (!/^[A-Za-z0-9_-]{16}\.wav$/.test(request.params.name)) return reply.code(404).send({ status: 0, message: MSG.notFound });
    let data: Buffer;
    try {
      data = await fs.promises.readFile(path.join(audioDir(deps.config), request.params.name));
    } catch {
      return reply.code(404).send({ status: 0, message: MSG.notFound });
    }
    return reply
      .header('content-type', 'audio/wav')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(data);
  });

  route(app, deps, api.sampleToken, ({ params }) => service.sampleToken(deps, params.campaignUID));
  route(app, deps, api.validateToken, ({ params }) => service.validate(deps, params.token));
  route(app, deps, api.tokenCampaigns, ({ params }) => service.campaigns(deps, params.token));
  route(app, deps, api.tokenCampaignLocation, ({ params }) => service.locationData(deps, params.token, params.campaignUID));
  route(app, deps, api.tokenLocation, ({ params }) => service.locationData(deps, params.token));
  route(app, deps, api.submitStep, ({ params, body }, ctx) => service.submit(ctx, params.token, params.campaignUID, body));
  route(app, deps, api.bioPage, ({ params }) => service.bio(deps, params.campaignUID));
}
