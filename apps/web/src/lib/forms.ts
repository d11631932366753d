import { MSG } from '@kudo/shared';
import { useState } from 'react';
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

/**
 * The messages of a form checked in the browser before it is sent: the browser's findings over the
 * server's per field, and a failure the server tied to no field as one general message.
 */
export function useFormErrors(mutation: { error: unknown; isError: boolean; reset: () => void }) {
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const serverErrors = apiFieldErrors(mutation.error);
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const generalError = mutation.isError && Object.keys(serverErrors).length === 0 ? errorMessage(mutation.error) : null;

  /** Shows what the browser found; with anything found, the last call's outcome goes and nothing is sent. */
  const accept = (found: FieldErrors): boolean => {
    setClientErrors(found);
    if (Object.keys(found).length === 0) return true;
    mutation.reset();
    return false;
  };
  const check = (schema: z.ZodType, input: unknown): boolean => {
    const parsed = schema.safeParse(input);
    return accept(parsed.success ? {} : zodFieldErrors(parsed.error));
  };
  /** Back to a clean form (Cancel, or a modal closed). */
  const clear = () => {
    setClientErrors({});
    mutation.reset();
  };
  return { errors, serverErrors, generalError, accept, check, clear };
}
