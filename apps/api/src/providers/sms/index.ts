import type { Config } from '../../config.js';
import type { Db } from '../../lib/db.js';
import { localSmsProvider } from './local.js';
import type { SmsProvider } from './types.js';

export type { SmsMessage, SmsProvider } from './types.js';

/**
 * The local outbox. The Twilio implementation joins when the first SMS feature needs it; until then a
 * configured Twilio account is refused loudly rather than ignored.
 */
export function createSmsProvider(config: Config, db: Db): SmsProvider {
  if (config.sms.twilio) {
    throw new Error('TWILIO_* is set, but this build sends SMS only through the local outbox.');
  }
  return localSmsProvider(db, '+15125550100');
}

export const isLocalSms = (config: Config): boolean => !config.sms.twilio;
