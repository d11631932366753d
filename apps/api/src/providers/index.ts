import type { Config } from '../config.js';
import type { Db } from '../lib/db.js';
import { createBillingProvider, type BillingProvider } from './billing/index.js';
import { withEmailConsent, withSmsConsent } from './consent.js';
import { createEmailProvider, type EmailProvider } from './email/index.js';
import { createFieldServiceProvider, type FieldServiceProvider } from './field-service/index.js';
import { createFacebookProvider, type FacebookProvider } from './facebook/index.js';
import { createGoogleProvider, type GoogleProvider } from './google/index.js';
import { createImagesProvider, type ImagesProvider } from './images/index.js';
import { createInsightsProvider, type InsightsProvider } from './insights/index.js';
import { createPlacesProvider, type PlacesProvider } from './places/index.js';
import { createRegistrar, type RegistrarProvider } from './registrar/index.js';
import { createReplyWriter, type ReplyWriter } from './replies/index.js';
import { createSmsProvider, type SmsProvider } from './sms/index.js';
import { createVoiceProvider, type VoiceProvider } from './voice/index.js';

export interface Providers {
  email: EmailProvider;
  sms: SmsProvider;
  voice: VoiceProvider;
  images: ImagesProvider;
  places: PlacesProvider;
  google: GoogleProvider;
  facebook: FacebookProvider;
  billing: BillingProvider;
  /** The carrier (A2P 10DLC) registration of each business's texting. */
  registrar: RegistrarProvider;
  /** Field-service systems: Jobber's OAuth app (or a local demo connection). */
  fieldService: FieldServiceProvider;
  /** Reads review texts for their topics and sentiment (local NLP, or an AI service falling back to it). */
  insights: InsightsProvider;
  /** Writes the draft replies to reviews (local phrase banks, or an AI service falling back to them; a person waits for it, so one retry within 15 s). */
  replies: ReplyWriter;
}

/** The outside services. SMS and email pass through the consent checks whatever the provider. */
export function createProviders(config: Config, db: Db): Providers {
  return { email: withEmailConsent(createEmailProvider(config, db), db), sms: withSmsConsent(createSmsProvider(config, db), db), voice: createVoiceProvider(config, db), images: createImagesProvider(config), places: createPlacesProvider(config), google: createGoogleProvider(config, db), facebook: createFacebookProvider(config), billing: createBillingProvider(config, db), registrar: createRegistrar(config), fieldService: createFieldServiceProvider(config), insights: createInsightsProvider(config, { onFailure: (error) => logInsightsFailure(config, error) }), replies: createReplyWriter(config, { onFailure: (error) => logReplyFailure(config, error), timeoutMs: 15_000, maxRetries: 1 }) };
}

/** An AI reply's failure is worth a line: the draft was written locally instead. */
function logReplyFailure(config: Config, error: unknown) {
  if (config.logLevel === 'silent') return;
  console.error(`[replies] the AI writer failed, the local one answered: ${error instanceof Error ? error.message : String(error)}`);
}

/** An AI classifier's failure is worth a line: the review was classified locally instead. */
function logInsightsFailure(config: Config, error: unknown) {
  if (config.logLevel === 'silent') return;
  console.error(`[insights] the AI classifier failed, the local one answered: ${error instanceof Error ? error.message : String(error)}`);
}
