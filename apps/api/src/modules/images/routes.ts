import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { imagesApi as api, MSG, UPLOAD_MAX_BYTES } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { MIME_BY_EXT, sniffImage, type ImageKind } from '../../lib/image-type.js';
import { hit } from '../../lib/rate-limit.js';
import { LOCAL_IMAGE_PREFIX, LOCAL_UPLOAD_PATH, uploadsDir, verifyLocalSignature } from '../../providers/images/local.js';

const FILE_RE = /^([A-Za-z0-9_-]{16,64})\.(png|jpg|gif|webp)$/;

/** Errors in the image host's own shape (`{error:{message}}`), which the upload client reads for both hosts. */
const hostError = (message: string) => ({ error: { message } });

export function registerImageRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.signImageUpload, async () => ({
    ...deps.providers.images.signUpload(`kudo/${randomBytes(16).toString('base64url')}`),
    max_bytes: UPLOAD_MAX_BYTES,
  }));

  if (deps.providers.images.kind !== 'local') return;
  const dir = uploadsDir(deps.config);

  // The local stand-in for the image host's upload API: a signed multipart POST, answered like Cloudinary.
  app.post(LOCAL_UPLOAD_PATH, async (request, reply) => {
    const { count } = await hit(deps.db, `images:ip:${request.ip}`, 60_000);
    if (count > deps.config.rateLimits.public) return reply.code(429).send(hostError(MSG.tooManyRequests));
    if (!request.isMultipart()) return reply.code(400).send(hostError(MSG.imageMissing));
    let file;
    try {
      file = await request.file();
    } catch {
      return reply.code(400).send(hostError(MSG.imageMissing));
    }
    if (!file) return reply.code(400).send(hostError(MSG.imageMissing));
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(file.fields)) {
      if (value && !Array.isArray(value) && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
    }
    if (!verifyLocalSignature(deps.config, fields)) {
      file.file.resume();
      return reply.code(401).send(hostError(MSG.imageSignature));
    }
    let buffer: Buffer;
    try {
      buffer = await file.toBuffer();
    } catch {
      return reply.code(413).send(hostError(MSG.imageTooLarge));
    }
    if (file.file.truncated || buffer.length > UPLOAD_MAX_BYTES) return reply.code(413).send(hostError(MSG.imageTooLarge));
    const kind: ImageKind | null = sniffImage(buffer);
    if (!kind) return reply.code(400).send(hostError(MSG.imageType));
    const id = (fields.public_id as string).slice('kudo/'.length);
    const name = `${id}.${kind.ext}`;
    await fs.promises.mkdir(dir, { recursive: true });
    const target = path.join(dir, name);
    const temp = `${target}.${randomBytes(4).toString('hex')}.part`;
    await fs.promises.writeFile(temp, buffer, { flag: 'wx' });
    try {
      // A name is written once: a replayed signature cannot overwrite an image.
      await fs.promises.link(temp, target);
    } catch {
      await fs.promises.rm(temp, { force: true });
      return reply.code(409).send(hostError(MSG.imageExists));
    }
    await fs.promises.rm(temp, { force: true });
    const url = `${deps.config.publicUrl}${LOCAL_IMAGE_PREFIX}${name}`;
    return reply.send({
      public_id: fields.public_id,
      format: kind.ext,
      resource_type: 'image',
      bytes: buffer.length,
      created_at: new Date().toISOString(),
      url,
      secure_url: url,
    });
  });

  app.get<{ Params: { name: string } }>(`${LOCAL_IMAGE_PREFIX}:name`, async (request, reply) => {
    const match = FILE_RE.exec(request.params.name);
    if (!match) return reply.code(404).send({ status: 0, message: MSG.notFound });
    const file = path.join(dir, request.params.name);
    let data: Buffer;
    try {
      data = await fs.promises.readFile(file);
    } catch {
      return reply.code(404).send({ status: 0, message: MSG.notFound });
    }
    return reply
      .header('content-type', MIME_BY_EXT[match[2] as ImageKind['ext']])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'")
      .send(data);
  });
}
