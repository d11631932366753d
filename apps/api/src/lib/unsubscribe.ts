import { createHmac } from 'node:crypto';
import type { Config } from '../config.js';
import { encryptionKey } from './crypto.js';
import { safeEqual } from './tokens.js';

type KeyConfig = Pick<Config, 'encryptionKey' | 'dataDir'>;

const signature = (config: KeyConfig, locationId: number, email: string) =>
  createHmac('sha256', encryptionKey(config)).update(`unsubscribe:${locationId}:${email.toLowerCase()}`).digest('base64url').slice(0, 32);

/**
 * The unsubscribe link of a customer email: it names the location and the address and is signed, so it
 * needs no table, cannot be forged for another address, and keeps working for as long as the email exists.
 */
export function unsubscribeUrl(config: KeyConfig & Pick<Config, 'publicUrl'>, locationId: number, email: string): string {
  const e = Buffer.from(email.toLowerCase()).toString('base64url');
  return `${config.publicUrl}/api/public/unsubscribe?l=${locationId}&e=${e}&s=${signature(config, locationId, email)}`;
}

/** The location and address of a signed unsubscribe link, or null when it was altered. */
export function readUnsubscribe(config: KeyConfig, query: { l?: string; e?: string; s?: string }): { locationId: number; email: string } | null {
  const locationId = Number(query.l);
  if (!Number.isInteger(locationId) || locationId <= 0 || !query.e || !query.s || query.e.length > 400) return null;
  const email = Buffer.from(query.e, 'base64url').toString('utf8');
  if (!email.includes('@')) return null;
  return safeEqual(query.s, signature(config, locationId, email)) ? { locationId, email } : null;
}
