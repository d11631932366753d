/**
 * A failure of an outside service behind the places, google and facebook providers:
 * - rejected: the service refused the code or token (expired, revoked, wrong);
 * - unavailable: the service could not be reached or answered with an error of its own;
 * - refused: the service refuses this call for good (a call its newer versions no longer allow, a missing
 *   permission): trying again the same way will not help.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export const isProviderError = (e: unknown): e is ProviderError => e instanceof ProviderError;

/** The HTTP status of a failed call, whether it came from fetch or from gaxios (the Google SDKs). */
export function httpStatusOf(error: unknown): number | undefined {
  const e = error as { status?: unknown; code?: unknown; response?: { status?: unknown } };
  if (typeof e?.response?.status === 'number') return e.response.status;
  if (typeof e?.status === 'number') return e.status;
  if (typeof e?.code === 'number') return e.code;
  return undefined;
}
