import { randomBytes } from 'node:crypto';
import { API_KEY_LIMITS, API_KEY_MSG, type ApiKeyItem, type ApiScope, type EndpointData, type integrationsApi } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import { keyQueries } from './queries.js';

/** Every key starts with this, so a leaked one is easy to recognise (secret scanners, logs). */
export const KEY_PREFIX = 'kudo_';
/** The part of a key shown in lists: kudo_ and 8 characters. */
const SHOWN = KEY_PREFIX.length + 8;

/** A new key: kudo_ and 256 random bits, URL-safe. Only its SHA-256 is stored. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, prefix: key.slice(0, SHOWN), hash: hashToken(key) };
}

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  createdById: number | null;
}

const userNames = async (ctx: LocationCtx, ids: (number | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const users = await ctx.db.user.findMany({ where: { id: { in: wanted } }, select: { id: true, firstName: true, lastName: true, email: true } });
  return new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]));
};

const itemOf = (k: KeyRow, names: Map<number, string>): ApiKeyItem => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes as ApiScope[],
  created_at: k.createdAt.toISOString(),
  created_by: k.createdById === null ? null : (names.get(k.createdById) ?? null),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
});

/**
 * Creates a key for the location. The location's row is locked meanwhile, so two creations at once cannot
 * pass the name and count checks together.
 */
export async function createApiKey(ctx: LocationCtx, input: { name: string; scopes: ApiScope[] }): Promise<EndpointData<typeof integrationsApi.createApiKey>> {
  const { locationId } = ctx.location;
  const made = newApiKey();
  const row = await ctx.db.$transaction(async (tx) => {
    await keyQueries.lockLocation(tx, locationId);
    const active = await tx.apiKey.findMany({ where: { locationId, revokedAt: null }, select: { name: true } });
    if (active.some((k) => k.name.toLowerCase() === input.name.toLowerCase())) throw badRequest(API_KEY_MSG.nameTaken, { name: API_KEY_MSG.nameTaken });
    if (active.length >= API_KEY_LIMITS.perLocation) throw conflict(API_KEY_MSG.tooMany);
    return tx.apiKey.create({
      data: { locationId, name: input.name, prefix: made.prefix, keyHash: made.hash, scopes: input.scopes, createdById: ctx.session.userId },
    });
  });
  await audit(ctx.db, {
    action: 'api_key.create',
    actorUserId: ctx.session.userId,
    locationId,
    ip: ctx.ip,
    details: { apiKeyId: row.id, name: row.name, scopes: row.scopes },
  });
  return { ...itemOf(row, await userNames(ctx, [row.createdById])), key: made.key };
}

export async function loadApiKeys(ctx: LocationCtx): Promise<EndpointData<typeof integrationsApi.loadApiKeys>> {
  const keys = await ctx.db.apiKey.findMany({
    where: { locationId: ctx.location.locationId, revokedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  const names = await userNames(ctx, keys.map((k) => k.createdById));
  return { keys: keys.map((k) => itemOf(k, names)) };
}

/** Revokes one of the location's active keys; another location's key, or one already revoked, is not found. */
export async function revokeApiKey(ctx: LocationCtx, id: number): Promise<void> {
  const { locationId } = ctx.location;
  const done = await ctx.db.apiKey.updateMany({
    where: { id, locationId, revokedAt: null },
    data: { revokedAt: new Date(), revokedById: ctx.session.userId },
  });
  if (done.count === 0) throw notFound();
  await audit(ctx.db, { action: 'api_key.revoke', actorUserId: ctx.session.userId, locationId, ip: ctx.ip, details: { apiKeyId: id } });
}
