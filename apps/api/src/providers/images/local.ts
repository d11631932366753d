import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config.js';
import { encryptionKey } from '../../lib/crypto.js';
import { safeEqual } from '../../lib/tokens.js';
import type { ImagesProvider } from './types.js';

/** How long a signature lets its upload happen. */
export const LOCAL_SIGNATURE_SECONDS = 3600;
export const LOCAL_API_KEY = 'local';
export const LOCAL_UPLOAD_PATH = '/api/images/upload';
export const LOCAL_IMAGE_PREFIX = '/api/images/';
export const PUBLIC_ID_RE = /^kudo\/[A-Za-z0-9_-]{16,64}$/;

export const uploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads');

function sign(config: Pick<Config, 'encryptionKey' | 'dataDir'>, publicId: string, timestamp: number): string {
  return createHmac('sha256', encryptionKey(config)).update(`images:${publicId}:${timestamp}`).digest('hex');
}

/** Checks the fields a local upload carries: our key, a known name, a fresh and matching signature. */
export function verifyLocalSignature(
  config: Pick<Config, 'encryptionKey' | 'dataDir'>,
  fields: { api_key?: string; public_id?: string; timestamp?: string; signature?: string },
  now = Date.now(),
): boolean {
  const timestamp = Number(fields.timestamp);
  if (fields.api_key !== LOCAL_API_KEY || !fields.public_id || !PUBLIC_ID_RE.test(fields.public_id)) return false;
  if (!Number.isInteger(timestamp) || now / 1000 - timestamp > LOCAL_SIGNATURE_SECONDS || timestamp - now / 1000 > 60) return false;
  return typeof fields.signature === 'string' && safeEqual(fields.signature, sign(config, fields.public_id, timestamp));
}

/**
 * The zero-credential image host: the same signed-upload contract as Cloudinary, answered by our own
 * API, which keeps the files in DATA_DIR/uploads and serves them under /api/images/.
 */
export function localImagesProvider(config: Config): ImagesProvider {
  return {
    kind: 'local',
    signUpload(publicId) {
      const timestamp = Math.floor(Date.now() / 1000);
      return {
        api_key: LOCAL_API_KEY,
        upload_preset: null,
        overwrite: false,
        public_id: publicId,
        signature: sign(config, publicId, timestamp),
        timestamp,
        upload_url: `${config.publicUrl}${LOCAL_UPLOAD_PATH}`,
      };
    },
    owns(url) {
      return url.startsWith(`${config.publicUrl}${LOCAL_IMAGE_PREFIX}`) || url.startsWith(LOCAL_IMAGE_PREFIX);
    },
  };
}
