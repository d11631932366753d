import type { ProvidedRoute } from '../served.js';

/** The fields that authorise one upload, in the shape Cloudinary's signed upload expects. */
export interface UploadSignature {
  api_key: string;
  upload_preset: string | null;
  overwrite: boolean;
  public_id: string;
  signature: string;
  timestamp: number;
  upload_url: string;
}

export interface ImagesProvider {
  readonly kind: 'local' | 'cloudinary';
  /** What the provider serves itself (the local stand-ins' files and pages); registered by the app. */
  readonly routes?: readonly ProvidedRoute[];
  /** Signs the upload of one new image, named `publicId`. */
  signUpload(publicId: string): UploadSignature;
  /** Whether an image address was produced by this host (so a saved logo cannot point anywhere). */
  owns(url: string): boolean;
}
