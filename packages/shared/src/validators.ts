import { z } from 'zod';
import { LIMITS } from './constants.js';
import { MSG } from './messages.js';
import { describeIssue } from './fields.js';
import { parsePhone, toE164 } from './phone.js';

// Every schema, on the server and in the browser, tells a problem its own message does not cover in
// words for a person (validators is imported wherever schemas are, so this runs before any parse).
z.config({ customError: describeIssue });

/** A practical email shape: something@domain.tld, no spaces, at most 254 characters. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Passwords: printable ASCII without whitespace. */
export const PASSWORD_CHARS_RE = /^[\x21-\x7E]+$/;
/** Person names: letters (any script), spaces, apostrophes, periods and hyphens. */
export const PERSON_NAME_RE = /^[\p{L}][\p{L} .'-]*$/u;

/** The longest web address a field keeps. */
export const URL_MAX = 2048;
const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_RE = new RegExp(`^${HOST_LABEL}(?:\\.${HOST_LABEL})+$`);

/**
 * The one web-address rule of every URL field (websites, review and social links, image addresses):
 * an absolute http:// or https:// address of at most 2048 characters, without spaces or a user name,
 * whose host is a domain name (example.com) or localhost. Paths like `../../etc/passwd` fail.
 */
export function isHttpUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters have no place in an address
  if (value.length > URL_MAX || /[\s\u0000-\u001f]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return url.hostname === 'localhost' || HOST_RE.test(url.hostname);
}

/** Only https:// addresses (images shown on secure pages). */
export const isHttpsUrl = (value: string): boolean => isHttpUrl(value) && value.slice(0, 8).toLowerCase() === 'https://';

/** The numbers a PostgreSQL integer holds: every number column of the database is one. */
export const INT_RANGE = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** The largest row id the database keeps (a PostgreSQL integer): larger numbers are refused, not sent to it. */
export const ID_MAX = INT_RANGE.max;

/** A row id sent by a client: a whole number from 1 to ID_MAX; `coerce` also reads "12" as 12. */
export function idSchema(message?: string, coerce = false) {
  const e = message ? { error: message } : {};
  return (coerce ? z.coerce.number(e) : z.number(e)).int(e).min(1, e).max(ID_MAX, e);
}

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
