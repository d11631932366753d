import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { expectNotLoggedIn, json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { senderAddress } from '../../lib/customer-email.js';
import { sendDueReports } from './service.js';

const SAMPLE = '/api/settings/manage/email-reporting/sample';
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

const run = (now: string) => sendDueReports({ ...t.app.deps, log }, new Date(now));

const outboxTo = (to: string, subject?: string) =>
  t.db.outboxMessage.findMany({
    where: { to, channel: 'email', ...(subject ? { subject: { contains: subject } } : {}) },
    include: { attachments: true },
    orderBy: { id: 'asc' },
  });

const AUSTIN_TECH = `Austin Only ${randomBytes(3).toString('hex')}`;

const t = useDemoApp({ roles: [] });
beforeAll(async () => {
  // Austin's seeded recipients: owner@kudo.test (weekly and monthly), mark.obrien@example.com (weekly only),
  // priya.shah@example.com (not verified). Add one switched off, and one at Dallas.
  await t.db.reportingRecipient.createMany({
    data: [
      { locationId: t.austinId, name: 'Off Person', email: 'off@example.com', weekly: true, monthly: true, verified: true, enabled: false },
      { locationId: t.dallasId, name: 'Dallas Boss', email: 'dallas.boss@example.com', weekly: true, monthly: true, verified: true },
    ],
  });
  // An Austin technician with an answered pulseCheck in the week of 23 November 2026.
  const campaign = await t.db.campaign.create({
    data: { locationId: t.austinId, uid: randomBytes(6).toString('hex'), name: AUSTIN_TECH, description: '', department: 'Reports QA', image: '', employeeId: 'E-R1' },
  });
  const dispatch = await t.db.dispatch.create({
    data: { locationId: t.austinId, campaignId: campaign.id, kind: 'pcheck', source: 'web', tokenHash: randomBytes(16).toString('hex'), expiresAt: new Date('2026-12-30T00:00:00Z'), createdAt: new Date('2026-11-24T15:00:00Z') },
  });
  await t.db.review.create({
    data: { locationId: t.austinId, source: 'kudo', dispatchId: dispatch.id, campaignId: campaign.id, authorName: 'Pat Q.', rating: 5, sentiment: 'positive', kudoIndex: 10, postedAt: new Date('2026-11-24T18:00:00Z') },
  });
});

describe('weekly and monthly report emails', () => {
  it('sends a week once per location, even run twice at once and again, only to verified, enabled weekly recipients', async () => {
    // Monday 30 November 2026, 08:05 in Chicago (both demo locations).
    await Promise.all([run('2026-11-30T14:05:00Z'), run('2026-11-30T14:05:00Z')]);
    await run('2026-11-30T14:20:00Z');
    await run('2026-11-30T20:00:00Z');
    const sends = await t.db.reportSend.findMany({ where: { locationId: { in: [t.austinId, t.dallasId] }, frequency: 'weekly' } });
    expect(sends.map((s) => [s.locationId, s.periodStart.toISOString().slice(0, 10), s.status]).sort()).toEqual(
      [
        [t.austinId, '2026-11-23', 'sent'],
        [t.dallasId, '2026-11-23', 'sent'],
      ].sort(),
    );
    expect(await outboxTo('owner@kudo.test', 'Weekly report')).toHaveLength(1);
    expect(await outboxTo('mark.obrien@example.com', 'Weekly report')).toHaveLength(1);
    expect(await outboxTo('dallas.boss@example.com', 'Weekly report')).toHaveLength(1);
    expect(await outboxTo('priya.shah@example.com')).toHaveLength(0);
    expect(await outboxTo('off@example.com')).toHaveLength(0);
    // The monthly report of November is not due before 1 December.
    expect(await t.db.reportSend.count({ where: { locationId: t.austinId, frequency: 'monthly', periodStart: new Date('2026-11-01') } })).toBe(0);
  });

  it('carries the figures, inline PNG charts, the View in Kudo link, the address and the unsubscribe link', async () => {
    const [mail] = await outboxTo('owner@kudo.test', 'Weekly report');
    expect(mail!.subject).toBe('Weekly report for Demo Plumbing Austin: Nov 23 – Nov 29, 2026');
    const austin = await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } });
    const charts = mail!.attachments.filter((a) => a.contentId);
    expect(charts.map((c) => c.contentId)).toEqual(['kudo-answers-chart', 'kudo-technicians-chart']);
    for (const c of charts) {
      expect(c.contentType).toBe('image/png');
      expect(Buffer.from(c.content).subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(mail!.html).toContain(`src="cid:${c.contentId}"`);
    }
    expect(mail!.body).toMatch(new RegExp(`\\n\\d\\. ${AUSTIN_TECH} \\(Reports QA\\): 2 points\\n`));
    expect(mail!.body).toContain('View in Kudo: http://kudo.test/analyze/overview');
    expect(mail!.body).toContain(senderAddress(austin));
    expect(mail!.html).toContain(senderAddress(austin));
    const link = /Unsubscribe from this report: (\S+)/.exec(mail!.body)![1]!;
    expect(link).toMatch(/^http:\/\/kudo\.test\/api\/public\/report-unsubscribe\?r=\d+&f=weekly&s=/);
    expect(mail!.html).toContain(link.replace(/&/g, '&amp;'));
    expect((mail!.headers as Record<string, string>)['List-Unsubscribe']).toBe(`<${link}>`);
  });

  it("shows Dallas's recipients no Austin data", async () => {
    const [mail] = await outboxTo('dallas.boss@example.com', 'Weekly report');
    const austin = await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } });
    const dallas = await t.db.location.findUniqueOrThrow({ where: { id: t.dallasId } });
    expect(mail!.body).not.toContain(AUSTIN_TECH);
    expect(mail!.html).not.toContain(AUSTIN_TECH);
    expect(mail!.body).not.toContain(senderAddress(austin));
    expect(mail!.body).toContain(senderAddress(dallas));
    const austinCompetitors = await t.db.competitor.findMany({ where: { locationId: t.austinId } });
    for (const c of austinCompetitors) if (c.name) expect(mail!.body).not.toContain(c.name);
  });

  it('stops the report for a recipient who unsubscribes, and only that report', async () => {
    const [mail] = await outboxTo('owner@kudo.test', 'Weekly report');
    const link = /Unsubscribe from this report: (\S+)/.exec(mail!.body)![1]!;
    const path = link.replace('http://kudo.test', '');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop the weekly report');
    const recipient = () => t.db.reportingRecipient.findUniqueOrThrow({ where: { locationId_email: { locationId: t.austinId, email: 'owner@kudo.test' } } });
    expect((await recipient()).weekly).toBe(true);
    const forged = await t.app.inject({ method: 'POST', url: path.replace(/s=[^&]+/, 's=AAAA'), payload: {} });
    expect(forged.statusCode).toBe(404);
    const other = await t.app.inject({ method: 'POST', url: path.replace('f=weekly', 'f=monthly'), payload: {} });
    expect(other.statusCode).toBe(404);
    const done = await t.app.inject({ method: 'POST', url: path, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('will get no more weekly reports');
    expect(await recipient()).toMatchObject({ weekly: false, monthly: true });

    await run('2026-12-07T14:05:00Z');
    expect(await outboxTo('owner@kudo.test', 'Weekly report')).toHaveLength(1);
    expect(await outboxTo('mark.obrien@example.com', 'Weekly report')).toHaveLength(2);
  });

  it('sends once per period across the DST change and the year end', async () => {
    // Monday 2 November 2026: 08:00 CST is 14:00 UTC (13:00 UTC is still 07:00 after the clocks went back).
    await run('2026-11-02T13:30:00Z');
    expect(await t.db.reportSend.count({ where: { locationId: t.austinId, frequency: 'weekly', periodStart: new Date('2026-10-26') } })).toBe(0);
    await run('2026-11-02T14:00:00Z');
    await run('2026-11-02T14:15:00Z');
    expect(await t.db.reportSend.count({ where: { locationId: t.austinId, frequency: 'weekly', periodStart: new Date('2026-10-26') } })).toBe(1);
    expect(await outboxTo('mark.obrien@example.com', 'Weekly report for Demo Plumbing Austin: Oct 26 – Nov 1, 2026')).toHaveLength(1);

    // New Year: December's monthly report on Friday 1 January 2027, the week across the year end on Monday 4 January.
    await Promise.all([run('2027-01-01T14:00:00Z'), run('2027-01-01T14:00:00Z')]);
    await run('2027-01-02T08:00:00Z');
    await run('2027-01-04T14:00:00Z');
    await run('2027-01-04T15:00:00Z');
    expect(await outboxTo('owner@kudo.test', 'Monthly report for Demo Plumbing Austin: December 2026')).toHaveLength(1);
    expect(await outboxTo('mark.obrien@example.com', 'Monthly report')).toHaveLength(0);
    expect(await outboxTo('mark.obrien@example.com', 'Weekly report for Demo Plumbing Austin: Dec 28, 2026 – Jan 3, 2027')).toHaveLength(1);
    expect(await outboxTo('dallas.boss@example.com', 'Monthly report for Demo Plumbing Dallas: December 2026')).toHaveLength(1);
  });

  it('resumes a report a stopped worker left without sending it twice', async () => {
    // A claim whose worker stopped after the first recipient: its lease has run out.
    const claim = await t.db.reportSend.create({
      data: { locationId: t.austinId, frequency: 'weekly', periodStart: new Date('2026-11-09'), periodEnd: new Date('2026-11-15'), sentTo: ['mark.obrien@example.com'], leaseUntil: new Date('2026-11-16T14:10:00Z') },
    });
    await run('2026-11-16T15:00:00Z');
    expect(await t.db.reportSend.findUniqueOrThrow({ where: { id: claim.id } })).toMatchObject({ status: 'sent' });
    expect(await outboxTo('mark.obrien@example.com', 'Nov 9 – Nov 15, 2026')).toHaveLength(0);
  });
});

