import type { Config } from '../../config.js';
import type { Db } from '../../lib/db.js';
import { localEmailProvider } from './local.js';
import { sendgridEmailProvider } from './sendgrid.js';
import type { EmailProvider } from './types.js';

export type { EmailMessage, EmailProvider } from './types.js';

/** SendGrid when its key is configured, otherwise the local outbox. */
export function createEmailProvider(config: Config, db: Db): EmailProvider {
  const sg = config.email.sendgrid;
  if (sg) return sendgridEmailProvider({ apiKey: sg.apiKey, baseUrl: sg.baseUrl, from: config.email.from });
  return localEmailProvider(db, config.email.from);
}
