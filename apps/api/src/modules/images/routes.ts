import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { imagesApi as api, UPLOAD_MAX_BYTES } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';

/** The upload is signed here; the file goes to the image host (the local provider serves its own store). */
export function registerImageRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.signImageUpload, async () => ({
    ...deps.providers.images.signUpload(`kudo/${randomBytes(16).toString('base64url')}`),
    max_bytes: UPLOAD_MAX_BYTES,
  }));
}
