/**
 * Phone numbers, defined once for the API, the app, the customer pages and the review widget.
 *
 * Kudo texts and calls US numbers (the North American Numbering Plan). A typed number is accepted when it
 * is written with digits, spaces and ( ) . - only, optionally after one leading +, and holds ten digits
 * whose area code starts with 2–9, or eleven digits starting with the country code 1. A number after a +
 * must be a +1 number. Letters, too few or too many digits, and other countries' numbers are refused.
 *
 * This module has no dependencies, so the widget can import it alone (`@kudo/shared/phone`).
 */

const TYPED_RE = /^\+?[\d\s().-]*$/;
/** Ten digits with an area code a US number can have (never 0 or 1 first). */
const NATIONAL_RE = /^[2-9]\d{9}$/;

export const digitsOnly = (value: string): string => value.replace(/\D+/g, '');

/** The ten national digits of a typed US number ("+1 (512) 555-0100" → "5125550100"), or null. */
export function parsePhone(value: string): string | null {
  const typed = value.trim();
  if (!TYPED_RE.test(typed)) return null;
  let digits = digitsOnly(typed);
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  // "+" followed by anything but the US country code is another country's number.
  else if (typed.startsWith('+')) return null;
  return NATIONAL_RE.test(digits) ? digits : null;
}

export const isValidPhone = (value: string): boolean => parsePhone(value) !== null;

/** The number in E.164 ("+15125550100"), the form it is texted, dialled and stored in; null when not a US number. */
export function toE164(value: string): string | null {
  const digits = parsePhone(value);
  return digits === null ? null : `+1${digits}`;
}

/** A number shown the way people write it, (512) 555-0100, from any accepted form; anything else unchanged. */
export function formatPhone(value: string): string {
  const d = parsePhone(value);
  return d === null ? value : `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A number with its country code, +1 (512) 555-0100, from any accepted form; anything else unchanged. */
export function formatPhoneWithCountry(value: string): string {
  return parsePhone(value) === null ? value : `+1 ${formatPhone(value)}`;
}

/**
 * The national digits typed so far, at most ten: punctuation and letters are dropped, and so is a leading
 * country code 1 (no area code starts with 1), so "+1 512…" and "512…" fill the same ten places.
 */
export function typedPhoneDigits(value: string): string {
  const digits = digitsOnly(value);
  return (digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
}

/** What an input shows while a number is typed: 512, (512) 55, (512) 555-0100. */
export function formatPhoneTyping(value: string): string {
  const d = typedPhoneDigits(value);
  if (d.length < 4) return d;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * The form a number that was not typed here (an inbound text's From and To, an opt-out, a stored number) is
 * stored, compared and dialled in: E.164 for a US number; another country's + number keeps its + and
 * digits, so its STOP still holds; anything else (a short code) its digits.
 */
export function phoneAddress(value: string): string {
  const e164 = toE164(value);
  if (e164 !== null) return e164;
  const digits = digitsOnly(value);
  return value.trim().startsWith('+') ? `+${digits}` : digits;
}
