import { mybusinessaccountmanagement } from '@googleapis/mybusinessaccountmanagement';
import { mybusinessbusinessinformation } from '@googleapis/mybusinessbusinessinformation';
import { OAuth2Client } from 'google-auth-library';
import { httpStatusOf, ProviderError } from '../social-errors.js';
import { GOOGLE_SCOPES, type GbpLocation, type GoogleProvider, type GoogleTokens } from './types.js';

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
    async revoke(token) {
      try {
        await client().revokeToken(token);
      } catch {
        // The token may already be gone; signing out goes ahead either way.
      }
    },
  };
}
