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
  /**
   * Keeps a file the server made (a report) under a key of the form `kudo/<folder>/<name>`, privately: it is
   * read back only through `readFile`, never served at a public address. Saving a key again replaces it.
   */
  saveFile(key: string, content: Buffer): Promise<void>;
  /** A kept file, or null when there is none under the key. */
  readFile(key: string): Promise<Buffer | null>;
}

/** Keys of kept files: `kudo/` then path segments of letters, digits, dashes, underscores and dots. */
export const FILE_KEY_RE = /^kudo(\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,120}){1,4}$/;
