import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { expectNotLoggedIn, json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { createProviders } from '../../providers/index.js';
import { CACHE_MAX_MS, refreshCompetitors } from './service.js';

const LOAD = '/api/analytics/competitor-analysis/load';
const ADD = '/api/analytics/competitor-analysis/add';
const REMOVE = '/api/analytics/competitor-analysis/remove';
const DASHBOARD = '/api/dashboard/competitors/load';
const SEARCH = '/api/analytics/competitor-analysis/places/search';

describe('competitors', () => {

  const t = useDemoApp();

  it('needs a login; the leaderboard needs the analytics permission, the dashboard panel does not', async () => {
    for (const url of [LOAD, ADD, REMOVE]) await expectNotLoggedIn(t.app, 'POST', url, {});
    await expectNotLoggedIn(t.app, 'GET', DASHBOARD);
    const user = await t.db.user.findFirstOrThrow({ where: { email: 'staff@kudo.test' } });
    await t.db.membership.updateMany({ where: { userId: user.id }, data: { permAnalytics: false } });
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    expect((await staff.post(LOAD)).statusCode).toBe(403);
    expect((await staff.post(ADD, { place_id: 'ChIJdemoMopacCleaning00010' })).statusCode).toBe(403);
    expect((await staff.get(DASHBOARD)).statusCode).toBe(200);
    await t.db.membership.updateMany({ where: { userId: user.id }, data: { permAnalytics: true } });
  });

  it('lets a User who manages competitors search places without the settings permission', async () => {
    await expectNotLoggedIn(t.app, 'GET', `${SEARCH}?q=plumbing`);
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    // The settings screen's search keeps its rule; the competitors' search follows the competitor calls'.
    expect((await staff.get('/api/settings/general/places/search?q=Hill%20Country')).statusCode).toBe(403);
    const found = json(await staff.get(`${SEARCH}?q=Hill%20Country`));
    expect(found.status).toBe(1);
    expect(found.data.places[0]).toMatchObject({ name: 'Hill Country Pest Control' });
    expect(json(await staff.get(`${SEARCH}?q=`)).data.places).toEqual([]);
    const long = await staff.get(`${SEARCH}?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    const user = await t.db.user.findFirstOrThrow({ where: { email: 'staff@kudo.test' } });
    await t.db.membership.updateMany({ where: { userId: user.id }, data: { permAnalytics: false } });
    try {
      expect((await (await loginAs(t.app, t.db, 'staff@kudo.test')).get(`${SEARCH}?q=Hill%20Country`)).statusCode).toBe(403);
    } finally {
      await t.db.membership.updateMany({ where: { userId: user.id }, data: { permAnalytics: true } });
    }
  });

  it('ranks the location and its competitors by review count, with their addresses', async () => {
    const res = json(await t.owner.post(LOAD));
    expect(res.status).toBe(1);
    expect(res.data.max_competitor).toBe(7);
    expect(res.data.self).toMatchObject({ name: 'Demo Plumbing Austin', place_id: 'ChIJdemoAustinPlumbing0001', count: 312, rating: 4.8 });
    expect(res.data.self.address).toEqual({ street: '1200 S Lamar Blvd', city: 'Austin', state: 'TX', country: 'USA', zipcode: '78704' });
    const list = res.data.competitor_list as { name: string; count: number; rating: number; competitor: { competitor_id: string }; address: { city: string } }[];
    expect(list.map((c) => [c.name, c.count])).toEqual([
      ['Lone Star Heating & Air', 521],
      ['Austin Garage Door Pros', 389],
      ['Capital City Roofing', 198],
      ['Barton Creek Electric', 144],
    ]);
    expect(list[0]).toMatchObject({ rating: 4.7, competitor: { competitor_id: 'ChIJdemoLoneStarHvac000003' }, address: { street: '5501 N Lamar Blvd', city: 'Austin', state: 'TX', zipcode: '78751', country: 'USA' } });
    const dash = json(await t.owner.get(DASHBOARD)).data;
    expect(dash.self).toEqual({ name: 'Demo Plumbing Austin', place_id: 'ChIJdemoAustinPlumbing0001', rating: 4.8, count: 312 });
    expect(dash.competitor_list[0]).toEqual({ name: 'Lone Star Heating & Air', place_id: 'ChIJdemoLoneStarHvac000003', rating: 4.7, count: 521 });
  });

  it('adds by place id up to the location\'s limit, with a clear message for each refusal', async () => {
    const count = () => t.db.competitor.count({ where: { locationId: t.austinId } });
    const cases: [object, string][] = [
      [{ place_id: '' }, MSG.competitorPlaceRequired],
      [{ place_id: 'has spaces' }, MSG.competitorPlaceRequired],
      [{}, MSG.competitorPlaceRequired],
      [{ place_id: 'ChIJnoSuchPlaceAnywhere' }, MSG.placeNotFound],
      [{ place_id: 'ChIJdemoLoneStarHvac000003' }, MSG.competitorExists],
      [{ place_id: 'ChIJdemoAustinPlumbing0001' }, MSG.competitorIsSelf],
    ];
    for (const [body, message] of cases) {
      const res = await t.owner.post(ADD, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).message).toBe(message);
    }
    expect(await count()).toBe(4);

    const added = json(await t.owner.post(ADD, { place_id: 'ChIJdemoMopacCleaning00010' }));
    expect(added).toMatchObject({ status: 1, message: MSG.competitorAdded });
    expect(added.data.competitor_list[1]).toMatchObject({ name: 'MoPac Home Cleaning', count: 412, rating: 4.3, place_id: 'ChIJdemoMopacCleaning00010' });
    await t.owner.post(ADD, { place_id: 'ChIJdemoAustinSolar0000011' });
    await t.owner.post(ADD, { place_id: 'ChIJdemoHillCountryPest006' });
    expect(await count()).toBe(7);
    const over = await t.owner.post(ADD, { place_id: 'ChIJdemoRiversidePlumb0008' });
    expect(over.statusCode).toBe(400);
    expect(json(over).message).toBe(MSG.competitorLimit);
    expect(await count()).toBe(7);
    // The limit is the location's own.
    await t.db.location.update({ where: { id: t.austinId }, data: { maxCompetitors: 8 } });
    expect(json(await t.owner.post(ADD, { place_id: 'ChIJdemoRiversidePlumb0008' })).data.max_competitor).toBe(8);
    await t.db.location.update({ where: { id: t.austinId }, data: { maxCompetitors: 7 } });
  });

  it('removes a competitor by its id, and says when there is none', async () => {
    const res = json(await t.owner.post(REMOVE, { competitor_id: 'ChIJdemoRiversidePlumb0008' }));
    expect(res).toMatchObject({ status: 1, message: MSG.competitorRemoved });
    expect(res.data.competitor_list.map((c: { place_id: string }) => c.place_id)).not.toContain('ChIJdemoRiversidePlumb0008');
    const again = await t.owner.post(REMOVE, { competitor_id: 'ChIJdemoRiversidePlumb0008' });
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe(MSG.competitorNotFound);
    expect((await t.owner.post(REMOVE, { competitor_id: '' })).statusCode).toBe(400);
  });

  it('keeps Austin\'s competitors out of Dallas\'s reach', async () => {
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const res = json(await dallas.post(LOAD));
    expect(res.data.competitor_list).toEqual([]);
    expect(res.data.self).toMatchObject({ name: 'Demo Plumbing Dallas', place_id: 'ChIJdemoDallasPlumbing0002' });
    expect(json(await dallas.get(DASHBOARD)).data.competitor_list).toEqual([]);
    const before = await t.db.competitor.count({ where: { locationId: t.austinId } });
    expect((await dallas.post(REMOVE, { competitor_id: 'ChIJdemoLoneStarHvac000003' })).statusCode).toBe(404);
    expect(await t.db.competitor.count({ where: { locationId: t.austinId } })).toBe(before);
    // Dallas may follow the same business on its own list.
    expect(json(await dallas.post(ADD, { place_id: 'ChIJdemoLoneStarHvac000003' })).data.competitor_list).toHaveLength(1);
    expect(await t.db.competitor.count({ where: { locationId: t.dallasId } })).toBe(1);
  });

  it('refreshes the figures daily and keeps only the place id once they are 30 days old', async () => {
    const deps = { db: t.db, providers: createProviders(t.config, t.db), log: { info: () => undefined, warn: () => undefined, error: () => undefined } };
    const now = new Date();
    const row = await t.db.competitor.findFirstOrThrow({ where: { locationId: t.austinId, placeId: 'ChIJdemoBartonElectric0005' } });
    // A stale figure from two days ago is refreshed from Places.
    await t.db.competitor.update({ where: { id: row.id }, data: { reviewCount: 100, refreshedAt: new Date(now.getTime() - 2 * 86_400_000) } });
    expect(await refreshCompetitors(deps, now)).toBeGreaterThanOrEqual(1);
    expect(await t.db.competitor.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ reviewCount: 144, refreshedAt: now });

    // A figure older than 30 days that cannot be refreshed is dropped; the place id stays.
    const gone = await t.db.competitor.create({
      data: { locationId: t.austinId, placeId: 'ChIJvanishedPlace000001', name: 'Gone Plumbing', rating: 3.9, reviewCount: 12, refreshedAt: new Date(now.getTime() - CACHE_MAX_MS - 60_000) },
    });
    await refreshCompetitors(deps, now);
    expect(await t.db.competitor.findUniqueOrThrow({ where: { id: gone.id } })).toMatchObject({
      placeId: 'ChIJvanishedPlace000001',
      name: '',
      rating: null,
      reviewCount: null,
      address: null,
      refreshedAt: null,
    });
    const listed = (json(await t.owner.post(LOAD)).data.competitor_list as { place_id: string; count: number | null; name: string }[]).find((c) => c.place_id === 'ChIJvanishedPlace000001')!;
    expect(listed).toMatchObject({ name: '', count: null });
    expect((json(await t.owner.post(LOAD)).data.competitor_list as { count: number | null }[]).at(-1)!.count).toBeNull();
  });
});
