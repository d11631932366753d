import { createHmac, timingSafeEqual } from 'node:crypto';
import { toE164 } from '@kudo/shared';
import { FieldProviderError, type FieldJob, type JobberAccount, type JobberEvent, type JobberProvider, type JobberTokens } from './types.js';

/**
 * Jobber has no official Node client: a small typed client over its OAuth endpoints and GraphQL API
 * (https://api.getjobber.com/api/graphql), with fetch.
 */

/** The GraphQL schema version every call names (Jobber requires the header). */
export const JOBBER_GRAPHQL_VERSION = '2025-01-20';
const TIMEOUT_MS = 10_000;

export interface JobberOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** https://api.getjobber.com, or a test server. */
  baseUrl: string;
}

interface JobberJobNode {
  id: string;
  jobNumber?: number | null;
  jobStatus?: string | null;
  completedAt?: string | null;
  client?: {
    name?: string | null;
    emails?: { address?: string | null; primary?: boolean | null }[] | null;
    phones?: { number?: string | null; primary?: boolean | null }[] | null;
    tags?: { nodes?: { label?: string | null }[] | null } | null;
  } | null;
  visits?: { nodes?: { completedAt?: string | null; assignedUsers?: { nodes?: { id: string; name?: { full?: string | null } | null }[] | null } | null }[] | null } | null;
}

const JOB_QUERY = `query CompletedJob($id: EncodedId!) {
  job(id: $id) {
    id jobNumber jobStatus completedAt
    client { name emails { address primary } phones { number primary } tags { nodes { label } } }
    visits(last: 1) { nodes { completedAt assignedUsers { nodes { id name { full } } } } }
  }
}`;

const ACCOUNT_QUERY = 'query Account { account { id name } }';

const primaryFirst = <T extends { primary?: boolean | null }>(list: T[] | null | undefined): T[] =>
  [...(list ?? [])].sort((a, b) => Number(Boolean(b.primary)) - Number(Boolean(a.primary)));

/** A Jobber job as the connectors hand jobs over; null when it is not done or names no customer. */
export function jobFromJobber(node: JobberJobNode | null | undefined, occurredAt: string): FieldJob | null {
  if (!node?.id || !node.client?.name) return null;
  const visit = node.visits?.nodes?.at(-1);
  const user = visit?.assignedUsers?.nodes?.[0];
  const phone = primaryFirst(node.client.phones).map((p) => (p.number ? toE164(p.number) : null)).find(Boolean) ?? null;
  const email = primaryFirst(node.client.emails).map((e) => e.address?.trim().toLowerCase()).find(Boolean) ?? null;
  const completed = Date.parse(node.completedAt ?? visit?.completedAt ?? occurredAt);
  return {
    externalId: node.id,
    completedAt: new Date(Number.isFinite(completed) ? completed : Date.now()),
    customer: { name: node.client.name.trim(), phone, email },
    technician: { id: user?.id ?? null, name: user?.name?.full?.trim() || null },
    tags: (node.client.tags?.nodes ?? []).map((t) => t.label?.trim() ?? '').filter(Boolean),
  };
}

export function jobberProvider(options: JobberOptions): JobberProvider {
  const base = options.baseUrl.replace(/\/$/, '');

  async function post(path: string, init: { body: string; headers: Record<string, string> }): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { method: 'POST', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new FieldProviderError('Jobber could not be reached.');
    }
  }

  async function token(form: Record<string, string>): Promise<JobberTokens> {
    const res = await post('/api/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: options.clientId, client_secret: options.clientSecret, ...form }).toString(),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string };
    if (!res.ok || !body.access_token || !body.refresh_token) throw new FieldProviderError('Jobber refused the sign-in.', res.status === 400 || res.status === 401);
    return { accessToken: body.access_token, refreshToken: body.refresh_token };
  }

  /** One GraphQL call; an expired access token is refreshed once. */
  async function graphql<T>(tokens: JobberTokens, query: string, variables: Record<string, unknown>): Promise<{ data: T; tokens: JobberTokens }> {
    let current = tokens;
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await post('/api/graphql', {
        headers: { 'content-type': 'application/json', authorization: `Bearer ${current.accessToken}`, 'X-JOBBER-GRAPHQL-VERSION': JOBBER_GRAPHQL_VERSION },
        body: JSON.stringify({ query, variables }),
      });
      if (res.status === 401 && attempt === 0) {
        current = await token({ grant_type: 'refresh_token', refresh_token: current.refreshToken });
        continue;
      }
      const body = (await res.json().catch(() => null)) as { data?: T; errors?: { message?: string }[] } | null;
      if (res.status === 401) throw new FieldProviderError('Jobber refused the connection: connect Jobber again.', true);
      if (!res.ok || !body?.data) throw new FieldProviderError(`Jobber answered ${res.status}${body?.errors?.[0]?.message ? `: ${body.errors[0].message}` : ''}.`);
      return { data: body.data, tokens: current };
    }
    throw new FieldProviderError('Jobber refused the connection: connect Jobber again.', true);
  }

  return {
    kind: 'jobber',
    authorizeUrl(state) {
      const q = new URLSearchParams({ response_type: 'code', client_id: options.clientId, redirect_uri: options.redirectUri, state });
      return `${base}/api/oauth/authorize?${q.toString()}`;
    },
    exchangeCode: (code) => token({ grant_type: 'authorization_code', code, redirect_uri: options.redirectUri }),
    async account(tokens) {
      const { data, tokens: next } = await graphql<{ account: JobberAccount | null }>(tokens, ACCOUNT_QUERY, {});
      if (!data.account?.id) throw new FieldProviderError('Jobber did not name the account.');
      return { account: { id: data.account.id, name: data.account.name || 'Jobber account' }, tokens: next };
    },
    verifyWebhook(rawBody, signature) {
      const expected = createHmac('sha256', options.clientSecret).update(rawBody).digest();
      const given = Buffer.from(signature, 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async completedJob(tokens, event: JobberEvent) {
      if (event.topic !== 'JOB_CLOSED') return { job: null, tokens };
      const { data, tokens: next } = await graphql<{ job: JobberJobNode | null }>(tokens, JOB_QUERY, { id: event.itemId });
      return { job: jobFromJobber(data.job, event.occurredAt), tokens: next };
    },
  };
}
