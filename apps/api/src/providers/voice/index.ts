import type { Config } from '../../config.js';
import type { Db } from '../../lib/db.js';
import { localVoiceProvider } from './local.js';
import { twilioVoiceProvider } from './twilio.js';
import type { VoiceProvider } from './types.js';

export type { VoiceCall, VoiceProvider } from './types.js';

/** Twilio Voice when the Twilio account is configured; otherwise the local provider. */
export function createVoiceProvider(config: Config, db: Db): VoiceProvider {
  return config.sms.twilio ? twilioVoiceProvider(config.sms.twilio) : localVoiceProvider(config, db);
}
