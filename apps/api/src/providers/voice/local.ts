import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, pulsecheckApi } from '@kudo/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../lib/db.js';
import type { VoiceProvider } from './types.js';
import { toneWav } from './wav.js';

export const AUDIO_PREFIX = '/api/audio/';
export const audioDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads', 'audio');

/** A recording of the local provider, by the name its call answered. */
async function serveRecording(config: Config, request: FastifyRequest, reply: FastifyReply) {
  const { name } = request.params as { name: string };
  if (!/^[A-Za-z0-9_-]{16}\.wav$/.test(name)) return reply.code(404).send({ status: 0, message: MSG.notFound });
  let data: Buffer;
  try {
    data = await fs.promises.readFile(path.join(audioDir(config), name));
  } catch {
    return reply.code(404).send({ status: 0, message: MSG.notFound });
  }
  return reply
    .header('content-type', 'audio/wav')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(data);
}

/**
 * The zero-credential voice provider: no phone rings; the "call" is written to the Dev outbox and a short
 * generated recording is stored at once, so the review, the widget's audio player and the exports all
 * have a real file to work with.
 */
export function localVoiceProvider(config: Config, db: Db): VoiceProvider {
  return {
    kind: 'local',
    routes: [{ endpoint: pulsecheckApi.localRecording, handler: (request, reply) => serveRecording(config, request, reply) }],
    async call(call) {
      const name = `${randomBytes(12).toString('base64url')}.wav`;
      await fs.promises.mkdir(audioDir(config), { recursive: true });
      await fs.promises.writeFile(path.join(audioDir(config), name), toneWav());
      const row = await db.outboxMessage.create({
        data: {
          channel: 'sms',
          locationId: call.locationId,
          to: call.to,
          from: 'voice',
          body: `[voice call] ${call.prompt}\n[recording] ${config.publicUrl}${AUDIO_PREFIX}${name}`,
        },
      });
      return { id: `outbox-${row.id}`, recordingUrl: `${config.publicUrl}${AUDIO_PREFIX}${name}` };
    },
  };
}
