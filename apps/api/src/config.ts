import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { API_KEY_LIMITS, LIMITS } from '@kudo/shared';

/** The repository root, found from this file whether it runs from src/ or from the bundled dist/. */
function findRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const repoRoot = findRepoRoot();

function rootPackageVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server, the worker and the tools read from the environment. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** all: API, worker and the built SPA in one process (npm start); api or worker for scaled deployments. */
  KUDO_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** The address customers and staff reach the app at; links in messages start with it. */
  PUBLIC_URL: z.string().url().optional(),
  /** With no DATABASE_URL an embedded PostgreSQL runs in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  /** Seed the demo data into an empty database (default: only the embedded one). */
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* from this many proxy hops (or true/false) when behind a load balancer. */
  TRUST_PROXY: z.string().default('false'),
  WEB_DIST: z.string().optional(),
  EMAIL_FROM: z.string().default('Kudo <no-reply@kudo.test>'),
  SALES_EMAIL: z.string().email().default('sales@kudo.test'),
  SUPPORT_PHONE: z.string().default('(512) 555-0100'),
  /** SendGrid: set the key to send real email; the base URL is for a regional or test endpoint. */
  SENDGRID_API_KEY: z.string().min(1).optional(),
  SENDGRID_BASE_URL: z.string().url().optional(),
  /** Twilio: set the account SID and auth token to send real SMS. */
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z.string().min(1).optional(),
  /** The Messaging Service that picks the sender when TWILIO_FROM_NUMBER is not set. */
  TWILIO_MESSAGING_SERVICE_SID: z.string().min(1).optional(),
  /** Another Twilio API origin (a proxy, or a local test server). */
  TWILIO_BASE_URL: z.string().url().optional(),
  /**
   * Sends per second the worker allows each Twilio sender (a location's own number or Messaging Service,
   * or the account's): 1 suits a single long-code number; raise it to the sender's registered throughput.
   */
  TWILIO_SENDS_PER_SECOND: z.coerce.number().positive().default(1),
  /**
   * The A2P 10DLC registration of each business (Twilio's ISV path): Kudo's own approved primary customer profile
   * in Trust Hub, which vouches for each business's secondary profile. Registration needs it with real Twilio.
   */
  TWILIO_PRIMARY_CUSTOMER_PROFILE_SID: z.string().min(1).optional(),
  /** What registration costs the business, in US dollars, as the registration screen says it (Twilio's prices). */
  CARRIER_FEE_BRAND: z.coerce.number().nonnegative().default(4.5),
  CARRIER_FEE_VETTING: z.coerce.number().nonnegative().default(41.5),
  CARRIER_FEE_CAMPAIGN_VETTING: z.coerce.number().nonnegative().default(15),
  CARRIER_FEE_CAMPAIGN_MONTHLY: z.coerce.number().nonnegative().default(10),
  /**
   * The messages a day a brand may send by its trust score, as SCORE:LIMIT pairs (the lowest score of each tier);
   * used when the carrier reports a score but no limit.
   */
  CARRIER_DAILY_LIMITS: z
    .string()
    .regex(/^\d{1,3}:\d+(,\d{1,3}:\d+)*$/, { error: 'CARRIER_DAILY_LIMITS must look like 75:200000,50:40000' })
    .default('75:200000,50:40000,25:10000,1:2000'),
  /** The A2P campaign's use case: MIXED (review requests and customer care) unless the business's texts fit one. */
  CARRIER_CAMPAIGN_USE_CASE: z.enum(['MIXED', 'CUSTOMER_CARE', 'LOW_VOLUME', 'ACCOUNT_NOTIFICATION']).default('MIXED'),
  /** The first status check of a registration under review after this many seconds; the wait doubles up to the maximum. */
  CARRIER_POLL_SECONDS: z.coerce.number().int().positive().default(300),
  CARRIER_POLL_MAX_SECONDS: z.coerce.number().int().positive().default(6 * 3600),
  /** Without Twilio, the local registrar's seconds in each state (pending, then in review) before it decides. */
  CARRIER_LOCAL_STEP_SECONDS: z.coerce.number().positive().default(30),
  /**
   * 32 bytes (64 hex characters or base64) that encrypt stored secrets such as OAuth tokens. Without it a
   * key is created once in DATA_DIR/encryption.key, which suits one machine; set it when several share a database.
   */
  ENCRYPTION_KEY: z.string().min(1).optional(),
  /** Cloudinary: set all three to keep uploaded images there instead of DATA_DIR/uploads. */
  CLOUDINARY_CLOUD_NAME: z.string().min(1).optional(),
  CLOUDINARY_API_KEY: z.string().min(1).optional(),
  CLOUDINARY_API_SECRET: z.string().min(1).optional(),
  CLOUDINARY_UPLOAD_PRESET: z.string().min(1).optional(),
  /** Cloudinary's API address, for a regional or test endpoint. */
  CLOUDINARY_API_BASE_URL: z.string().url().optional(),
  /** Google Places API (New): set the key to search real places; the base URL is for a test endpoint. */
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  GOOGLE_PLACES_BASE_URL: z.string().url().optional(),
  /** Google sign-in for Business Profile: set the OAuth client; the base URLs are for test endpoints. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_BASE_URL: z.string().url().optional(),
  GOOGLE_API_BASE_URL: z.string().url().optional(),
  /** Facebook sign-in: set the app id and secret; the base URL is for a test endpoint. */
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_GRAPH_BASE_URL: z.string().url().optional(),
  /** Stripe: set the secret key and the webhook's signing secret to take payments; the base URL is for a test server. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE_URL: z.string().url().optional(),
  /** Jobber's app (its Developer Center): set both to connect Jobber accounts; the base URL is for a test server. */
  JOBBER_CLIENT_ID: z.string().min(1).optional(),
  JOBBER_CLIENT_SECRET: z.string().min(1).optional(),
  JOBBER_API_BASE_URL: z.string().url().default('https://api.getjobber.com'),
  /**
   * Who reads review texts for their topics and sentiment: local (default, in-process) or an AI service with its key
   * (ANTHROPIC_API_KEY or OPENAI_API_KEY); without the key, or when the service fails, the local classifier does.
   */
  INSIGHTS_AI: z.enum(['local', 'anthropic', 'openai']).default('local'),
  /** The AI service's model (defaults: claude-haiku-4-5, gpt-4o-mini). */
  INSIGHTS_AI_MODEL: z.string().min(1).optional(),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  /**
   * Who writes the draft replies to reviews: local (default, phrase banks) or an AI service with its key (ANTHROPIC_API_KEY
   * or OPENAI_API_KEY, shared with INSIGHTS_AI); without the key, or when the service fails, the local writer does.
   */
  REPLY_AI: z.enum(['local', 'anthropic', 'openai']).default('local'),
  /** The AI service's model for replies (defaults: claude-haiku-4-5, gpt-4o-mini). */
  REPLY_AI_MODEL: z.string().min(1).optional(),
  /** Marks cookies Secure; on by default when PUBLIC_URL is https. */
  COOKIE_SECURE: bool.optional(),
  /**
   * Lets webhooks go to private, loopback and link-local addresses and over plain http: for a local demo and the
   * tests, never where the server can reach an internal network.
   */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  APP_VERSION: z.string().optional(),
  /**
   * The local-time hours automated SMS may go out in, as START-END (default 8-21). Set a stricter window
   * where local law asks for one.
   */
  SEND_WINDOW: z
    .string()
    .regex(/^\d{1,2}-\d{1,2}$/, { error: 'SEND_WINDOW must look like 8-21' })
    .refine((v) => {
      const [a, b] = v.split('-').map(Number) as [number, number];
      return a >= 0 && b <= 24 && a < b;
    }, { error: 'SEND_WINDOW needs 0 <= start < end <= 24' })
    .default('8-21'),
  /** Requests per minute from one IP to the login endpoint and to public endpoints. */
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().positive().default(LIMITS.loginPerIpPerMinute),
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().positive().default(LIMITS.publicPerIpPerMinute),
  /**
   * Seconds an API process may keep a session it has read (0: read every request's session from the database).
   * Kept sessions are forgotten the moment the database announces a change to them; this only bounds their age.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Requests per minute each API key may make to the public API (/api/v1). */
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().positive().default(API_KEY_LIMITS.perMinute),
});

