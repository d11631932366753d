import type { AppDeps } from '../../http/context.js';
import { verifyNotificationEmail } from '../notify/service.js';
import { verifyReportingEmail } from '../general/reporting.js';
import { verifyUserEmail } from './service.js';

/**
 * What each kind of emailed verification link confirms, by the `{type}` segment of
 * /verification/{type}/email/{accountId}/{token}. An area whose emails need confirming adds its type.
 * A verifier answers false when the link is unknown, expired, or not of that account.
 */
export type EmailVerifier = (deps: AppDeps, accountId: number, token: string) => Promise<boolean>;

export const emailVerifiers: Record<string, EmailVerifier> = {
  user: verifyUserEmail,
  reporting: verifyReportingEmail,
  notification: verifyNotificationEmail,
};
