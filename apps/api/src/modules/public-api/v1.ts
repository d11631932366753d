import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { FIELD_MSG, publicApi } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { coalesce, coalescedPer } from '../../lib/coalesce.js';
import { AppError } from '../../lib/errors.js';
import { entitlementsOf } from '../../lib/entitlements.js';
import { admitCounted } from '../../lib/rate-limit.js';
import { hashToken } from '../../lib/tokens.js';
import { clientErrorMessage, validationFields } from '../../plugins/errors.js';
import { KEY_PREFIX } from './keys.js';
import { keyQueries, type KeyRow } from './queries.js';

const { API_ERROR_CODES, API_MSG } = publicApi;
type ApiErrorCode = publicApi.ApiErrorCode;

/** An error of the public API: its code says what happened, its status comes with the code. */
export class ApiError extends AppError {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    fields?: Record<string, string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(API_ERROR_CODES[code], message, fields);
    this.name = 'ApiError';
  }
}

/** Who calls: a key, acting for its location, and what that location's sends depend on, read with the key. */
export interface ApiCaller {
  keyId: number;
  keyName: string;
  scopes: readonly string[];
  locationId: number;
  location: { timeZone: string; freeTrial: boolean; pcheckCount: number; canSend: boolean };
}

/**
 * The key by its hash, with its location's zone, trial and subscription: one round trip, shared by the keys that
 * arrive while earlier look-ups are in flight (lib/coalesce.ts), so a burst of calls reads its keys in a few
 * statements. Nothing is kept: each call reads its key after it arrived.
 */
const keyByHash = coalescedPer((db: AppDeps['db']) => coalesce((hashes: string[]) => keyQueries.byHashes(db, hashes), { maxBatch: 100, concurrent: 1 }));

function findKey(deps: AppDeps, token: string): Promise<KeyRow | null> {
  return keyByHash(deps.db, hashToken(token));
}

const utc = (v: number | null) => (v === null ? null : new Date(v));

/** What a public API handler receives: the app's parts, the request's logger, and the caller. */
export type ApiCtx = AppDeps & { log: Log; caller: ApiCaller };

const MINUTE = 60_000;
/** last_used_at is written when it is older than this: a busy key costs no write per request. */
export const LAST_USED_EVERY_MS = MINUTE;

const BEARER = /^Bearer[ \t]+([\x21-\x7E]+)[ \t]*$/i;

const callers = new WeakMap<FastifyRequest, ApiCaller>();

/**
 * Calls without a valid key (none, or one that is not known) are counted per address at the public pages'
 * limit; past it, the address is refused every call for the rest of the window, with or without a key,
 * before any key is looked up. This process remembers the refusal; another learns it at its next such call.
 */
const refusedUntil = new Map<string, number>();

const tooManyWithoutKey = (until: number) =>
  new ApiError('rate_limited', API_MSG.tooManyWithoutKey, undefined, { 'retry-after': String(Math.max(1, Math.ceil((until - Date.now()) / 1000))) });

async function withoutKey(deps: AppDeps, request: FastifyRequest, error: ApiError): Promise<never> {
  const counted = await admitCounted(deps.db, `api:nokey:${request.ip}`, deps.config.rateLimits.public, MINUTE);
  if (counted.allowed) throw error;
  const until = counted.resetAt.getTime();
  if (refusedUntil.size >= 10_000) refusedUntil.delete(refusedUntil.keys().next().value as string);
  refusedUntil.set(request.ip, until);
  throw tooManyWithoutKey(until);
}

/**
 * The checks before any handler: the key (none or unknown 401, revoked 403), its rate limit (429, with the
 * RateLimit headers on every answer), then the call's scope (403). The key is found by its SHA-256, so the
 * key itself is never compared character by character.
 */
