import { randomBytes } from 'node:crypto';
import type { JobberProvider } from './types.js';

/**
 * Jobber without Jobber's app credentials: connecting makes a demo account at once, and no webhook is accepted
 * (there is no client secret to check it by). The screen's Test job sends job-completed events through the same
 * path the systems' events take, so the whole flow works on a fresh machine.
 */
export function localJobberProvider(): JobberProvider {
  return {
    kind: 'local',
    authorizeUrl: () => null,
    exchangeCode: async () => ({ accessToken: 'local', refreshToken: 'local' }),
    account: async (tokens) => ({ account: { id: `local-${randomBytes(6).toString('hex')}`, name: 'Demo Jobber account' }, tokens }),
    verifyWebhook: () => false,
    completedJob: async (tokens) => ({ job: null, tokens }),
  };
}
