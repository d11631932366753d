import { v2 as cloudinary } from 'cloudinary';
import type { Config } from '../../config.js';
import { FILE_KEY_RE, type ImagesProvider } from './types.js';

type CloudinaryConfig = NonNullable<Config['images']['cloudinary']>;

/**
 * Cloudinary's signed direct upload: the browser sends the file straight to Cloudinary with a signature
 * computed here by the SDK, so the API secret never leaves the server and no file passes through us.
 */
export function cloudinaryImagesProvider(c: CloudinaryConfig): ImagesProvider {
  const apiBase = (c.apiBaseUrl ?? 'https://api.cloudinary.com').replace(/\/$/, '');
  /** The account of every server-side call (the SDK's global configuration is left alone). */
  const account = { cloud_name: c.cloudName, api_key: c.apiKey, api_secret: c.apiSecret, upload_prefix: apiBase };
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
    // Reports are raw files of the "authenticated" delivery type: only a signed download reaches them.
    async saveFile(key, content) {
      if (!FILE_KEY_RE.test(key)) throw new Error(`Not a file key: ${key}`);
      await new Promise<void>((resolve, reject) => {
        const stream = cloudinary.uploader.upload_stream(
          { ...account, resource_type: 'raw', type: 'authenticated', public_id: key, overwrite: true, invalidate: true },
          (error) => (error ? reject(new Error(error.message)) : resolve()),
        );
        stream.end(content);
      });
    },
    async readFile(key) {
      if (!FILE_KEY_RE.test(key)) throw new Error(`Not a file key: ${key}`);
      const url = cloudinary.utils.private_download_url(key, '', { ...account, resource_type: 'raw', type: 'authenticated' });
      const res = await fetch(url);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`Cloudinary answered ${res.status} for a kept file`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
