import type { ProvidedRoute } from '../served.js';

export interface GoogleTokens {
  accessToken: string;
  /** Google sends a refresh token on the first consent only (we always ask for consent). */
  refreshToken: string | null;
  expiresAt: Date | null;
}

export interface GbpAddress {
  addressLines: string[];
  locality: string;
  administrativeArea: string;
}

/** A Business Profile location the signed-in Google account manages. */
export interface GbpLocation {
  /** locations/{id} */
  id: string;
  name: string;
  placeId: string | null;
  address: GbpAddress;
}

export interface GbpListing {
  /** accounts/{id} of the first Business Profile account, or null when the user has none. */
  accountId: string | null;
  accountName: string;
  locations: GbpLocation[];
}

/** Google sign-in (OAuth code flow) and the Business Profile locations behind it. */
export interface GoogleProvider {
  readonly kind: 'google' | 'local';
  /** What the provider serves itself (the local stand-ins' files and pages); registered by the app. */
  readonly routes?: readonly ProvidedRoute[];
  /** Where the sign-in popup goes; it comes back to /api/oauth/google/callback with the code and state. */
  authUrl(state: string): string;
  exchangeCode(code: string): Promise<GoogleTokens>;
  refresh(refreshToken: string): Promise<GoogleTokens>;
  listLocations(accessToken: string): Promise<GbpListing>;
  /** Best effort: tells Google the token is no longer wanted. */
  revoke(token: string): Promise<void>;
  /** One page (up to 50) of a Business Profile location's reviews, newest first, with the profile's own figures. */
  listReviews(auth: GoogleAuth, location: GbpLocationRef, pageToken?: string): Promise<GbpReviewPage>;
  /** Posts or replaces the business's reply to a review. */
  replyToReview(auth: GoogleAuth, location: GbpLocationRef, reviewId: string, comment: string): Promise<GbpReviewReply>;
  /** Removes the business's reply from a review. */
  deleteReviewReply(auth: GoogleAuth, location: GbpLocationRef, reviewId: string): Promise<void>;
}

/** A stored connection's tokens; `onTokens` hears of renewed ones so that they can be kept. */
export interface GoogleAuth {
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: Date | null;
  onTokens?: (tokens: GoogleTokens) => void | Promise<void>;
}

/** The Business Profile account and location of a connection: accounts/{id} and locations/{id}. */
export interface GbpLocationRef {
  accountId: string;
  locationId: string;
}

export interface GbpReviewReply {
  comment: string;
  updateTime: Date | null;
}

export interface GbpReview {
  /** The review's id (the last part of its resource name). */
  reviewId: string;
  reviewerName: string;
  /** 1 to 5; 0 when Google gives no star rating. */
  stars: number;
  comment: string;
  createTime: Date;
  updateTime: Date | null;
  reply: GbpReviewReply | null;
}

export interface GbpReviewPage {
  reviews: GbpReview[];
  nextPageToken: string | null;
  averageRating: number | null;
  totalReviewCount: number | null;
}

export const GOOGLE_SCOPES = ['email', 'profile', 'https://www.googleapis.com/auth/business.manage'];
