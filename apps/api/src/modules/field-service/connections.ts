import { randomBytes } from 'node:crypto';
import { FS_MSG, FIELD_PROVIDERS, type EndpointData, type FieldConnectorItem, type FieldProvider, type fieldServiceApi } from '@kudo/shared';
import type { z } from 'zod';
import type { AppDeps, LocationCtx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { FieldProviderError } from '../../providers/field-service/index.js';

/** The path segment of each connector's webhook address. */
const SLUG: Record<FieldProvider, string> = { jobber: 'jobber', housecall_pro: 'housecall-pro', servicetitan: 'servicetitan' };

const newPublicKey = () => `fc_${randomBytes(12).toString('base64url')}`;

interface ConnectionRow {
  provider: string;
  status: string;
  publicKey: string;
  accountName: string | null;
  connectedAt: Date | null;
}

function itemOf(deps: AppDeps, provider: FieldProvider, row: ConnectionRow | null): FieldConnectorItem {
  const connected = row?.status === 'connected';
  const base = `${deps.config.publicUrl}/api/integrations/${SLUG[provider]}/webhook`;
  return {
    provider,
    status: row ? (connected ? 'connected' : 'pending') : 'none',
    account_name: connected ? row.accountName : null,
    connected_at: connected ? (row.connectedAt?.toISOString() ?? null) : null,
    webhook_url: connected ? (provider === 'jobber' ? base : `${base}/${row.publicKey}`) : null,
    oauth: provider === 'jobber' && deps.providers.fieldService.jobber.kind === 'jobber',
  };
}

/** The generic job webhook's address of a location, made on first use. */
export async function jobWebhookUrl(ctx: LocationCtx): Promise<string> {
  const { locationId } = ctx.location;
  const row = await ctx.db.fieldJobSettings.findUnique({ where: { locationId }, select: { genericToken: true } });
  if (row?.genericToken) return urlOf(ctx, decryptSecret(ctx.config, row.genericToken));
  return regenerate(ctx, false);
}

const urlOf = (deps: AppDeps, token: string) => `${deps.config.publicUrl}/api/integrations/jobs/${token}`;

async function regenerate(ctx: LocationCtx, audited: boolean): Promise<string> {
  const { locationId } = ctx.location;
  const token = `job_${newToken()}`;
  const data = { genericTokenHash: hashToken(token), genericToken: encryptSecret(ctx.config, token) };
  await ctx.db.fieldJobSettings.upsert({ where: { locationId }, create: { locationId, ...data }, update: data });
  if (audited) await audit(ctx.db, { action: 'field_service.job_webhook.regenerate', actorUserId: ctx.session.userId, locationId, ip: ctx.ip, details: {} });
  return urlOf(ctx, token);
}

export const regenerateJobWebhook = async (ctx: LocationCtx) => ({ job_webhook_url: await regenerate(ctx, true) });

export async function loadFieldService(ctx: LocationCtx): Promise<EndpointData<typeof fieldServiceApi.loadFieldService>> {
  const rows = await ctx.db.fieldConnection.findMany({ where: { locationId: ctx.location.locationId } });
  return {
    connectors: FIELD_PROVIDERS.map((p) => itemOf(ctx, p, rows.find((r) => r.provider === p) ?? null)),
    job_webhook_url: await jobWebhookUrl(ctx),
  };
}

type ConnectInput = z.output<typeof fieldServiceApi.connectFieldProvider.body>;

/** Housecall Pro or ServiceTitan: the business's own keys, stored encrypted (never logged, never answered back). */
export async function connectProvider(ctx: LocationCtx, input: ConnectInput): Promise<FieldConnectorItem> {
  const { locationId } = ctx.location;
  const secrets =
    input.provider === 'housecall_pro'
      ? { apiKey: input.api_key, signingSecret: input.signing_secret }
      : { tenantId: input.tenant_id, clientId: input.client_id, clientSecret: input.client_secret, appKey: input.app_key, hmacKey: input.hmac_key };
  const accountId = input.provider === 'servicetitan' ? input.tenant_id : null;
  const accountName = input.provider === 'servicetitan' ? `Tenant ${input.tenant_id}` : 'Housecall Pro account';
  if (accountId) {
    const other = await ctx.db.fieldConnection.findFirst({ where: { provider: input.provider, accountId, NOT: { locationId } }, select: { id: true } });
    if (other) throw conflict('This ServiceTitan tenant is connected to another location.');
  }
  const data = { status: 'connected', accountId, accountName, credentials: encryptSecret(ctx.config, JSON.stringify(secrets)), connectedAt: new Date(), oauthStateHash: null };
  const row = await ctx.db.fieldConnection.upsert({
    where: { locationId_provider: { locationId, provider: input.provider } },
    create: { locationId, provider: input.provider, publicKey: newPublicKey(), createdById: ctx.session.userId, ...data },
    update: data,
  });
  await audit(ctx.db, { action: 'field_service.connect', actorUserId: ctx.session.userId, locationId, ip: ctx.ip, details: { provider: input.provider } });
  return itemOf(ctx, input.provider, row);
}

/**
 * Starts Jobber's sign-in: a pending connection with the state's hash, and Jobber's address. The local provider
 * (no Jobber app on this server) connects a demo account at once.
 */
export async function startJobberConnect(ctx: LocationCtx): Promise<EndpointData<typeof fieldServiceApi.startJobberConnect>> {
  const { locationId } = ctx.location;
  const jobber = ctx.providers.fieldService.jobber;
  const state = newToken();
  const url = jobber.authorizeUrl(state);
  if (url === null) {
    const tokens = await jobber.exchangeCode('local');
    const { account, tokens: next } = await jobber.account(tokens);
    const row = await saveJobber(ctx, account, next);
    return { url: null, connector: itemOf(ctx, 'jobber', row) };
  }
  const pending = { status: 'pending', oauthStateHash: hashToken(state) };
  const existing = await ctx.db.fieldConnection.findUnique({ where: { locationId_provider: { locationId, provider: 'jobber' } } });
  // A connected Jobber keeps working until the new sign-in completes: only the state is kept beside it.
  const row = existing
    ? await ctx.db.fieldConnection.update({ where: { id: existing.id }, data: existing.status === 'connected' ? { oauthStateHash: pending.oauthStateHash } : pending })
    : await ctx.db.fieldConnection.create({ data: { locationId, provider: 'jobber', publicKey: newPublicKey(), createdById: ctx.session.userId, ...pending } });
  return { url, connector: itemOf(ctx, 'jobber', row) };
}

async function saveJobber(ctx: LocationCtx, account: { id: string; name: string }, tokens: unknown) {
  const { locationId } = ctx.location;
  const other = await ctx.db.fieldConnection.findFirst({ where: { provider: 'jobber', accountId: account.id, NOT: { locationId } }, select: { id: true } });
  if (other) throw conflict('This Jobber account is connected to another location.');
  const data = {
    status: 'connected',
    accountId: account.id,
    accountName: account.name,
    credentials: encryptSecret(ctx.config, JSON.stringify(tokens)),
    connectedAt: new Date(),
    oauthStateHash: null,
  };
  const row = await ctx.db.fieldConnection.upsert({
    where: { locationId_provider: { locationId, provider: 'jobber' } },
    create: { locationId, provider: 'jobber', publicKey: newPublicKey(), createdById: ctx.session.userId, ...data },
    update: data,
  });
  await audit(ctx.db, { action: 'field_service.connect', actorUserId: ctx.session.userId, locationId, ip: ctx.ip, details: { provider: 'jobber' } });
  return row;
}

/** Jobber's sign-in came back: the state must be this location's, the code becomes tokens, the account is read. */
export async function finishJobberConnect(ctx: LocationCtx, query: { code?: string; state?: string; error?: string }): Promise<void> {
  const { locationId } = ctx.location;
  const row = await ctx.db.fieldConnection.findUnique({ where: { locationId_provider: { locationId, provider: 'jobber' } } });
  if (!row?.oauthStateHash || !query.state || hashToken(query.state) !== row.oauthStateHash) throw badRequest(FS_MSG.jobberFailed);
  if (query.error || !query.code) {
    await ctx.db.fieldConnection.update({ where: { id: row.id }, data: row.status === 'connected' ? { oauthStateHash: null } : { status: 'pending', oauthStateHash: null } });
    throw badRequest(FS_MSG.jobberFailed);
  }
  const jobber = ctx.providers.fieldService.jobber;
  try {
    const tokens = await jobber.exchangeCode(query.code);
    const { account, tokens: next } = await jobber.account(tokens);
    await saveJobber(ctx, account, next);
  } catch (error) {
    if (error instanceof FieldProviderError) throw badRequest(FS_MSG.jobberFailed);
    throw error;
  }
}

export async function disconnectProvider(ctx: LocationCtx, provider: FieldProvider): Promise<void> {
  const { locationId } = ctx.location;
  const done = await ctx.db.fieldConnection.deleteMany({ where: { locationId, provider } });
  if (done.count === 0) throw notFound(FS_MSG.notConnected);
  await audit(ctx.db, { action: 'field_service.disconnect', actorUserId: ctx.session.userId, locationId, ip: ctx.ip, details: { provider } });
}

/** The connected connection behind a Housecall Pro or ServiceTitan webhook address, with its secrets. */
export async function connectionByKey(deps: AppDeps, provider: 'housecall_pro' | 'servicetitan', publicKey: string) {
  const row = await deps.db.fieldConnection.findFirst({ where: { provider, publicKey, status: 'connected' } });
  if (!row?.credentials) return null;
  return { locationId: row.locationId, secrets: JSON.parse(decryptSecret(deps.config, row.credentials)) as Record<string, string> };
}
