import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, type logsApi } from '@kudo/shared';
import { expectNotLoggedIn, json, loginAs, type Agent } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { addDays, addMonths, earliestReportDay, locationClock } from '../analytics/index.js';
import { HIDDEN_BODY } from './service.js';

const OUTBOUND = '/api/analytics/logs/fetch/outbound';
const OPT_OUTS = '/api/analytics/logs/fetch/opt_outs';
const API_TASKS = '/api/analytics/logs/fetch/api_tasks';
const TASKS_V2 = '/api/reporting/logs/api-tasks/list';
const EMAIL_JOBS = '/api/reporting/logs/email-jobs/list';
const SMS_JOBS = '/api/reporting/logs/sms-jobs/list';
const V1 = [OUTBOUND, OPT_OUTS, API_TASKS];
const V2 = [TASKS_V2, EMAIL_JOBS, SMS_JOBS];

/** A day as the HTTP date the screen sends: "Wed, 25 Nov 2026 00:00:00 GMT". */
const http = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString();

let today: string;
let v2Range: { fromDate: string; toDate: string };
let campaign: { id: number; uid: string; name: string };

type Outbound = logsApi.OutboundRow;

const outbound = async (agent: Agent, body: Record<string, unknown> = {}) => json(await agent.post(OUTBOUND, body)).data as { meta: { shown: number; total: number; from_date: string; to_date: string }; rows: Outbound[] };
const v2 = async (agent: Agent, url: string, body: Record<string, unknown> = {}) => json(await agent.post(url, { ...v2Range, ...body })).data as {
  userSearch: { fromDate: string; toDate: string; limit: number };
  rows: Record<string, unknown>[];
  cursor: logsApi.LogsCursor;
};

const t = useDemoApp();
beforeAll(async () => {
  today = (await locationClock(t.db, t.austinId)).today;
  v2Range = { fromDate: http(addDays(today, -30)), toDate: http(today) };
  campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, deletedAt: null }, orderBy: { id: 'asc' } });
});