export type Env = z.infer<typeof configSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  role: Env['KUDO_ROLE'];
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean | undefined;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean | number;
  webDist: string;
  version: string;
  cookieSecure: boolean;
  /** Outgoing webhooks may target private addresses and plain http (WEBHOOKS_ALLOW_PRIVATE). */
  webhooks: { allowPrivate: boolean };
  rateLimits: { login: number; public: number; apiKey: number };
  /** 0 when sessions are read from the database on every request. */
  sessionCacheSeconds: number;
  encryptionKey: string | undefined;
  /** Automated SMS go out only between these local hours. */
  sendWindow: { startHour: number; endHour: number };
  images: {
    cloudinary?: { cloudName: string; apiKey: string; apiSecret: string; uploadPreset?: string; apiBaseUrl?: string };
  };
  email: { from: string; salesAddress: string; sendgrid?: { apiKey: string; baseUrl?: string } };
  /** The carrier (A2P 10DLC) registration: its fees and limits as shown, how often it is checked, the registrar. */
  carrier: {
    fees: { brand: number; vetting: number; campaignVetting: number; campaignMonthly: number };
    /** Tiers from the highest score down: a score at or above minScore gets limit messages a day. */
    dailyLimits: { minScore: number; limit: number }[];
    useCase: 'MIXED' | 'CUSTOMER_CARE' | 'LOW_VOLUME' | 'ACCOUNT_NOTIFICATION';
    pollSeconds: number;
    pollMaxSeconds: number;
    localStepSeconds: number;
    /** Set with the Twilio credentials: the registrar submits to Twilio. */
    twilio?: { accountSid: string; authToken: string; baseUrl?: string; primaryProfileSid?: string };
  };
  sms: { supportPhone: string; twilio?: { accountSid: string; authToken: string; from?: string; messagingServiceSid?: string; baseUrl?: string; sendsPerSecond: number } };
  places: { google?: { apiKey: string; baseUrl?: string } };
  google: { oauth?: { clientId: string; clientSecret: string; oauthBaseUrl?: string; apiBaseUrl?: string } };
  facebook: { app?: { appId: string; appSecret: string; graphBaseUrl?: string } };
  billing: { stripe?: { secretKey: string; webhookSecret: string; baseUrl?: string } };
  /** The review texts' classifier: the AI service chosen with its key, or none (local). */
  insights: { ai?: AiService };
  /** The writer of review reply drafts: the AI service chosen with its key, or none (local). */
  replies: { ai?: AiService };
  /** Jobber's OAuth app, when set; Housecall Pro and ServiceTitan take each business's own keys on the screen. */
  fieldService: { jobber?: { clientId: string; clientSecret: string; baseUrl: string } };
}

