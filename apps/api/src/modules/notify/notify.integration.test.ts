import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { Agent, grantAddons, json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

let accountId: number;

const AUSTIN = 'Demo Plumbing Austin';
const DALLAS = 'Demo Plumbing Dallas';

const t = useDemoApp({ roles: [] });
beforeAll(async () => {
  accountId = (await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } })).accountId;
});

// Each test starts with a fresh allowance of texted codes; the limit itself has its own test.
beforeEach(async () => {
  await t.db.rateLimitHit.deleteMany({ where: { key: { startsWith: 'phone-code:' } } });
});

const owner = () => loginAs(t.app, t.db, 'owner@kudo.test', AUSTIN);
const admin = () => loginAs(t.app, t.db, 'admin@kudo.test');

/** Dallas off its trial, so that its owner can reach the dispatch settings there (tenancy checks). */
async function dallasPaid() {
  await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, trialEndsAt: null } });
  await grantAddons(t.db, t.dallasId, ['kudoPro']);
  return loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
}

const lastEmailTo = (to: string) => t.db.outboxMessage.findFirstOrThrow({ where: { channel: 'email', to }, orderBy: { id: 'desc' } });
const lastSmsTo = (to: string) => t.db.outboxMessage.findFirstOrThrow({ where: { channel: 'sms', to }, orderBy: { id: 'desc' } });
const linkIn = (body: string) => {
  const m = body.match(/https?:\/\/[^\s]+\/verification\/notification\/email\/(\d+)\/([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no verification link in: ${body}`);
  return { accountId: Number(m[1]), token: m[2]! };
};
const codeIn = (body: string) => body.match(/\b(\d{6})\b/)![1]!;

const dispatchEndpoints: [string, string, unknown?][] = [
  ['GET', '/api/settings/dispatch/notification/load'],
  ['POST', '/api/settings/manage/kudo-notifications/remove-email', { email: 'owner@kudo.test', id: 1, sentiment: 'positive' }],
  ['POST', '/api/settings/manage/kudo-notifications/delete-verification', { email: 'manager@demoplumbing.test', sentiment: 'negative' }],
  ['POST', '/api/settings/manage/kudo-notifications/add-email', { email: 'new@example.com', sentiment: 'neutral' }],
  ['POST', '/api/settings/manage/kudo-notifications/resend-verification', { email: 'manager@demoplumbing.test', sentiment: 'negative' }],
  ['POST', '/api/settings/manage/kudo-notifications/update-sms', { phone_number: '', id: null, sentiment: 'neutral' }],
];
const phoneEndpoints: [string, string, unknown?][] = [
  ['POST', '/api/verification/phone/token', { phone_number: '5125550199' }],
  ['POST', '/api/verification/phone/token/abcdefghijklmnopqrstuvwxyz', { auth: '123456', phone_number: '5125550199' }],
];
const messagingEndpoints: [string, string, unknown?][] = [
  ['POST', '/api/kudo-pro/escalation-policy/fetch'],
  ['POST', '/api/kudo-pro/escalation-policy/update', { contact_id: 1, name: 'A', email: 'a@example.com', phone_number: '', delay: 5 }],
  ['POST', '/api/kudo-pro/escalation-policy/delete', { contact_id: 1 }],
  ['POST', '/api/kudo-pro/escalation-policy/add', { name: 'A', email: 'a@example.com', phone_number: '', delay: 5 }],
  ['GET', '/api/settings/messaging/auto-reply/load'],
  [
    'POST',
    '/api/kudo-pro/manage-auto-reply-settings',
    { firstReply: { text: 'Hi', enable: true }, secondReply: { text: 'Hello', enable: false, delay: 5 } },
  ],
];
const all = [...dispatchEndpoints, ...phoneEndpoints, ...messagingEndpoints];

describe('access', () => {
  it.each(all)('%s %s answers 403 to a user without the settings permission', async (method, url, payload) => {
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    const res = await staff.request(method, url, payload);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(MSG.forbidden);
  });

  it.each(dispatchEndpoints)('%s %s is closed to trial locations (Dallas, lite)', async (method, url, payload) => {
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    expect((await dallas.request(method, url, payload)).statusCode).toBe(403);
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    expect((await lite.request(method, url, payload)).statusCode).toBe(403);
  });

  it.each(messagingEndpoints)('%s %s needs the kudoPro subscription', async (method, url, payload) => {
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    expect((await lite.request(method, url, payload)).statusCode).toBe(403);
  });

  it('lets a trial location verify a phone number (settings are open to it)', async () => {
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    const res = await lite.post('/api/verification/phone/token', { phone_number: '(512) 555-0161' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.verification_key).toEqual(expect.any(String));
  });
});

describe('E065 load notifications', () => {
  it('lists each sentiment’s emails and the neutral and negative SMS numbers of the location only', async () => {
    const res = await (await admin()).get('/api/settings/dispatch/notification/load');
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.positive).toEqual({ email: [{ email: 'owner@kudo.test', id: expect.any(Number), verified: true }] });
    expect(data.positive).not.toHaveProperty('sms');
    expect(data.neutral.email.map((e: { email: string }) => e.email)).toEqual(['service@demoplumbing.test']);
    expect(data.neutral.sms).toEqual({ phoneNumber: '+15125550142', id: expect.any(Number) });
    expect(data.negative.email).toEqual([
      { email: 'owner@kudo.test', id: expect.any(Number), verified: true },
      { email: 'manager@demoplumbing.test', id: expect.any(Number), verified: false },
    ]);
    expect(data.negative.sms.phoneNumber).toBe('+15125550142');
  });
});

describe('E068 add-email and its verification', () => {
  it('adds a pending email, emails it a link, and the link verifies it', async () => {
    const agent = await owner();
    const res = await agent.post('/api/settings/manage/kudo-notifications/add-email', { email: ' Ops@Example.com ', sentiment: 'neutral' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.emailSaved);
    expect(json(res).data).toEqual({ email: 'ops@example.com', id: expect.any(Number), verified: false });
    const mail = await lastEmailTo('ops@example.com');
    expect(mail.locationId).toBe(t.austinId);
    expect(mail.subject).toContain(AUSTIN);
    const link = linkIn(mail.body);
    expect(link.accountId).toBe(accountId);
    const row = await t.db.notificationEmail.findUniqueOrThrow({ where: { id: json(res).data.id } });
    expect(row.verificationTokenHash).not.toBe(link.token);

    // A link with another account's id does not verify it.
    const wrong = await new Agent(t.app).get(`/api/verification/notification/email/${accountId + 999}/${link.token}`);
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.db.notificationEmail.findUniqueOrThrow({ where: { id: row.id } })).verified).toBe(false);

    const ok = await new Agent(t.app).get(`/api/verification/notification/email/${link.accountId}/${link.token}`);
    expect(ok.statusCode).toBe(200);
    expect((await t.db.notificationEmail.findUniqueOrThrow({ where: { id: row.id } })).verified).toBe(true);
    // A second click still confirms.
    expect((await new Agent(t.app).get(`/api/verification/notification/email/${link.accountId}/${link.token}`)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const agent = await owner();
    await agent.post('/api/settings/manage/kudo-notifications/add-email', { email: 'late@example.com', sentiment: 'negative' });
    const link = linkIn((await lastEmailTo('late@example.com')).body);
    await t.db.notificationEmail.updateMany({ where: { email: 'late@example.com' }, data: { verificationExpiresAt: new Date(Date.now() - 1000) } });
    const res = await new Agent(t.app).get(`/api/verification/notification/email/${link.accountId}/${link.token}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.db.notificationEmail.findFirstOrThrow({ where: { email: 'late@example.com' } })).verified).toBe(false);
  });

  it.each([
    [{ email: 'owner@kudo.test', sentiment: 'negative' }, MSG.emailAlreadyAdded],
    [{ email: 'second@example.com', sentiment: 'positive' }, MSG.notifyPositiveOneEmail],
    [{ email: 'not-an-email', sentiment: 'neutral' }, MSG.validEmail],
    [{ email: 'x@example.com', sentiment: 'angry' }, MSG.sentimentInvalid],
    [{ sentiment: 'neutral' }, MSG.validEmail],
  ])('refuses %j with the exact message and adds nothing', async (body, message) => {
    const agent = await owner();
    const before = await t.db.notificationEmail.count();
    const outbox = await t.db.outboxMessage.count();
    const res = await agent.post('/api/settings/manage/kudo-notifications/add-email', body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ status: 0, message });
    expect(await t.db.notificationEmail.count()).toBe(before);
    expect(await t.db.outboxMessage.count()).toBe(outbox);
  });

  it('allows the first positive email once the old one is removed', async () => {
    const dallas = await dallasPaid();
    const load = json(await dallas.get('/api/settings/dispatch/notification/load')).data;
    expect(load.positive.email).toEqual([]);
    const res = await dallas.post('/api/settings/manage/kudo-notifications/add-email', { email: 'dallas@example.com', sentiment: 'positive' });
    expect(res.statusCode).toBe(200);
    const again = await dallas.post('/api/settings/manage/kudo-notifications/add-email', { email: 'dallas2@example.com', sentiment: 'positive' });
    expect(json(again).message).toBe(MSG.notifyPositiveOneEmail);
    // The same address is allowed for another sentiment and in another location.
    expect((await dallas.post('/api/settings/manage/kudo-notifications/add-email', { email: 'dallas@example.com', sentiment: 'neutral' })).statusCode).toBe(200);
  });
});

