import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { FIELD_MSG, MSG, fieldKey, fieldLabel, findUnstorableText, type ErrorEnvelope } from '@kudo/shared';
import { AppError, badRequest } from '../lib/errors.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** The field path of a validation issue, dotted: `name.first`. */
function fieldOf(issue: ValidationIssue): string {
  const path = issue.params?.issue?.path;
  if (path && path.length) return fieldKey(path);
  return fieldKey((issue.instancePath ?? '').split('/').filter(Boolean));
}

/** The longest path parameter the router passes on; the endpoint's schema judges anything shorter. */
export const MAX_PARAM_LENGTH = 1000;

/**
 * Addresses the router cannot even match (a broken %-escape, a path parameter longer than
 * MAX_PARAM_LENGTH) get the same envelope as every other error.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const message = tooLong ? 'This address is too long.' : 'This address is not valid.';
  return reply.code(tooLong ? 414 : 400).send({ status: 0, message } satisfies ErrorEnvelope);
}

/**
 * Errors cross the HTTP boundary here, once: bad input is a 400 with each field's message, known errors
 * keep their status and message, and anything else is logged and answered with a generic 500.
 */
/**
 * Refuses, with a 400 naming the field, input holding text PostgreSQL cannot keep as sent (NUL,
 * unpaired surrogates). Every route's input passes here; so do the fields of multipart uploads.
 */
export function refuseUnstorableText(input: unknown) {
  const path = findUnstorableText(input);
  if (path) {
    const message = FIELD_MSG.unstorable(fieldLabel(path));
    throw badRequest(message, { [fieldKey(path)]: message });
  }
}

/** A schema validation failure's message per field (dotted path), the first problem of each. */
export function validationFields(error: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of (error.validation ?? []) as ValidationIssue[]) {
    const field = fieldOf(issue);
    if (!errors[field] && issue.message) errors[field] = issue.message;
  }
  return errors;
}

export function registerErrorHandling(app: FastifyInstance) {
  // Before any schema or handler sees the input: body, query string and path parameters alike.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) refuseUnstorableText(part);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorEnvelope = { status: 0, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationFields(error);
      const message = Object.values(errors)[0] ?? 'The request is not valid.';
      return reply.code(400).send({ status: 0, message, errors } satisfies ErrorEnvelope);
    }
    // A number beyond what its column holds, in a field no schema bounds: the input is wrong, not the server.
    if ((error as { code?: unknown }).code === 'P2020') return reply.code(400).send({ status: 0, message: FIELD_MSG.numberOutOfRange } satisfies ErrorEnvelope);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = clientErrorMessage(error, status, 'This content type is not supported.');
      return reply.code(status).send({ status: 0, message } satisfies ErrorEnvelope);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 0, message: MSG.serverError } satisfies ErrorEnvelope);
  });
}

/** The words for a framework-level client error (malformed JSON, body too large, unsupported media type). */
export function clientErrorMessage(error: { code?: string }, status: number, unsupportedType: string): string {
  if (status === 413) return 'The request is too large.';
  if (status === 415) return unsupportedType;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is not valid JSON.';
  return 'The request is not valid.';
}