/** The models the AI classifiers and reply writers use unless INSIGHTS_AI_MODEL or REPLY_AI_MODEL names another. */
export const INSIGHTS_DEFAULT_MODELS = { anthropic: 'claude-haiku-4-5', openai: 'gpt-4o-mini' } as const;

/** An AI service as INSIGHTS_AI or REPLY_AI names it, when its key is set: the key, the model and base URL shared by both. */
type AiService = { vendor: 'anthropic' | 'openai'; apiKey: string; model: string; baseUrl?: string | undefined };

function aiService(e: z.output<typeof configSchema>, choice: 'local' | 'anthropic' | 'openai', model: string | undefined): AiService | undefined {
  if (choice === 'anthropic' && e.ANTHROPIC_API_KEY) return { vendor: 'anthropic', apiKey: e.ANTHROPIC_API_KEY, model: model ?? INSIGHTS_DEFAULT_MODELS.anthropic, baseUrl: e.ANTHROPIC_BASE_URL };
  if (choice === 'openai' && e.OPENAI_API_KEY) return { vendor: 'openai', apiKey: e.OPENAI_API_KEY, model: model ?? INSIGHTS_DEFAULT_MODELS.openai, baseUrl: e.OPENAI_BASE_URL };
  return undefined;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const trustProxy = e.TRUST_PROXY === 'true' ? true : /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : false;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    role: e.KUDO_ROLE,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    version: e.APP_VERSION ?? rootPackageVersion(),
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE },
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    rateLimits: { login: e.RATE_LIMIT_LOGIN_PER_MINUTE, public: e.RATE_LIMIT_PUBLIC_PER_MINUTE, apiKey: e.RATE_LIMIT_API_KEY_PER_MINUTE },
    encryptionKey: e.ENCRYPTION_KEY,
    sendWindow: { startHour: Number(e.SEND_WINDOW.split('-')[0]), endHour: Number(e.SEND_WINDOW.split('-')[1]) },
    images: {
      cloudinary:
        e.CLOUDINARY_CLOUD_NAME && e.CLOUDINARY_API_KEY && e.CLOUDINARY_API_SECRET
          ? {
              cloudName: e.CLOUDINARY_CLOUD_NAME,
              apiKey: e.CLOUDINARY_API_KEY,
              apiSecret: e.CLOUDINARY_API_SECRET,
              uploadPreset: e.CLOUDINARY_UPLOAD_PRESET,
              apiBaseUrl: e.CLOUDINARY_API_BASE_URL,
            }
          : undefined,
    },
    email: {
      from: e.EMAIL_FROM,
      salesAddress: e.SALES_EMAIL,
      sendgrid: e.SENDGRID_API_KEY ? { apiKey: e.SENDGRID_API_KEY, baseUrl: e.SENDGRID_BASE_URL } : undefined,
    },
    sms: {
      supportPhone: e.SUPPORT_PHONE,
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
          ? {
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              from: e.TWILIO_FROM_NUMBER,
              messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
              baseUrl: e.TWILIO_BASE_URL,
              sendsPerSecond: e.TWILIO_SENDS_PER_SECOND,
            }
          : undefined,
    },
    carrier: {
      fees: { brand: e.CARRIER_FEE_BRAND, vetting: e.CARRIER_FEE_VETTING, campaignVetting: e.CARRIER_FEE_CAMPAIGN_VETTING, campaignMonthly: e.CARRIER_FEE_CAMPAIGN_MONTHLY },
      dailyLimits: e.CARRIER_DAILY_LIMITS.split(',')
        .map((pair) => {
          const [score, limit] = pair.split(':').map(Number) as [number, number];
          return { minScore: score, limit };
        })
        .sort((a, b) => b.minScore - a.minScore),
      useCase: e.CARRIER_CAMPAIGN_USE_CASE,
      pollSeconds: e.CARRIER_POLL_SECONDS,
      pollMaxSeconds: Math.max(e.CARRIER_POLL_MAX_SECONDS, e.CARRIER_POLL_SECONDS),
      localStepSeconds: e.CARRIER_LOCAL_STEP_SECONDS,
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
          ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, baseUrl: e.TWILIO_BASE_URL, primaryProfileSid: e.TWILIO_PRIMARY_CUSTOMER_PROFILE_SID }
          : undefined,
    },
    places: {
      google: e.GOOGLE_MAPS_API_KEY ? { apiKey: e.GOOGLE_MAPS_API_KEY, baseUrl: e.GOOGLE_PLACES_BASE_URL } : undefined,
    },
    google: {
      oauth:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              oauthBaseUrl: e.GOOGLE_OAUTH_BASE_URL,
              apiBaseUrl: e.GOOGLE_API_BASE_URL,
            }
          : undefined,
    },
    facebook: {
      app:
        e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET
          ? { appId: e.FACEBOOK_APP_ID, appSecret: e.FACEBOOK_APP_SECRET, graphBaseUrl: e.FACEBOOK_GRAPH_BASE_URL }
          : undefined,
    },
    fieldService: {
      jobber:
        e.JOBBER_CLIENT_ID && e.JOBBER_CLIENT_SECRET ? { clientId: e.JOBBER_CLIENT_ID, clientSecret: e.JOBBER_CLIENT_SECRET, baseUrl: e.JOBBER_API_BASE_URL } : undefined,
    },
    billing: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, baseUrl: e.STRIPE_API_BASE_URL }
          : undefined,
    },
    insights: { ai: aiService(e, e.INSIGHTS_AI, e.INSIGHTS_AI_MODEL) },
    replies: { ai: aiService(e, e.REPLY_AI, e.REPLY_AI_MODEL) },
  };
}
