import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable token for links and cookies: 32 random bytes, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak reveals no usable link or session. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
