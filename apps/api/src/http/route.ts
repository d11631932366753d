import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkAccess,
  CSRF_HEADER,
  MSG,
  okEnvelope,
  type EndpointData,
  type EndpointDef,
  type EndpointRequest,
  type RawEndpointDef,
} from '@kudo/shared';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../lib/errors.js';
import { admit as admitHit } from '../lib/rate-limit.js';
import { safeEqual } from '../lib/tokens.js';
import type { ProvidedRoute } from '../providers/served.js';
import type { AppDeps, LocationCtx, PublicCtx, UserCtx } from './context.js';

/** A handler's answer with a message for the user besides the data. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

const ENVELOPE_OPEN = Buffer.from('{"status":1,"data":');
const ENVELOPE_CLOSE = Buffer.from('}');
const COMMA = Buffer.from(',');

/** JSON values' bytes as the pieces of a JSON array's inside: the values with commas between them. */
export function joined(values: readonly Buffer[]): Buffer[] {
  const parts: Buffer[] = [];
  for (const [i, value] of values.entries()) {
    if (i > 0) parts.push(COMMA);
    parts.push(value);
  }
  return parts;
}

/**
 * A handler's data already written as JSON text (by PostgreSQL, for a large answer), sent as it is inside the
 * envelope instead of being parsed and written again. The handler vouches that the text matches the schema.
 * The envelope's bytes are made once: a handler may keep the instance and answer it again.
 */
export class JsonText<T> {
  declare readonly data?: T;
  private bytes: Buffer | null = null;
  /** The text, whole or in pieces (bytes read from PostgreSQL are sent on without being decoded). */
  constructor(readonly json: string | readonly (string | Buffer)[]) {}

  /** The success envelope around the text, as sent. */
  get envelope(): Buffer {
    if (typeof this.json === 'string') return (this.bytes ??= Buffer.from(`{"status":1,"data":${this.json}}`));
    return (this.bytes ??= Buffer.concat([ENVELOPE_OPEN, ...this.json.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)), ENVELOPE_CLOSE]));
  }
}

/** The responses (Node's, `reply.raw`) whose data went out as a handler's JsonText, unchecked by the schema. */
const jsonTextResponses = new WeakSet<object>();

/**
 * Whether a response's data was a handler's JsonText (given Node's response, e.g. `inject`'s `raw.res`): the
 * registry test parses those answers with the endpoint's schema, since the serializer never sees them.
 */
export const answeredJsonText = (response: object): boolean => jsonTextResponses.has(response);

/**
 * A handler's answer to a conditional GET whose representation the client already holds: 304 without a body.
 * The handler sets the validator and caching headers on the reply first, as a 200 would carry them.
 */
export class NotModified {}
export const NOT_MODIFIED = new NotModified();

type CtxFor<E extends EndpointDef | RawEndpointDef> = E['access'] extends { kind: 'location' }
  ? LocationCtx
  : E['access'] extends { kind: 'user' | 'staff' }
    ? UserCtx
    : PublicCtx;

export type Handler<E extends EndpointDef> = (
  input: EndpointRequest<E>,
  ctx: CtxFor<E>,
  reply: FastifyReply,
  request: FastifyRequest,
) => Promise<EndpointData<E> | Answer<EndpointData<E>> | JsonText<EndpointData<E>> | NotModified>;

const MINUTE = 60_000;

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * The checks every endpoint of the registry makes before its handler: the rate limit, then the access rule.
 * Authorization runs before validation so that a logged-out caller learns nothing about the input.
 */
