import { ProviderError } from '../social-errors.js';
import { FACEBOOK_PERMISSIONS, type FacebookPage, type FacebookProvider, type FacebookRating } from './types.js';

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

/** Graph error codes of a token that is expired, revoked or no longer valid for the user. */
const TOKEN_CODES = new Set([102, 190, 463, 467]);

interface ApiRating {
  created_time?: string;
  recommendation_type?: string;
  review_text?: string;
  rating?: number;
  reviewer?: { id?: string; name?: string };
  open_graph_story?: { id?: string };
}

function toRating(r: ApiRating): FacebookRating | null {
  const t = r.created_time ? Date.parse(r.created_time) : NaN;
  if (!Number.isFinite(t)) return null;
  const recommends = r.recommendation_type ? r.recommendation_type === 'positive' : (r.rating ?? 5) >= 4;
  const id = r.open_graph_story?.id ?? `${r.reviewer?.id ?? 'anonymous'}_${Math.floor(t / 1000)}`;
  return { id, reviewerName: r.reviewer?.name?.trim() || 'A Facebook user', recommends, text: r.review_text ?? '', createdAt: new Date(t) };
}

/** Facebook's Graph API over fetch: the code exchange and /me/accounts. */
export function facebookGraphProvider(options: GraphOptions): FacebookProvider {
  const base = `${(options.graphBaseUrl ?? 'https://graph.facebook.com').replace(/\/$/, '')}/${GRAPH_VERSION}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  /**
   * A page's own call: an expired or revoked token is `rejected` (sign in again); any other refusal (a call a
   * newer Graph version no longer allows, a missing permission) is `refused`.
   */
  async function pageGet<T>(path: string, query: Record<string, string>, token: string | null): Promise<T> {
    if (!token) throw new ProviderError('rejected', `Graph ${path}: the page has no token`);
    try {
      return await get<T>(path, query, token);
    } catch (error) {
      const e = error as ProviderError & { graph?: { status: number; code?: number } };
      if (!e.graph || e.graph.status >= 500 || e.graph.status === 429) throw error;
      const tokenProblem = (e.graph.code !== undefined && TOKEN_CODES.has(e.graph.code)) || e.graph.status === 401;
      throw new ProviderError(tokenProblem ? 'rejected' : 'refused', e.message);
    }
  }

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
      const failure = new ProviderError(rejected ? 'rejected' : 'unavailable', `Graph ${path} answered ${res.status}: ${body.error?.message ?? ''}`);
      throw Object.assign(failure, { graph: { status: res.status, code: body.error?.code } });
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
    async listRatings(pageId, pageToken, after) {
      const res = await pageGet<{ data?: ApiRating[]; paging?: { cursors?: { after?: string }; next?: string } }>(
        `/${encodeURIComponent(pageId)}/ratings`,
        {
          fields: 'created_time,recommendation_type,review_text,rating,reviewer{id,name},open_graph_story{id}',
          limit: '100',
          ...(after ? { after } : {}),
        },
        pageToken,
      );
      return {
        ratings: (res.data ?? []).map(toRating).filter((r): r is FacebookRating => r !== null),
        after: res.paging?.next ? (res.paging.cursors?.after ?? null) : null,
      };
    },
    async pageRating(pageId, pageToken) {
      const res = await pageGet<{ overall_star_rating?: number; rating_count?: number }>(
        `/${encodeURIComponent(pageId)}`,
        { fields: 'overall_star_rating,rating_count' },
        pageToken,
      );
      return {
        rating: typeof res.overall_star_rating === 'number' ? res.overall_star_rating : null,
        count: typeof res.rating_count === 'number' ? res.rating_count : null,
      };
    },
  };
}