describe('a send from the dispatch endpoint', () => {
  let sms: Outbound;
  let email: Outbound;

  beforeAll(async () => {
    const res = await t.owner.post('/api/kudo-beta/dispatch/send-pcheck', {
      campaign_uid: campaign.uid,
      customer_phone: '5125550191',
      customer_email: 'logs.customer@example.com',
      customer_name: 'Lena Logsworth',
    });
    expect(json(res).data).toMatchObject({ status: 1, phone_status: 1, email_status: 1 });
    const rows = (await outbound(t.owner, { search: 'Lena Logsworth' })).rows;
    sms = rows.find((r) => r.channel === 'SMS')!;
    email = rows.find((r) => r.channel === 'Email')!;
  });

  it('appears in Outbound as one SMS and one email with its campaign, customer, service and status', async () => {
    expect(sms).toMatchObject({ campaign: campaign.name, customer: 'Lena Logsworth · (512) 555-0191', service: 'Dev outbox', status: 'sent', app: 'dispatch' });
    expect(email).toMatchObject({ campaign: campaign.name, customer: 'Lena Logsworth · logs.customer@example.com', service: 'Dev outbox', status: 'sent', app: 'dispatch' });
    expect(sms.id).toMatch(/^SMS-\d+$/);
    expect(email.id).toMatch(/^EMAIL-\d+$/);
    // Newest first: the unfiltered first page starts with this send.
    const first = (await outbound(t.owner)).rows.slice(0, 2).map((r) => r.id);
    expect(first.sort()).toEqual([email.id, sms.id].sort());
  });

  it('appears in SMS Jobs with the provider id, the number it came from and the body', async () => {
    const out = await t.db.outboxMessage.findFirstOrThrow({ where: { channel: 'sms', to: '+15125550191' }, orderBy: { id: 'desc' } });
    const row = (await v2(t.owner, SMS_JOBS)).rows.find((r) => r.jobId === Number(sms.id.slice(4)))!;
    expect(row).toMatchObject({
      app: 'dispatch',
      status: 'sent',
      kudoNumber: out.from,
      userNumber: '(512) 555-0191',
      body: out.body,
      campaignUid: campaign.uid,
      campaignName: campaign.name,
      twilioSid: `outbox-${out.id}`,
    });
  });

  it("appears in Email Jobs with the provider's message id, subject and template", async () => {
    const out = await t.db.outboxMessage.findFirstOrThrow({ where: { channel: 'email', to: 'logs.customer@example.com' }, orderBy: { id: 'desc' } });
    const row = (await v2(t.owner, EMAIL_JOBS)).rows.find((r) => r.jobId === Number(email.id.slice(6)))!;
    expect(row).toMatchObject({
      app: 'dispatch',
      status: 'sent',
      userEmail: 'logs.customer@example.com',
      subject: out.subject,
      template: 'pcheck',
      campaignUid: campaign.uid,
      campaignName: campaign.name,
      mandrillId: `outbox-${out.id}`,
    });
  });

  it('finds it by ID, by channel and by the digits of the number', async () => {
    expect((await outbound(t.owner, { search: sms.id })).rows.map((r) => r.id)).toEqual([sms.id]);
    expect((await outbound(t.owner, { search: email.id.toLowerCase() })).rows.map((r) => r.id)).toEqual([email.id]);
    expect((await outbound(t.owner, { search: '(512) 555-0191' })).rows.map((r) => r.id)).toContain(sms.id);
    const emails = await outbound(t.owner, { search: 'email' });
    expect(emails.rows.every((r) => r.channel === 'Email')).toBe(true);
    expect(emails.rows.map((r) => r.id)).toContain(email.id);
    const texts = await outbound(t.owner, { search: 'sms' });
    expect(texts.rows.every((r) => r.channel === 'SMS')).toBe(true);
    expect(emails.meta.total).toBeGreaterThan(0);
    expect(texts.meta.total).toBeGreaterThan(0);
    expect(emails.meta.total + texts.meta.total).toBe((await outbound(t.owner)).meta.total);
    const none = await outbound(t.owner, { search: 'no such customer anywhere' });
    expect(none).toMatchObject({ rows: [], meta: { shown: 0, total: 0 } });
  });

  it('records a refused send too: an unsubscribed email and an opted-out number', async () => {
    await t.owner.post('/api/dashboard/quick-action/home-owner/opt-out', { app_code: 'HS', phone: '5125550192', email: 'gone@example.com' });
    const res = await t.owner.post('/api/kudo-beta/dispatch/send-pcheck', { campaign_uid: campaign.uid, customer_phone: '5125550192', customer_email: 'gone@example.com' });
    expect(json(res).data).toMatchObject({ status: 0 });
    const rows = (await outbound(t.owner, { search: '5125550192' })).rows;
    expect(rows.map((r) => [r.channel, r.status])).toEqual([['SMS', 'refused']]);
    const emails = (await v2(t.owner, EMAIL_JOBS)).rows.filter((r) => r.userEmail === 'gone@example.com');
    expect(emails).toMatchObject([{ status: 'refused', mandrillId: null }]);
  });
});

