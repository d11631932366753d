import type { Config } from '../../config.js';
import { localRegistrar } from './local.js';
import { twilioRegistrar } from './twilio.js';
import type { RegistrarProvider } from './types.js';

export type * from './types.js';
export { REGISTRATION_STEPS } from './types.js';

/** Twilio when its account SID and auth token are set; otherwise the local registrar, which decides on a timer. */
export function createRegistrar(config: Config): RegistrarProvider {
  const twilio = config.carrier.twilio;
  if (twilio) return twilioRegistrar(twilio);
  return localRegistrar(config.carrier.localStepSeconds);
}
