import { describe, expect, it } from 'vitest';
import { GLOBAL_TEMPLATES, MSG, renderTemplate } from '@kudo/shared';
import { isOptedOut, recordConsent } from '../../lib/consent.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, json, loginAs } from '../../../test/helpers.js';

describe('operate: sending bios and pulseChecks, lookups, consent, boost', async () => {
  const t = await createTestApp();
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  const austinCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null, isDefault: false } });
  const dallasCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: dallas.id, deletedAt: null } });
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
  const send = (kind: 'bio' | 'pcheck', body: Record<string, unknown>, agent = owner) =>
    agent.post(`/api/kudo-beta/dispatch/send-${kind}`, { campaign_uid: austinCampaign.uid, customer_name: 'Pat Jones', customer_address: '1 Main St', is_test: false, ...body });
  const lastTo = (to: string) => t.db.outboxMessage.findFirstOrThrow({ where: { to }, orderBy: { id: 'desc' } });

  it('sends a pulseCheck by SMS and email with an unguessable link and records the dispatch', async () => {
    const res = await send('pcheck', { customer_phone: '(512) 555-0170', customer_email: 'Pat@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      status: 1,
      phone_status: 1,
      phone_message: MSG.dispatchSmsSent,
      email_status: 1,
      email_message: MSG.dispatchEmailSent,
      pcheck_count: null,
    });
    const sms = await lastTo('+15125550170');
    const token = /\/pulsecheck\/([A-Za-z0-9_-]{16})\b/.exec(sms.body)?.[1];
    expect(token).toBeTruthy();
    expect(sms.body).toContain('Hi Pat');
    expect(sms.body).toContain(austinCampaign.name);
    const dispatch = await t.db.dispatch.findUniqueOrThrow({ where: { tokenHash: hashToken(token!) } });
    expect(dispatch).toMatchObject({ kind: 'pcheck', source: 'dashboard', locationId: austin.id, campaignId: austinCampaign.id, customerPhone: '+15125550170', customerEmail: 'pat@example.com', smsStatus: 1, emailStatus: 1, isTest: false });
    const days = (dispatch.expiresAt.getTime() - dispatch.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const email = await lastTo('pat@example.com');
    expect(email.body).toContain(`/pulsecheck/${token}`);
    expect(email.body).toMatch(/Unsubscribe: http:\/\/kudo\.test\/api\/public\/unsubscribe\?l=\d+&e=[\w-]+&s=[\w-]+/);
    const headers = email.headers as Record<string, string>;
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/kudo\.test\/api\/public\/unsubscribe\?/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const customer = await t.db.customer.findUniqueOrThrow({ where: { locationId_phone: { locationId: austin.id, phone: '+15125550170' } } });
    expect(customer).toMatchObject({ name: 'Pat Jones', email: 'pat@example.com', addressLine: '1 Main St' });
  });

  it("sends a bio with the campaign's bio link and its own template when it has one", async () => {
    await t.db.campaign.update({ where: { id: austinCampaign.id }, data: { bioSmsTemplate: 'Your tech {employee_name} of {department}: {link}' } });
    const res = await send('bio', { customer_phone: '5125550171' });
    expect(json(res).data).toMatchObject({ status: 1, phone_status: 1, email_status: null });
    const sms = await lastTo('+15125550171');
    expect(sms.body).toBe(`Your tech ${austinCampaign.name} of ${austinCampaign.department}: http://kudo.test/view-bio/${austinCampaign.uid}`);
    await t.db.campaign.update({ where: { id: austinCampaign.id }, data: { bioSmsTemplate: null } });
    await send('bio', { customer_phone: '5125550171' });
    const fallback = await lastTo('+15125550171');
    const account = await t.db.accountTemplates.findUnique({ where: { locationId: austin.id } });
    const expected = renderTemplate(account?.bioSmsTemplate ?? GLOBAL_TEMPLATES.bioSmsTemplate, {
      customer_name: 'Pat',
      employee_name: austinCampaign.name,
      company_name: austin.companyName || austin.name,
      department: austinCampaign.department,
      link: `http://kudo.test/view-bio/${austinCampaign.uid}`,
    });
    expect(fallback.body).toBe(expected);
  });

  it('reports each channel: an opted-out phone fails while the email goes (a warning), both failing is a failure', async () => {
    await recordConsent(t.db, { locationId: austin.id, channel: 'sms', address: '+15125550172', scope: 'dispatch', action: 'opt_out', source: 'dashboard' });
    const warning = await send('pcheck', { customer_phone: '5125550172', customer_email: 'sam@example.com' });
    expect(json(warning).data).toMatchObject({ status: 1, phone_status: 0, phone_message: MSG.lookupOptedOut, email_status: 1 });
    await recordConsent(t.db, { locationId: austin.id, channel: 'email', address: 'sam@example.com', scope: 'all', action: 'opt_out', source: 'unsubscribe_link' });
    const failed = await send('pcheck', { customer_phone: '5125550172', customer_email: 'sam@example.com' });
    expect(json(failed).data).toMatchObject({ status: 0, phone_status: 0, email_status: 0, email_message: MSG.emailUnsubscribed });
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550172' } })).toBe(0);
  });

  it('refuses bad input with the exact message and records nothing', async () => {
    const before = await t.db.dispatch.count();
    const none = await send('pcheck', { customer_phone: '', customer_email: '' });
    expect(none.statusCode).toBe(400);
    expect(json(none).message).toBe(MSG.dispatchContactRequired);
    expect((await send('pcheck', { customer_phone: '51255501' })).statusCode).toBe(400);
    expect((await send('pcheck', { customer_email: 'not-an-email' })).statusCode).toBe(400);
    const noCampaign = await owner.post('/api/kudo-beta/dispatch/send-pcheck', { campaign_uid: '', customer_phone: '5125550173' });
    expect(json(noCampaign).message).toBe(MSG.dispatchCampaignRequired);
    expect(await t.db.dispatch.count()).toBe(before);
  });

  it("cannot send from another location's campaign", async () => {
    const res = await send('pcheck', { campaign_uid: dallasCampaign.uid, customer_phone: '5125550174' });
    expect(res.statusCode).toBe(404);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550174' } })).toBe(0);
  });

  it('needs a session and the dispatch permission', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/kudo-beta/dispatch/send-pcheck', payload: {} })).statusCode).toBe(401);
    const staffMember = await t.db.user.findUniqueOrThrow({ where: { email: 'staff@kudo.test' } });
    await t.db.membership.updateMany({ where: { userId: staffMember.id }, data: { permDispatch: false } });
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    expect((await send('pcheck', { customer_phone: '5125550175' }, staff)).statusCode).toBe(403);
    expect((await staff.post('/api/home-owner/lookup-phone', { phone: '5125550170' })).statusCode).toBe(403);
    await t.db.membership.updateMany({ where: { userId: staffMember.id }, data: { permDispatch: true } });
  });

  it('spends trial pulseChecks, never below zero, even when sends race', async () => {
    const dallasOwner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const start = (await t.db.location.findUniqueOrThrow({ where: { id: dallas.id } })).pcheckCount;
    const one = await send('pcheck', { campaign_uid: dallasCampaign.uid, customer_phone: '2145550170' }, dallasOwner);
    expect(json(one).data.pcheck_count).toBe(start - 1);
    // Bios are not part of the trial (operate needs a paid plan); pulseChecks are, for onboarding and the wizard.
    expect((await send('bio', { campaign_uid: dallasCampaign.uid, customer_phone: '2145550170' }, dallasOwner)).statusCode).toBe(403);

    await t.db.location.update({ where: { id: dallas.id }, data: { pcheckCount: 2 } });
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => send('pcheck', { campaign_uid: dallasCampaign.uid, customer_phone: `214555018${i}` }, dallasOwner)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(json(refused[0]!).message).toBe(MSG.dispatchNoPulseChecksLeft);
    expect((await t.db.location.findUniqueOrThrow({ where: { id: dallas.id } })).pcheckCount).toBe(0);

    // A send that reached nobody gives its pulseCheck back.
    await t.db.location.update({ where: { id: dallas.id }, data: { pcheckCount: 1 } });
    await recordConsent(t.db, { locationId: dallas.id, channel: 'sms', address: '+12145550199', scope: 'all', action: 'opt_out', source: 'keyword' });
    const nobody = await send('pcheck', { campaign_uid: dallasCampaign.uid, customer_phone: '2145550199' }, dallasOwner);
    expect(json(nobody).data).toMatchObject({ status: 0, pcheck_count: 1 });
  });

  it('unsubscribes by the signed link: GET asks, POST records, a forged link does nothing', async () => {
    await send('pcheck', { customer_email: 'lee@example.com' });
    const email = await lastTo('lee@example.com');
    const url = new URL(/Unsubscribe: (\S+)/.exec(email.body)![1]!);
    const path = `${url.pathname}${url.search}`;
    const ask = await t.app.inject({ method: 'GET', url: path });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('lee@example.com');
    expect(await isOptedOut(t.db, { locationId: austin.id, channel: 'email', address: 'lee@example.com' })).toBe(false);

    const forged = path.replace(/s=[\w-]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
    const other = path.replace(/e=[\w-]+/, `e=${Buffer.from('someone@example.com').toString('base64url')}`);
    expect((await t.app.inject({ method: 'POST', url: other })).statusCode).toBe(404);

    const oneClick = await t.app.inject({ method: 'POST', url: path, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.statusCode).toBe(200);
    expect(await isOptedOut(t.db, { locationId: austin.id, channel: 'email', address: 'lee@example.com' })).toBe(true);
    const again = await send('pcheck', { customer_email: 'lee@example.com' });
    expect(json(again).data).toMatchObject({ status: 0, email_status: 0 });
  });

  it('looks a phone up: the known contact, and whether it may be texted', async () => {
    const known = await owner.post('/api/home-owner/lookup-phone', { phone: '(512) 555-0170' });
    expect(json(known).data).toEqual({
      check: true,
      opted_out: false,
      contact: { name: 'Pat Jones', email: 'pat@example.com', address_line: '1 Main St', city: '', state: '' },
    });
    const unknown = await owner.post('/api/dispatch/phone-number-lookup', { phoneNumber: '5125550100' });
    expect(json(unknown).data).toMatchObject({ status: 0, contact: null });
    expect(json(await owner.post('/api/dispatch/phone-number-lookup', { phoneNumber: '5125550170' })).data).toMatchObject({ status: 1, message: 'Pat Jones' });
    const blocked = await owner.post('/api/home-owner/lookup-phone-consent', { phone: '5125550172', app_code: 'HS' });
    expect(json(blocked).data).toMatchObject({ check: false, reason: MSG.lookupOptedOut });
    const messaging = await owner.post('/api/home-owner/lookup-phone-consent', { phone: '5125550172', app_code: 'CNXN' });
    expect(json(messaging).data).toMatchObject({ check: true, reason: null });
    expect((await owner.post('/api/home-owner/lookup-phone', { phone: '12345' })).statusCode).toBe(400);
    // Austin's customers are not Dallas's.
    const dallasOwner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    await t.db.location.update({ where: { id: dallas.id }, data: { freeTrial: false } });
    expect(json(await dallasOwner.post('/api/home-owner/lookup-phone', { phone: '5125550170' })).data).toMatchObject({ check: false, contact: null });
    await t.db.location.update({ where: { id: dallas.id }, data: { freeTrial: true } });
  });

  it('records consent from the quick actions with who made it, and sending obeys it', async () => {
    const out = await owner.post('/api/dashboard/quick-action/home-owner/opt-out', { app_code: 'HS', phone: '(512) 555-0176', email: 'kim@example.com' });
    expect(out.statusCode).toBe(200);
    expect(json(out).message).toBe(MSG.optedOut);
    const res = await send('pcheck', { customer_phone: '5125550176', customer_email: 'kim@example.com' });
    expect(json(res).data).toMatchObject({ status: 0, phone_status: 0, email_status: 0 });
    const ownerUser = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
    const events = await t.db.consentEvent.findMany({ where: { locationId: austin.id, address: { in: ['+15125550176', 'kim@example.com'] } } });
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.userId === ownerUser.id && e.source === 'dashboard' && e.scope === 'dispatch')).toBe(true);

    const back = await owner.post('/api/dashboard/quick-action/home-owner/opt-in', { app_code: 'HS', phone: '5125550176' });
    expect(json(back).message).toBe(MSG.optedIn);
    expect(json(await send('pcheck', { customer_phone: '5125550176' })).data).toMatchObject({ phone_status: 1 });

    const cnxn = await owner.post('/api/dashboard/quick-action/home-owner/opt-out', { app_code: 'CNXN', email: 'kim@example.com' });
    expect(cnxn.statusCode).toBe(400);
    expect(json(cnxn).message).toBe(MSG.consentPhoneRequired);
    const hs = await owner.post('/api/dashboard/quick-action/home-owner/opt-in', { app_code: 'HS' });
    expect(json(hs).message).toBe(MSG.consentContactRequired);
    expect((await owner.post('/api/dashboard/quick-action/home-owner/opt-in', { app_code: 'XX', phone: '5125550176' })).statusCode).toBe(400);
  });

  it('offers Kudo Boost only where the feature is enabled', async () => {
    expect(json(await owner.get('/api/boost/settings')).data).toMatchObject({ enabled: false, available: austin.enabledFeatures.some((f) => f.toLowerCase() === 'kudo boost') });
    await t.db.location.update({ where: { id: austin.id }, data: { enabledFeatures: [] } });
    const refused = await owner.request('PUT', '/api/boost/settings', { enabled: true });
    expect(refused.statusCode).toBe(403);
    await t.db.location.update({ where: { id: austin.id }, data: { enabledFeatures: ['kudo boost'] } });
    const saved = await owner.request('PUT', '/api/boost/settings', { enabled: 1, location_id: 999 });
    expect(json(saved).data).toMatchObject({ enabled: true, location_id: austin.id });
    expect(json(await owner.get('/api/boost/settings')).data).toMatchObject({ enabled: true, available: true });
  });
});
