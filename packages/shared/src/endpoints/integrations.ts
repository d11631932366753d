import { z } from 'zod';
import { API_KEY_LIMITS, API_SCOPES } from '../public-api.js';
import { RULES } from '../rules.js';
import { idSchema } from '../validators.js';
import { defineEndpoint } from './define.js';

/** Settings › Integrations: the location's API keys, managed by Owners and Admins. */

export const API_KEY_MSG = {
  name: `Give the key a name of 1 to ${API_KEY_LIMITS.nameMax} characters.`,
  nameTaken: 'Another active key already has this name.',
  scopes: 'Choose at least one scope.',
  scope: `Each scope must be one of ${API_SCOPES.join(', ')}.`,
  tooMany: `A location may hold at most ${API_KEY_LIMITS.perLocation} active keys. Revoke one first.`,
  id: 'Choose a key.',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked.',
} as const;

export const apiKeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;

export const createApiKey = defineEndpoint({
  id: 'integrations-api-key-create',
  method: 'POST',
  path: '/settings/integrations/api-keys',
  summary: 'Create an API key with a name and scopes; the answer is the only one that holds the key.',
  access: { kind: 'location', rule: RULES.settingsIntegrations },
  body: z.object({
    name: z.string({ error: API_KEY_MSG.name }).trim().min(1, { error: API_KEY_MSG.name }).max(API_KEY_LIMITS.nameMax, { error: API_KEY_MSG.name }),
    scopes: z
      .array(z.enum(API_SCOPES, { error: API_KEY_MSG.scope }), { error: API_KEY_MSG.scopes })
      .min(1, { error: API_KEY_MSG.scopes })
      .max(API_SCOPES.length, { error: API_KEY_MSG.scope })
      .transform((scopes) => API_SCOPES.filter((s) => scopes.includes(s))),
  }),
  response: apiKeyItem.extend({ key: z.string() }),
});

export const loadApiKeys = defineEndpoint({
  id: 'integrations-api-keys-load',
  method: 'POST',
  path: '/settings/integrations/api-keys/load',
  summary: "The location's active API keys, newest first (never the keys themselves).",
  access: { kind: 'location', rule: RULES.settingsIntegrations },
  response: z.object({ keys: z.array(apiKeyItem) }),
});

export const revokeApiKey = defineEndpoint({
  id: 'integrations-api-key-revoke',
  method: 'POST',
  path: '/settings/integrations/api-keys/revoke',
  summary: 'Revoke an API key: from now on every call with it answers 403.',
  access: { kind: 'location', rule: RULES.settingsIntegrations },
  body: z.object({ id: idSchema(API_KEY_MSG.id) }),
  response: z.null(),
});
