import { ProviderError } from '../social-errors.js';
import { FACEBOOK_PERMISSIONS, type FacebookPage, type FacebookProvider } from './types.js';

export const GRAPH_VERSION = 'v21.0';

export interface GraphOptions {
  appId: string;
  appSecret: string;
  redirectUri: string;
  /** Replaces https://graph.facebook.com (a test server). */
  graphBaseUrl?: string;
  timeoutMs?: number;
}

interface GraphError {
  error?: { message?: string; type?: string; code?: number };
}

/** Facebook's Graph API over fetch: the code exchange and /me/accounts. */
export function facebookGraphProvider(options: GraphOptions): FacebookProvider {
  const base = `${(options.graphBaseUrl ?? 'https://graph.facebook.com').replace(/\/$/, '')}/${GRAPH_VERSION}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function get<T>(path: string, query: Record<string, string>, token?: string): Promise<T> {
    const url = `${base}${path}?${new URLSearchParams(query).toString()}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError('unavailable', `Graph request failed: ${(error as Error).message}`);
    }
    const body = (await res.json().catch(() => ({}))) as T & GraphError;
    if (!res.ok || body.error) {
      // 4xx with an OAuthException (code 190 expired/revoked token, 100 bad code) means the user must sign in again.
      const rejected = res.status >= 400 && res.status < 500;
      throw new ProviderError(rejected ? 'rejected' : 'unavailable', `Graph ${path} answered ${res.status}: ${body.error?.message ?? ''}`);
    }
    return body;
  }

  return {
    kind: 'facebook',
    authUrl(state) {
      const q = new URLSearchParams({
        client_id: options.appId,
        redirect_uri: options.redirectUri,
        state,
        response_type: 'code',
        scope: FACEBOOK_PERMISSIONS.join(','),
      });
      return `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth?${q.toString()}`;
    },
    async exchangeCode(code) {
      const token = await get<{ access_token?: string }>('/oauth/access_token', {
        client_id: options.appId,
        client_secret: options.appSecret,
        redirect_uri: options.redirectUri,
        code,
      });
      if (!token.access_token) throw new ProviderError('unavailable', 'Graph answered without an access token');
      const me = await get<{ name?: string }>('/me', { fields: 'id,name' }, token.access_token);
      return { userToken: token.access_token, userName: me.name ?? '' };
    },
    async listPages(userToken) {
      const pages: FacebookPage[] = [];
      let after: string | undefined;
      // At most five pages of 100 accounts.
      for (let i = 0; i < 5; i++) {
        const res = await get<{ data?: { id?: string; name?: string; access_token?: string }[]; paging?: { cursors?: { after?: string }; next?: string } }>(
          '/me/accounts',
          { fields: 'id,name,access_token', limit: '100', ...(after ? { after } : {}) },
          userToken,
        );
        for (const p of res.data ?? []) {
          if (p.id && p.access_token) pages.push({ id: p.id, name: p.name ?? '', accessToken: p.access_token });
        }
        after = res.paging?.next ? res.paging.cursors?.after : undefined;
        if (!after) break;
      }
      return pages;
    },
  };
}
