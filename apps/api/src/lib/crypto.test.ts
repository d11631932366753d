import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './crypto.js';

const withKey = { encryptionKey: 'a'.repeat(64), dataDir: '/nonexistent' };

describe('stored secrets', () => {
  it('round-trips and never stores the plain text', () => {
    const stored = encryptSecret(withKey, 'ya29.refresh-token');
    expect(stored).not.toContain('refresh');
    expect(decryptSecret(withKey, stored)).toBe('ya29.refresh-token');
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret(withKey, 'same')).not.toBe(encryptSecret(withKey, 'same'));
  });

  it('refuses tampered text and another key', () => {
    const stored = encryptSecret(withKey, 'secret');
    const parts = stored.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => decryptSecret(withKey, parts.join('.'))).toThrow();
    expect(() => decryptSecret({ encryptionKey: 'b'.repeat(64), dataDir: '/x' }, stored)).toThrow();
  });

  it('creates a key file once in the data folder when no key is configured', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-key-'));
    const config = { encryptionKey: undefined, dataDir };
    const stored = encryptSecret(config, 'x');
    const file = path.join(dataDir, 'encryption.key');
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(decryptSecret({ encryptionKey: fs.readFileSync(file, 'utf8'), dataDir: '/other' }, stored)).toBe('x');
    fs.rmSync(dataDir, { recursive: true });
  });

  it('rejects a key of the wrong length', () => {
    expect(() => encryptSecret({ encryptionKey: 'abcd', dataDir: '/x' }, 'x')).toThrow(/32 bytes/);
  });
});
