import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, imagesApi, MSG } from '@kudo/shared';
import type { Config } from '../../config.js';
import { encryptionKey } from '../../lib/crypto.js';
import { MIME_BY_EXT, sniffImage, type ImageKind } from '../../lib/image-type.js';
import { safeEqual } from '../../lib/tokens.js';
import type { ProvidedRoute } from '../served.js';
import { FILE_KEY_RE, type ImagesProvider } from './types.js';

/** How long a signature lets its upload happen. */
export const LOCAL_SIGNATURE_SECONDS = 3600;
export const LOCAL_API_KEY = 'local';
export const LOCAL_UPLOAD_PATH = `/api${imagesApi.localImageUpload.path}`;
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

const FILE_RE = /^([A-Za-z0-9_-]{16,64})\.(png|jpg|gif|webp)$/;

/** Errors in the image host's own shape (`{error:{message}}`), which the upload client reads for both hosts. */
const hostError = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ error: { message } });

/** The upload API of the local store: a signed multipart POST, answered like Cloudinary. */
async function acceptUpload(config: Config, request: FastifyRequest, reply: FastifyReply) {
  if (!request.isMultipart()) return hostError(reply, 400, MSG.imageMissing);
  let file;
  try {
    file = await request.file();
  } catch {
    return hostError(reply, 400, MSG.imageMissing);
  }
  if (!file) return hostError(reply, 400, MSG.imageMissing);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(file.fields)) {
    if (value && !Array.isArray(value) && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
  }
  if (!verifyLocalSignature(config, fields)) {
    file.file.resume();
    return hostError(reply, 401, MSG.imageSignature);
  }
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch {
    return hostError(reply, 413, MSG.imageTooLarge);
  }
  if (file.file.truncated || buffer.length > UPLOAD_MAX_BYTES) return hostError(reply, 413, MSG.imageTooLarge);
  const kind: ImageKind | null = sniffImage(buffer);
  if (!kind) return hostError(reply, 400, MSG.imageType);
  const id = (fields.public_id as string).slice('kudo/'.length);
  const name = `${id}.${kind.ext}`;
  const dir = uploadsDir(config);
  await fs.promises.mkdir(dir, { recursive: true });
  const target = path.join(dir, name);
  const temp = `${target}.${randomBytes(4).toString('hex')}.part`;
  await fs.promises.writeFile(temp, buffer, { flag: 'wx' });
  try {
    // A name is written once: a replayed signature cannot overwrite an image.
    await fs.promises.link(temp, target);
  } catch {
    await fs.promises.rm(temp, { force: true });
    return hostError(reply, 409, MSG.imageExists);
  }
  await fs.promises.rm(temp, { force: true });
  const url = `${config.publicUrl}${LOCAL_IMAGE_PREFIX}${name}`;
  return reply.type('application/json').send({
    public_id: fields.public_id,
    format: kind.ext,
    resource_type: 'image',
    bytes: buffer.length,
    created_at: new Date().toISOString(),
    url,
    secure_url: url,
  });
}

async function serveImage(config: Config, request: FastifyRequest, reply: FastifyReply) {
  const { name } = request.params as { name: string };
  const match = FILE_RE.exec(name);
  if (!match) return reply.code(404).send({ status: 0, message: MSG.notFound });
  let data: Buffer;
  try {
    data = await fs.promises.readFile(path.join(uploadsDir(config), name));
  } catch {
    return reply.code(404).send({ status: 0, message: MSG.notFound });
  }
  return reply
    .header('content-type', MIME_BY_EXT[match[2] as ImageKind['ext']])
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('content-security-policy', "default-src 'none'")
    .send(data);
}

/** Where a kept file lives: DATA_DIR/uploads/files/…, never under the served images. */
function keptFilePath(config: Pick<Config, 'dataDir'>, key: string): string {
  if (!FILE_KEY_RE.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`Not a file key: ${key}`);
  return path.join(uploadsDir(config), 'files', ...key.split('/').slice(1));
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
    async saveFile(key, content) {
      const target = keptFilePath(config, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(4).toString('hex')}.part`;
      await fs.promises.writeFile(temp, content);
      await fs.promises.rename(temp, target);
    },
    async readFile(key) {
      try {
        return await fs.promises.readFile(keptFilePath(config, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    routes: [
      { endpoint: imagesApi.localImageUpload, handler: (request, reply) => acceptUpload(config, request, reply) },
      { endpoint: imagesApi.localImage, handler: (request, reply) => serveImage(config, request, reply) },
    ] satisfies ProvidedRoute[],
  };
}
