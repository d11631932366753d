import { z } from 'zod';
import { RULES } from '../rules.js';
import { defineEndpoint } from './define.js';

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
