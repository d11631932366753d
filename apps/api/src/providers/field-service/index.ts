import type { Config } from '../../config.js';
import { jobberProvider } from './jobber.js';
import { localJobberProvider } from './local.js';
import type { FieldServiceProvider } from './types.js';

export type { FieldJob, FieldServiceProvider, JobberEvent, JobberProvider, JobberTokens } from './types.js';
export { FieldProviderError } from './types.js';
export { housecallProJob, verifyHousecallPro } from './housecall-pro.js';
export { serviceTitanJob, verifyServiceTitan } from './servicetitan.js';

/** Jobber's OAuth app when JOBBER_CLIENT_ID and _SECRET are set, otherwise the local demo connection. */
export function createFieldServiceProvider(config: Config): FieldServiceProvider {
  const app = config.fieldService.jobber;
  return {
    jobber: app
      ? jobberProvider({ clientId: app.clientId, clientSecret: app.clientSecret, baseUrl: app.baseUrl, redirectUri: `${config.publicUrl}/api/integrations/jobber/callback` })
      : localJobberProvider(),
  };
}
