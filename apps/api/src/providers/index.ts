import type { Config } from '../config.js';
import type { Db } from '../lib/db.js';
import { createEmailProvider, type EmailProvider } from './email/index.js';
import { createSmsProvider, type SmsProvider } from './sms/index.js';

export interface Providers {
  email: EmailProvider;
  sms: SmsProvider;
}

export function createProviders(config: Config, db: Db): Providers {
  return { email: createEmailProvider(config, db), sms: createSmsProvider(config, db) };
}