async function admit(deps: AppDeps, endpoint: EndpointDef | RawEndpointDef, request: FastifyRequest) {
  const { access } = endpoint;
  if (endpoint.rateLimit) {
    const max = deps.config.rateLimits[endpoint.rateLimit];
    if (!(await admitHit(deps.db, `${endpoint.rateLimit}:ip:${request.ip}`, max, MINUTE))) throw tooManyRequests();
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
}

/** What a handler receives besides its input: the app's parts, who asks, and the location for location calls. */
async function handlerCtx<E extends EndpointDef | RawEndpointDef>(deps: AppDeps, endpoint: E, request: FastifyRequest) {
  const session = await request.loadSession();
  return {
    ...deps,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    log: request.log,
    session,
    ...(endpoint.access.kind === 'location' && session ? { location: session.location } : {}),
  } as CtxFor<E>;
}

/** The input part of an endpoint's route schema, shared by JSON and raw endpoints. */
const inputSchema = (endpoint: EndpointDef | RawEndpointDef) => ({
  operationId: endpoint.id,
  summary: endpoint.summary,
  tags: [endpoint.id.startsWith('E') ? 'product' : 'system'],
  ...(endpoint.body ? { body: endpoint.body } : {}),
  ...(endpoint.query ? { querystring: endpoint.query } : {}),
  ...(endpoint.params ? { params: endpoint.params } : {}),
  ...(endpoint.form ? { consumes: ['application/x-www-form-urlencoded', 'application/json'] } : {}),
});

/**
 * Registers one endpoint of the registry: its schemas validate the input and serialize the output,
 * its access rule is checked before the handler runs, and the handler's result is wrapped in the envelope.
 */
export function route<E extends EndpointDef>(app: FastifyInstance, deps: AppDeps, endpoint: E, handler: Handler<E>) {
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema: { ...inputSchema(endpoint), response: { 200: okEnvelope(endpoint.response) } },
    onRequest: (request) => admit(deps, endpoint, request),
    handler: async (request, reply) => {
      const ctx = await handlerCtx(deps, endpoint, request);
      const input = { body: request.body, query: request.query, params: request.params } as EndpointRequest<E>;
      const result = await handler(input, ctx, reply, request);
      if (result instanceof Answer) return { status: 1, data: result.data ?? null, message: result.message };
      if (result instanceof JsonText) {
        jsonTextResponses.add(reply.raw);
        return reply.type('application/json; charset=utf-8').send(result.envelope);
      }
      if (result instanceof NotModified) return (reply as FastifyReply).code(304).send();
      return { status: 1, data: result ?? null };
    },
  });
}

/** A raw endpoint's handler: it answers through `reply` itself (type, headers, body) and returns the reply. */
export type RawHandler<E extends RawEndpointDef> = (
  input: EndpointRequest<E>,
  ctx: CtxFor<E>,
  reply: FastifyReply,
  request: FastifyRequest,
) => Promise<FastifyReply | void>;

/**
 * Registers one raw endpoint of the registry: the same rate limit, access rule, input validation, error
 * envelope and OpenAPI entry as route(), but the handler writes the answer (an image, a script, TwiML, a page).
 */
export function rawRoute<E extends RawEndpointDef>(app: FastifyInstance, deps: AppDeps, endpoint: E, handler: RawHandler<E>) {
  app.route({
    method: endpoint.method,
    url: endpoint.outsideApi ? endpoint.path : `/api${endpoint.path}`,
    schema: {
      ...inputSchema(endpoint),
      produces: Object.keys(endpoint.produces),
      response: {
        200: {
          description: endpoint.summary,
          content: Object.fromEntries(Object.entries(endpoint.produces).map(([type, schema]) => [type, { schema }])),
        },
      },
    },
    onRequest: (request) => admit(deps, endpoint, request),
    handler: async (request, reply) => {
      const ctx = await handlerCtx(deps, endpoint, request);
      const input = { body: request.body, query: request.query, params: request.params } as EndpointRequest<E>;
      return handler(input, ctx, reply, request);
    },
  });
}

/** Registers what each active provider serves itself (the local stand-ins' files and consent pages). */
export function registerProvidedRoutes(app: FastifyInstance, deps: AppDeps) {
  for (const provider of Object.values(deps.providers) as { routes?: readonly ProvidedRoute[] }[]) {
    for (const served of provider.routes ?? []) rawRoute(app, deps, served.endpoint, (_input, _ctx, reply, request) => served.handler(request, reply));
  }
}
