import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkAccess,
  CSRF_HEADER,
  MSG,
  okEnvelope,
  type EndpointData,
  type EndpointDef,
  type EndpointRequest,
} from '@kudo/shared';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../lib/errors.js';
import { admit } from '../lib/rate-limit.js';
import { safeEqual } from '../lib/tokens.js';
import type { AppDeps, LocationCtx, PublicCtx, UserCtx } from './context.js';

/** A handler's answer with a message for the user besides the data. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

type CtxFor<E extends EndpointDef> = E['access'] extends { kind: 'location' }
  ? LocationCtx
  : E['access'] extends { kind: 'user' | 'staff' }
    ? UserCtx
    : PublicCtx;

export type Handler<E extends EndpointDef> = (
  input: EndpointRequest<E>,
  ctx: CtxFor<E>,
  reply: FastifyReply,
  request: FastifyRequest,
) => Promise<EndpointData<E> | Answer<EndpointData<E>>>;

const MINUTE = 60_000;

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Registers one endpoint of the registry: its schemas validate the input and serialize the output,
 * its access rule is checked before the handler runs, and the handler's result is wrapped in the envelope.
 */
export function route<E extends EndpointDef>(app: FastifyInstance, deps: AppDeps, endpoint: E, handler: Handler<E>) {
  const { access } = endpoint;
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema: {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [endpoint.id.startsWith('E') ? 'product' : 'system'],
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.form ? { consumes: ['application/x-www-form-urlencoded', 'application/json'] } : {}),
      response: { 200: okEnvelope(endpoint.response) },
    },
    // Authorization runs before validation so that a logged-out caller learns nothing about the input.
    onRequest: async (request) => {
      if (endpoint.rateLimit) {
        const max = deps.config.rateLimits[endpoint.rateLimit];
        if (!(await admit(deps.db, `${endpoint.rateLimit}:ip:${request.ip}`, max, MINUTE))) throw tooManyRequests();
      }
      if (access.kind === 'public') return;
      const session = await request.loadSession();
      if (!session) throw unauthorized();
      if (STATE_CHANGING.has(request.method)) {
        const header = request.headers[CSRF_HEADER];
        if (typeof header !== 'string' || !safeEqual(header, session.csrfToken)) throw forbidden(MSG.csrf);
      }
      if (access.kind === 'staff' && !session.isPlatformStaff) throw forbidden(MSG.magicLoginStaffOnly);
      if (access.kind === 'location') {
        if (!session.location) throw new AppError(409, MSG.chooseLocation);
        if (access.rule && checkAccess(access.rule, session.location) !== 'ok') throw forbidden();
      }
    },
    handler: async (request, reply) => {
      const session = await request.loadSession();
      const ctx = {
        ...deps,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        log: request.log,
        session,
        ...(access.kind === 'location' && session ? { location: session.location } : {}),
      } as CtxFor<E>;
      const input = { body: request.body, query: request.query, params: request.params } as EndpointRequest<E>;
      const result = await handler(input, ctx, reply, request);
      if (result instanceof Answer) return { status: 1, data: result.data ?? null, message: result.message };
      return { status: 1, data: result ?? null };
    },
  });
}

