import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../lib/db.js';
import type { VoiceProvider } from './types.js';
import { toneWav } from './wav.js';

export const AUDIO_PREFIX = '/api/audio/';
export const audioDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads', 'audio');

/**
 * The zero-credential voice provider: no phone rings; the "call" is written to the Dev outbox and a short
 * generated recording is stored at once, so the review, the widget's audio player and the exports all
 * have a real file to work with.
 */
export function localVoiceProvider(config: Config, db: Db): VoiceProvider {
  return {
    kind: 'local',
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