describe('outbound paging: Pull next 500 logs', () => {
  it('answers 500 rows at a time with the shown count and the total', async () => {
    await t.db.$executeRaw`
      INSERT INTO sms_messages (location_id, direction, "to", "from", body, provider, status, app, created_at)
      SELECT ${t.austinId}, 'outbound', '+1737555' || lpad(g::text, 4, '0'), '+15125550000', 'Paging ' || g, 'local', 'sent', 'bulk', now() - interval '2 hours' - g * interval '1 second'
      FROM generate_series(1, 620) g`;
    const first = await outbound(t.owner);
    const total = first.meta.total;
    expect(total).toBeGreaterThanOrEqual(620);
    expect(first.rows).toHaveLength(500);
    expect(first.meta).toMatchObject({ shown: 500, to_date: today });
    const second = await outbound(t.owner, { offset: 500 });
    expect(second.meta).toMatchObject({ shown: Math.min(1000, total), total });
    expect(second.rows.length).toBe(Math.min(500, total - 500));
    const ids = new Set([...first.rows, ...second.rows].map((r) => r.id));
    expect(ids.size).toBe(first.rows.length + second.rows.length);
    const dates = [...first.rows, ...second.rows].map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("counts the total from the logs' daily counts, which follow inserts, moves and deletes and agree with a rebuild", async () => {
    const range = { from_date: addDays(today, -15), to_date: today };
    const counted = async () => {
      const [{ n }] = await t.db.$queryRaw<[{ n: number }]>`
        WITH b AS (SELECT ((${range.from_date}::date)::timestamp AT TIME ZONE time_zone) AT TIME ZONE 'UTC' AS lo FROM locations WHERE id = ${t.austinId})
        SELECT ((SELECT count(*) FROM sms_messages, b WHERE location_id = ${t.austinId} AND direction = 'outbound' AND created_at >= b.lo)
              + (SELECT count(*) FROM email_logs, b WHERE location_id = ${t.austinId} AND created_at >= b.lo))::int AS n`;
      return n;
    };
    expect((await outbound(t.owner, range)).meta.total).toBe(await counted());
    const sms = await t.db.smsMessage.create({ data: { locationId: t.austinId, direction: 'outbound', to: '+17375550999', from: '+15125550000', body: 'Counted', provider: 'local', status: 'sent', app: 'bulk' } });
    const email = await t.db.emailLog.create({ data: { locationId: t.austinId, app: 'bulk', to: 'counted@example.com', subject: 'Counted', provider: 'local', status: 'sent' } });
    const before = (await outbound(t.owner, range)).meta.total;
    expect(before).toBe(await counted());
    await t.db.smsMessage.update({ where: { id: sms.id }, data: { createdAt: new Date(Date.now() - 40 * 86_400_000) } });
    await t.db.emailLog.delete({ where: { id: email.id } });
    expect((await outbound(t.owner, range)).meta.total).toBe(before - 2);
    const kept = await t.db.$queryRaw<unknown[]>`SELECT day::text, channel, count FROM log_daily_counts WHERE location_id = ${t.austinId} AND count <> 0 ORDER BY day, channel`;
    await t.db.$executeRaw`SELECT logs_rebuild(${t.austinId})`;
    expect(await t.db.$queryRaw<unknown[]>`SELECT day::text, channel, count FROM log_daily_counts WHERE location_id = ${t.austinId} AND count <> 0 ORDER BY day, channel`).toEqual(kept);
  });

  it('defaults to the month up to today in the location time zone', async () => {
    const { meta } = await outbound(t.owner);
    expect(meta.to_date).toBe(today);
    expect(meta.from_date).toBe(addMonths(today, -1));
  });
});

describe('opt-outs and API tasks', () => {
  it('lists an opt-out with its number, what it covers and its source', async () => {
    await t.owner.post('/api/dashboard/quick-action/home-owner/opt-out', { app_code: 'CNXN', phone: '5125550193' });
    const data = json(await t.owner.post(OPT_OUTS, {})).data as { meta: { total: number; shown: number }; rows: logsApi.OptOutRow[] };
    expect(data.rows[0]).toMatchObject({ number: '(512) 555-0193', application: 'Messaging (CNXN)', source: 'Dashboard' });
    expect(data.meta.shown).toBe(data.rows.length);
    expect(data.meta.total).toBeGreaterThanOrEqual(data.rows.length);
  });

  it('logs a report build as a task with its outcome, and its email with the app', async () => {
    const res = await t.owner.post('/api/reporting/reviews/export', { fromDate: addDays(today, -7), toDate: today, emails: ['report.reader@example.com'] });
    expect(res.statusCode).toBe(200);
    const v1 = json(await t.owner.post(API_TASKS, {})).data as { rows: logsApi.ApiTaskRow[] };
    expect(v1.rows[0]).toMatchObject({ action: 'Social Reviews Report', status: 'success', app: 'reports' });
    expect(v1.rows[0]!.comment).toContain('report.reader@example.com');
    const v2rows = (await v2(t.owner, TASKS_V2)).rows;
    expect(v2rows[0]).toMatchObject({ id: v1.rows[0]!.id, task: 'Social Reviews Report', status: 'success', app: 'reports' });
    const mail = (await v2(t.owner, EMAIL_JOBS)).rows.find((r) => r.userEmail === 'report.reader@example.com');
    expect(mail).toMatchObject({ app: 'reports', template: 'social-reviews-report', status: 'sent' });
  });
});

describe('v2 cursor paging', () => {
  it('pages 100 at a time with before/after cursors and hasBefore/hasAfter', async () => {
    await t.db.$executeRaw`
      INSERT INTO email_logs (location_id, app, "to", subject, provider, provider_id, status, created_at)
      SELECT ${t.austinId}, 'dispatch', 'pager' || g || '@example.com', 'Paging ' || g, 'sendgrid', 'sg-' || g, 'sent', now() - interval '3 hours' - g * interval '1 second'
      FROM generate_series(1, 150) g`;
    const first = await v2(t.owner, EMAIL_JOBS);
    expect(first.userSearch).toEqual({ fromDate: addDays(today, -30), toDate: today, limit: 100 });
    expect(first.rows).toHaveLength(100);
    expect(first.cursor).toMatchObject({ hasBefore: false, hasAfter: true });
    const second = await v2(t.owner, EMAIL_JOBS, { after: first.cursor.after });
    expect(second.rows.length).toBeGreaterThanOrEqual(50);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.jobId)).size).toBe(100 + second.rows.length);
    expect(second.cursor.hasBefore).toBe(true);
    expect(second.rows[0]!.jobId).not.toBe(first.rows.at(-1)!.jobId);
    const back = await v2(t.owner, EMAIL_JOBS, { before: second.cursor.before });
    expect(back.rows.map((r) => r.jobId)).toEqual(first.rows.map((r) => r.jobId));
    expect(back.cursor).toMatchObject({ hasBefore: false, hasAfter: true });
    const small = await v2(t.owner, EMAIL_JOBS, { limit: 10 });
    expect(small.rows).toHaveLength(10);
  });

  it("never shows a FieldOps invitation's sign-in details", async () => {
    const [row] = await t.db.$queryRaw<{ id: number }[]>`
      INSERT INTO sms_messages (location_id, direction, "to", "from", body, provider, status, app)
      VALUES (${t.austinId}, 'outbound', '+15125550199', '+15125550100', 'Sign in with username tech and password s3cret', 'local', 'sent', 'fieldops') RETURNING id`;
    const sms = (await v2(t.owner, SMS_JOBS)).rows.find((r) => r.jobId === row!.id)!;
    expect(sms.body).toBe(HIDDEN_BODY);
  });

  it('answers an empty range with no rows and no cursors', async () => {
    const day = addDays(earliestReportDay(today), 1);
    const empty = await v2(t.owner, SMS_JOBS, { fromDate: http(day), toDate: http(day) });
    expect(empty).toMatchObject({ rows: [], cursor: { before: null, after: null, hasBefore: false, hasAfter: false } });
  });
});

