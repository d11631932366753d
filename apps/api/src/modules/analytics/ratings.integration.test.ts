import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { userWithoutAnalytics } from './test-support.js';


/** A month's day, YYYY-MM-DD, n months before the current one (UTC calendar). */
const monthDay = (monthsBack: number, day: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, day)).toISOString().slice(0, 10);
};

const t = useDemoApp();
beforeAll(async () => {
  // Austin's own snapshots replace whatever the demo has, so the figures below are exact.
  await t.db.ratingSnapshot.deleteMany({ where: { locationId: { in: [t.austinId, t.dallasId] } } });
  const snap = (platform: string, day: string, reviewCount: number, rating: number | null) =>
    ({ locationId: t.austinId, platform, day: new Date(`${day}T00:00:00Z`), reviewCount, rating });
  await t.db.ratingSnapshot.createMany({
    data: [
      snap('google', monthDay(14, 3), 100, 4.5),
      snap('google', monthDay(14, 20), 104, 4.52),
      snap('google', monthDay(5, 1), 130, 4.6),
      snap('google', monthDay(5, 15), 134, 4.61),
      snap('google', monthDay(0, 1), 150, 4.7),
      snap('facebook', monthDay(2, 1), 10, 4),
      snap('facebook', monthDay(0, 1), 30, 5),
    ],
  });
});

describe('E127 ratings growth', () => {
  it('answers latest, joining and the gain per platform, and the weighted overall', async () => {
    const res = json(await t.owner.post('/api/analytics/social-media-rating/load'));
    expect(res.status).toBe(1);
    expect(res.data.overall).toEqual({ count: 180, ratings: Math.round(((150 * 4.7 + 30 * 5) / 180) * 100) / 100 });
    const google = res.data.social_media.find((s: { social_media: string }) => s.social_media === 'google');
    expect(google).toEqual({
      social_media: 'google',
      count: 150,
      ratings: 4.7,
      latest: { day: monthDay(0, 1), count: 150, ratings: 4.7 },
      oldest: { day: monthDay(14, 3), count: 100, ratings: 4.5 },
      kudo_effect: { count: 50, ratings: 0.2 },
    });
    const facebook = res.data.social_media.find((s: { social_media: string }) => s.social_media === 'facebook');
    expect(facebook.kudo_effect).toEqual({ count: 20, ratings: 1 });
  });

  it('is empty for a location without snapshots (Dallas sees none of Austin’s)', async () => {
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect(json(await dallas.post('/api/analytics/social-media-rating/load')).data).toEqual({ overall: { count: 0, ratings: null }, social_media: [] });
    expect(json(await dallas.post('/api/analytics/social-media-overview/load', { time_range: 'all', social_media: 'google' })).data).toEqual([]);
  });
});

describe('E128 chart', () => {
  it('gives the last snapshot of each month: the last year, or all time', async () => {
    const year = json(await t.owner.post('/api/analytics/social-media-overview/load', { time_range: 'year', social_media: 'google' })).data;
    expect(year.map((p: { count: number }) => p.count)).toEqual([134, 150]);
    expect(year[0].label).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    const all = json(await t.owner.post('/api/analytics/social-media-overview/load', { time_range: 'all', social_media: 'google' })).data;
    expect(all).toEqual([
      { count: 104, ratings: 4.52, label: expect.any(String) },
      { count: 134, ratings: 4.61, label: expect.any(String) },
      { count: 150, ratings: 4.7, label: expect.any(String) },
    ]);
    const fb = json(await t.owner.post('/api/analytics/social-media-overview/load', { social_media: 'facebook' })).data;
    expect(fb.map((p: { count: number }) => p.count)).toEqual([10, 30]);
  });

  it('answers 400 to another period or platform', async () => {
    const a = await t.owner.post('/api/analytics/social-media-overview/load', { time_range: 'week' });
    expect(a.statusCode).toBe(400);
    expect(JSON.stringify(json(a))).toContain(MSG.ratingsTimeRange);
    const b = await t.owner.post('/api/analytics/social-media-overview/load', { social_media: 'yelp' });
    expect(JSON.stringify(json(b))).toContain(MSG.ratingsPlatform);
  });
});

describe('E165, E166 dashboard panels', () => {
  it('gives the ratings panel its totals and per-platform figures, to any member', async () => {
    const agent = await loginAs(t.app, t.db, await userWithoutAnalytics(t.db, 'panel@kudo.test'));
    const res = json(await agent.get('/api/dashboard/ratings-reviews/load'));
    expect(res.data).toEqual({
      total: { latest: { count: 180, ratings: 4.75 }, kudo_effect: { count: 70, ratings: 0.3 } },
      google: { latest: { count: 150, ratings: 4.7 }, kudo_effect: { count: 50, ratings: 0.2 } },
      facebook: { latest: { count: 30, ratings: 5 }, kudo_effect: { count: 20, ratings: 1 } },
    });
  });

  it('answers 404 with a message to a location that follows no platform, so the panel offers Connect', async () => {
    await t.db.socialConnection.deleteMany({ where: { locationId: t.dallasId } });
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const res = await dallas.get('/api/dashboard/ratings-reviews/load');
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe(MSG.ratingsNotConnected);
  });

  it('lists the newest Google and Facebook reviews of the location only', async () => {
    const mine = await t.db.review.create({
      data: { locationId: t.austinId, source: 'facebook', ratingType: 'recommendation', authorName: 'Fresh Fan', rating: 5, sentiment: 'positive', text: 'Recommended!', postedAt: new Date() },
    });
    await t.db.review.create({ data: { locationId: t.austinId, source: 'kudo', authorName: 'Not Social', rating: 5, text: 'x', postedAt: new Date(Date.now() + 1000) } });
    const res = json(await t.owner.get('/api/dashboard/social-reviews/load'));
    expect(res.data.reviews.length).toBeLessThanOrEqual(5);
    expect(res.data.reviews[0]).toEqual({
      id: mine.id, source: 'facebook', rating: { type: 'recommendation', value: 5 }, author: 'Fresh Fan',
      timestamp: mine.postedAt.toISOString(), content: { text: 'Recommended!' }, url: '',
    });
    expect(res.data.reviews.every((r: { source: string }) => r.source === 'google' || r.source === 'facebook')).toBe(true);
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const ids = json(await dallas.get('/api/dashboard/social-reviews/load')).data.reviews.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(mine.id);
  });
});