describe('E069 resend-verification', () => {
  it('sends a new link that works, and the old one stops working', async () => {
    const agent = await owner();
    await agent.post('/api/settings/manage/kudo-notifications/add-email', { email: 'resend@example.com', sentiment: 'neutral' });
    const first = linkIn((await lastEmailTo('resend@example.com')).body);
    const res = await agent.post('/api/settings/manage/kudo-notifications/resend-verification', { email: 'resend@example.com', sentiment: 'neutral' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.verificationResent);
    const second = linkIn((await lastEmailTo('resend@example.com')).body);
    expect(second.token).not.toBe(first.token);
    expect((await new Agent(t.app).get(`/api/verification/notification/email/${accountId}/${first.token}`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await new Agent(t.app).get(`/api/verification/notification/email/${accountId}/${second.token}`)).statusCode).toBe(200);
  });

  it('refuses a verified email, an unknown one, and another location’s', async () => {
    const agent = await owner();
    const verified = await agent.post('/api/settings/manage/kudo-notifications/resend-verification', { email: 'owner@kudo.test', sentiment: 'negative' });
    expect(verified.statusCode).toBe(400);
    expect(json(verified).message).toBe(MSG.notifyEmailAlreadyVerified);
    const unknown = await agent.post('/api/settings/manage/kudo-notifications/resend-verification', { email: 'nobody@example.com', sentiment: 'negative' });
    expect(unknown.statusCode).toBe(404);
    const dallas = await dallasPaid();
    const outbox = await t.db.outboxMessage.count();
    const other = await dallas.post('/api/settings/manage/kudo-notifications/resend-verification', { email: 'manager@demoplumbing.test', sentiment: 'negative' });
    expect(other.statusCode).toBe(404);
    expect(await t.db.outboxMessage.count()).toBe(outbox);
  });
});

describe('E067 delete-verification', () => {
  it('withdraws a pending email; a verified one stays', async () => {
    const agent = await owner();
    await agent.post('/api/settings/manage/kudo-notifications/add-email', { email: 'pending@example.com', sentiment: 'negative' });
    const res = await agent.post('/api/settings/manage/kudo-notifications/delete-verification', { email: 'pending@example.com', sentiment: 'negative' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.emailDeleted);
    expect(await t.db.notificationEmail.count({ where: { email: 'pending@example.com' } })).toBe(0);
    const verified = await agent.post('/api/settings/manage/kudo-notifications/delete-verification', { email: 'owner@kudo.test', sentiment: 'negative' });
    expect(verified.statusCode).toBe(400);
    expect(json(verified).message).toBe(MSG.notifyEmailAlreadyVerified);
    expect(await t.db.notificationEmail.count({ where: { email: 'owner@kudo.test', locationId: t.austinId, sentiment: 'negative' } })).toBe(1);
  });

  it('cannot withdraw another location’s pending email', async () => {
    const dallas = await dallasPaid();
    const res = await dallas.post('/api/settings/manage/kudo-notifications/delete-verification', { email: 'manager@demoplumbing.test', sentiment: 'negative' });
    expect(res.statusCode).toBe(404);
    expect(await t.db.notificationEmail.count({ where: { email: 'manager@demoplumbing.test', locationId: t.austinId } })).toBe(1);
  });
});

describe('E066 remove-email', () => {
  it('removes an email of the location; Dallas cannot remove Austin’s', async () => {
    const agent = await owner();
    const row = await t.db.notificationEmail.findFirstOrThrow({ where: { locationId: t.austinId, email: 'service@demoplumbing.test' } });
    const dallas = await dallasPaid();
    const other = await dallas.post('/api/settings/manage/kudo-notifications/remove-email', { email: row.email, id: row.id, sentiment: 'neutral' });
    expect(other.statusCode).toBe(404);
    expect(json(other).message).toBe(MSG.notifyEmailNotFound);
    expect(await t.db.notificationEmail.count({ where: { id: row.id } })).toBe(1);
    // The sentiment must match too.
    const wrongSentiment = await agent.post('/api/settings/manage/kudo-notifications/remove-email', { email: row.email, id: row.id, sentiment: 'negative' });
    expect(wrongSentiment.statusCode).toBe(404);
    const res = await agent.post('/api/settings/manage/kudo-notifications/remove-email', { email: row.email, id: row.id, sentiment: 'neutral' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.emailDeleted);
    expect(await t.db.notificationEmail.count({ where: { id: row.id } })).toBe(0);
  });

  it('answers 400 to a malformed id and 404 to an unknown one', async () => {
    const agent = await owner();
    expect((await agent.post('/api/settings/manage/kudo-notifications/remove-email', { id: 'abc', sentiment: 'neutral' })).statusCode).toBe(400);
    expect((await agent.post('/api/settings/manage/kudo-notifications/remove-email', { id: 99999999999, sentiment: 'neutral' })).statusCode).toBe(400);
    expect((await agent.post('/api/settings/manage/kudo-notifications/remove-email', { id: 999999, sentiment: 'neutral' })).statusCode).toBe(404);
  });
});

describe('E071 / E072 phone verification', () => {
  it('texts a 6-digit code and verifies the number with it; the key is cleared', async () => {
    const agent = await owner();
    const res = await agent.post('/api/verification/phone/token', { phone_number: '(512) 555-0170' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.phoneCodeSent);
    const key = json(res).data.verification_key as string;
    const sms = await lastSmsTo('+15125550170');
    expect(sms.locationId).toBe(t.austinId);
    const code = codeIn(sms.body);
    const row = await t.db.phoneVerification.findFirstOrThrow({ where: { phone: '+15125550170' }, orderBy: { id: 'desc' } });
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60_000);

    const ok = await agent.post(`/api/verification/phone/token/${key}`, { auth: code, phone_number: '5125550170' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data).toEqual({ valid: true });
    const after = await t.db.phoneVerification.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.keyHash).toBeNull();
    expect(after.verifiedAt).not.toBeNull();
    // The key works once.
    const reuse = await agent.post(`/api/verification/phone/token/${key}`, { auth: code, phone_number: '5125550170' });
    expect(reuse.statusCode).toBe(400);
    expect(json(reuse).message).toBe(MSG.phoneCodeExpired);
  });

  it('answers a wrong code with the spec’s message and counts the attempt; five wrong codes lock it', async () => {
    const agent = await owner();
    const key = json(await agent.post('/api/verification/phone/token', { phone_number: '5125550171' })).data.verification_key as string;
    const code = codeIn((await lastSmsTo('+15125550171')).body);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await agent.post(`/api/verification/phone/token/${key}`, { auth: wrong, phone_number: '5125550171' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ status: 0, message: MSG.phoneCodeMismatch });
    }
    const locked = await agent.post(`/api/verification/phone/token/${key}`, { auth: code, phone_number: '5125550171' });
    expect(locked.statusCode).toBe(400);
    expect(json(locked).message).toBe(MSG.phoneCodeTooManyAttempts);
    const row = await t.db.phoneVerification.findFirstOrThrow({ where: { phone: '+15125550171' } });
    expect(row.attempts).toBe(5);
    expect(row.verifiedAt).toBeNull();
  });

  it('refuses the right code for another number, and an expired code', async () => {
    const agent = await owner();
    const key = json(await agent.post('/api/verification/phone/token', { phone_number: '5125550172' })).data.verification_key as string;
    const code = codeIn((await lastSmsTo('+15125550172')).body);
    const other = await agent.post(`/api/verification/phone/token/${key}`, { auth: code, phone_number: '5125550173' });
    expect(json(other).message).toBe(MSG.phoneCodeMismatch);
    await t.db.phoneVerification.updateMany({ where: { phone: '+15125550172' }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await agent.post(`/api/verification/phone/token/${key}`, { auth: code, phone_number: '5125550172' });
    expect(expired.statusCode).toBe(400);
    expect(json(expired).message).toBe(MSG.phoneCodeExpired);
    expect((await t.db.phoneVerification.findFirstOrThrow({ where: { phone: '+15125550172' } })).verifiedAt).toBeNull();
  });

  it('refuses a key of another location', async () => {
    const agent = await owner();
    const key = json(await agent.post('/api/verification/phone/token', { phone_number: '5125550174' })).data.verification_key as string;
    const code = codeIn((await lastSmsTo('+15125550174')).body);
    const dallas = await dallasPaid();
    const res = await dallas.post(`/api/verification/phone/token/${key}`, { auth: code, phone_number: '5125550174' });
    expect(res.statusCode).toBe(400);
    expect((await t.db.phoneVerification.findFirstOrThrow({ where: { phone: '+15125550174' } })).verifiedAt).toBeNull();
  });

  it.each([
    ['/api/verification/phone/token', { phone_number: '12345' }, MSG.validPhone],
    ['/api/verification/phone/token', { phone_number: '0125550100' }, MSG.validPhone],
    ['/api/verification/phone/token', {}, MSG.validPhone],
    ['/api/verification/phone/token/abcdefghijklmnopqrstuvwxyz', { auth: '12345', phone_number: '5125550100' }, MSG.phoneCodeFormat],
    ['/api/verification/phone/token/abcdefghijklmnopqrstuvwxyz', { auth: '12a456', phone_number: '5125550100' }, MSG.phoneCodeFormat],
    ['/api/verification/phone/token/abcdefghijklmnopqrstuvwxyz', { auth: '123456', phone_number: '5125550100' }, MSG.phoneCodeExpired],
  ])('POST %s %j answers 400 with the exact message and sends nothing', async (url, body, message) => {
    const agent = await owner();
    const outbox = await t.db.outboxMessage.count();
    const res = await agent.post(url, body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await t.db.outboxMessage.count()).toBe(outbox);
  });

  it('limits the codes texted per location', async () => {
    const dallas = await dallasPaid();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await dallas.post('/api/verification/phone/token', { phone_number: `21455501${80 + i}` })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    expect(await t.db.outboxMessage.count({ where: { to: '+12145550185' } })).toBe(0);
    // Austin's allowance is its own.
    expect((await (await owner()).post('/api/verification/phone/token', { phone_number: '5125550186' })).statusCode).toBe(200);
  });
});

describe('E070 update-sms', () => {
  async function verify(agent: Agent, digits: string) {
    const key = json(await agent.post('/api/verification/phone/token', { phone_number: digits })).data.verification_key as string;
    const code = codeIn((await lastSmsTo(`+1${digits}`)).body);
    expect((await agent.post(`/api/verification/phone/token/${key}`, { auth: code, phone_number: digits })).statusCode).toBe(200);
  }
  const smsOf = (sentiment: string, locationId = t.austinId) =>
    t.db.notificationSms.findUnique({ where: { locationId_sentiment: { locationId, sentiment } } });

  it('refuses a number that was not verified, and accepts it once verified', async () => {
    const agent = await owner();
    const current = (await smsOf('negative'))!;
    const refused = await agent.post('/api/settings/manage/kudo-notifications/update-sms', { phone_number: '5125550190', id: current.id, sentiment: 'negative' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(MSG.notifySmsNotVerified);
    expect((await smsOf('negative'))!.phoneNumber).toBe('+15125550142');

    await verify(agent, '5125550190');
    const res = await agent.post('/api/settings/manage/kudo-notifications/update-sms', { phone_number: '(512) 555-0190', id: current.id, sentiment: 'negative' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.notifySmsSaved);
    expect(json(res).data).toEqual({ phoneNumber: '+15125550190', id: current.id });
    expect((await smsOf('negative'))!.phoneNumber).toBe('+15125550190');
  });

  it('skips verification for the other sentiment’s verified number, and clears with an empty number', async () => {
    const agent = await owner();
    const neutral = (await smsOf('neutral'))!;
    const negative = (await smsOf('negative'))!;
    const same = await agent.post('/api/settings/manage/kudo-notifications/update-sms', { phone_number: negative.phoneNumber, id: neutral.id, sentiment: 'neutral' });
    expect(same.statusCode).toBe(200);
    expect((await smsOf('neutral'))!.phoneNumber).toBe(negative.phoneNumber);
    const cleared = await agent.post('/api/settings/manage/kudo-notifications/update-sms', { phone_number: '', id: neutral.id, sentiment: 'neutral' });
    expect(cleared.statusCode).toBe(200);
    expect(json(cleared)).toMatchObject({ data: null, message: MSG.notifySmsCleared });
    expect(await smsOf('neutral')).toBeNull();
    const load = json(await agent.get('/api/settings/dispatch/notification/load')).data;
    expect(load.neutral.sms).toBeNull();
    // With no number stored, a new one is created (id null).
    const again = await agent.post('/api/settings/manage/kudo-notifications/update-sms', { phone_number: negative.phoneNumber, id: null, sentiment: 'neutral' });
    expect(again.statusCode).toBe(200);
    expect(json(again).data.phoneNumber).toBe(negative.phoneNumber);
  });

  it('refuses a verification older than 30 minutes or made by another location', async () => {
    const agent = await owner();
    await verify(agent, '5125550191');
    await t.db.phoneVerification.updateMany({ where: { phone: '+15125550191' }, data: { verifiedAt: new Date(Date.now() - 31 * 60_000) } });
    const old = await agent.post('/api/settings/manage/kudo-notifications/update-sms', { phone_number: '5125550191', sentiment: 'negative' });
    expect(old.statusCode).toBe(400);
    expect(json(old).message).toBe(MSG.notifySmsNotVerified);

    await verify(agent, '5125550192');
    const dallas = await dallasPaid();
    const other = await dallas.post('/api/settings/manage/kudo-notifications/update-sms', { phone_number: '5125550192', sentiment: 'negative' });
    expect(other.statusCode).toBe(400);
    expect(await smsOf('negative', t.dallasId)).toBeNull();
  });

  it.each([
    [{ phone_number: '5125550142', sentiment: 'positive' }, 400, MSG.notifySmsSentiment],
    [{ phone_number: '55501', sentiment: 'negative' }, 400, MSG.validPhone],
    [{ phone_number: '5125550142', id: 987654, sentiment: 'negative' }, 404, MSG.notifySmsNotFound],
  ])('refuses %j and changes nothing', async (body, status, message) => {
    const agent = await owner();
    const before = await t.db.notificationSms.findMany({ where: { locationId: t.austinId }, orderBy: { id: 'asc' } });
    const res = await agent.post('/api/settings/manage/kudo-notifications/update-sms', body);
    expect(res.statusCode).toBe(status);
    expect(json(res).message).toBe(message);
    expect(await t.db.notificationSms.findMany({ where: { locationId: t.austinId }, orderBy: { id: 'asc' } })).toEqual(before);
  });

  it('cannot clear Austin’s number from Dallas by its id', async () => {
    const negative = (await smsOf('negative'))!;
    const dallas = await dallasPaid();
    const res = await dallas.post('/api/settings/manage/kudo-notifications/update-sms', { phone_number: '', id: negative.id, sentiment: 'negative' });
    expect(res.statusCode).toBe(404);
    expect(await smsOf('negative')).not.toBeNull();
  });
});

describe('E084–E087 escalation contacts', () => {
  const fetchAll = async (agent: Agent) => json(await agent.post('/api/kudo-pro/escalation-policy/fetch')).data as { contact_id: number; name: string; email: string; phone_number: string; delay: number }[];

  it('lists the location’s contacts', async () => {
    const list = await fetchAll(await admin());
    expect(list).toEqual([
      { contact_id: expect.any(Number), name: 'Sam Rivera', email: 'sam.rivera@demoplumbing.test', phone_number: '+15125550177', delay: 5 },
      { contact_id: expect.any(Number), name: 'Dana Whitfield', email: 'dana@demoplumbing.test', phone_number: '', delay: 15 },
    ]);
    const dallas = await dallasPaid();
    expect(await fetchAll(dallas)).toEqual([]);
  });

  it('adds a contact with a phone only, the delay defaulting to 5 minutes', async () => {
    const agent = await owner();
    const res = await agent.post('/api/kudo-pro/escalation-policy/add', { name: 'Night Line', email: '', phone_number: '(512) 555-0150' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.escalationAdded);
    expect(json(res).data).toEqual({ contact_id: expect.any(Number), name: 'Night Line', email: '', phone_number: '+15125550150', delay: 5 });
    expect((await fetchAll(agent)).at(-1)!.name).toBe('Night Line');
  });

  it.each([
    [{ name: 'X', email: '', phone_number: '' }, MSG.escalationNoContact],
    [{ name: 'X', email: 'nope', phone_number: '123' }, MSG.escalationNoContact],
    [{ name: 'X', email: 'SAM.RIVERA@demoplumbing.test', phone_number: '' }, MSG.emailAlreadyAdded],
    [{ name: 'X', email: 'fresh@example.com', phone_number: '', delay: 7 }, MSG.escalationDelay],
    [{ name: 'X', email: 'fresh@example.com', phone_number: '123' }, MSG.validPhone],
    [{ name: 'X', email: 'bad@', phone_number: '5125550151' }, MSG.validEmail],
  ])('refuses to add %j with the exact message', async (body, message) => {
    const agent = await owner();
    const before = await t.db.escalationContact.count();
    const res = await agent.post('/api/kudo-pro/escalation-policy/add', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await t.db.escalationContact.count()).toBe(before);
  });

  it('updates a contact in place; a name is required', async () => {
    const agent = await owner();
    const dana = (await fetchAll(agent)).find((c) => c.name === 'Dana Whitfield')!;
    const noName = await agent.post('/api/kudo-pro/escalation-policy/update', { ...dana, name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(json(noName).message).toBe(MSG.escalationName);
    const noChannel = await agent.post('/api/kudo-pro/escalation-policy/update', { ...dana, email: '', phone_number: '' });
    expect(json(noChannel).message).toBe(MSG.escalationNoContact);
    const clash = await agent.post('/api/kudo-pro/escalation-policy/update', { ...dana, email: 'sam.rivera@demoplumbing.test' });
    expect(json(clash).message).toBe(MSG.emailAlreadyAdded);
    expect((await fetchAll(agent)).find((c) => c.contact_id === dana.contact_id)).toEqual(dana);

    const res = await agent.post('/api/kudo-pro/escalation-policy/update', { ...dana, name: 'Dana W.', phone_number: '512-555-0152', delay: 30 });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.escalationSaved);
    expect(json(res).data).toEqual({ ...dana, name: 'Dana W.', phone_number: '+15125550152', delay: 30 });
    // Keeping its own email is not a duplicate.
    expect((await agent.post('/api/kudo-pro/escalation-policy/update', { ...dana, name: 'Dana W.' })).statusCode).toBe(200);
  });

  it('Dallas can neither change nor delete an Austin contact', async () => {
    const sam = (await fetchAll(await owner())).find((c) => c.name === 'Sam Rivera')!;
    const dallas = await dallasPaid();
    const update = await dallas.post('/api/kudo-pro/escalation-policy/update', { ...sam, name: 'Hijacked' });
    expect(update.statusCode).toBe(404);
    const del = await dallas.post('/api/kudo-pro/escalation-policy/delete', { contact_id: sam.contact_id });
    expect(del.statusCode).toBe(404);
    expect(json(del).message).toBe(MSG.escalationNotFound);
    const row = await t.db.escalationContact.findUniqueOrThrow({ where: { id: sam.contact_id } });
    expect(row.name).toBe('Sam Rivera');
  });

  it('deletes a contact', async () => {
    const agent = await owner();
    const sam = (await fetchAll(agent)).find((c) => c.name === 'Sam Rivera')!;
    const res = await agent.post('/api/kudo-pro/escalation-policy/delete', { contact_id: sam.contact_id });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.escalationDeleted);
    expect((await fetchAll(agent)).some((c) => c.contact_id === sam.contact_id)).toBe(false);
    expect((await agent.post('/api/kudo-pro/escalation-policy/delete', { contact_id: sam.contact_id })).statusCode).toBe(404);
    expect((await agent.post('/api/kudo-pro/escalation-policy/delete', {})).statusCode).toBe(400);
  });
});

describe('E088 / E089 auto-reply', () => {
  it('loads the saved replies, and defaults for a location without any', async () => {
    const res = await (await admin()).get('/api/settings/messaging/auto-reply/load');
    expect(json(res).data).toEqual({
      firstReply: { text: expect.stringContaining('Thanks for reaching out'), enable: true },
      secondReply: { text: expect.stringContaining('Sorry for the wait'), enable: true, delay: 10 },
    });
    const dallas = await dallasPaid();
    expect(json(await dallas.get('/api/settings/messaging/auto-reply/load')).data).toEqual({
      firstReply: { text: '', enable: false },
      secondReply: { text: '', enable: false, delay: 5 },
    });
  });

  it('saves both replies with the spec’s message', async () => {
    const agent = await owner();
    const body = { firstReply: { text: ' We got your message! ', enable: true }, secondReply: { text: '', enable: false, delay: 45 } };
    const res = await agent.post('/api/kudo-pro/manage-auto-reply-settings', body);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.autoReplySaved);
    const expected = { firstReply: { text: 'We got your message!', enable: true }, secondReply: { text: '', enable: false, delay: 45 } };
    expect(json(res).data).toEqual(expected);
    expect(json(await agent.get('/api/settings/messaging/auto-reply/load')).data).toEqual(expected);
  });

  it.each([
    [{ firstReply: { text: '', enable: true }, secondReply: { text: 'x', enable: false, delay: 5 } }, MSG.autoReplyTextRequired],
    [{ firstReply: { text: 'a', enable: false }, secondReply: { text: '  ', enable: true, delay: 5 } }, MSG.autoReplyTextRequired],
    [{ firstReply: { text: 'a', enable: true }, secondReply: { text: 'b', enable: true, delay: 3 } }, MSG.autoReplyDelay],
    [{ firstReply: { text: 'a'.repeat(481), enable: true }, secondReply: { text: 'b', enable: true, delay: 5 } }, MSG.autoReplyTextMax],
  ])('refuses %j and keeps the saved replies', async (body, message) => {
    const agent = await owner();
    const before = await t.db.autoReplySettings.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const res = await agent.post('/api/kudo-pro/manage-auto-reply-settings', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await t.db.autoReplySettings.findUniqueOrThrow({ where: { locationId: t.austinId } })).toEqual(before);
  });
});