describe('masking customer contacts', () => {
  it('shows them to users who message customers, and masks them in exports without the settings permission', async () => {
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    const onScreen = await outbound(staff, { search: 'Lena Logsworth' });
    expect(onScreen.rows.map((r) => r.customer)).toContain('Lena Logsworth · (512) 555-0191');
    const exported = await outbound(staff, { search: 'Lena Logsworth', export: true });
    expect(exported.rows.map((r) => r.customer).sort()).toEqual(['Lena Logsworth · (***) ***-0191', 'Lena Logsworth · l***@example.com']);
    const sms = (await v2(staff, SMS_JOBS, { export: true })).rows.find((r) => String(r.userNumber).endsWith('0191'));
    expect(sms!.userNumber).toBe('(***) ***-0191');
    const optOuts = json(await staff.post(OPT_OUTS, { export: true })).data.rows as logsApi.OptOutRow[];
    expect(optOuts.find((r) => r.number.endsWith('0193'))!.number).toBe('(***) ***-0193');
    // The owner holds every permission: the file shows them in full.
    expect((await outbound(t.owner, { search: 'Lena Logsworth', export: true })).rows.map((r) => r.customer)).toContain('Lena Logsworth · (512) 555-0191');
  });

  it('masks them on screen for users without the dispatch or messaging permission', async () => {
    const staffUser = await t.db.user.findUniqueOrThrow({ where: { email: 'staff@kudo.test' } });
    await t.db.membership.updateMany({ where: { userId: staffUser.id }, data: { permDispatch: false, permTwm: false } });
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    const rows = (await outbound(staff, { search: 'Lena Logsworth' })).rows;
    expect(rows.map((r) => r.customer).sort()).toEqual(['Lena Logsworth · (***) ***-0191', 'Lena Logsworth · l***@example.com']);
    const mail = (await v2(staff, EMAIL_JOBS)).rows.find((r) => r.subject && String(r.userEmail).startsWith('l***'));
    expect(mail!.userEmail).toBe('l***@example.com');
    await t.db.membership.updateMany({ where: { userId: staffUser.id }, data: { permDispatch: true } });
  });
});

