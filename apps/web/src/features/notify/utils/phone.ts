import { toE164 } from '@kudo/shared';

/**
 * Whether a number needs the texted code before it is saved for a sentiment: not when it is cleared,
 * unchanged, or already the other sentiment's verified number.
 */
export function needsVerification(typed: string, current: string | null, other: string | null): boolean {
  if (!typed.trim()) return false;
  const e164 = toE164(typed);
  if (!e164) return true;
  return e164 !== current && e164 !== other;
}
