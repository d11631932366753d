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
}

export const GOOGLE_SCOPES = ['email', 'profile', 'https://www.googleapis.com/auth/business.manage'];