describe('access and tenancy', () => {
  it('needs a session', async () => {
    for (const url of [...V1, ...V2]) await expectNotLoggedIn(t.app, 'POST', url, {});
  });

  it('is closed to trial locations (403)', async () => {
    const dallasOwner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    for (const url of V1) expect((await dallasOwner.post(url, {})).statusCode, url).toBe(403);
    for (const url of V2) expect((await dallasOwner.post(url, v2Range)).statusCode, url).toBe(403);
  });

  it('shows Dallas none of Austin logs', async () => {
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false } });
    const dallasOwner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const dallasSms = await t.db.smsMessage.count({ where: { locationId: t.dallasId, direction: 'outbound' } });
    const dallasEmail = await t.db.emailLog.count({ where: { locationId: t.dallasId } });
    const out = await outbound(dallasOwner);
    expect(out.meta.total).toBeLessThanOrEqual(dallasSms + dallasEmail);
    expect(out.rows.some((r) => r.customer.includes('Lena Logsworth') || r.customer.includes('0191'))).toBe(false);
    expect((await outbound(dallasOwner, { search: 'Lena Logsworth' })).meta.total).toBe(0);
    const austinSms = new Set((await t.db.smsMessage.findMany({ where: { locationId: t.austinId }, select: { id: true } })).map((r) => r.id));
    const austinEmail = new Set((await t.db.emailLog.findMany({ where: { locationId: t.austinId }, select: { id: true } })).map((r) => r.id));
    const austinTasks = new Set((await t.db.apiTask.findMany({ where: { locationId: t.austinId }, select: { id: true } })).map((r) => r.id));
    expect((await v2(dallasOwner, SMS_JOBS)).rows.filter((r) => austinSms.has(r.jobId as number))).toEqual([]);
    expect((await v2(dallasOwner, EMAIL_JOBS)).rows.filter((r) => austinEmail.has(r.jobId as number))).toEqual([]);
    expect((await v2(dallasOwner, TASKS_V2)).rows.filter((r) => austinTasks.has(r.id as number))).toEqual([]);
    const tasks = json(await dallasOwner.post(API_TASKS, {})).data as { rows: logsApi.ApiTaskRow[] };
    expect(tasks.rows.filter((r) => austinTasks.has(r.id))).toEqual([]);
    const optOuts = json(await dallasOwner.post(OPT_OUTS, {})).data as { rows: logsApi.OptOutRow[] };
    expect(optOuts.rows.some((r) => r.number.endsWith('0193'))).toBe(false);
    // A cursor taken from Austin's list pages Dallas's own rows only.
    const austinPage = await v2(t.owner, EMAIL_JOBS);
    const crossed = await v2(dallasOwner, EMAIL_JOBS, { after: austinPage.cursor.after });
    expect(crossed.rows.filter((r) => austinEmail.has(r.jobId as number))).toEqual([]);
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: true } });
  });
});

