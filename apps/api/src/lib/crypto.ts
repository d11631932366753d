import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function parseKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, written as 64 hex characters or base64.');
  return key;
}

/** The key from ENCRYPTION_KEY, or one created once in the data folder (mode 0600) and kept there. */
export function encryptionKey(config: Pick<Config, 'encryptionKey' | 'dataDir'>): Buffer {
  const cacheKey = config.encryptionKey ?? `file:${config.dataDir}`;
  const cached = keys.get(cacheKey);
  if (cached) return cached;
  let key: Buffer;
  if (config.encryptionKey) {
    key = parseKey(config.encryptionKey);
  } else {
    const file = path.join(config.dataDir, 'encryption.key');
    try {
      key = parseKey(fs.readFileSync(file, 'utf8').trim());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      fs.mkdirSync(config.dataDir, { recursive: true });
      key = randomBytes(32);
      try {
        fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (writeError) {
        // Another process created it first: use theirs.
        if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
        key = parseKey(fs.readFileSync(file, 'utf8').trim());
      }
    }
  }
  keys.set(cacheKey, key);
  return key;
}

/** Encrypts a secret for storage: `v1.<iv>.<tag>.<ciphertext>`, base64url parts, authenticated. */
export function encryptSecret(config: Pick<Config, 'encryptionKey' | 'dataDir'>, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, encryptionKey(config), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts what encryptSecret stored; throws when it was tampered with or the key changed. */
export function decryptSecret(config: Pick<Config, 'encryptionKey' | 'dataDir'>, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not an encrypted secret.');
  const decipher = createDecipheriv(ALGORITHM, encryptionKey(config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
