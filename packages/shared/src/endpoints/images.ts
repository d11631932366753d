import { z } from 'zod';
import { RULES } from '../rules.js';
import { defineEndpoint, defineRawEndpoint } from './define.js';
import { binaryBody } from './media.js';

/** The image types an upload may carry, told apart by their first bytes, never by the file name. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/**
 * E038: the fields that sign one upload. The browser posts the file with these fields to `upload_url`
 * (Cloudinary's upload API, or our own local store that answers the same way) and keeps `secure_url`.
 */
export const signImageUpload = defineEndpoint({
  id: 'E038',
  method: 'POST',
  path: '/settings/manage/image-upload/digital-signature',
  summary: 'Sign one image upload (logo, campaign image) for the image host.',
  access: { kind: 'location', rule: RULES.settings },
  body: z.object({ purpose: z.enum(['temp']).default('temp') }),
  response: z.object({
    api_key: z.string(),
    upload_preset: z.string().nullable(),
    overwrite: z.boolean(),
    public_id: z.string(),
    signature: z.string(),
    timestamp: z.number().int(),
    /** Where the file goes (ours: not in the inventory, which leaves the host's address unshown). */
    upload_url: z.string(),
    max_bytes: z.number().int(),
  }),
});

/** The local image store's part of the same upload contract (local provider only). */
export const localUploadAnswer = z.object({
  public_id: z.string(),
  format: z.string(),
  resource_type: z.literal('image'),
  bytes: z.number().int(),
  created_at: z.string(),
  url: z.string(),
  secure_url: z.string(),
});

/**
 * The local stand-in for the image host's upload API: the file with the fields of `signImageUpload`, as
 * multipart; answered like Cloudinary, and its own errors in the host's shape (`{error:{message}}`).
 */
export const localImageUpload = defineRawEndpoint({
  id: 'images-upload',
  method: 'POST',
  path: '/images/upload',
  summary: 'Upload one signed image to the local image store (local image provider only).',
  access: { kind: 'public' },
  rateLimit: 'public',
  produces: { 'application/json': localUploadAnswer },
});

/** An image of the local store, by the name the upload answered. */
export const localImage = defineRawEndpoint({
  id: 'images-file',
  method: 'GET',
  path: '/images/:name',
  summary: 'An uploaded image from the local image store (local image provider only).',
  access: { kind: 'public' },
  params: z.object({ name: z.string().max(80) }),
  produces: Object.fromEntries(IMAGE_TYPES.map((type) => [type, binaryBody])),
});
