import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { MSG } from '@kudo/shared';
import { expectNotLoggedIn, json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { closeRewardMonths } from './rewards.js';

const LOAD = '/api/employee-rewards/fulfillment-table/load';

const TECH = `Reward Tech ${randomBytes(3).toString('hex')}`;

const close = (now: string) => closeRewardMonths(t.app.deps, new Date(now));

const t = useDemoApp({ roles: [] });
beforeAll(async () => {
  // In June 2026 (Chicago): one happy answer with a review lead (1 + 1 + 2 points) and two credited reviews,
  // a Google one (counts: $5.00 at Austin) and a Yelp-like other source that the settings do not count.
  const campaign = await t.db.campaign.create({
    data: { locationId: t.austinId, uid: randomBytes(6).toString('hex'), name: TECH, description: '', department: 'Rewards QA', image: '', employeeId: 'E-77' },
  });
  const dispatch = await t.db.dispatch.create({
    data: { locationId: t.austinId, campaignId: campaign.id, kind: 'pcheck', source: 'web', tokenHash: randomBytes(16).toString('hex'), expiresAt: new Date('2026-12-30T00:00:00Z'), createdAt: new Date('2026-06-14T15:00:00Z') },
  });
  await t.db.pulseCheckSubmission.create({ data: { dispatchId: dispatch.id, type: 'social-media', data: { selection: 'google', url: null }, ipAddress: '127.0.0.1' } });
  await t.db.review.create({
    data: { locationId: t.austinId, source: 'kudo', dispatchId: dispatch.id, campaignId: campaign.id, authorName: 'Pat Q.', rating: 5, sentiment: 'positive', kudoIndex: 10, reviewLead: true, postedAt: new Date('2026-06-14T18:00:00Z') },
  });
  for (const [source, postedAt] of [['google', '2026-06-20T16:00:00Z'], ['google', '2026-07-01T04:00:00Z'], ['facebook', '2026-06-21T16:00:00Z'], ['google', '2026-07-02T16:00:00Z']] as const) {
    // 1 July 04:00 UTC is still 30 June in Chicago; 2 July is not June.
    const review = await t.db.review.create({ data: { locationId: t.austinId, source, externalId: randomBytes(8).toString('hex'), authorName: 'Sam R.', rating: 5, postedAt: new Date(postedAt) } });
    await t.db.reviewCredit.create({ data: { locationId: t.austinId, reviewId: review.id, campaignId: campaign.id, method: 'human' } });
  }
});

describe('reward distributions', () => {
  it('closes the previous month once for locations with employee rewards, however often it runs', async () => {
    await t.db.rewardDistribution.deleteMany({ where: { month: new Date('2026-06-01') } });
    // 30 June 23:30 in Chicago: June is not over there yet.
    await close('2026-07-01T04:30:00Z');
    expect(await t.db.rewardDistribution.count({ where: { month: new Date('2026-06-01') } })).toBe(0);
    // 1 July 2026, 00:30 in Chicago.
    await Promise.all([close('2026-07-01T05:30:00Z'), close('2026-07-01T05:30:00Z')]);
    await close('2026-07-01T06:30:00Z');
    await close('2026-07-15T12:00:00Z');
    const rows = await t.db.rewardDistribution.findMany({ where: { month: new Date('2026-06-01') } });
    // Dallas has the settings but not the employee-rewards subscription.
    expect(rows.map((r) => r.locationId)).toEqual([t.austinId]);
    // $5.00 per Google or Facebook review credited in June (Chicago time): ours and the demo's.
    const credited = await t.db.reviewCredit.count({
      where: { locationId: t.austinId, method: 'human', review: { source: { in: ['google', 'facebook'] }, archived: false, postedAt: { gte: new Date('2026-06-01T05:00:00Z'), lt: new Date('2026-07-01T05:00:00Z') } } },
    });
    expect(credited).toBeGreaterThanOrEqual(3);
    expect(rows[0]).toMatchObject({ status: 'pending', totalReward: credited * 500 });
  });

  it('lists them (E098) with a report that downloads as .xlsx: technician, points, reward, totals', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const res = json(await owner.post(LOAD));
    expect(res.status).toBe(1);
    const list = res.data!.fulfillmentList.data as { id: number; date: string; status: string; fulfillmentReportUrl: string }[];
    const june = list.find((d) => d.date === '2026-06')!;
    expect(june).toMatchObject({ status: 'pending', fulfillmentReportUrl: `/api/employee-rewards/fulfillment/${june.id}/report` });

    const file = await owner.get(june.fulfillmentReportUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toBe('attachment; filename="reward-distribution-2026-06.xlsx"');
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['Technician', 'Employee ID', 'Department', 'Points', 'Qualifying Reviews', 'Reward ($)']);
    // 1 answer + 1 happy + 2 for the lead + 5 per credited review.
    expect(rows.find((r) => r[0] === TECH)).toEqual([TECH, 'E-77', 'Rewards QA', 4 + 3 * 5, 3, 15]);
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Total');
    const lines = rows.slice(1, -1);
    expect(total[3]).toBe(lines.reduce((s: number, r) => s + Number(r[3]), 0));
    expect(total[5]).toBe(lines.reduce((s: number, r) => s + Number(r[5]), 0));
  });

  it("shows the demo's closed months, whose report is built on first download and then kept", async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const list = json(await owner.post(LOAD)).data!.fulfillmentList.data as { id: number; date: string; status: string; fulfillmentReportUrl: string }[];
    const seeded = await t.db.rewardDistribution.findMany({ where: { locationId: t.austinId, month: { gt: new Date('2026-07-01') } }, orderBy: { month: 'desc' } });
    expect(seeded.map((r) => r.status)).toEqual(['pending', 'fulfilled']);
    expect(list.slice(0, 2).map((d) => [d.date, d.status])).toEqual(seeded.map((r) => [r.month.toISOString().slice(0, 7), r.status]));
    expect(await t.app.deps.providers.images.readFile(seeded[0]!.reportKey)).toBeNull();
    const file = await owner.get(list[0]!.fulfillmentReportUrl);
    expect(file.statusCode).toBe(200);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(Object.values(XLSX.read(file.rawPayload, { type: 'buffer' }).Sheets)[0]!, { header: 1 });
    expect(rows.at(-1)![0]).toBe('Total');
    expect((await t.app.deps.providers.images.readFile(seeded[0]!.reportKey))?.equals(file.rawPayload)).toBe(true);
  });

  it('marks a distribution fulfilled once paid, or pending again, and refuses any other status', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const row = await t.db.rewardDistribution.findFirstOrThrow({ where: { locationId: t.austinId }, orderBy: { month: 'desc' } });
    const status = (id: number | string, body: unknown) => owner.post(`/api/employee-rewards/fulfillment/${id}/status`, body);
    const done = await status(row.id, { status: 'fulfilled' });
    expect(done.statusCode).toBe(200);
    expect(json(done).data).toMatchObject({ id: row.id, status: 'fulfilled', date: row.month.toISOString().slice(0, 7) });
    const listed = json(await owner.post(LOAD)).data!.fulfillmentList.data as { id: number; status: string }[];
    expect(listed.find((d) => d.id === row.id)!.status).toBe('fulfilled');
    const paid = await t.db.rewardDistribution.findUniqueOrThrow({ where: { id: row.id } });
    expect(paid.fulfilledAt).not.toBeNull();
    expect(await t.db.auditLog.count({ where: { locationId: t.austinId, action: 'reward-distribution.fulfilled' } })).toBeGreaterThan(0);
    // Marking it again keeps the day it was first fulfilled.
    await status(row.id, { status: 'fulfilled' });
    expect((await t.db.rewardDistribution.findUniqueOrThrow({ where: { id: row.id } })).fulfilledAt).toEqual(paid.fulfilledAt);
    const bad = await status(row.id, { status: 'paid' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({ status: MSG.rewardStatusInvalid });
    expect((await t.db.rewardDistribution.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('fulfilled');
    expect((await status('abc', { status: 'pending' })).statusCode).toBe(400);
    expect((await status(999_999_999, { status: 'pending' })).statusCode).toBe(404);
    const again = await status(row.id, { status: 'pending' });
    expect(json(again).data).toMatchObject({ status: 'pending' });
    expect((await t.db.rewardDistribution.findUniqueOrThrow({ where: { id: row.id } })).fulfilledAt).toBeNull();
    await expectNotLoggedIn(t.app, 'POST', `/api/employee-rewards/fulfillment/${row.id}/status`);
  });

  it('keeps Austin distributions from Dallas, and from users without the add-on', async () => {
    const austinRow = await t.db.rewardDistribution.findFirstOrThrow({ where: { locationId: t.austinId } });
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false } });
    await t.db.subscription.upsert({
      where: { locationId: t.dallasId },
      create: { locationId: t.dallasId, addons: ['employee-rewards'], status: 'active' },
      update: { addons: ['employee-rewards'], status: 'active' },
    });
    await close('2026-07-02T12:00:00Z');
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const list = json(await dallas.post(LOAD)).data!.fulfillmentList.data as { id: number }[];
    expect(list.length).toBe(1);
    expect(list.some((d) => d.id === austinRow.id)).toBe(false);
    const stolen = await dallas.get(`/api/employee-rewards/fulfillment/${austinRow.id}/report`);
    expect(stolen.statusCode).toBe(404);
    expect(json(stolen).message).toBe(MSG.rewardReportNotFound);
    expect((await dallas.get('/api/employee-rewards/fulfillment/abc/report')).statusCode).toBe(400);
    const marked = await dallas.post(`/api/employee-rewards/fulfillment/${austinRow.id}/status`, { status: 'fulfilled' });
    expect(marked.statusCode).toBe(404);
    expect((await t.db.rewardDistribution.findUniqueOrThrow({ where: { id: austinRow.id } })).status).toBe(austinRow.status);
    await expectNotLoggedIn(t.app, 'POST', LOAD);
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    expect((await lite.post(LOAD)).statusCode).toBe(403);
  });
});
