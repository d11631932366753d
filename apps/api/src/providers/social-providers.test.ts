import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createFacebookProvider } from './facebook/index.js';
import { createGoogleProvider } from './google/index.js';
import { createPlacesProvider } from './places/index.js';
import { LOCAL_FEED_DAYS, localFeed, localFeedHas } from './local-reviews.js';

describe('places, google and facebook providers', () => {
  it('are the local ones without keys', async () => {
    const config = loadConfig({});
    expect(config.places.google).toBeUndefined();
    expect(createPlacesProvider(config).kind).toBe('local');
    expect(createGoogleProvider(config).kind).toBe('local');
    expect(createFacebookProvider(config).kind).toBe('local');
    expect(createGoogleProvider(config).authUrl('s t')).toBe('/api/dev/oauth/google?state=s%20t');
  });

  it('are the real ones with keys, calling back to the public address', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://app.kudo.example/',
      GOOGLE_MAPS_API_KEY: 'k',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      FACEBOOK_APP_ID: 'fb',
      FACEBOOK_APP_SECRET: 'fbsecret',
    });
    expect(createPlacesProvider(config).kind).toBe('google');
    const google = createGoogleProvider(config);
    expect(google.kind).toBe('google');
    expect(new URL(google.authUrl('x')).searchParams.get('redirect_uri')).toBe('https://app.kudo.example/api/oauth/google/callback');
    const facebook = createFacebookProvider(config);
    expect(facebook.kind).toBe('facebook');
    expect(new URL(facebook.authUrl('x')).searchParams.get('redirect_uri')).toBe('https://app.kudo.example/api/oauth/facebook/callback');
  });

  it('need both halves of an OAuth client and valid base URLs', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).google.oauth).toBeUndefined();
    expect(loadConfig({ FACEBOOK_APP_SECRET: 's' }).facebook.app).toBeUndefined();
    expect(() => loadConfig({ GOOGLE_PLACES_BASE_URL: 'not a url' })).toThrow(/GOOGLE_PLACES_BASE_URL/);
  });
});

describe('local demo providers', () => {
  it('search the demo businesses by every word, names first', async () => {
    const places = createPlacesProvider(loadConfig({}));
    const found = await places.search('plumbing dallas');
    expect(found.map((p) => p.name)).toEqual(['Demo Plumbing Dallas', 'Oak Cliff Plumbing Co.']);
    expect(await places.search('   ')).toEqual([]);
    expect((await places.details('ChIJdemoAustinPlumbing0001'))?.name).toBe('Demo Plumbing Austin');
    expect(await places.details('ChIJnope')).toBeNull();
  });

  it('exchange only their own codes and refresh only their own tokens', async () => {
    const google = createGoogleProvider(loadConfig({}));
    const tokens = await google.exchangeCode('local-google:1');
    expect((await google.listLocations(tokens.accessToken)).locations).toHaveLength(2);
    await expect(google.exchangeCode('local-google:3')).rejects.toMatchObject({ kind: 'rejected' });
    await expect(google.refresh('someone-elses-token')).rejects.toMatchObject({ kind: 'rejected' });
    const facebook = createFacebookProvider(loadConfig({}));
    const user = await facebook.exchangeCode('local-facebook:2');
    expect(await facebook.listPages(user.userToken)).toEqual([]);
  });

  it('keep every review a feed ever posted answerable, not only those its window lists', () => {
    const key = 'locations/5120000000000000101';
    const now = new Date('2026-11-28T12:00:00Z');
    const listed = localFeed(key, now);
    const oldest = listed[listed.length - 1]!;
    expect(now.getTime() - oldest.postedAt.getTime()).toBeLessThanOrEqual(LOCAL_FEED_DAYS * 86_400_000);
    const n = Number(oldest.id.split('-').pop());
    expect(n).toBeGreaterThan(0);
    // Older than the window, but posted: still the profile's review.
    expect(listed.some((r) => r.id === `demo-austin-g-${n - 1}`)).toBe(false);
    expect(localFeedHas(key, `demo-austin-g-${n - 1}`, now)).toBe(true);
    expect(localFeedHas(key, 'demo-austin-g-0', now)).toBe(true);
    expect(listed.every((r) => localFeedHas(key, r.id, now))).toBe(true);
    // Not yet posted, another feed's, or not a review id at all.
    const newest = Number(listed[0]!.id.split('-').pop());
    expect(localFeedHas(key, `demo-austin-g-${newest + 1}`, now)).toBe(false);
    expect(localFeedHas(key, `demo-dallas-g-${n}`, now)).toBe(false);
    for (const id of ['demo-austin-g-', 'demo-austin-g-01', 'demo-austin-g--1', 'demo-austin-g-1e3', 'demo-austin-g-99999999999']) {
      expect(localFeedHas(key, id, now), id).toBe(false);
    }
    expect(localFeedHas('nope', 'demo-austin-g-1', now)).toBe(false);
  });
});
