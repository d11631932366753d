import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, SOCIAL_SITE_TYPES } from '@kudo/shared';
import { encryptSecret } from '../../lib/crypto.js';
import { markConnectionExpired, PLACES_PER_MINUTE } from './service.js';
import { Agent, json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

const P = '/api/settings/manage/social-media-connect';
const LOAD = '/api/settings/general/connect-social-media/load';

const t = useDemoApp();

const load = async (agent: Agent = t.owner) => {
  const res = await agent.get(LOAD);
  expect(res.statusCode).toBe(200);
  return json(res).data;
};
const rowsOf = (locationId: number) => t.db.socialAccount.findMany({ where: { locationId }, orderBy: { id: 'asc' } });

/** Every endpoint of the area, with a valid request. */
const endpoints: [string, string, unknown?][] = [
  ['GET', LOAD],
  ['POST', `${P}/google-my-business/connect`, { code: 'local-google:1' }],
  ['POST', `${P}/google-my-business/save-location`, { location_id: 'locations/5120000000000000101' }],
  ['POST', `${P}/google-my-business/sign-out`],
  ['POST', `${P}/facebook/connect`, { code: 'local-facebook:1' }],
  ['POST', `${P}/facebook/page-select`, { page_id: '104000000000001', page_name: 'Demo Plumbing Austin' }],
  ['POST', `${P}/facebook/sign-out`],
  ['POST', `${P}/google/placeid-select`, { place_id: 'ChIJdemoAustinPlumbing0001' }],
  ['POST', `${P}/social-media/clear`, { social_media: 'bbb' }],
  ['POST', `${P}/social-media/save-homepage`, { social_media: 'houzz', social_media_url: 'https://www.houzz.com/pro/x' }],
  ['POST', `${P}/social-media/save-sm`, { social_media: 'bbb', review_page: 'https://www.bbb.org/x', homepage: '' }],
  ['POST', `${P}/social-media/update-order`, { order: [...SOCIAL_SITE_TYPES] }],
  ['GET', '/api/settings/general/connect-social-media/google/auth-url'],
  ['GET', '/api/settings/general/connect-social-media/facebook/auth-url'],
  ['GET', '/api/settings/general/places/search?q=plumbing'],
  ['GET', '/api/settings/general/places/details/ChIJdemoAustinPlumbing0001'],
];

describe('access', () => {
  it.each(endpoints)('%s %s answers 401 without a session', async (method, url, payload) => {
    const res = await new Agent(t.app).request(method, url, payload ?? (method === 'POST' ? {} : undefined));
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ status: 0, message: MSG.notLoggedIn });
  });

  it.each(endpoints)('%s %s answers 403 to a user without the settings permission', async (method, url, payload) => {
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    const res = await staff.request(method, url, payload ?? (method === 'POST' ? {} : undefined));
    expect(res.statusCode).toBe(403);
  });

  it('is closed to a location on a full trial (Dallas) and open on the lite trial', async () => {
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect((await dallas.get(LOAD)).statusCode).toBe(403);
    const before = await rowsOf(t.dallasId);
    expect((await dallas.post(`${P}/social-media/clear`, { social_media: 'bbb' })).statusCode).toBe(403);
    expect(await rowsOf(t.dallasId)).toEqual(before);

    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    const data = await load(lite);
    expect(data.order).toEqual([...SOCIAL_SITE_TYPES]);
    expect(data.google).toMatchObject({ connected: false, status: null, locations: [] });
    expect(data.place).toBeNull();
  });
});

