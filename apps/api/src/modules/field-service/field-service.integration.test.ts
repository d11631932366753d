import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { FS_MSG } from '@kudo/shared';
import { cleanupJob } from '../../jobs/maintenance.js';
import { createProviders } from '../../providers/index.js';
import { createTestApp, expectNotLoggedIn, grantAddons, json, loginAs, recordingQueue } from '../../../test/helpers.js';
import { decideJob, processEvent, receiveEvent } from './jobs.js';

const JOBBER_SECRET = 'jobber-client-secret';

/**
 * Jobber's OAuth token endpoint and GraphQL API on 127.0.0.1, as far as Kudo uses them: the code and refresh
 * grants, the account query and the job query (jobs kept in `jobs` by their encoded id). Every request is kept.
 */
async function fakeJobber() {
  const requests: { path: string; body: string; auth: string | undefined; version: string | undefined }[] = [];
  const jobs = new Map<string, unknown>();
  let accessToken = 'access-1';
  let expireNext = false;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      requests.push({ path: req.url ?? '', body, auth: req.headers.authorization, version: req.headers['x-jobber-graphql-version'] as string | undefined });
      if (req.url === '/api/oauth/token') {
        const form = new URLSearchParams(body);
        if (form.get('client_secret') !== JOBBER_SECRET) return send(401, { error: 'invalid_client' });
        if (form.get('grant_type') === 'authorization_code' && form.get('code') !== 'good-code') return send(400, { error: 'invalid_grant' });
        accessToken = `access-${requests.length}`;
        return send(200, { access_token: accessToken, refresh_token: `refresh-${requests.length}` });
      }
      if (req.url === '/api/graphql') {
        if (expireNext || req.headers.authorization !== `Bearer ${accessToken}`) {
          expireNext = false;
          return send(401, { message: 'expired' });
        }
        const { query, variables } = JSON.parse(body) as { query: string; variables: { id?: string } };
        if (query.includes('account {')) return send(200, { data: { account: { id: 'QWNjb3VudC8x', name: 'Torres Plumbing (Jobber)' } } });
        return send(200, { data: { job: jobs.get(variables.id ?? '') ?? null } });
      }
      send(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, jobs, expire: () => (expireNext = true) };
}

