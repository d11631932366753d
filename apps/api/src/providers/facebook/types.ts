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
  /** One page of the page's recommendations (ratings), newest first, with the page token. */
  listRatings(pageId: string, pageToken: string | null, after?: string): Promise<FacebookRatingPage>;
  /** The page's own overall rating and rating count. */
  pageRating(pageId: string, pageToken: string | null): Promise<{ rating: number | null; count: number | null }>;
}

export interface FacebookRating {
  /** The recommendation's id (its story id, or the reviewer and time when Facebook gives none). */
  id: string;
  reviewerName: string;
  /** recommendation_type positive (true) or negative (false). */
  recommends: boolean;
  text: string;
  createdAt: Date;
}

export interface FacebookRatingPage {
  ratings: FacebookRating[];
  /** The cursor of the next page, or null at the end. */
  after: string | null;
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
