import { v2 as cloudinary } from 'cloudinary';
import type { Config } from '../../config.js';
import type { ImagesProvider } from './types.js';

type CloudinaryConfig = NonNullable<Config['images']['cloudinary']>;

/**
 * Cloudinary's signed direct upload: the browser sends the file straight to Cloudinary with a signature
 * computed here by the SDK, so the API secret never leaves the server and no file passes through us.
 */
export function cloudinaryImagesProvider(c: CloudinaryConfig): ImagesProvider {
  const apiBase = (c.apiBaseUrl ?? 'https://api.cloudinary.com').replace(/\/$/, '');
  return {
    kind: 'cloudinary',
    signUpload(publicId) {
      const timestamp = Math.floor(Date.now() / 1000);
      const params: Record<string, string | number | boolean> = { overwrite: false, public_id: publicId, timestamp };
      if (c.uploadPreset) params.upload_preset = c.uploadPreset;
      const signature = cloudinary.utils.api_sign_request(params, c.apiSecret);
      return {
        api_key: c.apiKey,
        upload_preset: c.uploadPreset ?? null,
        overwrite: false,
        public_id: publicId,
        signature,
        timestamp,
        upload_url: `${apiBase}/v1_1/${encodeURIComponent(c.cloudName)}/image/upload`,
      };
    },
    owns(url) {
      return url.startsWith(`https://res.cloudinary.com/${c.cloudName}/image/upload/`);
    },
  };
}
