import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RawEndpointDef } from '@kudo/shared';

/**
 * An endpoint a provider answers itself: the local stand-ins serve their stored files and consent pages.
 * The app registers it like every raw endpoint (rate limit, access rule, validation, OpenAPI entry).
 */
export interface ProvidedRoute {
  endpoint: RawEndpointDef;
  handler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void>;
}
