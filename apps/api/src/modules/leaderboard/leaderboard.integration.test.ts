import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, type leaderboardApi } from '@kudo/shared';
import { json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { daysAgo, userWithoutAnalytics } from '../analytics/test-support.js';
import { addDays, earliestReportDay, locationClock } from '../analytics/index.js';

const SUMMARY = '/api/analytics/reload/leaderboard';
const DEPARTMENTS = '/api/analytics/logs/fetch/departments';
const CAMPAIGNS = '/api/analytics/logs/fetch/campaigns';
const REVIEWS = '/api/social-media/reporting/technician-social-review';
const FIELD_OPS = '/api/reporting/field-ops-tech-usage';
const CREDIT = '/api/analytics/social-media-reviews/add_attribution';
const DEPT = 'Leaderboard QA';

/** A day as the HTTP date the screen sends: "Wed, 25 Nov 2026 00:00:00 GMT". */
const http = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString();
const from = daysAgo(3);
const to = daysAgo(-2);
const range = { from_date: from, to_date: to };
const httpRange = { fromDate: http(from), toDate: http(to) };

let alpha: { id: number; uid: string };
let bravo: { id: number; uid: string };

async function campaign(name: string) {
  return t.db.campaign.create({ data: { locationId: t.austinId, uid: randomBytes(6).toString('hex'), name, description: '', department: DEPT, image: '', employeeId: `E-${name}` } });
}

/** A pulseCheck or bio that went out by SMS (a send no channel took is not counted as sent). */
async function dispatch(campaignId: number, kind: 'pcheck' | 'bio', isTest = false) {
  return t.db.dispatch.create({
    data: { locationId: t.austinId, campaignId, kind, source: 'web', isTest, smsStatus: 1, tokenHash: randomBytes(16).toString('hex'), expiresAt: new Date(Date.now() + 86_400_000) },
  });
}

/** An answered pulseCheck: its review and, with a lead, the review site the customer chose (marked on the review, as the answer path does). */
async function answer(campaignId: number, sentiment: 'positive' | 'neutral' | 'negative', kudoIndex: number | null, lead: boolean, archived = false) {
  const d = await dispatch(campaignId, 'pcheck');
  if (lead) await t.db.pulseCheckSubmission.create({ data: { dispatchId: d.id, type: 'social-media', data: { selection: 'google', url: null }, ipAddress: '127.0.0.1' } });
  return t.db.review.create({
    data: { locationId: t.austinId, source: 'kudo', dispatchId: d.id, campaignId, authorName: 'Pat Q.', rating: 5, sentiment, kudoIndex, reviewLead: lead, archived, postedAt: new Date() },
  });
}

const socialReview = (source: 'google' | 'facebook', rating: number) =>
  t.db.review.create({ data: { locationId: t.austinId, source, externalId: randomBytes(8).toString('hex'), authorName: 'Sam R.', rating, postedAt: new Date() } });

const credit = (reviewId: number, campaignUid: string) =>
  t.owner.post(CREDIT, { view: 'all', limit: 10, review_id: reviewId, campaign_uid: campaignUid, attribution_method: 'human' });

const campaignRows = async () => json(await t.owner.post(CAMPAIGNS, { ...range, department: DEPT })).data!.rows as leaderboardApi.CampaignRow[];
const rowOf = async (uid: string) => (await campaignRows()).find((r) => r.campaign_uid === uid)!;

const t = useDemoApp();
beforeAll(async () => {
  alpha = await campaign('Alpha Tester');
  bravo = await campaign('Bravo Tester');
  // Alpha: positive with a lead (1 + 1 + 2), neutral (1), negative (1), an archived answer (nothing).
  await answer(alpha.id, 'positive', 9, true);
  await answer(alpha.id, 'neutral', 6, false);
  await answer(alpha.id, 'negative', null, false);
  await answer(alpha.id, 'positive', 10, true, true);
  await dispatch(alpha.id, 'pcheck', true);
  await dispatch(alpha.id, 'bio');
  await dispatch(alpha.id, 'bio');
  // Bravo: positive with a lead (4).
  await answer(bravo.id, 'positive', 10, true);
});

describe('campaigns report (E134)', () => {
  it('gives each campaign its points, Kudo Index, sends, leads and moods', async () => {
    const rows = await campaignRows();
    expect(rows.map((r) => r.campaign_uid)).toEqual([alpha.uid, bravo.uid]);
    expect(rows[0]).toEqual({
      campaign_uid: alpha.uid, campaign_name: 'Alpha Tester', employee_id: 'E-Alpha Tester', department_name: DEPT,
      total_points: 6, kudo_index: 7.5, bio_count: 2, pulse_checks_count: 4, review_leads: 1, happy_count: 1, neutral_count: 1, unhappy_count: 1,
    });
    expect(rows[1]).toMatchObject({ total_points: 4, kudo_index: 10, bio_count: 0, pulse_checks_count: 1, review_leads: 1, happy_count: 1 });
  });

  it('lists every department without a filter, and only the range asked', async () => {
    const all = json(await t.owner.post(CAMPAIGNS, range)).data!.rows as leaderboardApi.CampaignRow[];
    expect(all.some((r) => r.department_name !== DEPT)).toBe(true);
    expect(all.map((r) => r.total_points)).toEqual([...all.map((r) => r.total_points)].sort((a, b) => b - a));
    const before = json(await t.owner.post(CAMPAIGNS, { from_date: daysAgo(40), to_date: daysAgo(10), department: DEPT })).data!.rows;
    expect(before.map((r: leaderboardApi.CampaignRow) => r.total_points)).toEqual([0, 0]);
  });

  it('moves a campaign by 5 points at once when a social review is credited to it', async () => {
    const before = (await rowOf(bravo.uid)).total_points;
    const google = await socialReview('google', 4);
    expect((await credit(google.id, bravo.uid)).statusCode).toBe(200);
    expect((await rowOf(bravo.uid)).total_points).toBe(before + 5);
    const google2 = await socialReview('google', 5);
    await credit(google2.id, bravo.uid);
    const facebook = await socialReview('facebook', 2);
    await credit(facebook.id, alpha.uid);
    expect((await rowOf(bravo.uid)).total_points).toBe(4 + 10);
    expect((await rowOf(alpha.uid)).total_points).toBe(6 + 5);
  });
});

describe('the campaigns\' daily figures', () => {
  /** The rollup's rows of Austin, in a stable order, as the triggers keep them or a rebuild makes them. */
  const rollup = () =>
    t.db.$queryRaw<unknown[]>`SELECT campaign_id, day::text, responses, happy, neutral, unhappy, kudo_sum_x2520, kudo_count, review_leads, pchecks, bios
      FROM campaign_daily_stats WHERE location_id = ${t.austinId} AND (responses, happy, neutral, unhappy, kudo_count, review_leads, pchecks, bios) <> (0, 0, 0, 0, 0, 0, 0, 0)
      ORDER BY campaign_id, day`;

  it('follow an answer archived, moved to another campaign or deleted, and agree with a rebuild from the rows', async () => {
    const extra = await answer(bravo.id, 'negative', 2, true);
    expect(await rowOf(bravo.uid)).toMatchObject({ unhappy_count: 1, review_leads: 2, pulse_checks_count: 2 });
    await t.db.review.update({ where: { id: extra.id }, data: { archived: true } });
    expect(await rowOf(bravo.uid)).toMatchObject({ unhappy_count: 0, review_leads: 1 });
    await t.db.review.update({ where: { id: extra.id }, data: { archived: false, campaignId: alpha.id } });
    expect(await rowOf(alpha.uid)).toMatchObject({ unhappy_count: 2, review_leads: 2 });
    expect(await rowOf(bravo.uid)).toMatchObject({ unhappy_count: 0, review_leads: 1 });
    const kept = await rollup();
    await t.db.$executeRaw`SELECT leaderboard_rebuild(${t.austinId})`;
    expect(await rollup()).toEqual(kept);
    await t.db.review.delete({ where: { id: extra.id } });
    await t.db.dispatch.delete({ where: { id: extra.dispatchId! } });
    expect(await rowOf(alpha.uid)).toMatchObject({ unhappy_count: 1, review_leads: 1, pulse_checks_count: 4 });
    expect(await rowOf(bravo.uid)).toMatchObject({ pulse_checks_count: 1 });
  });
});

describe('departments report (E133)', () => {
  it('sums its campaigns', async () => {
    const rows = json(await t.owner.post(DEPARTMENTS, range)).data!.rows as leaderboardApi.DepartmentRow[];
    expect(rows.find((r) => r.department_name === DEPT)).toEqual({
      department_name: DEPT, total_points: 25, kudo_index: 8.3, pulse_checks_count: 5, pulse_check_points: 6, review_leads: 2, social_points: 15,
      happy_count: 2, neutral_count: 1, unhappy_count: 1,
    });
  });
});

describe('summary cards (E132)', () => {
  it('puts Company Overall first, the sum of the departments, for this week and this month', async () => {
    for (const date_range of ['WEEKLY', 'MONTHLY'] as const) {
      const data = json(await t.owner.post(SUMMARY, { date_range })).data!;
      const cards = data.cards as leaderboardApi.LeaderboardCard[];
      expect(cards[0]!.title).toBe('Company Overall');
      const dept = cards.find((c) => c.title === DEPT)!;
      expect(dept).toMatchObject({ department_name: DEPT, kudo_index: { value: 8.3 }, leaderboard_points: { value: 25 }, review_leads: { value: 2 } });
      expect(dept.campaigns.map((c) => [c.campaign_uid, c.leaderboard_points, c.review_leads])).toEqual([[bravo.uid, 14, 1], [alpha.uid, 11, 1]]);
      const sum = (key: 'leaderboard_points' | 'review_leads') => cards.slice(1).reduce((s, c) => s + c[key].value!, 0);
      expect(cards[0]!.leaderboard_points.value).toBe(sum('leaderboard_points'));
      expect(cards[0]!.review_leads.value).toBe(sum('review_leads'));
      expect(data.settings.date_range).toBe(date_range);
      expect(data.settings.from_date <= data.settings.to_date).toBe(true);
    }
    const week = json(await t.owner.post(SUMMARY, {})).data!.settings;
    expect(week.date_range).toBe('WEEKLY');
    expect(new Date(`${week.from_date}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(week.to_date).toBe(addDays(week.from_date, 6));
  });

  it('refuses an unknown range', async () => {
    const res = await t.owner.post(SUMMARY, { date_range: 'YEARLY' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.leaderboardDateRange);
  });
});

describe('campaign reviews (E135) and field-ops usage (E136)', () => {
  it('counts and rates the credited Google and Facebook reviews per technician', async () => {
    const data = json(await t.owner.post(REVIEWS, httpRange)).data!;
    expect([data.fromDate, data.toDate]).toEqual([from, to]);
    const rows = data.rows as leaderboardApi.CampaignReviewRow[];
    expect(rows.find((r) => r.campaignUid === bravo.uid)).toEqual({
      campaignUid: bravo.uid, campaignName: 'Bravo Tester', department: DEPT, googleReviews: 2, googleRating: 4.5, facebookReviews: 0, facebookRating: null,
    });
    expect(rows.find((r) => r.campaignUid === alpha.uid)).toMatchObject({ googleReviews: 0, googleRating: null, facebookReviews: 1, facebookRating: 2 });
  });

  it('counts the pulseChecks and bios each campaign sent, test sends left out', async () => {
    const rows = json(await t.owner.post(FIELD_OPS, httpRange)).data!.rows as leaderboardApi.FieldOpsRow[];
    expect(rows.find((r) => r.campaignUid === alpha.uid)).toEqual({ campaignUid: alpha.uid, name: 'Alpha Tester', pcheck: 4, bio: 2, total: 6 });
    expect(rows.find((r) => r.campaignUid === bravo.uid)).toEqual({ campaignUid: bravo.uid, name: 'Bravo Tester', pcheck: 1, bio: 0, total: 1 });
  });

  it.each([REVIEWS, FIELD_OPS])('%s parses its HTTP dates strictly', async (url) => {
    const cases: [object, string][] = [
      [{ fromDate: '2026-11-02', toDate: httpRange.toDate }, MSG.httpFromDate],
      [{ fromDate: 'yesterday', toDate: httpRange.toDate }, MSG.httpFromDate],
      [{ fromDate: 'Tue, 02 Nov 2026 00:00:00 GMT', toDate: httpRange.toDate }, MSG.httpFromDate],
      [{ fromDate: 'Mon, 31 Feb 2026 00:00:00 GMT', toDate: httpRange.toDate }, MSG.httpFromDate],
      [{ fromDate: httpRange.fromDate, toDate: 'Mon, 02 Nov 2026 25:00:00 GMT' }, MSG.httpToDate],
      [{ fromDate: httpRange.fromDate, toDate: 12 }, MSG.httpToDate],
      [{ fromDate: httpRange.fromDate }, MSG.httpToDate],
    ];
    for (const [payload, message] of cases) {
      const res = await t.owner.post(url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).message).toBe(message);
    }
  });
});

describe('range rules', () => {
  it('refuses a from after to and a start more than 36 months back, on every report', async () => {
    const { today } = await locationClock(t.db, t.austinId);
    const earliest = earliestReportDay(today);
    const tooOld = addDays(earliest, -1);
    const calls: [string, object, object, string][] = [
      [DEPARTMENTS, { from_date: to, to_date: from }, { from_date: tooOld, to_date: today }, 'from_date'],
      [CAMPAIGNS, { from_date: to, to_date: from }, { from_date: tooOld, to_date: today }, 'from_date'],
      [REVIEWS, { fromDate: http(to), toDate: http(from) }, { fromDate: http(tooOld), toDate: http(today) }, 'fromDate'],
      [FIELD_OPS, { fromDate: http(to), toDate: http(from) }, { fromDate: http(tooOld), toDate: http(today) }, 'fromDate'],
    ];
    for (const [url, reversed, old, field] of calls) {
      const r1 = await t.owner.post(url, reversed);
      expect(r1.statusCode, url).toBe(400);
      expect(json(r1)).toMatchObject({ message: MSG.reportDateOrder, errors: { [field]: MSG.reportDateOrder } });
      const r2 = await t.owner.post(url, old);
      expect(r2.statusCode, url).toBe(400);
      expect(json(r2).message).toBe(MSG.reportRangeTooOld(earliest));
      expect((await t.owner.post(url, url === REVIEWS || url === FIELD_OPS ? { fromDate: http(earliest), toDate: http(today) } : { from_date: earliest })).statusCode, url).toBe(200);
    }
  });

  it('refuses malformed days and departments', async () => {
    for (const [payload, message] of [
      [{ from_date: '2026-02-30' }, MSG.leaderboardFromDate],
      [{ to_date: 'Mon, 02 Nov 2026 00:00:00 GMT' }, MSG.leaderboardToDate],
      [{ department: 42 }, MSG.leaderboardDepartment],
    ] as const) {
      const res = await t.owner.post(CAMPAIGNS, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(message);
    }
  });
});

const calls: [string, object][] = [
  [SUMMARY, {}],
  [DEPARTMENTS, {}],
  [CAMPAIGNS, {}],
  [REVIEWS, httpRange],
  [FIELD_OPS, httpRange],
];

describe('access', () => {
  it('answers 403 to a user without the analytics permission', async () => {
    const agent = await loginAs(t.app, t.db, await userWithoutAnalytics(t.db, 'noleaderboard@kudo.test'));
    for (const [url, payload] of calls) expect((await agent.post(url, payload)).statusCode, url).toBe(403);
  });

  it('shows a Dallas session no Austin figure', async () => {
    // The demo Dallas is on a free trial, which has no leaderboard; as a paying location it sees only its own.
    const trial = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect((await trial.post(SUMMARY, {})).statusCode).not.toBe(200);
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false } });
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const austinUids = new Set((await t.db.campaign.findMany({ where: { locationId: t.austinId }, select: { uid: true } })).map((c) => c.uid));
    const dallasUids = new Set((await t.db.campaign.findMany({ where: { locationId: t.dallasId }, select: { uid: true } })).map((c) => c.uid));
    const cards = json(await dallas.post(SUMMARY, { date_range: 'MONTHLY' })).data!.cards as leaderboardApi.LeaderboardCard[];
    const cardUids = cards.flatMap((c) => c.campaigns.map((x) => x.campaign_uid));
    expect(cardUids.length).toBeGreaterThan(0);
    expect(cardUids.every((uid) => dallasUids.has(uid))).toBe(true);
    expect(cards.some((c) => c.title === DEPT)).toBe(false);
    const departments = json(await dallas.post(DEPARTMENTS, range)).data!.rows as leaderboardApi.DepartmentRow[];
    expect(departments.some((r) => r.department_name === DEPT)).toBe(false);
    const campaigns = json(await dallas.post(CAMPAIGNS, range)).data!.rows as leaderboardApi.CampaignRow[];
    expect(campaigns.some((r) => austinUids.has(r.campaign_uid))).toBe(false);
    const reviews = json(await dallas.post(REVIEWS, httpRange)).data!.rows as leaderboardApi.CampaignReviewRow[];
    expect(reviews.some((r) => austinUids.has(r.campaignUid))).toBe(false);
    const usage = json(await dallas.post(FIELD_OPS, httpRange)).data!.rows as leaderboardApi.FieldOpsRow[];
    expect(usage.length).toBeGreaterThan(0);
    expect(usage.some((r) => austinUids.has(r.campaignUid))).toBe(false);
  });
});
