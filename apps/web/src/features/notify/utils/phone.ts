import { digitsOnly, formatPhone, notifyApi } from '@kudo/shared';

/** A stored +1 number shown the way people write it: (512) 555-0100. */
export function displayPhone(e164: string): string {
  if (!e164) return '';
  const d = digitsOnly(e164);
  return formatPhone(d.length === 11 && d.startsWith('1') ? d.slice(1) : d);
}

/** What the server will store for a typed number, or null when it is not a US number. */
export const normalizePhone = (value: string): string | null => notifyApi.toUsE164(value);

/**
 * Whether a number needs the texted code before it is saved for a sentiment: not when it is cleared,
 * unchanged, or already the other sentiment's verified number.
 */
export function needsVerification(typed: string, current: string | null, other: string | null): boolean {
  if (!typed.trim()) return false;
  const e164 = normalizePhone(typed);
  if (!e164) return true;
  return e164 !== current && e164 !== other;
}
