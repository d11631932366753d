import type { Config } from '../../config.js';
import type { Db } from '../../lib/db.js';
import { localGoogleProvider } from './local.js';
import { googleOAuthProvider } from './real.js';
import type { GoogleProvider } from './types.js';

export type {
  GbpAddress,
  GbpListing,
  GbpLocation,
  GbpLocationRef,
  GbpReview,
  GbpReviewPage,
  GbpReviewReply,
  GoogleAuth,
  GoogleProvider,
  GoogleTokens,
} from './types.js';

/**
 * Google's OAuth client when GOOGLE_CLIENT_ID and _SECRET are set, otherwise our local sign-in page and review feed
 * (whose replies are kept in `db`).
 */
export function createGoogleProvider(config: Config, db?: Db): GoogleProvider {
  const oauth = config.google.oauth;
  if (!oauth) return localGoogleProvider(db);
  return googleOAuthProvider({
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    redirectUri: `${config.publicUrl}/api/oauth/google/callback`,
    oauthBaseUrl: oauth.oauthBaseUrl,
    apiBaseUrl: oauth.apiBaseUrl,
  });
}
