import { z } from 'zod';
import { API_SCOPE_INFO, API_SCOPES, PRODUCT, publicApi } from '@kudo/shared';
import type { Config } from '../../config.js';

const { API_V1_BASE, API_ERROR_CODES, API_KEY_LIMITS, V1_ENDPOINTS } = publicApi;

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema (2020-12, what OpenAPI 3.1 speaks), for its input side or its answer side. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The properties of an object schema as OpenAPI parameters (path or query). */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (s.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests this key may make per minute.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the minute starts again.', schema: { type: 'integer' } },
};

/**
 * The OpenAPI 3.1 document of version 1, written from the same schemas the routes validate with and answer
 * through (packages/shared/src/public-api.ts): a change to a call changes its documentation with it.
 */
export function v1OpenApiDocument(config: Config) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of V1_ENDPOINTS) {
    const path = e.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters = [
      ...parametersOf(e.params, 'path'),
      ...parametersOf(e.query, 'query'),
      ...(e.idempotent
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: `Any unique string of 1 to ${API_KEY_LIMITS.idempotencyKeyMax} visible ASCII characters (a UUID). A repeat with the same key and body answers the first request and sends nothing more; the same key with another body answers 409 idempotency_conflict.`,
              schema: { type: 'string', maxLength: API_KEY_LIMITS.idempotencyKeyMax },
            },
          ]
        : []),
      ...(e.waits
        ? [
            {
              name: 'Prefer',
              in: 'header',
              required: false,
              description:
                'RFC 7240. Without it, a request due now is answered once sent (up to 10 seconds), with what went. respond-async: answered as soon as it is recorded (status scheduled, scheduled_for now) and sent a moment later. wait=N: the answer waits up to N seconds (at most 10). The Preference-Applied header says which was honoured.',
              schema: { type: 'string', example: 'respond-async' },
            },
          ]
        : []),
    ];
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = {
      operationId: e.id,
      summary: e.summary,
      description: `${e.description}\n\nScope: ${e.scopes.join(' or ')}.`,
      tags: [e.path.split('/')[1]],
      security: [{ bearer: [] }],
      'x-scopes': e.scopes,
      ...(parameters.length ? { parameters } : {}),
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(e.body, 'input'), ...(e.example ? { example: e.example } : {}) } },
            },
          }
        : {}),
      responses: {
        [String(e.status)]: {
          description: e.status === 201 ? 'Created (or, for a repeated Idempotency-Key, the request it made).' : 'OK',
          headers: e.waits
            ? { ...RATE_HEADERS, 'Preference-Applied': { description: 'respond-async or wait=N, when a Prefer was honoured.', schema: { type: 'string' } } }
            : RATE_HEADERS,
          content: { 'application/json': { schema: jsonSchema(e.response, 'output') } },
        },
        400: errorResponse('invalid_request: bad input; fields names each field in error. Nothing was changed.'),
        401: errorResponse('unauthorized: no API key, or an unknown one.'),
        403: errorResponse('key_revoked, or insufficient_scope: the key lacks the scope of this call.'),
        ...(e.params ? { 404: errorResponse('not_found: no such id for this key’s location.') } : {}),
        ...(e.body ? { 409: errorResponse('idempotency_conflict, sending_paused or trial_limit_reached.') } : {}),
        ...(e.body ? { 422: errorResponse('unprocessable: the input is well formed but names something that is not there (a campaign).') } : {}),
        429: {
          ...errorResponse('rate_limited: the key’s requests for this minute are used up, or too many calls without a valid key came from this address; wait Retry-After seconds.'),
          headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } }, ...RATE_HEADERS },
        },
      },
    };
  }
  paths['/openapi.json'] = {
    get: {
      operationId: 'getOpenApi',
      summary: 'This document.',
      description: 'Needs no key.',
      tags: ['openapi'],
      security: [],
      responses: { 200: { description: 'The OpenAPI document of version 1.', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT.name} public API`,
      version: `1 (${config.version})`,
      description: [
        `Version 1 of the ${PRODUCT.name} API for outside systems. Authenticate with an API key from Settings › Integrations › API keys: \`Authorization: Bearer <key>\`. A key acts for its own location only.`,
        'Answers are plain JSON. Errors are `{"error": {"code", "message", "fields"?}}`.',
        `Each key may make ${API_KEY_LIMITS.perMinute} requests a minute by default; every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.`,
        'Version 1 is never changed incompatibly: calls, inputs and fields are only ever added.',
        '',
        'Scopes:',
        ...API_SCOPES.map((s) => `- \`${s}\`: ${API_SCOPE_INFO[s].description}`),
      ].join('\n'),
    },
    servers: [{ url: `${config.publicUrl}${API_V1_BASE}` }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key (kudo_…) of the location.' } },
      schemas: {
        Error: {
          ...jsonSchema(publicApi.apiError, 'output'),
          'x-error-codes': Object.fromEntries(Object.entries(API_ERROR_CODES)),
        },
      },
    },
  };
}
