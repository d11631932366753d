import type { ProvidedRoute } from '../served.js';

export interface FacebookPage {
  id: string;
  name: string;
  /** The page access token (a secret: stored encrypted). */
  accessToken: string;
}

/** Facebook Login (code flow) and the pages the signed-in user manages. */
export interface FacebookProvider {
  readonly kind: 'facebook' | 'local';
  /** What the provider serves itself (the local stand-ins' files and pages); registered by the app. */
  readonly routes?: readonly ProvidedRoute[];
  /** Where the sign-in popup goes; it comes back to /api/oauth/facebook/callback with the code and state. */
  authUrl(state: string): string;
  /** Exchanges the code for a user token and the user's name. */
  exchangeCode(code: string): Promise<{ userToken: string; userName: string }>;
  listPages(userToken: string): Promise<FacebookPage[]>;
}

export const FACEBOOK_PERMISSIONS = [
  'pages_show_list',
  'pages_messaging',
  'pages_read_engagement',
  'pages_manage_metadata',
  'pages_read_user_content',
  'pages_manage_ads',
  'pages_manage_posts',
  'pages_manage_engagement',
  'public_profile',
  'business_management',
];