describe('field-service jobs: connectors, the job webhook, rules, and one request per job', async () => {
  const jobber = await fakeJobber();
  const env = { SEND_WINDOW: '0-24', JOBBER_CLIENT_ID: 'jobber-client', JOBBER_CLIENT_SECRET: JOBBER_SECRET, JOBBER_API_BASE_URL: jobber.url };
  const t = await createTestApp(env);
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  const mike = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, employeeId: 'EMP-1001', deletedAt: null } });
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
  const deps = { db: t.db, config: t.config, providers: createProviders(t.config, t.db), log: { info: () => undefined, warn: () => undefined, error: () => undefined } };

  const rules = (over: Record<string, unknown> = {}) => owner.post('/api/settings/integrations/automatic-requests/save', { enabled: true, wait_minutes: 0, channel: 'sms', repeat_days: 90, skip_tags: ['no-review'], ...over });
  const load = async () => json(await owner.post('/api/settings/integrations/field-service/load')).data;
  const jobsList = async (agent = owner) => json(await agent.post('/api/settings/integrations/field-service/jobs/load', { page: 1 })).data.jobs as { external_id: string; status: string; reason: string | null; source: string; scheduled_for: string | null; campaign: string | null }[];
  const jobNamed = async (externalId: string) => (await jobsList()).find((j) => j.external_id === externalId);
  const genericPath = async () => new URL((await load()).job_webhook_url).pathname;
  let n = 0;
  const phone = () => `+1512555${String(1000 + ++n).slice(-4)}`;
  const job = (over: Record<string, unknown> = {}) => ({
    job_id: `J-${++n}`,
    completed_at: new Date().toISOString(),
    customer: { name: 'Casey Customer', phone: phone() },
    technician: { employee_id: 'EMP-1001' },
    ...over,
  });
  const post = async (path: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: path, payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers } });
  const requestsFor = (externalId: string) => t.db.apiReviewRequest.count({ where: { externalId, source: 'integration' } });

  describe('Settings › Integrations (session calls)', () => {
    it('is for Owners and Admins, logged in, with the CSRF header', async () => {
      await expectNotLoggedIn(t.app, 'POST', '/api/settings/integrations/field-service/load');
      await expectNotLoggedIn(t.app, 'POST', '/api/settings/integrations/automatic-requests/save', {});
      const maria = await loginAs(t.app, t.db, 'maria.garcia@kudo.test');
      expect((await maria.post('/api/settings/integrations/field-service/load')).statusCode).toBe(403);
      const noCsrf = await t.app.inject({ method: 'POST', url: '/api/settings/integrations/automatic-requests/save', cookies: owner.cookies, payload: { enabled: true, wait_minutes: 0, channel: 'sms', repeat_days: 9, skip_tags: [] } });
      expect(noCsrf.statusCode).toBe(403);
    });

    it('saves the rules with their defaults first, and refuses bad ones naming the field', async () => {
      const first = json(await owner.post('/api/settings/integrations/automatic-requests/load')).data;
      expect(first.rules).toEqual({ enabled: false, wait_minutes: 60, channel: 'sms', repeat_days: 90, skip_tags: [] });
      expect(first.send_window).toEqual({ start_hour: 0, end_hour: 24, time_zone: 'America/Chicago' });
      const bad = await rules({ wait_minutes: -1, repeat_days: 0, channel: 'fax' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).errors).toMatchObject({ wait_minutes: FS_MSG.waitMinutes, repeat_days: FS_MSG.repeatDays, channel: FS_MSG.channel });
      const saved = await rules({ skip_tags: ['No-Review', 'no-review', 'warranty'] });
      expect(json(saved).data.rules).toEqual({ enabled: true, wait_minutes: 0, channel: 'sms', repeat_days: 90, skip_tags: ['no-review', 'warranty'] });
    });
  });

  describe('the generic job webhook', () => {
    it('takes a job at the secret address, sends one request, and answers a repeat as a duplicate', async () => {
      await rules();
      const path = await genericPath();
      expect(path).toMatch(/^\/api\/integrations\/jobs\/job_[A-Za-z0-9_-]{43}$/);
      const body = job({ customer: { name: 'Riley Webhook', phone: '(512) 555-0199', email: 'riley@example.com' }, tags: ['Drain'] });
      const first = await post(path, body);
      expect(first.statusCode).toBe(202);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      expect(await jobNamed(body.job_id)).toMatchObject({ status: 'sent', source: 'webhook', campaign: mike.name });
      const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550199' }, orderBy: { id: 'desc' } });
      expect(sms.body).toContain('Riley');
      const again = await post(path, body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ received: true, duplicate: true });
      expect(await requestsFor(body.job_id)).toBe(1);
      const dispatch = await t.db.dispatch.findFirstOrThrow({ where: { apiRequest: { externalId: body.job_id } } });
      expect(dispatch.source).toBe('integration');
      // Operate › Activity lists it with what sent it.
      const activity = json(await owner.get('/api/operate/activity')).data.rows as { id: number; sent_by: string; source: string }[];
      expect(activity.find((r) => r.id === dispatch.id)).toMatchObject({ source: 'integration', sent_by: 'Field-service job' });
      const task = await t.db.apiTask.findFirstOrThrow({ where: { locationId: austin.id, app: 'integrations', task: `Job webhook job ${body.job_id}` } });
      expect(task).toMatchObject({ status: 'success' });
    });

    it('refuses bad input with 400 naming the field, and an unknown address with 404', async () => {
      const path = await genericPath();
      const cases: [unknown, string, string][] = [
        [job({ job_id: '' }), 'job_id', FS_MSG.jobId],
        [job({ completed_at: 'yesterday' }), 'completed_at', FS_MSG.completedAt],
        [job({ customer: { name: 'No Contact' } }), 'customer.phone', FS_MSG.contactRequired],
        [job({ customer: { name: 'X', phone: '12' } }), 'customer.phone', FS_MSG.customerPhone],
        [job({ technician: {} }), 'technician', FS_MSG.technicianInput],
        [job({ tags: 'no-review' }), 'tags', FS_MSG.tags],
      ];
      const before = await t.db.fieldJobEvent.count();
      for (const [body, field, message] of cases) {
        const res = await post(path, body);
        expect(res.statusCode, field).toBe(400);
        expect(json(res).errors?.[field], field).toBe(message);
      }
      expect(await t.db.fieldJobEvent.count()).toBe(before);
      const unknown = await post('/api/integrations/jobs/job_nope', job());
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown).message).toBe(FS_MSG.unknownAddress);
    });

    it('stops working at the old address once a new one is made', async () => {
      const old = await genericPath();
      const made = json(await owner.post('/api/settings/integrations/field-service/job-webhook/regenerate'));
      expect(made.message).toBe(FS_MSG.regenerated);
      expect(new URL(made.data.job_webhook_url).pathname).not.toBe(old);
      expect((await post(old, job())).statusCode).toBe(404);
      expect((await post(new URL(made.data.job_webhook_url).pathname, job())).statusCode).toBe(202);
    });
  });

  describe('the rules', () => {
    it('skips with each reason, and lists every job with its outcome', async () => {
      const path = await genericPath();
      await rules({ enabled: false });
      const off = job();
      await post(path, off);
      await rules();
      const tagged = job({ tags: ['No-Review'] });
      await post(path, tagged);
      const stranger = job({ technician: { name: 'Nobody Known' } });
      await post(path, stranger);
      await rules({ channel: 'email' });
      const noEmail = job();
      await post(path, noEmail);
      await rules();
      const repeatPhone = phone();
      const firstOfTwo = job({ customer: { name: 'Repeat', phone: repeatPhone } });
      const secondOfTwo = job({ customer: { name: 'Repeat', phone: repeatPhone } });
      await post(path, firstOfTwo);
      await post(path, secondOfTwo);
      expect(await jobNamed(off.job_id)).toMatchObject({ status: 'skipped', reason: 'rules_off' });
      expect(await jobNamed(tagged.job_id)).toMatchObject({ status: 'skipped', reason: 'tagged' });
      expect(await jobNamed(stranger.job_id)).toMatchObject({ status: 'skipped', reason: 'no_campaign', campaign: null });
      expect(await jobNamed(noEmail.job_id)).toMatchObject({ status: 'skipped', reason: 'no_contact' });
      expect(await jobNamed(firstOfTwo.job_id)).toMatchObject({ status: 'sent' });
      expect(await jobNamed(secondOfTwo.job_id)).toMatchObject({ status: 'skipped', reason: 'asked_recently' });
      for (const skipped of [off, tagged, stranger, noEmail, secondOfTwo]) expect(await requestsFor(skipped.job_id)).toBe(0);
      const task = await t.db.apiTask.findFirstOrThrow({ where: { task: `Job webhook job ${secondOfTwo.job_id}` } });
      expect(task.message).toBe('Skipped: Customer asked recently.');
    });

    it('finds the campaign by a mapping on the screen, by Employee ID, or by name', async () => {
      const path = await genericPath();
      const byName = job({ technician: { name: 'mike torres' } });
      await post(path, byName);
      expect(await jobNamed(byName.job_id)).toMatchObject({ status: 'sent', campaign: mike.name });
      const other = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null, NOT: { id: mike.id } } });
      const saved = await owner.post('/api/settings/integrations/field-service/technicians/save', { key: 'name:nobody known', label: 'Nobody Known', campaign_id: other.id });
      expect(saved.statusCode).toBe(200);
      const mapped = job({ technician: { name: 'Nobody Known' } });
      await post(path, mapped);
      expect(await jobNamed(mapped.job_id)).toMatchObject({ status: 'sent', campaign: other.name });
      const techs = json(await owner.post('/api/settings/integrations/field-service/technicians/load')).data.technicians as { key: string; resolved: { by: string } | null }[];
      expect(techs.find((x) => x.key === 'name:nobody known')?.resolved?.by).toBe('mapping');
      expect(techs.find((x) => x.key === 'id:EMP-1001')?.resolved?.by).toBe('employee_id');
      const dallasCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: dallas.id, deletedAt: null } });
      const foreign = await owner.post('/api/settings/integrations/field-service/technicians/save', { key: 'name:x', label: 'X', campaign_id: dallasCampaign.id });
      expect(foreign.statusCode).toBe(400);
      expect(json(foreign).errors).toEqual({ campaign_id: FS_MSG.campaignUnknown });
    });

    it('waits the minutes set after the job, and keeps to the sending window (21:30 is asked at 08:00)', async () => {
      await rules({ wait_minutes: 60 });
      const path = await genericPath();
      const later = job();
      await post(path, later);
      const listed = await jobNamed(later.job_id);
      expect(listed?.status).toBe('scheduled');
      expect(Date.parse(listed!.scheduled_for!) - Date.parse(later.completed_at)).toBeGreaterThanOrEqual(60 * 60_000 - 1000);
      await rules({ wait_minutes: 0 });

      // 21:30 in Chicago (CST, UTC-6) on a November evening; the window is 8-21.
      const windowed = { ...deps, config: { ...t.config, sendWindow: { startHour: 8, endHour: 21 } } };
      const closedAt = new Date('2026-11-20T03:30:00Z');
      const decided = await decideJob(
        windowed,
        { locationId: austin.id, source: 'test', eventId: null, job: { externalId: 'late-job', completedAt: closedAt, customer: { name: 'Late', phone: phone(), email: null }, technician: { id: 'EMP-1001', name: null }, tags: [] } },
        closedAt,
      );
      expect(decided).toMatchObject({ outcome: 'scheduled' });
      const request = await t.db.apiReviewRequest.findFirstOrThrow({ where: { externalId: 'late-job' } });
      expect(request.scheduledFor.toISOString()).toBe('2026-11-20T14:00:00.000Z');
      expect(request.status).toBe('scheduled');
    });
  });

  describe('Jobber', () => {
    const sign = (raw: string) => createHmac('sha256', JOBBER_SECRET).update(raw).digest('base64');
    const event = (itemId: string, topic = 'JOB_CLOSED', occurredAt = new Date().toISOString()) =>
      JSON.stringify({ data: { webHookEvent: { topic, appId: 'app-1', accountId: 'QWNjb3VudC8x', itemId, occurredAt } } });
    const jobberJob = (id: string, client: Record<string, unknown>) => ({
      id,
      jobNumber: 7,
      jobStatus: 'archived',
      completedAt: new Date().toISOString(),
      client: { tags: { nodes: [] }, ...client },
      visits: { nodes: [{ completedAt: null, assignedUsers: { nodes: [{ id: 'VXNlci85', name: { full: 'Mike Torres' } }] } }] },
    });

    it("connects through Jobber's sign-in, keeping the tokens encrypted", async () => {
      const started = json(await owner.post('/api/settings/integrations/field-service/jobber/connect')).data;
      const url = new URL(started.url);
      expect(url.origin + url.pathname).toBe(`${jobber.url}/api/oauth/authorize`);
      expect(url.searchParams.get('redirect_uri')).toBe('http://kudo.test/api/integrations/jobber/callback');
      const state = url.searchParams.get('state')!;
      const wrong = await owner.get(`/api/integrations/jobber/callback?code=good-code&state=nope`);
      expect(wrong.statusCode).toBe(303);
      expect(wrong.headers.location).toContain(`error=${encodeURIComponent(FS_MSG.jobberFailed)}`);
      const back = await owner.get(`/api/integrations/jobber/callback?code=good-code&state=${state}`);
      expect(back.headers.location).toBe('/settings/integrations/field-service?connected=jobber');
      const connector = (await load()).connectors.find((c: { provider: string }) => c.provider === 'jobber');
      expect(connector).toMatchObject({ status: 'connected', account_name: 'Torres Plumbing (Jobber)', webhook_url: 'http://kudo.test/api/integrations/jobber/webhook', oauth: true });
      const row = await t.db.fieldConnection.findFirstOrThrow({ where: { locationId: austin.id, provider: 'jobber' } });
      expect(row.credentials).toMatch(/^v1\./);
      expect(row.credentials).not.toContain('access-');
    });

    it('refuses a missing or wrong signature with 401, recording nothing', async () => {
      const raw = event('Sm9iLzE=');
      const before = await t.db.fieldJobEvent.count();
      expect((await post('/api/integrations/jobber/webhook', raw)).statusCode).toBe(401);
      const wrong = await post('/api/integrations/jobber/webhook', raw, { 'x-jobber-hmac-sha256': createHmac('sha256', 'other').update(raw).digest('base64') });
      expect(wrong.statusCode).toBe(401);
      expect(json(wrong).message).toBe(FS_MSG.signature);
      expect(await t.db.fieldJobEvent.count()).toBe(before);
    });

    it('reads the job through Jobber (refreshing an expired token), sends once, and takes a repeat as nothing new', async () => {
      const customerPhone = phone();
      jobber.jobs.set('Sm9iLzE=', jobberJob('Sm9iLzE=', { name: 'Jordan Jobber', phones: [{ number: customerPhone.slice(2), primary: true }], emails: [] }));
      jobber.expire();
      const raw = event('Sm9iLzE=', 'JOB_CLOSED', '2026-11-27T10:00:00-06:00');
      const res = await post('/api/integrations/jobber/webhook', raw, { 'x-jobber-hmac-sha256': sign(raw) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
      expect(await jobNamed('Sm9iLzE=')).toMatchObject({ status: 'sent', source: 'jobber', campaign: mike.name });
      expect(jobber.requests.filter((r) => r.path === '/api/graphql').every((r) => r.version)).toBe(true);
      const again = await post('/api/integrations/jobber/webhook', raw, { 'x-jobber-hmac-sha256': sign(raw) });
      expect(again.statusCode).toBe(200);
      expect(await requestsFor('Sm9iLzE=')).toBe(1);
      expect(await t.db.outboxMessage.count({ where: { to: customerPhone } })).toBe(1);
      // Another topic of the same job is acknowledged and changes nothing.
      const other = event('Sm9iLzE=', 'JOB_UPDATE');
      expect((await post('/api/integrations/jobber/webhook', other, { 'x-jobber-hmac-sha256': sign(other) })).statusCode).toBe(200);
      expect(await requestsFor('Sm9iLzE=')).toBe(1);
    });

    it('answers at once and leaves the work to the worker when there is one', async () => {
      const { queue, sent } = recordingQueue();
      const withWorker = await createTestApp(env, { jobs: queue });
      const austin2 = await withWorker.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
      await withWorker.db.fieldConnection.create({
        data: { locationId: austin2.id, provider: 'jobber', status: 'connected', publicKey: 'fc_worker', accountId: 'QWNjb3VudC8x', accountName: 'J', credentials: null },
      });
      const raw = event('Sm9iLzk=');
      const res = await withWorker.app.inject({ method: 'POST', url: '/api/integrations/jobber/webhook', payload: raw, headers: { 'content-type': 'application/json', 'x-jobber-hmac-sha256': sign(raw) } });
      expect(res.statusCode).toBe(200);
      await withWorker.app.inject({ method: 'POST', url: '/api/integrations/jobber/webhook', payload: raw, headers: { 'content-type': 'application/json', 'x-jobber-hmac-sha256': sign(raw) } });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ name: 'field-service.event' });
      expect(await withWorker.db.fieldJobEvent.count()).toBe(1);
      expect(await withWorker.db.fieldJob.count()).toBe(0);
    });
  });

  describe('Housecall Pro and ServiceTitan', () => {
    const hcpSecret = 'hcp-signing-secret';
    const hmacKey = 'st-hmac-key-0123456789abcdef0123456789';

    it('connects with the keys given, never answering them back, and refuses bad ones naming the field', async () => {
      const bad = await owner.post('/api/settings/integrations/field-service/connect', { provider: 'servicetitan', tenant_id: 'abc', client_id: 'c', client_secret: 's', app_key: 'a', hmac_key: 'short' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).errors).toMatchObject({ tenant_id: FS_MSG.tenantId, hmac_key: FS_MSG.hmacKey });
      const hcp = await owner.post('/api/settings/integrations/field-service/connect', { provider: 'housecall_pro', api_key: 'hcp-api-key-123', signing_secret: hcpSecret });
      expect(hcp.statusCode).toBe(200);
      expect(json(hcp).data.webhook_url).toMatch(/^http:\/\/kudo\.test\/api\/integrations\/housecall-pro\/webhook\/fc_/);
      const st = await owner.post('/api/settings/integrations/field-service/connect', { provider: 'servicetitan', tenant_id: '12345', client_id: 'cid', client_secret: 'csecret', app_key: 'appkey', hmac_key: hmacKey });
      expect(st.statusCode).toBe(200);
      const loaded = JSON.stringify(await load());
      for (const secret of ['hcp-api-key-123', hcpSecret, 'csecret', hmacKey]) expect(loaded).not.toContain(secret);
      const rows = JSON.stringify(await t.db.fieldConnection.findMany({ where: { locationId: austin.id } }));
      for (const secret of ['hcp-api-key-123', hcpSecret, 'csecret', hmacKey]) expect(rows).not.toContain(secret);
    });

    it("checks Housecall Pro's signature over the timestamp and the body, and handles an event once", async () => {
      const path = new URL((await load()).connectors.find((c: { provider: string }) => c.provider === 'housecall_pro').webhook_url).pathname;
      const customerPhone = phone();
      const raw = JSON.stringify({
        event: 'job.completed',
        company_id: 'co_1',
        job: {
          id: 'job_hcp_1',
          customer: { first_name: 'Harper', last_name: 'Pro', mobile_number: customerPhone.slice(2), email: 'harper@example.com' },
          assigned_employees: [{ id: 'pro_1', first_name: 'Mike', last_name: 'Torres' }],
          tags: ['residential'],
          work_timestamps: { completed_at: new Date().toISOString() },
        },
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', hcpSecret).update(`${ts}.${raw}`).digest('hex');
      expect((await post(path, raw, { 'api-timestamp': ts })).statusCode).toBe(401);
      expect((await post(path, raw, { 'api-timestamp': ts, 'api-signature': 'f'.repeat(64) })).statusCode).toBe(401);
      const stale = String(Math.floor(Date.now() / 1000) - 3600);
      expect((await post(path, raw, { 'api-timestamp': stale, 'api-signature': createHmac('sha256', hcpSecret).update(`${stale}.${raw}`).digest('hex') })).statusCode).toBe(401);
      expect((await post(path, raw, { 'api-timestamp': ts, 'api-signature': signature })).statusCode).toBe(200);
      expect((await post(path, raw, { 'api-timestamp': ts, 'api-signature': signature })).statusCode).toBe(200);
      expect(await jobNamed('job_hcp_1')).toMatchObject({ status: 'sent', source: 'housecall_pro', campaign: mike.name });
      expect(await requestsFor('job_hcp_1')).toBe(1);
      expect((await post('/api/integrations/housecall-pro/webhook/fc_unknown', raw, { 'api-timestamp': ts, 'api-signature': signature })).statusCode).toBe(404);
    });

    it("checks ServiceTitan's signature over the body with the HMAC key", async () => {
      const path = new URL((await load()).connectors.find((c: { provider: string }) => c.provider === 'servicetitan').webhook_url).pathname;
      const raw = JSON.stringify({
        eventId: 'evt-st-1',
        eventType: 'Job.Completed',
        tenantId: 12345,
        data: { id: 9001, completedOn: new Date().toISOString(), customer: { name: 'Sam Titan', phoneNumber: phone().slice(2) }, technician: { id: 77, name: 'Mike Torres' }, tags: [{ name: 'Warranty' }] },
      });
      const signature = createHmac('sha256', hmacKey).update(raw).digest('base64');
      await rules({ skip_tags: ['no-review', 'warranty'] });
      expect((await post(path, raw)).statusCode).toBe(401);
      expect((await post(path, raw, { 'x-servicetitan-signature': createHmac('sha256', 'x'.repeat(40)).update(raw).digest('base64') })).statusCode).toBe(401);
      expect((await post(path, raw, { 'x-servicetitan-signature': signature })).statusCode).toBe(200);
      expect((await post(path, raw, { 'x-servicetitan-signature': signature })).statusCode).toBe(200);
      // Tagged Warranty, a word the rules name: skipped once, however often it comes.
      expect(await jobNamed('9001')).toMatchObject({ status: 'skipped', reason: 'tagged', source: 'servicetitan' });
      expect(await t.db.fieldJob.count({ where: { externalId: '9001' } })).toBe(1);
      await rules();
    });

    it('disconnects: the address no longer takes events', async () => {
      const path = new URL((await load()).connectors.find((c: { provider: string }) => c.provider === 'servicetitan').webhook_url).pathname;
      const res = await owner.post('/api/settings/integrations/field-service/disconnect', { provider: 'servicetitan' });
      expect(json(res).message).toBe(FS_MSG.disconnected);
      expect((await post(path, '{}', { 'x-servicetitan-signature': 'x' })).statusCode).toBe(404);
    });
  });

  describe('exactly once', () => {
    it('two workers handling one event make one request', async () => {
      const body = job();
      const { eventId } = await receiveEvent({ ...deps, jobs: recordingQueue().queue }, { locationId: austin.id, provider: 'webhook', eventKey: body.job_id, payload: body });
      await Promise.all([processEvent(deps, eventId!), processEvent(deps, eventId!)]);
      expect(await requestsFor(body.job_id)).toBe(1);
      expect(await t.db.dispatch.count({ where: { apiRequest: { externalId: body.job_id } } })).toBe(1);
    });

    it('the same job from two systems at once, on two workers, makes one request', async () => {
      const customerPhone = phone();
      const viaWebhook = job({ job_id: 'shared-1', customer: { name: 'Twice', phone: customerPhone } });
      const viaTest = { ...viaWebhook, job_id: 'shared-1-other-system' };
      const queue = recordingQueue().queue;
      const [a, b] = await Promise.all([
        receiveEvent({ ...deps, jobs: queue }, { locationId: austin.id, provider: 'webhook', eventKey: viaWebhook.job_id, payload: viaWebhook }),
        receiveEvent({ ...deps, jobs: queue }, { locationId: austin.id, provider: 'test', eventKey: viaTest.job_id, payload: viaTest }),
      ]);
      await Promise.all([processEvent(deps, a.eventId!), processEvent(deps, b.eventId!)]);
      const made = await t.db.apiReviewRequest.count({ where: { customerPhone } });
      expect(made).toBe(1);
      expect(await t.db.outboxMessage.count({ where: { to: customerPhone } })).toBe(1);
    });
  });

  describe("the screen's Test job, and another location's data", () => {
    it('sends a test job through the same path', async () => {
      const res = await owner.post('/api/settings/integrations/field-service/test-job', { customer_name: 'Tess Test', customer_email: 'tess@example.com', campaign_id: mike.id });
      expect(res.statusCode).toBe(200);
      expect(json(res).message).toBe(FS_MSG.testSent);
      const jobId = json(res).data.job_id as string;
      // The rules' channel is sms and the test gave only an email.
      expect(await jobNamed(jobId)).toMatchObject({ status: 'skipped', reason: 'no_contact', source: 'test' });
      await rules({ channel: 'both' });
      const sent = json(await owner.post('/api/settings/integrations/field-service/test-job', { customer_name: 'Tess Test', customer_email: 'tess2@example.com', campaign_id: mike.id })).data.job_id;
      expect(await jobNamed(sent)).toMatchObject({ status: 'sent' });
      expect(await t.db.outboxMessage.count({ where: { to: 'tess2@example.com' } })).toBe(1);
      const bad = await owner.post('/api/settings/integrations/field-service/test-job', { customer_name: 'X', campaign_id: mike.id });
      expect(json(bad).errors).toEqual({ customer_phone: FS_MSG.contactRequired });
    });

    it("shows Dallas none of Austin's jobs, connections or technicians", async () => {
      // Integrations are for subscribed locations: Dallas gets one for this test.
      await grantAddons(t.db, dallas.id, []);
      const dallasOwner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
      expect(await jobsList(dallasOwner)).toEqual([]);
      const loaded = json(await dallasOwner.post('/api/settings/integrations/field-service/load')).data;
      expect(loaded.connectors.every((c: { status: string }) => c.status === 'none')).toBe(true);
      expect(json(await dallasOwner.post('/api/settings/integrations/field-service/technicians/load')).data.technicians).toEqual([]);
      expect((await dallasOwner.post('/api/settings/integrations/field-service/disconnect', { provider: 'jobber' })).statusCode).toBe(404);
      expect(await t.db.fieldJob.count({ where: { locationId: dallas.id } })).toBe(0);
    });

    it("keeps handled events 30 days; the job they made stays and still stops a late retry", async () => {
      const path = await genericPath();
      const body = job();
      await post(path, body);
      await t.db.fieldJobEvent.updateMany({ where: { eventKey: body.job_id }, data: { receivedAt: new Date(Date.now() - 31 * 24 * 3600_000) } });
      await cleanupJob.handler({}, deps);
      expect(await t.db.fieldJobEvent.count({ where: { eventKey: body.job_id } })).toBe(0);
      expect(await t.db.fieldJob.count({ where: { externalId: body.job_id } })).toBe(1);
      expect((await post(path, body)).json()).toEqual({ received: true, duplicate: false });
      expect(await requestsFor(body.job_id)).toBe(1);
    });
  });
});
