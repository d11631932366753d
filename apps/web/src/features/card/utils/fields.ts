import { MSG, isValidEmail, parsePhone } from '@kudo/shared';

/** A typed phone as its ten digits, or the message the card shows for it. */
export function parseCardPhone(raw: string): { value: string } | { error: string } {
  const digits = parsePhone(raw);
  return digits === null ? { error: MSG.cardValidNumber } : { value: digits };
}

/** An optional phone: empty is fine. */
export function phoneProblem(raw: string): string | null {
  if (!raw.trim()) return null;
  const parsed = parseCardPhone(raw);
  return 'error' in parsed ? parsed.error : null;
}

export function parseEmail(raw: string): { value: string } | { error: string } {
  const value = raw.trim().toLowerCase();
  return isValidEmail(value) ? { value } : { error: MSG.validEmail };
}

/** Comma-joined search terms back to a list: trimmed, without empties or repeats. */
export function splitTerms(text: string): string[] {
  return [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
}

/** Seconds as the minutes the delay options show. */
export const delayLabel = (seconds: number): string => {
  const minutes = Math.round(seconds / 60);
  return minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
};

/** Cents as dollars: 1234 → $12.34. */
export const dollars = (cents: number): string =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
