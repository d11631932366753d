import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { MSG } from '@kudo/shared';
import type { Agent } from '../../../test/helpers.js';
import { createTestApp, json, loginAs, multipart, recordingQueue } from '../../../test/helpers.js';
import { recordConsent } from '../../lib/consent.js';
import { bulkPace, processBulkJob, runBulkSlice } from './bulk-worker.js';

const HEADER = 'First Name,Last Name,Address,Phone Number,Email';


describe('Send to Multiple Customers', async () => {
  const queue = recordingQueue();
  const t = await createTestApp({}, { jobs: queue.queue });
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null } });
  const dallasCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: dallas.id, deletedAt: null } });
  // Inside the sending window whatever the clock says, so the tests do not depend on the hour they run.
  await t.db.location.updateMany({ data: { timeZone: 'UTC' } });
  const noon = () => new Date(new Date().toISOString().slice(0, 10) + 'T12:00:00Z');
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');

  const upload = (agent: Agent, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) => {
    const { payload, headers } = multipart(fields, file);
    return agent.request('POST', '/api/kudo-beta/dispatch/bulk', payload, headers);
  };
  const csv = (lines: string[]) => ({ name: 'customers.csv', type: 'text/csv', data: Buffer.from([HEADER, ...lines].join('\n')) });

  it('records the rows, marks the bad ones, and sends the good ones once each', async () => {
    const res = await upload(owner, { campaign_uid: campaign.uid, kind: 'pcheck' }, csv([
      'Ann,Lee,1 Oak St,(512) 555-0301,ann@example.com',
      'Bob,Ray,,512555030,',
      'Cy,Fox,,,cy@example.com',
      'Di,Moe,,5125550304,not-an-email',
      ',,,,',
      'Ed,Pym,,15125550305,',
    ]));
    expect(res.statusCode).toBe(200);
    const view = json(res).data;
    expect(view).toMatchObject({ kind: 'pcheck', campaign_name: campaign.name, total: 5 });
    expect(view.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'standby'],
      [3, 'error'],
      [4, 'standby'],
      [5, 'error'],
      [7, 'standby'],
    ]);
    expect(view.rows[1].message).toBe(MSG.bulkInvalidRow);
    expect(queue.sent.at(-1)).toEqual({ name: 'dispatch.bulk', payload: { jobId: view.id }, options: { singletonKey: `bulk-${view.id}` } });

    await processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, noon);
    const done = json(await owner.get(`/api/kudo-beta/dispatch/bulk/${view.id}`)).data;
    expect(done.status).toBe('done');
    expect(done.counts).toEqual({ standby: 0, pending: 0, success: 3, error: 2 });
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550301' } })).toBe(1);
    expect(await t.db.outboxMessage.count({ where: { to: 'ann@example.com' } })).toBe(1);
    expect(await t.db.outboxMessage.count({ where: { to: 'cy@example.com' } })).toBe(1);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550305' } })).toBe(1);
    expect(await t.db.dispatch.count({ where: { bulkJobId: view.id, source: 'bulk' } })).toBe(3);
    // Running it again sends nothing more.
    await processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, noon);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550301' } })).toBe(1);
    expect(json(await owner.get('/api/kudo-beta/dispatch/bulk/latest')).data.id).toBe(view.id);
  });

  it('resumes after a worker stopped mid-way without sending any row twice', async () => {
    const lines = Array.from({ length: 6 }, (_, i) => `P${i},Q,,51255504${String(i).padStart(2, '0')},`);
    const view = json(await upload(owner, { campaign_uid: campaign.uid, kind: 'bio' }, csv(lines))).data;
    const real = t.app.deps.providers.sms;
    let calls = 0;
    const hanging = {
      kind: real.kind,
      send: (m: Parameters<typeof real.send>[0]) => {
        calls += 1;
        // The third send never returns: the worker is killed while Twilio holds the request.
        return calls === 3 ? new Promise<never>(() => undefined) : real.send(m);
      },
    };
    // Two rows in flight at a time: rows 1-2 go and are recorded, rows 3-4 are in flight when it dies.
    const pace = { ...bulkPace(t.config), inFlight: 2 };
    const killed = processBulkJob({ ...t.app.deps, providers: { ...t.app.deps.providers, sms: hanging }, log: t.app.log }, view.id, noon, pace);
    void killed;
    for (let i = 0; i < 100 && calls < 4; i++) await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(4);

    // Another worker at once leaves the rows the first one claimed alone (it may still be sending them)…
    expect((await processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, noon, pace)).resumeAt).not.toBeNull();
    const meanwhile = json(await owner.get(`/api/kudo-beta/dispatch/bulk/${view.id}`)).data;
    expect(meanwhile.status).toBe('running');
    expect(meanwhile.counts).toEqual({ standby: 0, pending: 2, success: 4, error: 0 });
    // …and takes them over once the claim lapsed, without sending them again.
    const later = () => new Date(noon().getTime() + pace.claimTimeoutMs + 60_000);
    await processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, later, pace);
    const done = json(await owner.get(`/api/kudo-beta/dispatch/bulk/${view.id}`)).data;
    expect(done.status).toBe('done');
    const counts = await Promise.all(lines.map((_, i) => t.db.outboxMessage.count({ where: { to: `+151255504${String(i).padStart(2, '0')}` } })));
    expect(counts.every((c) => c <= 1)).toBe(true);
    expect(counts.filter((c) => c === 1)).toHaveLength(5);
    expect(done.rows[2]).toMatchObject({ status: 'error', message: MSG.bulkInterrupted });
    // Only the rows in flight are left uncertain.
    expect(done.rows.map((r: { status: string }) => r.status)).toEqual(['success', 'success', 'error', 'error', 'success', 'success']);
  });

  it('sends every row exactly once when the worker is stopped between rows and started again', async () => {
    const lines = Array.from({ length: 8 }, (_, i) => `R${i},S,,51255506${String(i).padStart(2, '0')},`);
    const view = json(await upload(owner, { campaign_uid: campaign.uid, kind: 'pcheck' }, csv(lines))).data;
    let ticks = 0;
    // The worker dies between two batches of rows (here: its clock, read before each batch, throws at the third).
    const dying = () => {
      ticks += 1;
      if (ticks === 3) throw new Error('worker killed');
      return noon();
    };
    const pace = { ...bulkPace(t.config), inFlight: 2 };
    await expect(processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, dying, pace)).rejects.toThrow('worker killed');
    const before = json(await owner.get(`/api/kudo-beta/dispatch/bulk/${view.id}`)).data.counts.success;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(8);
    await processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, noon, pace);
    const counts = await Promise.all(lines.map((_, i) => t.db.outboxMessage.count({ where: { to: `+151255506${String(i).padStart(2, '0')}` } })));
    expect(counts).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(json(await owner.get(`/api/kudo-beta/dispatch/bulk/${view.id}`)).data.counts).toEqual({ standby: 0, pending: 0, success: 8, error: 0 });
  });

  it('refuses a number that opted out after the upload, before and in the sending path', async () => {
    const view = json(await upload(owner, { campaign_uid: campaign.uid, kind: 'pcheck' }, csv(['Op,Out,,5125550801,', 'Still,In,,5125550802,']))).data;
    await recordConsent(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550801', scope: 'all', action: 'opt_out', source: 'keyword', detail: 'STOP' });
    await processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, noon);
    const done = json(await owner.get(`/api/kudo-beta/dispatch/bulk/${view.id}`)).data;
    expect(done.rows.map((r: { status: string; message: string | null }) => [r.status, r.message])).toEqual([
      ['error', MSG.lookupOptedOut],
      ['success', null],
    ]);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550801' } })).toBe(0);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550802' } })).toBe(1);
  });

  it("keeps to the sender's pace and hands the worker back until its next send is due", async () => {
    const lines = Array.from({ length: 7 }, (_, i) => `T${i},W,,51255509${String(i).padStart(2, '0')},`);
    const view = json(await upload(owner, { campaign_uid: campaign.uid, kind: 'pcheck' }, csv(lines))).data;
    // Two sends a second (Twilio's pace for this sender): a turn sends the two seconds' allowance at once…
    const pace = { ...bulkPace(t.config), perSecond: 2 };
    const first = await runBulkSlice({ ...t.app.deps, log: t.app.log }, view.id, noon, pace);
    expect(first.state).toBe('more');
    const sent = json(await owner.get(`/api/kudo-beta/dispatch/bulk/${view.id}`)).data.counts.success;
    // (one more may have come due while the first four were sent on a slow machine)
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(sent).toBeLessThan(7);
    // …then hands the worker back until the next send is due, instead of holding it.
    expect(first.resumeAt!.getTime() - noon().getTime()).toBeGreaterThan(0);
    expect(first.resumeAt!.getTime() - noon().getTime()).toBeLessThanOrEqual(500);
    await processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, noon, pace);
    expect(json(await owner.get(`/api/kudo-beta/dispatch/bulk/${view.id}`)).data.counts.success).toBe(7);
  });

  it('waits for the sending window and resumes at 08:00 local time', async () => {
    const view = json(await upload(owner, { campaign_uid: campaign.uid, kind: 'pcheck' }, csv(['Late,Night,,5125550501,']))).data;
    const night = () => new Date('2026-06-10T23:30:00Z');
    const { resumeAt } = await processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, night);
    expect(resumeAt?.toISOString()).toBe('2026-06-11T08:00:00.000Z');
    expect(json(await owner.get(`/api/kudo-beta/dispatch/bulk/${view.id}`)).data.status).toBe('waiting');
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550501' } })).toBe(0);
  });

  it('reads .xlsx uploads too', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADER.split(','), ['Xa', 'Ls', '', '5125550601', '']]), 'Sheet1');
    const data = Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const res = await upload(owner, { campaign_uid: campaign.uid, kind: 'pcheck' }, { name: 'list.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data });
    expect(json(res).data.rows).toEqual([{ row: 2, name: 'Xa Ls', phone: '5125550601', email: '', status: 'standby', message: null }]);
  });

  it('refuses bad uploads with clear messages and records nothing', async () => {
    const before = await t.db.bulkJob.count();
    expect(json(await upload(owner, { campaign_uid: campaign.uid, kind: 'pcheck' })).message).toBe(MSG.bulkFileRequired);
    const png = { name: 'photo.xlsx', type: 'application/vnd.ms-excel', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) };
    expect(json(await upload(owner, { campaign_uid: campaign.uid, kind: 'pcheck' }, png)).message).toBe(MSG.bulkExcelOnly);
    expect(json(await upload(owner, { campaign_uid: '', kind: 'pcheck' }, csv(['A,B,,5125550701,']))).message).toBe(MSG.dispatchCampaignRequired);
    expect(json(await upload(owner, { campaign_uid: campaign.uid, kind: 'pcheck' }, csv([]))).message).toBe(MSG.bulkNoRows);
    expect((await upload(owner, { campaign_uid: dallasCampaign.uid, kind: 'pcheck' }, csv(['A,B,,5125550701,']))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/kudo-beta/dispatch/bulk', payload: {} })).statusCode).toBe(401);
    expect(await t.db.bulkJob.count()).toBe(before);
  });

  it("keeps Analyze's, the leaderboard's and the logs' daily counts equal to a rebuild through many-row writes", async () => {
    /** Austin's non-zero daily counts of the three rollups that a send changes. */
    const counts = async () => ({
      sends: await t.db.$queryRaw<unknown[]>`SELECT day::text, pcheck_email, pcheck_sms, bio_email, bio_sms FROM dispatch_daily_stats
        WHERE location_id = ${austin.id} AND (pcheck_email, pcheck_sms, bio_email, bio_sms) <> (0, 0, 0, 0) ORDER BY day`,
      campaigns: await t.db.$queryRaw<unknown[]>`SELECT campaign_id, day::text, pchecks, bios FROM campaign_daily_stats
        WHERE location_id = ${austin.id} AND (pchecks, bios) <> (0, 0) ORDER BY campaign_id, day`,
      logs: await t.db.$queryRaw<unknown[]>`SELECT day::text, channel, count FROM log_daily_counts WHERE location_id = ${austin.id} AND count <> 0 ORDER BY day, channel`,
    });
    const rebuilt = async () => {
      await t.db.$executeRaw`SELECT analytics_rebuild(${austin.id})`;
      await t.db.$executeRaw`SELECT leaderboard_rebuild(${austin.id})`;
      await t.db.$executeRaw`SELECT logs_rebuild(${austin.id})`;
      return counts();
    };
    const today = new Date().toISOString().slice(0, 10);
    const sentToday = async () => {
      const [row] = await t.db.$queryRaw<{ sms: number; pchecks: number }[]>`
        SELECT coalesce(sum(s.pcheck_sms), 0)::int AS sms, (SELECT coalesce(sum(pchecks), 0)::int FROM campaign_daily_stats
          WHERE location_id = ${austin.id} AND campaign_id = ${campaign.id} AND day = ${today}::date) AS pchecks
        FROM dispatch_daily_stats s WHERE s.location_id = ${austin.id} AND s.day = ${today}::date`;
      return row!;
    };
    const before = await sentToday();

    // One job of 30 rows: the worker writes each batch's dispatches, statuses and messages in one statement each.
    const lines = Array.from({ length: 30 }, (_, i) => `Many${i},Rows,,(512) 555-07${String(i).padStart(2, '0')},many${i}@example.com`);
    const view = json(await upload(owner, { campaign_uid: campaign.uid, kind: 'pcheck' }, csv(lines))).data;
    await processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, noon);
    expect(await sentToday()).toEqual({ sms: before.sms + 30, pchecks: before.pchecks + 30 });
    expect(await counts()).toEqual(await rebuilt());

    // Many rows at a time: moved to another day, turned into tests, deleted, and updated without a counted change.
    const ids = (await t.db.dispatch.findMany({ where: { bulkJobId: view.id }, select: { id: true }, orderBy: { id: 'asc' } })).map((d) => d.id);
    await t.db.$executeRaw`UPDATE dispatches SET created_at = created_at - interval '3 days' WHERE id = ANY(${ids.slice(0, 10)})`;
    await t.db.$executeRaw`UPDATE dispatches SET is_test = true WHERE id = ANY(${ids.slice(10, 15)})`;
    await t.db.$executeRaw`UPDATE dispatches SET email_status = 0 WHERE id = ANY(${ids.slice(15, 20)})`;
    await t.db.$executeRaw`UPDATE dispatches SET sms_message = 'resent' WHERE id = ANY(${ids})`;
    await t.db.$executeRaw`UPDATE sms_messages SET created_at = created_at - interval '2 days' WHERE location_id = ${austin.id} AND "to" LIKE '+1512555070%'`;
    await t.db.$executeRaw`UPDATE sms_messages SET status = 'delivered' WHERE location_id = ${austin.id} AND "to" LIKE '+151255507%'`;
    await t.db.$executeRaw`DELETE FROM email_logs WHERE location_id = ${austin.id} AND "to" LIKE 'many1%@example.com'`;
    expect((await sentToday()).pchecks).toBe(before.pchecks + 15);
    expect(await counts()).toEqual(await rebuilt());
  });

  it("keeps each location's jobs to itself", async () => {
    const job = await t.db.bulkJob.findFirstOrThrow({ where: { locationId: austin.id } });
    const dallasOwner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect((await dallasOwner.get(`/api/kudo-beta/dispatch/bulk/${job.id}`)).statusCode).toBe(404);
    expect(json(await dallasOwner.get('/api/kudo-beta/dispatch/bulk/latest')).data).toBeNull();
  });
});

describe('reading a consent spreadsheet', async () => {
  const t = await createTestApp();
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
  const read = (data: string) => {
    const { payload, headers } = multipart({}, { name: 'consent.csv', type: 'text/csv', data: Buffer.from(data) });
    return owner.request('POST', '/api/dashboard/quick-action/home-owner/read-sheet', payload, headers);
  };

  it('finds the columns by their header and marks rows without a valid phone', async () => {
    const res = await read('Phone Number,LAST NAME,first name\n(512) 555-0901,Lee,Ann\n12345,Ray,Bob\n');
    expect(json(res).data.rows).toEqual([
      { row: 2, name: 'Ann Lee', phone: '5125550901', valid: true },
      { row: 3, name: 'Bob Ray', phone: '12345', valid: false },
    ]);
  });

  it('needs a phone column and at least one customer', async () => {
    expect(json(await read('First Name,Last Name\nAnn,Lee\n')).message).toMatch(/Phone Number/);
    expect(json(await read('Phone Number\n')).message).toBe('The file has no customers in it.');
  });
});