describe('E023 load', () => {
  it("answers Austin's links in its own order, its place and both connections", async () => {
    const data = await load();
    expect(data.order.slice(0, 6)).toEqual(['google', 'facebook', expect.stringMatching(/^custom:\d+$/), 'bbb', 'houzz', 'homestar']);
    const yelp = data.social_media[data.order[2]];
    expect(yelp).toMatchObject({ type: 'custom', title: 'Yelp', homepage: 'https://www.yelp.com/biz/demo-plumbing-austin', order: 2 });
    expect(data.social_media.porch).toMatchObject({ homepage: '', reviewPage: '', title: null });
    expect(Object.keys(data.social_media)).toHaveLength(11);
    expect(data.place).toMatchObject({ placeId: 'ChIJdemoAustinPlumbing0001', name: 'Demo Plumbing Austin' });
    expect(data.google).toMatchObject({
      connected: true,
      status: 'connected',
      accountId: 'accounts/1180000000000000001',
      account_id: 'accounts/1180000000000000001',
      location: { id: 'locations/5120000000000000101', placeId: 'ChIJdemoAustinPlumbing0001', address: { locality: 'Austin' } },
    });
    expect(data.google.locations).toHaveLength(2);
    expect(data.facebook).toMatchObject({
      connected: true,
      pageSelected: { id: '104000000000001', name: 'Demo Plumbing Austin' },
      review: 'https://www.facebook.com/104000000000001/reviews',
    });
  });
});

describe('E031 clear', () => {
  it("clears a site's links and keeps its place in the list", async () => {
    const res = await t.owner.post(`${P}/social-media/clear`, { social_media: 'bbb' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 1, data: null, message: MSG.socialCleared });
    const data = await load();
    expect(data.social_media.bbb).toMatchObject({ homepage: '', reviewPage: '', order: 3 });
  });

  it('removes a custom link', async () => {
    const created = json(await t.owner.post(`${P}/social-media/save-sm`, { social_media: 'custom', title: 'Thumbtack', homepage: 'https://www.thumbtack.com/tx/austin/plumbers/demo' })).data.account;
    const res = await t.owner.post(`${P}/social-media/clear`, { social_media: created.key });
    expect(json(res).message).toBe(MSG.socialCleared);
    expect((await load()).order).not.toContain(created.key);
    const again = await t.owner.post(`${P}/social-media/clear`, { social_media: created.key });
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe(MSG.socialLinkNotFound);
  });

  it('refuses an unknown account with the message and changes nothing', async () => {
    const before = await rowsOf(t.austinId);
    for (const social_media of ['yelp', 'custom', 'custom:abc', '', 42]) {
      const res = await t.owner.post(`${P}/social-media/clear`, { social_media });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(MSG.socialUnknownAccount);
    }
    expect(await rowsOf(t.austinId)).toEqual(before);
  });
});

describe('E032 save-homepage', () => {
  it('adds a site by its homepage and derives the review page', async () => {
    const res = await t.owner.post(`${P}/social-media/save-homepage`, { social_media: 'nextdoor', social_media_url: ' https://nextdoor.com/pages/demo-plumbing-austin ' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toBe(MSG.socialAdded);
    expect(body.data).toMatchObject({ status: 'ok', status_message: null, account: { key: 'nextdoor', homepage: 'https://nextdoor.com/pages/demo-plumbing-austin', reviewPage: 'https://nextdoor.com/pages/demo-plumbing-austin' } });
    const again = await t.owner.post(`${P}/social-media/save-homepage`, { social_media: 'nextdoor', social_media_url: 'https://nextdoor.com/pages/demo-plumbing' });
    expect(json(again).message).toBe(MSG.socialEdited);
  });

  it.each([
    ['houzz', 'https://www.houzz.com/professionals/plumbing/demo-plumbing-atx'],
    ['facebook', 'https://www.facebook.com/demoplumbingaustin'],
    ['homestar', 'https://homestars.com/companies/2900001-demo-plumbing-austin'],
  ])('saves a new homepage for %s that is set already: the load answers it next', async (type, url) => {
    const res = await t.owner.post(`${P}/social-media/save-homepage`, { social_media: type, social_media_url: url });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ message: MSG.socialEdited, data: { status: 'ok', account: { key: type, homepage: url } } });
    const data = await load();
    expect(data.social_media[type].homepage).toBe(url);
    if (type === 'facebook') expect(data.facebook.homepage).toBe(url);
  });

  it("answers a warning and saves nothing when the link is not on the site's domain", async () => {
    const before = await rowsOf(t.austinId);
    const res = await t.owner.post(`${P}/social-media/save-homepage`, { social_media: 'porch', social_media_url: 'https://www.yelp.com/biz/demo' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ status: 'warning', status_message: 'This link does not look like a Porch page. Please check it before saving.', account: null });
    expect(await rowsOf(t.austinId)).toEqual(before);
  });

  it('refuses a link that is not http(s), too long or missing', async () => {
    const before = await rowsOf(t.austinId);
    const cases: [unknown, string][] = [
      ['javascript:alert(1)', MSG.socialUrlInvalid],
      ['ftp://porch.com/x', MSG.socialUrlInvalid],
      ['porch.com/pro/demo', MSG.socialUrlInvalid],
      [`https://porch.com/${'a'.repeat(2040)}`, MSG.socialUrlInvalid],
      ['', MSG.socialUrlRequired],
      [undefined, MSG.socialUrlInvalid],
    ];
    for (const [social_media_url, message] of cases) {
      const res = await t.owner.post(`${P}/social-media/save-homepage`, { social_media: 'porch', social_media_url });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(message);
    }
    const custom = await t.owner.post(`${P}/social-media/save-homepage`, { social_media: 'custom', social_media_url: 'https://example.com' });
    expect(json(custom).message).toBe(MSG.socialUnknownAccount);
    expect(await rowsOf(t.austinId)).toEqual(before);
  });
});

