import type { Config } from '../../config.js';
import { cloudinaryImagesProvider } from './cloudinary.js';
import { localImagesProvider } from './local.js';
import type { ImagesProvider } from './types.js';

export type { ImagesProvider, UploadSignature } from './types.js';

/** Cloudinary when its credentials are set, otherwise our own store in the data folder. */
export function createImagesProvider(config: Config): ImagesProvider {
  return config.images.cloudinary ? cloudinaryImagesProvider(config.images.cloudinary) : localImagesProvider(config);
}