describe('range and input rules', () => {
  it('refuses a from date after the to date, or more than 36 months back, and bad dates', async () => {
    for (const url of V1) {
      const order = await t.owner.post(url, { from_date: today, to_date: addDays(today, -1) });
      expect(order.statusCode).toBe(400);
      expect(json(order)).toMatchObject({ message: MSG.reportDateOrder, errors: { from_date: MSG.reportDateOrder } });
      const earliest = earliestReportDay(today);
      const old = await t.owner.post(url, { from_date: addDays(earliest, -1) });
      expect(json(old)).toMatchObject({ message: MSG.reportRangeTooOld(earliest) });
      expect((await t.owner.post(url, { from_date: earliest })).statusCode).toBe(200);
      expect(json(await t.owner.post(url, { from_date: '2026-02-30' })).errors).toEqual({ from_date: MSG.leaderboardFromDate });
      expect(json(await t.owner.post(url, { to_date: 'yesterday' })).errors).toEqual({ to_date: MSG.leaderboardToDate });
      expect(json(await t.owner.post(url, { offset: -1 })).errors).toEqual({ offset: MSG.logsOffset });
      expect(json(await t.owner.post(url, { offset: 1.5 })).errors).toEqual({ offset: MSG.logsOffset });
      expect(json(await t.owner.post(url, { offset: '10' })).errors).toEqual({ offset: MSG.logsOffset });
      expect(json(await t.owner.post(url, { export: 'yes' })).errors).toEqual({ export: MSG.logsExport });
    }
    expect(json(await t.owner.post(OUTBOUND, { search: 'x'.repeat(201) })).errors).toEqual({ search: MSG.reviewSearchTooLong });
    expect(json(await t.owner.post(OUTBOUND, { search: 5 })).errors).toEqual({ search: MSG.reviewSearchInvalid });
  });

  it('reads the v2 HTTP dates strictly and checks limit and cursors', async () => {
    for (const url of V2) {
      const missing = await t.owner.post(url, {});
      expect(missing.statusCode).toBe(400);
      expect(json(missing).errors).toMatchObject({ fromDate: MSG.httpFromDate, toDate: MSG.httpToDate });
      expect(json(await t.owner.post(url, { ...v2Range, fromDate: '2026-11-02' })).errors).toEqual({ fromDate: MSG.httpFromDate });
      expect(json(await t.owner.post(url, { ...v2Range, fromDate: 'Tue, 02 Nov 2026 00:00:00 GMT' })).errors).toEqual({ fromDate: MSG.httpFromDate });
      expect(json(await t.owner.post(url, { ...v2Range, toDate: 'Mon, 31 Feb 2026 00:00:00 GMT' })).errors).toEqual({ toDate: MSG.httpToDate });
      const order = await t.owner.post(url, { fromDate: v2Range.toDate, toDate: v2Range.fromDate });
      expect(json(order)).toMatchObject({ message: MSG.reportDateOrder, errors: { fromDate: MSG.reportDateOrder } });
      expect(json(await t.owner.post(url, { ...v2Range, limit: 101 })).errors).toEqual({ limit: MSG.logsLimit });
      expect(json(await t.owner.post(url, { ...v2Range, limit: 0 })).errors).toEqual({ limit: MSG.logsLimit });
      expect(json(await t.owner.post(url, { ...v2Range, after: 'a', before: 'b' })).errors).toEqual({ after: MSG.logsCursorBoth });
      for (const bad of ['not-a-cursor', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["2026-01-01 00:00:00", 0]').toString('base64url')]) {
        const res = await t.owner.post(url, { ...v2Range, after: bad });
        expect(res.statusCode).toBe(400);
        expect(json(res)).toMatchObject({ message: MSG.logsCursor, errors: { after: MSG.logsCursor } });
      }
      const res = await t.owner.post(url, { ...v2Range, before: Buffer.from('["2026-13-45 99:00:00", 5]').toString('base64url') });
      expect(json(res)).toMatchObject({ message: MSG.logsCursor });
    }
  });
});