describe('E033 save-sm', () => {
  it('sets both links of a site; an empty site counts as added, a set one as edited', async () => {
    const added = await t.owner.post(`${P}/social-media/save-sm`, { social_media: 'bbb', review_page: 'https://www.bbb.org/us/tx/austin/demo/leave-a-review', homepage: 'https://www.bbb.org/us/tx/austin/demo' });
    expect(json(added)).toMatchObject({ status: 1, message: MSG.socialAdded, data: { status: 'ok', account: { key: 'bbb', order: 3 } } });
    const edited = await t.owner.post(`${P}/social-media/save-sm`, { social_media: 'bbb', review_page: 'https://www.bbb.org/us/tx/austin/demo/reviews', homepage: '' });
    expect(json(edited)).toMatchObject({ message: MSG.socialEdited, data: { account: { homepage: '', reviewPage: 'https://www.bbb.org/us/tx/austin/demo/reviews' } } });
  });

  it('saves links the user confirmed even when they look off, with a warning', async () => {
    const res = await t.owner.post(`${P}/social-media/save-sm`, { social_media: 'yp', review_page: 'https://www.example.com/demo', homepage: '' });
    expect(json(res).data).toMatchObject({ status: 'warning', status_message: 'This link does not look like a Yellow Pages page. Please check it before saving.', account: { reviewPage: 'https://www.example.com/demo' } });
  });

  it('adds a custom link at the end of the list and edits it', async () => {
    const res = await t.owner.post(`${P}/social-media/save-sm`, { social_media: 'custom', title: 'Angi Leads', homepage: 'https://leads.example.com/demo', review_page: '' });
    expect(json(res).message).toBe(MSG.socialCustomAdded);
    const key = json(res).data.account.key as string;
    expect((await load()).order.at(-1)).toBe(key);
    const edit = await t.owner.post(`${P}/social-media/save-sm`, { social_media: key, title: 'Leads', homepage: 'https://leads.example.com/demo2' });
    expect(json(edit)).toMatchObject({ message: MSG.socialEdited, data: { account: { key, title: 'Leads', homepage: 'https://leads.example.com/demo2' } } });
  });

  it('needs a title and a url for a custom link, a url for a site, and changes nothing otherwise', async () => {
    const before = await rowsOf(t.austinId);
    const cases: [Record<string, unknown>, string][] = [
      [{ social_media: 'custom', homepage: 'https://example.com' }, MSG.socialTitleRequired],
      [{ social_media: 'custom', title: '   ', homepage: 'https://example.com' }, MSG.socialTitleRequired],
      [{ social_media: 'custom', title: 'Yelp' }, MSG.socialUrlRequired],
      [{ social_media: 'porch', review_page: '', homepage: '' }, MSG.socialUrlRequired],
      [{ social_media: 'porch', review_page: 'mailto:a@b.co' }, MSG.socialUrlInvalid],
      [{ social_media: 'custom', title: 'x'.repeat(61), homepage: 'https://example.com' }, 'A title may be at most 60 characters'],
      [{ social_media: 'twitter', homepage: 'https://twitter.com/x' }, MSG.socialUnknownAccount],
    ];
    for (const [body, message] of cases) {
      const res = await t.owner.post(`${P}/social-media/save-sm`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).message).toBe(message);
    }
    expect(await rowsOf(t.austinId)).toEqual(before);
  });

  it('keeps at most 20 custom links', async () => {
    const existing = (await rowsOf(t.austinId)).filter((r) => r.type === 'custom').length;
    await t.db.socialAccount.createMany({
      data: Array.from({ length: 20 - existing }, (_, i) => ({ locationId: t.austinId, type: 'custom', title: `Extra ${i}`, homepage: 'https://example.com', sortOrder: 100 + i })),
    });
    const res = await t.owner.post(`${P}/social-media/save-sm`, { social_media: 'custom', title: 'One more', homepage: 'https://example.com' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.socialCustomLimit);
    await t.db.socialAccount.deleteMany({ where: { locationId: t.austinId, title: { startsWith: 'Extra ' } } });
  });
});

