import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, type leaderboardApi } from '@kudo/shared';
import { expectNotLoggedIn, json, loginAs, type Agent } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { userWithoutAnalytics } from '../analytics/test-support.js';

const PROJECTION = '/api/analytics/projection/reload';
const SUMMARY = '/api/analytics/reload/leaderboard';
const CAMPAIGNS = '/api/analytics/logs/fetch/campaigns';
const DEPT = 'Projection QA';
const APPROVED = `Fixed our water heater the same day ${randomBytes(3).toString('hex')}`;
const UNAPPROVED = `Not approved yet ${randomBytes(3).toString('hex')}`;
const ARCHIVED = `Archived test ${randomBytes(3).toString('hex')}`;

type Projection = { date_range: string; date_options: { value: string; title: string }[]; page_data: { meta: { account_color: string; font_color: string; navlogourl: string | null }; projection_data: {
  account: { totals: Record<string, { value: number; percent?: string }> };
  departments: leaderboardApi.ProjectionDepartment[];
  campaigns: leaderboardApi.ProjectionCampaignRank[];
  comments: leaderboardApi.ProjectionComment[];
} } };

let star: { id: number; name: string; image: string };

async function answer(campaignId: number, sentiment: 'positive' | 'neutral' | 'negative', text: string, approved: boolean, archived = false) {
  const d = await t.db.dispatch.create({
    data: { locationId: t.austinId, campaignId, kind: 'pcheck', source: 'web', tokenHash: randomBytes(16).toString('hex'), expiresAt: new Date(Date.now() + 86_400_000) },
  });
  return t.db.review.create({
    data: { locationId: t.austinId, source: 'kudo', dispatchId: d.id, campaignId, authorName: 'Pat Q.', rating: 5, sentiment, kudoIndex: 9, text, approvedForWidget: approved, archived, postedAt: new Date() },
  });
}

const reload = async (agent: Agent, body: object = {}) => {
  const res = await agent.post(PROJECTION, body);
  expect(res.statusCode).toBe(200);
  return json(res).data as Projection;
};

const t = useDemoApp();
beforeAll(async () => {
  star = await t.db.campaign.create({
    data: { locationId: t.austinId, uid: randomBytes(6).toString('hex'), name: 'Projection Star', description: '', department: DEPT, image: 'https://img.test/star.png', employeeId: 'P-1' },
  });
  // 40 happy answers (2 points each): the period's best campaign, whatever the demo data holds.
  for (let i = 0; i < 40; i++) await answer(star.id, 'positive', i === 0 ? APPROVED : '', false);
  await t.db.review.updateMany({ where: { text: APPROVED }, data: { approvedForWidget: true } });
  await answer(star.id, 'negative', UNAPPROVED, false);
  await answer(star.id, 'positive', ARCHIVED, true, true);
  await t.db.location.update({ where: { id: t.austinId }, data: { navBkgColor: '#fafafa', navLogoUrl: 'https://img.test/logo.png' } });
});

