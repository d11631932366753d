import { MSG } from '@kudo/shared';
import type { z } from 'zod';
import { ApiError } from './api';

/** Field messages keyed by dotted path (`name.first`), the same keys the API uses in `errors`. */
export type FieldErrors = Record<string, string>;

/** The first message of each field of a failed parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Per-field messages of a failed call, if the server sent any. */
export const apiFieldErrors = (error: unknown): FieldErrors => (error instanceof ApiError ? error.errors : {});

/** The message to show for a failed call when it is not tied to one field. */
export const errorMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : error instanceof Error && error.message ? error.message : MSG.serverError;
