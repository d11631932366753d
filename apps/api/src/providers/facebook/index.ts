import type { Config } from '../../config.js';
import { facebookGraphProvider } from './graph.js';
import { localFacebookProvider } from './local.js';
import type { FacebookProvider } from './types.js';

export type { FacebookPage, FacebookProvider, FacebookRating, FacebookRatingPage } from './types.js';

/** The Graph API when FACEBOOK_APP_ID and _SECRET are set, otherwise our local sign-in page. */
export function createFacebookProvider(config: Config): FacebookProvider {
  const app = config.facebook.app;
  if (!app) return localFacebookProvider();
  return facebookGraphProvider({
    appId: app.appId,
    appSecret: app.appSecret,
    redirectUri: `${config.publicUrl}/api/oauth/facebook/callback`,
    graphBaseUrl: app.graphBaseUrl,
  });
}