describe('E034 update-order', () => {
  it('saves a new order that the load then answers', async () => {
    const { order } = await load();
    const reordered = [...order].reverse();
    const res = await t.owner.post(`${P}/social-media/update-order`, { order: reordered, data: Object.fromEntries(reordered.map((k, i) => [k, { order: i }])) });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ order: reordered });
    const after = await load();
    expect(after.order).toEqual(reordered);
    expect(after.social_media[reordered[0]!].order).toBe(0);
  });

  it('refuses an order that is not every row once, and keeps the saved order', async () => {
    const { order } = await load();
    const bad: unknown[] = [
      order.slice(1),
      [...order, order[0]],
      [...order.slice(1), 'custom:999999'],
      [...order.slice(1), 'yelp'],
      [],
      'google',
    ];
    for (const o of bad) {
      const res = await t.owner.post(`${P}/social-media/update-order`, { order: o });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(MSG.socialOrderMismatch);
    }
    const mismatch = await t.owner.post(`${P}/social-media/update-order`, { order, data: { google: {} } });
    expect(json(mismatch).message).toBe(MSG.socialOrderMismatch);
    expect((await load()).order).toEqual(order);
  });
});

describe('places and E030 placeid-select', () => {
  it('searches the map and looks a place up by id', async () => {
    const found = json(await t.owner.get('/api/settings/general/places/search?q=roofing%20austin')).data.places;
    expect(found[0]).toMatchObject({ placeId: 'ChIJdemoCapitalRoofing0004', name: 'Capital City Roofing' });
    expect(json(await t.owner.get('/api/settings/general/places/search?q=')).data.places).toEqual([]);
    const details = json(await t.owner.get('/api/settings/general/places/details/ChIJdemoLoneStarHvac000003'));
    expect(details.data.place).toMatchObject({ name: 'Lone Star Heating & Air', rating: 4.7, reviewCount: 521 });
  });

  it('answers the not-found message for an unknown or malformed id', async () => {
    for (const url of ['/api/settings/general/places/details/ChIJnothing', "/api/settings/general/places/details/bad%20id'"]) {
      const res = await t.owner.get(url);
      expect([400, 404]).toContain(res.statusCode);
      expect(json(res).message).toBe(MSG.placeNotFound);
    }
    const long = await t.owner.get(`/api/settings/general/places/search?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
  });

  it('saves the place and points the Google review link at it', async () => {
    const res = await t.owner.post(`${P}/google/placeid-select`, { place_id: 'ChIJdemoRiversidePlumb0008' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      message: MSG.placeSaved,
      data: { place: { placeId: 'ChIJdemoRiversidePlumb0008', name: 'Riverside Plumbing & Drain' }, account: { key: 'google', reviewPage: 'https://search.google.com/local/writereview?placeid=ChIJdemoRiversidePlumb0008' } },
    });
    const data = await load();
    expect(data.place.placeId).toBe('ChIJdemoRiversidePlumb0008');
    // The map link of the previous place follows the new place.
    expect(data.social_media.google.homepage).toBe('https://www.google.com/maps/place/?q=place_id:ChIJdemoRiversidePlumb0008');
  });

  it('keeps a Google homepage the user typed', async () => {
    await t.owner.post(`${P}/social-media/save-sm`, { social_media: 'google', homepage: 'https://g.page/demo-plumbing', review_page: 'https://g.page/r/demo/review' });
    await t.owner.post(`${P}/google/placeid-select`, { place_id: 'ChIJdemoBartonElectric0005' });
    expect((await load()).social_media.google).toMatchObject({
      homepage: 'https://g.page/demo-plumbing',
      reviewPage: 'https://search.google.com/local/writereview?placeid=ChIJdemoBartonElectric0005',
    });
    await t.owner.post(`${P}/google/placeid-select`, { place_id: 'ChIJdemoRiversidePlumb0008' });
  });

  it('refuses an unknown place and changes nothing', async () => {
    const before = await t.db.googlePlace.findUnique({ where: { locationId: t.austinId } });
    for (const place_id of ['ChIJdoesNotExist', 'has space', '']) {
      const res = await t.owner.post(`${P}/google/placeid-select`, { place_id });
      expect([400, 404]).toContain(res.statusCode);
      expect(json(res).message).toBe(MSG.placeNotFound);
    }
    expect(await t.db.googlePlace.findUnique({ where: { locationId: t.austinId } })).toEqual(before);
  });
});

describe('Google Business Profile (local sign-in)', () => {
  it('builds the sign-in address with a fresh state', async () => {
    const a = json(await t.owner.get('/api/settings/general/connect-social-media/google/auth-url')).data;
    const b = json(await t.owner.get('/api/settings/general/connect-social-media/google/auth-url')).data;
    expect(a.url).toBe(`/api/dev/oauth/google?state=${encodeURIComponent(a.state)}`);
    expect(a.state).not.toBe(b.state);
    const page = await t.app.inject({ method: 'GET', url: a.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Kudo local Google sign-in');
    expect(page.body).toContain(`/api/oauth/google/callback?code=local-google%3A1&amp;state=${encodeURIComponent(a.state)}`);
  });

  it('hands the code back to the opener from the callback page, escaped, under a nonce policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/oauth/google/callback?code=local-google:1&state=%3C/script%3E' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    expect(res.body).toContain('"code":"local-google:1"');
    expect(res.body).not.toContain('</script>"');
    expect(res.body).toContain('postMessage(m,window.location.origin)');
    expect(res.body).toContain('"/settings/general/connect-social-media"');
    expect((await t.app.inject({ method: 'GET', url: '/api/oauth/twitter/callback' })).statusCode).toBe(404);
  });

  it('signs out: the connection and the notification record go', async () => {
    const res = await t.owner.post(`${P}/google-my-business/sign-out`);
    expect(json(res)).toEqual({ status: 1, data: null, message: MSG.googleSignedOut });
    expect(await t.db.googleConnection.findUnique({ where: { locationId: t.austinId } })).toBeNull();
    expect(await t.db.socialConnection.findFirst({ where: { locationId: t.austinId, provider: 'google' } })).toBeNull();
    expect((await load()).google).toMatchObject({ connected: false, status: null });
    const save = await t.owner.post(`${P}/google-my-business/save-location`, { location_id: 'locations/5120000000000000101' });
    expect(save.statusCode).toBe(409);
    expect(json(save).message).toBe(MSG.googleNotConnected);
  });

  it('connects with a code: answers the locations, keeps tokens encrypted and marks the location connected', async () => {
    const res = await t.owner.post(`${P}/google-my-business/connect`, { code: 'local-google:1' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toBeUndefined();
    expect(body.data).toMatchObject({ connected: true, status: 'connected', accountId: 'accounts/1180000000000000001', location: null });
    expect(body.data.locations.map((l: { name: string }) => l.name)).toEqual(['Demo Plumbing Austin', 'Demo Plumbing Dallas']);
    const conn = await t.db.googleConnection.findUniqueOrThrow({ where: { locationId: t.austinId } });
    expect(conn.accessToken).toMatch(/^v1\./);
    expect(conn.accessToken).not.toContain('local-google-access');
    expect(conn.refreshToken).toMatch(/^v1\./);
    expect(await t.db.socialConnection.findFirst({ where: { locationId: t.austinId, provider: 'google' } })).toMatchObject({ status: 'connected', externalId: 'accounts/1180000000000000001' });
    const locations = json(await t.owner.post('/api/account/locations/load')).data.locations;
    expect(locations.find((l: { location_id: number }) => l.location_id === t.austinId).google_connected).toBe(true);
  });

  it('saves the chosen location and its place', async () => {
    const res = await t.owner.post(`${P}/google-my-business/save-location`, { location_id: 'locations/5120000000000000102' });
    expect(json(res)).toMatchObject({ message: MSG.googleLocationSaved, data: { location: { id: 'locations/5120000000000000102', name: 'Demo Plumbing Dallas', placeId: 'ChIJdemoDallasPlumbing0002' } } });
    const data = await load();
    expect(data.place.placeId).toBe('ChIJdemoDallasPlumbing0002');
    expect(data.social_media.google.reviewPage).toContain('ChIJdemoDallasPlumbing0002');
    const unknown = await t.owner.post(`${P}/google-my-business/save-location`, { location_id: 'locations/999' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe(MSG.googleLocationNotFound);
    const empty = await t.owner.post(`${P}/google-my-business/save-location`, { location_id: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('reconnecting keeps the chosen location', async () => {
    const res = await t.owner.post(`${P}/google-my-business/connect`, { code: 'local-google:1' });
    expect(json(res).data.location).toMatchObject({ id: 'locations/5120000000000000102' });
  });

  it('refuses a bad code and changes nothing', async () => {
    const before = await t.db.googleConnection.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const bad = await t.owner.post(`${P}/google-my-business/connect`, { code: 'forged' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(MSG.googleSignInFailed);
    const missing = await t.owner.post(`${P}/google-my-business/connect`, {});
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe(MSG.googleSignInFailed);
    expect(await t.db.googleConnection.findUniqueOrThrow({ where: { locationId: t.austinId } })).toEqual(before);
  });

  it('a token refresh that Google refuses marks the connection expired, which the notifications report', async () => {
    await t.db.googleConnection.update({
      where: { locationId: t.austinId },
      data: { expiresAt: new Date(Date.now() - 1000), refreshToken: encryptSecret(t.config, 'revoked-refresh-token') },
    });
    const data = await load();
    expect(data.google).toMatchObject({ connected: false, status: 'expired' });
    expect(await t.db.socialConnection.findFirst({ where: { locationId: t.austinId, provider: 'google' } })).toMatchObject({ status: 'expired' });
    const notes = json(await t.owner.get('/api/notifications/fetch')).data;
    expect(notes.gmb_connect.error_type).toBe('GOOGLE_EXPIRED');
    const save = await t.owner.post(`${P}/google-my-business/save-location`, { location_id: 'locations/5120000000000000101' });
    expect(save.statusCode).toBe(409);
    expect(json(save).message).toBe(MSG.googleConnectionExpired);
  });

  it('a due token refresh that succeeds keeps the connection and stores the new token', async () => {
    await t.owner.post(`${P}/google-my-business/connect`, { code: 'local-google:1' });
    const before = await t.db.googleConnection.update({ where: { locationId: t.austinId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await load()).google.status).toBe('connected');
    const after = await t.db.googleConnection.findUniqueOrThrow({ where: { locationId: t.austinId } });
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(json(await t.owner.get('/api/notifications/fetch')).data.gmb_connect).toBeNull();
  });

  it('an account without locations connects and says so', async () => {
    const res = await t.owner.post(`${P}/google-my-business/connect`, { code: 'local-google:2' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ message: MSG.noLocationsFound, data: { connected: true, locations: [], location: null } });
  });
});

describe('Facebook (local sign-in)', () => {
  it('connects, lists the pages and picks one, which sets the Facebook links', async () => {
    const url = json(await t.owner.get('/api/settings/general/connect-social-media/facebook/auth-url')).data.url;
    expect(url).toMatch(/^\/api\/dev\/oauth\/facebook\?state=/);
    const res = await t.owner.post(`${P}/facebook/connect`, { code: 'local-facebook:1' });
    expect(json(res).data).toMatchObject({ connected: true, userName: 'Dana Demo', pageList: [{ id: '104000000000001' }, { id: '104000000000002' }], pageSelected: { id: '104000000000001' } });
    const conn = await t.db.facebookConnection.findUniqueOrThrow({ where: { locationId: t.austinId } });
    expect(JSON.stringify(conn.pages)).not.toContain('local-facebook-page');
    expect(conn.userToken).toMatch(/^v1\./);

    await t.owner.post(`${P}/social-media/clear`, { social_media: 'facebook' });
    const pick = await t.owner.post(`${P}/facebook/page-select`, { page_id: '104000000000002', page_name: 'Something else' });
    expect(json(pick)).toMatchObject({ message: MSG.facebookPageSaved, data: { pageSelected: { id: '104000000000002', name: 'Demo Plumbing Dallas' } } });
    const data = await load();
    expect(data.social_media.facebook).toMatchObject({ homepage: 'https://www.facebook.com/104000000000002', reviewPage: 'https://www.facebook.com/104000000000002/reviews' });
    expect((await t.db.facebookConnection.findUniqueOrThrow({ where: { locationId: t.austinId } })).pageToken).toMatch(/^v1\./);
  });

  it('refuses a page that is not in the list, a bad id and a bad code', async () => {
    const before = await t.db.facebookConnection.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const other = await t.owner.post(`${P}/facebook/page-select`, { page_id: '999', page_name: 'X' });
    expect(other.statusCode).toBe(404);
    expect(json(other).message).toBe(MSG.facebookPageNotFound);
    const malformed = await t.owner.post(`${P}/facebook/page-select`, { page_id: '../me' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).message).toBe(MSG.facebookPageNotFound);
    const bad = await t.owner.post(`${P}/facebook/connect`, { code: 'local-facebook:9' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(MSG.facebookSignInFailed);
    expect(await t.db.facebookConnection.findUniqueOrThrow({ where: { locationId: t.austinId } })).toEqual(before);
  });

  it('an expired Facebook connection is reported and must be reconnected before choosing a page', async () => {
    await markConnectionExpired(t.db, t.austinId, 'facebook');
    expect((await load()).facebook).toMatchObject({ connected: false, status: 'expired' });
    expect(json(await t.owner.get('/api/notifications/fetch')).data.fb_connect.error_type).toBe('FB_EXPIRED');
    const pick = await t.owner.post(`${P}/facebook/page-select`, { page_id: '104000000000001' });
    expect(pick.statusCode).toBe(409);
    expect(json(pick).message).toBe(MSG.facebookConnectionExpired);
    const again = await t.owner.post(`${P}/facebook/connect`, { code: 'local-facebook:1' });
    expect(json(again).data).toMatchObject({ status: 'connected', pageSelected: { id: '104000000000002' } });
    expect(json(await t.owner.get('/api/notifications/fetch')).data.fb_connect).toBeNull();
  });

  it('a user without pages connects and says so; signing out removes the connection', async () => {
    const res = await t.owner.post(`${P}/facebook/connect`, { code: 'local-facebook:2' });
    expect(json(res)).toMatchObject({ message: MSG.noPagesFound, data: { pageList: [], pageSelected: null } });
    const out = await t.owner.post(`${P}/facebook/sign-out`);
    expect(json(out)).toEqual({ status: 1, data: null, message: MSG.facebookSignedOut });
    expect(await t.db.facebookConnection.findUnique({ where: { locationId: t.austinId } })).toBeNull();
    expect(await t.db.socialConnection.findFirst({ where: { locationId: t.austinId, provider: 'facebook' } })).toBeNull();
    const pick = await t.owner.post(`${P}/facebook/page-select`, { page_id: '104000000000001' });
    expect(pick.statusCode).toBe(409);
    expect(json(pick).message).toBe(MSG.facebookNotConnected);
  });
});

describe('place look-up limit', () => {
  it('allows a location 60 map look-ups a minute, then answers 429', async () => {
    await t.db.rateLimitHit.deleteMany({ where: { key: { startsWith: 'places:' } } });
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    for (let i = 0; i < PLACES_PER_MINUTE; i++) {
      expect((await lite.get(`/api/settings/general/places/search?q=roof${i}`)).statusCode).toBe(200);
    }
    const over = await lite.get('/api/settings/general/places/details/ChIJdemoAustinPlumbing0001');
    expect(over.statusCode).toBe(429);
    expect(json(over).message).toBe(MSG.tooManyRequests);
    // Another location has its own allowance.
    expect((await t.owner.get('/api/settings/general/places/search?q=roof')).statusCode).toBe(200);
  });
});

describe('tenancy', () => {
  let dallas: Agent;
  beforeAll(async () => {
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, freeTrialType: null, trialEndsAt: null } });
    dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
  });

  it("Dallas sees only its own links, place and connections", async () => {
    const data = await dallas.get(LOAD).then((r) => json(r).data);
    expect(data.social_media.bbb.homepage).toContain('/dallas/');
    expect(data.order.filter((k: string) => k.startsWith('custom:'))).toEqual([]);
    expect(data.place.placeId).toBe('ChIJdemoDallasPlumbing0002');
    expect(data.google).toMatchObject({ status: 'expired', connected: false });
    expect(data.facebook.connected).toBe(false);
  });

  it("an Austin custom link can be neither cleared nor edited from Dallas", async () => {
    const austinCustom = (await rowsOf(t.austinId)).find((r) => r.type === 'custom')!;
    const before = await rowsOf(t.austinId);
    const clear = await dallas.post(`${P}/social-media/clear`, { social_media: `custom:${austinCustom.id}` });
    expect(clear.statusCode).toBe(404);
    const edit = await dallas.post(`${P}/social-media/save-sm`, { social_media: `custom:${austinCustom.id}`, title: 'Taken', homepage: 'https://example.com' });
    expect(edit.statusCode).toBe(404);
    const order = await dallas.post(`${P}/social-media/update-order`, { order: [...SOCIAL_SITE_TYPES.slice().reverse(), `custom:${austinCustom.id}`] });
    expect(order.statusCode).toBe(400);
    expect(await rowsOf(t.austinId)).toEqual(before);
  });

  it("Dallas's changes stay in Dallas", async () => {
    const austinBefore = await rowsOf(t.austinId);
    const austinPlace = await t.db.googlePlace.findUnique({ where: { locationId: t.austinId } });
    const reversed = [...SOCIAL_SITE_TYPES].reverse();
    expect((await dallas.post(`${P}/social-media/update-order`, { order: reversed })).statusCode).toBe(200);
    expect((await dallas.post(`${P}/social-media/clear`, { social_media: 'bbb' })).statusCode).toBe(200);
    expect((await dallas.post(`${P}/google/placeid-select`, { place_id: 'ChIJdemoOakCliffPlumb00015' })).statusCode).toBe(200);
    expect((await dallas.post(`${P}/google-my-business/sign-out`)).statusCode).toBe(200);
    expect(json(await dallas.get(LOAD)).data.order).toEqual(reversed);
    expect(await rowsOf(t.austinId)).toEqual(austinBefore);
    expect(await t.db.googlePlace.findUnique({ where: { locationId: t.austinId } })).toEqual(austinPlace);
    expect(await t.db.googleConnection.findUnique({ where: { locationId: t.austinId } })).not.toBeNull();
  });
});
