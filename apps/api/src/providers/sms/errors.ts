/**
 * Why an SMS was not accepted, in the product's terms rather than a provider's codes:
 * - opted_out: the recipient replied STOP (Twilio 21610); nothing may be sent to them until they opt in;
 * - unreachable: the number is not valid or cannot receive texts (landline, unknown number);
 * - rejected: the provider refused our request (credentials, sender, content);
 * - unavailable: the provider could not be reached or failed on its side.
 */
export type SmsFailureReason = 'opted_out' | 'unreachable' | 'rejected' | 'unavailable';

export class SmsSendError extends Error {
  constructor(
    readonly reason: SmsFailureReason,
    message: string,
    /** The provider's own error code, when it gave one (e.g. Twilio 21610). */
    readonly providerCode?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** Twilio error codes that mean the number itself cannot be texted. */
const UNREACHABLE = new Set([21211, 21214, 21217, 21407, 21408, 21612, 21614, 30003, 30005, 30006]);

/** Maps a Twilio REST error code (and HTTP status) to the product's reason. */
export function twilioFailureReason(code: number | undefined, status: number | undefined): SmsFailureReason {
  if (code === 21610) return 'opted_out';
  if (code !== undefined && UNREACHABLE.has(code)) return 'unreachable';
  if (status !== undefined && status >= 500) return 'unavailable';
  if (status === undefined || status === 0) return 'unavailable';
  return 'rejected';
}
