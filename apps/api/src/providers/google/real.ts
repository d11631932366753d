import { mybusinessaccountmanagement } from '@googleapis/mybusinessaccountmanagement';
import { mybusinessbusinessinformation } from '@googleapis/mybusinessbusinessinformation';
import { OAuth2Client } from 'google-auth-library';
import { httpStatusOf, ProviderError } from '../social-errors.js';
import {
  GOOGLE_SCOPES,
  type GbpLocation,
  type GbpLocationRef,
  type GbpReview,
  type GbpReviewReply,
  type GoogleAuth,
  type GoogleProvider,
  type GoogleTokens,
} from './types.js';

const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

interface ApiReview {
  name?: string;
  reviewId?: string;
  reviewer?: { displayName?: string; isAnonymous?: boolean };
  starRating?: string;
  comment?: string;
  createTime?: string;
  updateTime?: string;
  reviewReply?: { comment?: string; updateTime?: string };
}

const when = (v: string | undefined): Date | null => {
  const t = v ? Date.parse(v) : NaN;
  return Number.isFinite(t) ? new Date(t) : null;
};

const toReply = (r: ApiReview['reviewReply']): GbpReviewReply | null =>
  r?.comment ? { comment: r.comment, updateTime: when(r.updateTime) } : null;

function toReview(r: ApiReview): GbpReview | null {
  const reviewId = r.reviewId ?? r.name?.split('/').at(-1);
  const createTime = when(r.createTime);
  if (!reviewId || !createTime) return null;
  return {
    reviewId,
    // Google shows anonymous reviewers as "A Google User".
    reviewerName: r.reviewer?.displayName?.trim() || 'A Google User',
    stars: STARS[r.starRating ?? ''] ?? 0,
    comment: r.comment ?? '',
    createTime,
    updateTime: when(r.updateTime),
    reply: toReply(r.reviewReply),
  };
}

type AccountsOptions = Extract<Parameters<typeof mybusinessaccountmanagement>[0], object>;
type InfoOptions = Extract<Parameters<typeof mybusinessbusinessinformation>[0], object>;

export interface GoogleOAuthOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Replaces https://oauth2.googleapis.com and https://accounts.google.com (a test server). */
  oauthBaseUrl?: string;
  /** Replaces the Business Profile APIs' roots (a test server). */
  apiBaseUrl?: string;
}

/** Turns a failed Google call into a ProviderError: 400/401/403 mean the code or token was refused. */
function fail(error: unknown, what: string): never {
  const status = httpStatusOf(error);
  const rejected = status === 400 || status === 401 || status === 403;
  throw new ProviderError(rejected ? 'rejected' : 'unavailable', `${what} failed (${status ?? 'no answer'}): ${(error as Error).message}`);
}

const toTokens = (t: { access_token?: string | null; refresh_token?: string | null; expiry_date?: number | null }): GoogleTokens => {
  if (!t.access_token) throw new ProviderError('unavailable', 'Google answered without an access token');
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? null,
    expiresAt: t.expiry_date ? new Date(t.expiry_date) : null,
  };
};