describe('Send me a sample', () => {
  it('emails the current user the report that would go out now', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const before = (await outboxTo('owner@kudo.test')).length;
    const res = json(await owner.post(SAMPLE, { frequency: 'monthly' }));
    expect(res).toMatchObject({ status: 1, data: { email: 'owner@kudo.test', frequency: 'monthly' }, message: MSG.reportSampleSent('owner@kudo.test') });
    const mails = await outboxTo('owner@kudo.test');
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toMatch(/^Monthly report for Demo Plumbing Austin: /);
    expect(mail.locationId).toBe(t.austinId);
    expect(mail.attachments.some((a) => a.contentId === 'kudo-answers-chart' && a.contentType === 'image/png')).toBe(true);
    expect(mail.body).toContain('A sample of the monthly report');
    expect(mail.body).not.toContain('report-unsubscribe');
  });

  it('refuses a bad frequency, a visitor and a user without settings, sending nothing', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const count = await t.db.outboxMessage.count();
    const bad = await owner.post(SAMPLE, { frequency: 'daily' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({ frequency: MSG.reportFrequency });
    await expectNotLoggedIn(t.app, 'POST', SAMPLE, { frequency: 'weekly' });
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    expect((await staff.post(SAMPLE, { frequency: 'weekly' })).statusCode).toBe(403);
    expect(await t.db.outboxMessage.count()).toBe(count);
  });
});
