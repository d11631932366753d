import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { createTestApp, demoLocationIds, expectNotLoggedIn, json, loginAs, type TestContext } from '../../../test/helpers.js';

let t: TestContext;
let austinId: number;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  ({ austinId } = await demoLocationIds(t.db));
});

const today = () => new Date().toISOString().slice(0, 10);

describe('E138 fetch', () => {
  it('answers 401 without a session', async () => {
    await expectNotLoggedIn(t.app, 'POST', '/api/analytics/customer-comments/fetch', {});
  });

  it('lists the last month of reviews, newest first, with the campaigns header', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const res = json(await owner.post('/api/analytics/customer-comments/fetch', {}));
    expect(res.status).toBe(1);
    expect(res.data.current).toBe(1);
    expect(res.data.rowCount).toBe(10);
    expect(res.data.meta.to_date).toBeTypeOf('string');
    expect(res.data.header.campaigns.length).toBeGreaterThan(0);
    const dates = res.data.rows.map((r: { captured_on: string }) => r.captured_on);
    expect([...dates].sort().reverse()).toEqual(dates);
    const n = await t.db.review.count({ where: { locationId: austinId, archived: false } });
    expect(res.data.total).toBeLessThanOrEqual(n);
    expect(MSG.reviewPageSizeInvalid).toBeTruthy();
    expect(today()).toBeTruthy();
  });
});

describe('smoke', () => {
  it('answers every load', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    for (const [method, url, body] of [
      ['POST', '/api/analytics/social-media-rating/load', {}],
      ['POST', '/api/analytics/social-media-overview/load', { time_range: 'all', social_media: 'google' }],
      ['POST', '/api/analytics/reload/dispatching', {}],
      ['POST', '/api/analytics/customer-comments/export', {}],
      ['GET', '/api/dashboard/social-reviews/load', undefined],
      ['POST', '/api/profile/campaign/load', {}],
    ] as const) {
      const res = await owner.request(method, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
  });
});
