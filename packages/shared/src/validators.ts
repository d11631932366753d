import { z } from 'zod';
import { LIMITS } from './constants.js';
import { MSG } from './messages.js';
import { parsePhone, toE164 } from './phone.js';

/** A practical email shape: something@domain.tld, no spaces, at most 254 characters. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Passwords: printable ASCII without whitespace. */
export const PASSWORD_CHARS_RE = /^[\x21-\x7E]+$/;
/** Person names: letters (any script), spaces, apostrophes, periods and hyphens. */
export const PERSON_NAME_RE = /^[\p{L}][\p{L} .'-]*$/u;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

/** The first password problem, in the order the forms show them, or null when the pair is fine. */
export function passwordProblem(password: string, confirmation?: string): string | null {
  if (!password) return MSG.enterPassword;
  if (password.length < LIMITS.passwordMin) return MSG.passwordMin;
  if (!PASSWORD_CHARS_RE.test(password)) return MSG.passwordInvalidChars;
  if (confirmation !== undefined && confirmation !== password) return MSG.passwordsDoNotMatch;
  return null;
}

export const emailSchema = (message: string = MSG.validEmail) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .refine(isValidEmail, { error: message });

/** A new password: the rules of the reset and update forms, each with its own message. */
export const newPasswordSchema = z
  .string({ error: MSG.enterPassword })
  .min(1, { error: MSG.enterPassword })
  .min(LIMITS.passwordMin, { error: MSG.passwordMin })
  .max(128, { error: 'Password must be at most 128 characters' })
  .regex(PASSWORD_CHARS_RE, { error: MSG.passwordInvalidChars });

export const personNameSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(LIMITS.nameMax, { error: message })
    .regex(PERSON_NAME_RE, { error: message });

/**
 * A phone field by the rules of phone.ts, with the field's own message: the ten national digits, or E.164
 * with `e164`; with `optional`, an empty field is '' (a cleared number).
 */
export const phoneSchema = (message: string = MSG.validPhone, options: { e164?: boolean; optional?: boolean } = {}) =>
  z
    .string({ error: message })
    .max(40, { error: message })
    .transform((value, ctx) => {
      if (options.optional && value.trim() === '') return '';
      const digits = parsePhone(value);
      if (digits === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return options.e164 ? toE164(digits)! : digits;
    });