describe('projection display (E137)', () => {
  it("gives the account's colours and logo, readable text on them, and the period choices", async () => {
    const data = await reload(t.owner);
    expect(data.date_range).toBe('WEEKLY');
    expect(data.date_options).toEqual([{ value: 'WEEKLY', title: 'Weekly' }, { value: 'MONTHLY', title: 'Monthly' }]);
    expect(data.page_data.meta).toEqual({ account_color: '#fafafa', font_color: '#000000', navlogourl: 'https://img.test/logo.png' });
    expect((await reload(t.owner, { date_range: 'MONTHLY' })).date_range).toBe('MONTHLY');
  });

  it('totals and ranks the same figures as the leaderboard', async () => {
    for (const date_range of ['WEEKLY', 'MONTHLY'] as const) {
      const p = (await reload(t.owner, { date_range })).page_data.projection_data;
      const settings = json(await t.owner.post(SUMMARY, { date_range })).data!.settings;
      const rows = json(await t.owner.post(CAMPAIGNS, { from_date: settings.from_date, to_date: settings.to_date })).data!.rows as leaderboardApi.CampaignRow[];
      const sum = (k: keyof leaderboardApi.CampaignRow) => rows.reduce((s, r) => s + Number(r[k]), 0);
      const moods = sum('happy_count') + sum('neutral_count') + sum('unhappy_count');
      const totals = p.account.totals;
      expect(totals.pulse_checks_count!.value).toBe(sum('pulse_checks_count'));
      expect(totals.bio_count!.value).toBe(sum('bio_count'));
      expect(totals.pulse_checks_participant_count!.value).toBe(moods);
      expect(totals.happy_count).toEqual({ value: sum('happy_count'), percent: `${((sum('happy_count') / moods) * 100).toFixed(2)}%` });

      const best = rows.filter((r) => r.total_points > 0).slice(0, 10);
      expect(p.campaigns.map((c) => [c.rank, c.campaign.name, c.points])).toEqual(best.map((r, i) => [i + 1, r.campaign_name, r.total_points]));
      expect(p.campaigns[0]).toEqual({ rank: 1, points: 81, campaign: { name: 'Projection Star', image: star.image } });

      expect(p.departments.map((d) => d.rank)).toEqual(p.departments.map((_, i) => i + 1));
      const points = p.departments.map((d) => d.department_data.points);
      expect(points).toEqual([...points].sort((a, b) => b - a));
      const dept = p.departments.find((d) => d.department_name === DEPT)!;
      expect(dept).toEqual({
        department_name: DEPT,
        rank: 1,
        department_data: { kudo_index: 9, points: 81, review_leads: 0 },
        campaigns: [{ campaign: { name: 'Projection Star', image: star.image }, points: 81, summary: { review_leads: 0 } }],
      });
    }
  });

  it('rotates only approved comments, never archived ones', async () => {
    const { comments } = (await reload(t.owner)).page_data.projection_data;
    expect(comments).toContainEqual({ text: APPROVED, campaign_image: star.image, campaign_name: 'Projection Star' });
    expect(comments.some((c) => c.text === UNAPPROVED || c.text === ARCHIVED || c.text === '')).toBe(false);
    expect(comments.length).toBeLessThanOrEqual(30);
  });

  it("keeps showing the latest earlier comments when the period's own are few, newest first", async () => {
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false } });
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const earlier = `Came back a second time ${randomBytes(3).toString('hex')}`;
    await t.db.review.create({
      data: { locationId: t.dallasId, source: 'google', externalId: randomBytes(6).toString('hex'), authorName: 'Lee K.', rating: 5, sentiment: 'positive', text: ` ${earlier} `, approvedForWidget: true, postedAt: new Date(Date.now() - 60 * 86_400_000) },
    });
    const latest = await t.db.review.findMany({
      where: { locationId: t.dallasId, approvedForWidget: true, archived: false, postedAt: { lt: new Date(Date.now() + 2 * 86_400_000) } },
      orderBy: [{ postedAt: 'desc' }, { id: 'desc' }],
      select: { text: true },
    });
    const expected = latest.map((r) => r.text.trim()).filter(Boolean).slice(0, 30);
    // The demo's Dallas has fewer than 30 approved comments this week, so the earlier one is among them.
    expect(expected).toContain(earlier);
    const { comments } = (await reload(dallas, { date_range: 'WEEKLY' })).page_data.projection_data;
    expect(comments.map((c) => c.text)).toEqual(expected);
  });

  it('refuses an unknown range', async () => {
    const res = await t.owner.post(PROJECTION, { date_range: 'DAILY' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.leaderboardDateRange);
  });

  it('answers 401 without a session and 403 without the analytics permission', async () => {
    await expectNotLoggedIn(t.app, 'POST', PROJECTION, {});
    const agent = await loginAs(t.app, t.db, await userWithoutAnalytics(t.db, 'noprojection@kudo.test'));
    expect((await agent.post(PROJECTION, {})).statusCode).toBe(403);
  });

  it("shows a Dallas session none of Austin's display", async () => {
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, navBkgColor: '#123456' } });
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const austinNames = new Set((await t.db.campaign.findMany({ where: { locationId: t.austinId }, select: { name: true } })).map((c) => c.name));
    const dallasNames = new Set((await t.db.campaign.findMany({ where: { locationId: t.dallasId }, select: { name: true } })).map((c) => c.name));
    const data = await reload(dallas, { date_range: 'MONTHLY' });
    const p = data.page_data.projection_data;
    expect(data.page_data.meta.account_color).toBe('#123456');
    expect(p.departments.some((d) => d.department_name === DEPT)).toBe(false);
    const shown = [...p.campaigns.map((c) => c.campaign.name), ...p.departments.flatMap((d) => d.campaigns.map((c) => c.campaign.name))];
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((n) => dallasNames.has(n) && !austinNames.has(n))).toBe(true);
    expect(p.comments.some((c) => c.text === APPROVED || austinNames.has(c.campaign_name))).toBe(false);
  });
});
