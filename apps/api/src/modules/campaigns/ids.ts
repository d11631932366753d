// Campaign uids and FieldOps sign-in names and passwords.
import { randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Letters and digits that cannot be mistaken for each other when read aloud or typed from an SMS. */
const PASSWORD_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

const randomString = (alphabet: string, length: number): string =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** The public id of a campaign: 12 random base62 characters (about 71 bits). */
export const newCampaignUid = (): string => randomString(BASE62, 12);

export const newFieldopsPassword = (): string => randomString(PASSWORD_CHARS, 10);

/** A FieldOps username from a campaign name: `mike.torres-4821`. */
export function fieldopsUsernameFor(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^\w\s.-]/g, '')
    .toLowerCase()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const base = (words.length ? words.slice(0, 2).join('.') : 'tech').slice(0, 30);
  return `${base}-${String(randomInt(10000)).padStart(4, '0')}`;
}