export function googleOAuthProvider(options: GoogleOAuthOptions): GoogleProvider {
  const oauthBase = options.oauthBaseUrl?.replace(/\/$/, '');
  const apiBase = options.apiBaseUrl?.replace(/\/$/, '');
  const client = () =>
    new OAuth2Client({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      redirectUri: options.redirectUri,
      ...(oauthBase
        ? {
            endpoints: {
              oauth2AuthBaseUrl: `${oauthBase}/o/oauth2/v2/auth`,
              oauth2TokenUrl: `${oauthBase}/token`,
              oauth2RevokeUrl: `${oauthBase}/revoke`,
            },
          }
        : {}),
    });
  const v4 = `${apiBase ?? 'https://mybusiness.googleapis.com'}/v4`;
  const reviewsUrl = (l: GbpLocationRef) => `${v4}/${l.accountId}/${l.locationId}/reviews`;
  /** A client holding the connection's tokens: OAuth2Client renews the access token when it runs out or is refused. */
  const withTokens = (auth: GoogleAuth) => {
    const c = new OAuth2Client({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      redirectUri: options.redirectUri,
      forceRefreshOnFailure: true,
      ...(oauthBase ? { endpoints: { oauth2TokenUrl: `${oauthBase}/token` } } : {}),
    });
    c.setCredentials({
      access_token: auth.accessToken,
      refresh_token: auth.refreshToken,
      expiry_date: auth.expiresAt?.getTime() ?? null,
    });
    const pending: Promise<unknown>[] = [];
    c.on('tokens', (t) => {
      if (!auth.onTokens || !t.access_token) return;
      pending.push(Promise.resolve(auth.onTokens(toTokens({ ...t, refresh_token: t.refresh_token ?? auth.refreshToken }))));
    });
    return { client: c, settled: () => Promise.all(pending) };
  };
  async function gbp<T>(auth: GoogleAuth, what: string, req: { url: string; method: 'GET' | 'PUT' | 'DELETE'; params?: Record<string, string | number>; data?: unknown }) {
    if (!auth.accessToken && !auth.refreshToken) throw new ProviderError('rejected', `${what}: the connection holds no tokens`);
    const { client: c, settled } = withTokens(auth);
    try {
      const res = await c.request<T>({ ...req, responseType: 'json', retry: false });
      await settled();
      return res.data;
    } catch (error) {
      await settled();
      fail(error, what);
    }
  }
  const authed = (accessToken: string) => {
    const c = client();
    c.setCredentials({ access_token: accessToken });
    return c;
  };

  return {
    kind: 'google',
    authUrl(state) {
      return client().generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: true,
        scope: GOOGLE_SCOPES,
        state,
      });
    },
    async exchangeCode(code) {
      try {
        const { tokens } = await client().getToken(code);
        return toTokens(tokens);
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        fail(error, 'Google code exchange');
      }
    },
    async refresh(refreshToken) {
      const c = client();
      c.setCredentials({ refresh_token: refreshToken });
      try {
        const { credentials } = await c.refreshAccessToken();
        return toTokens({ ...credentials, refresh_token: credentials.refresh_token ?? refreshToken });
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        fail(error, 'Google token refresh');
      }
    },
    async listLocations(accessToken) {
      const auth = authed(accessToken);
      // The SDKs take the root per call; their google-auth-library may be another minor version than ours.
      const sdkAuth = auth as unknown as AccountsOptions['auth'];
      const accountsApi = mybusinessaccountmanagement({ version: 'v1', auth: sdkAuth });
      const infoApi = mybusinessbusinessinformation({ version: 'v1', auth: sdkAuth as InfoOptions['auth'] });
      const callOptions = apiBase ? { rootUrl: `${apiBase}/` } : {};
      let account: { name?: string | null; accountName?: string | null } | undefined;
      try {
        const res = await accountsApi.accounts.list({ pageSize: 20 }, callOptions);
        account = res.data.accounts?.[0];
      } catch (error) {
        fail(error, 'Business Profile accounts.list');
      }
      if (!account?.name) return { accountId: null, accountName: '', locations: [] };
      const locations: GbpLocation[] = [];
      let pageToken: string | undefined;
      try {
        // At most five pages of 100: a business with more locations picks from the first 500.
        for (let page = 0; page < 5; page++) {
          const res = await infoApi.accounts.locations.list({
            parent: account.name,
            readMask: 'name,title,storefrontAddress,metadata',
            pageSize: 100,
            ...(pageToken ? { pageToken } : {}),
          }, callOptions);
          for (const l of res.data.locations ?? []) {
            if (!l.name) continue;
            locations.push({
              id: l.name,
              name: l.title ?? '',
              placeId: l.metadata?.placeId ?? null,
              address: {
                addressLines: l.storefrontAddress?.addressLines ?? [],
                locality: l.storefrontAddress?.locality ?? '',
                administrativeArea: l.storefrontAddress?.administrativeArea ?? '',
              },
            });
          }
          pageToken = res.data.nextPageToken ?? undefined;
          if (!pageToken) break;
        }
      } catch (error) {
        fail(error, 'Business Profile locations.list');
      }
      return { accountId: account.name, accountName: account.accountName ?? '', locations };
    },
    async listReviews(auth, location, pageToken) {
      const body = await gbp<{ reviews?: ApiReview[]; nextPageToken?: string; averageRating?: number; totalReviewCount?: number }>(
        auth,
        'Business Profile reviews.list',
        { url: reviewsUrl(location), method: 'GET', params: { pageSize: 50, orderBy: 'updateTime desc', ...(pageToken ? { pageToken } : {}) } },
      );
      return {
        reviews: (body?.reviews ?? []).map(toReview).filter((r): r is GbpReview => r !== null),
        nextPageToken: body?.nextPageToken || null,
        averageRating: typeof body?.averageRating === 'number' ? body.averageRating : null,
        totalReviewCount: typeof body?.totalReviewCount === 'number' ? body.totalReviewCount : null,
      };
    },
    async replyToReview(auth, location, reviewId, comment) {
      const body = await gbp<{ comment?: string; updateTime?: string }>(auth, 'Business Profile reviews.updateReply', {
        url: `${reviewsUrl(location)}/${encodeURIComponent(reviewId)}/reply`,
        method: 'PUT',
        data: { comment },
      });
      return { comment: body?.comment ?? comment, updateTime: when(body?.updateTime) ?? new Date() };
    },
    async deleteReviewReply(auth, location, reviewId) {
      await gbp(auth, 'Business Profile reviews.deleteReply', { url: `${reviewsUrl(location)}/${encodeURIComponent(reviewId)}/reply`, method: 'DELETE' });
    },
    async revoke(token) {
      try {
        await client().revokeToken(token);
      } catch {
        // The token may already be gone; signing out goes ahead either way.
      }
    },
  };
}