async function authenticate(deps: AppDeps, endpoint: publicApi.V1Endpoint, request: FastifyRequest, reply: FastifyReply) {
  const refused = refusedUntil.get(request.ip);
  if (refused !== undefined) {
    if (refused > Date.now()) throw tooManyWithoutKey(refused);
    refusedUntil.delete(request.ip);
  }
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match) return withoutKey(deps, request, new ApiError('unauthorized', API_MSG.noKey, undefined, { 'www-authenticate': 'Bearer' }));
  const token = match[1]!;
  const key = token.startsWith(KEY_PREFIX) && token.length <= 200 ? await findKey(deps, token) : null;
  if (!key) return withoutKey(deps, request, new ApiError('unauthorized', API_MSG.unknownKey, undefined, { 'www-authenticate': 'Bearer error="invalid_token"' }));
  if (key.revoked) throw new ApiError('key_revoked', API_MSG.revoked);

  // Counted in this process and added to the shared count in batches while far from the limit: a key's
  // requests never queue on one counter row.
  const max = deps.config.rateLimits.apiKey;
  const counted = await admitCounted(deps.db, `api:key:${key.id}`, max, MINUTE);
  const resetSeconds = Math.max(0, Math.ceil((counted.resetAt.getTime() - Date.now()) / 1000));
  reply.header('ratelimit-limit', String(max));
  reply.header('ratelimit-remaining', String(Math.max(0, max - counted.count)));
  reply.header('ratelimit-reset', String(resetSeconds));
  if (!counted.allowed) throw new ApiError('rate_limited', API_MSG.rateLimited, undefined, { 'retry-after': String(Math.max(1, resetSeconds)) });

  if (endpoint.scopes.length > 0 && !endpoint.scopes.some((s) => key.scopes.includes(s))) {
    throw new ApiError('insufficient_scope', API_MSG.scope(endpoint.scopes));
  }
  if (key.last_used_at === null || Date.now() - key.last_used_at >= LAST_USED_EVERY_MS) {
    // Guarded in SQL too: of several processes answering the same key at once, one writes.
    const stale = new Date(Date.now() - LAST_USED_EVERY_MS);
    await deps.db.apiKey.updateMany({ where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: stale } }] }, data: { lastUsedAt: new Date() } });
  }
  const { canSend } = entitlementsOf(
    { freeTrial: key.free_trial, freeTrialType: key.free_trial_type, trialEndsAt: utc(key.trial_ends_at), planCode: key.plan_code },
    key.sub
      ? {
          status: key.sub.status,
          planCode: key.sub.plan_code,
          addons: key.sub.addons ?? [],
          term: key.sub.term,
          currentPeriodEnd: utc(key.sub.current_period_end),
          pastDueSince: utc(key.sub.past_due_since),
        }
      : null,
  );
  callers.set(request, {
    keyId: key.id,
    keyName: key.name,
    scopes: key.scopes,
    locationId: key.location_id,
    location: { timeZone: key.time_zone, freeTrial: key.free_trial, pcheckCount: key.pcheck_count, canSend },
  });
}

const CODE_OF_STATUS: Record<number, ApiErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'insufficient_scope',
  404: 'not_found',
  409: 'conflict',
  422: 'unprocessable',
  429: 'rate_limited',
};

const send = (reply: FastifyReply, status: number, code: string, message: string, fields?: Record<string, string>) =>
  reply.code(status).type('application/json; charset=utf-8').send({ error: { code, message, ...(fields && Object.keys(fields).length ? { fields } : {}) } } satisfies publicApi.ApiErrorBody);

/** Every error of the public API as `{error: {code, message, fields?}}`; nothing unexpected leaves as more than a 500. */
export function v1ErrorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return send(reply, error.statusCode, error.code, error.message, error.errors);
  }
  if (error instanceof AppError) {
    const code = CODE_OF_STATUS[error.statusCode] ?? 'invalid_request';
    return send(reply, error.statusCode, code, error.message, error.errors);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = validationFields(error);
    return send(reply, 400, 'invalid_request', Object.values(fields)[0] ?? 'The request is not valid.', fields);
  }
  if ((error as { code?: unknown }).code === 'P2020') return send(reply, 400, 'invalid_request', FIELD_MSG.numberOutOfRange);
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    return send(reply, status, 'invalid_request', clientErrorMessage(error, status, 'Send the body as application/json.'));
  }
  request.log.error({ err: error }, 'unhandled error in the public API');
  return send(reply, 500, 'internal_error', 'Something went wrong on our side. Please try again; the request id is in the X-Request-Id header.');
}

export type V1Input<E extends publicApi.V1Endpoint> = {
  body: E extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
  query: E extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;
  params: E extends { params: infer S extends z.ZodType } ? z.output<S> : undefined;
};

export type V1Handler<E extends publicApi.V1Endpoint> = (input: V1Input<E>, ctx: ApiCtx, reply: FastifyReply, request: FastifyRequest) => Promise<z.input<E['response']>>;

/**
 * Registers one call of version 1 (in the /api/v1 scope): the key is checked before anything else, the
 * input is validated with the call's schemas and the answer written through its response schema. Left out
 * of /api/docs: version 1 has its own document.
 */
export function v1Route<E extends publicApi.V1Endpoint>(app: FastifyInstance, deps: AppDeps, endpoint: E, handler: V1Handler<E>) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      hide: true,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: { [endpoint.status]: endpoint.response },
    },
    onRequest: (request, reply) => authenticate(deps, endpoint, request, reply),
    handler: async (request, reply) => {
      const caller = callers.get(request)!;
      const input = { body: request.body, query: request.query, params: request.params } as V1Input<E>;
      const result = await handler(input, { ...deps, log: request.log, caller }, reply, request);
      return reply.code(endpoint.status).send(result);
    },
  });
}
