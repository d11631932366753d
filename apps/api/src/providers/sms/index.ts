import type { Config } from '../../config.js';
import type { Db } from '../../lib/db.js';
import { localSmsProvider } from './local.js';
import { twilioSmsProvider } from './twilio.js';
import type { SmsProvider } from './types.js';

export type { SmsMessage, SmsProvider, SmsSent } from './types.js';
export { SmsSendError, type SmsFailureReason } from './errors.js';

/** Twilio when its account SID and auth token are set; otherwise the local outbox. */
export function createSmsProvider(config: Config, db: Db): SmsProvider {
  if (config.sms.twilio) {
    return twilioSmsProvider({ ...config.sms.twilio, statusCallbackUrl: `${config.publicUrl}/api/webhooks/twilio/status` });
  }
  // The shared sender of locations without a number of their own (none of the demo locations' numbers).
  return localSmsProvider(db, '+15005550100');
}

export const isLocalSms = (config: Config): boolean => !config.sms.twilio;
