import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { AUSTIN_BRAND } from '../../db/seeds/general.js';
import { Agent, json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

const t = useDemoApp({ roles: [] });
beforeAll(async () => {
  // Dallas leaves its trial here so that tenancy checks reach the handlers (General is closed to trials).
  await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, freeTrialType: null, trialEndsAt: null } });
});

const lastEmailTo = (to: string) =>
  t.db.outboxMessage.findFirstOrThrow({ where: { channel: 'email', to }, orderBy: { id: 'desc' } });

/** The path of the verification link in an email's text, below the public address. */
function linkIn(text: string): string {
  const match = /http:\/\/kudo\.test(\/verification\/[^\s]+)/.exec(text);
  if (!match) throw new Error(`no verification link in: ${text}`);
  return match[1]!;
}

const austin = (email: string) => loginAs(t.app, t.db, email, 'Demo Plumbing Austin');
const dallasOwner = () => loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');

/** Every endpoint of the area, with a valid request. */
const endpoints: [string, string, unknown?][] = [
  ['GET', '/api/settings/general/branding/load'],
  ['POST', '/api/settings/manage/branding/save', { color: '#123456', logo: null }],
  ['POST', '/api/settings/manage/branding/company-details/save', { name: 'Acme' }],
  ['POST', '/api/settings/manage/users/get-all'],
  ['POST', '/api/settings/manage/users/add', { username: 'x1@example.com', password: 'secret1', permissions: {} }],
  ['POST', '/api/settings/manage/users/edit', { username: 'maria.garcia@kudo.test', active: 1, permissions: { twm: 1, dispatch: 1, analytics: 1, settings: 1 } }],
  ['POST', '/api/settings/general/user/remove', { username: 'maria.garcia@kudo.test' }],
  ['GET', '/api/settings/general/reporting/load'],
  ['POST', '/api/settings/manage/email-reporting/add', { name: 'A', email: 'a@example.com', weekly: 1, monthly: 1 }],
  ['POST', '/api/settings/manage/email-reporting/resend-verification', { email: 'priya.shah@example.com' }],
  ['POST', '/api/settings/manage/email-reporting/edit', { email: 'priya.shah@example.com', new_weekly: 1, new_monthly: 1 }],
  ['POST', '/api/settings/manage/email-reporting/delete', { email: 'mark.obrien@example.com' }],
  ['POST', '/api/settings/manage/email-reporting/delete-verification', { email: 'priya.shah@example.com' }],
];

describe('access', () => {
  it.each(endpoints)('%s %s answers 403 to a user with settings off, and changes nothing', async (method, url, payload) => {
    const staff = await austin('staff@kudo.test');
    const res = await staff.request(method, url, payload);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(MSG.forbidden);
  });

  it('refuses a trial location other than lite, and opens General to the lite trial', async () => {
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: true, freeTrialType: 'mvo' } });
    try {
      const owner = await dallasOwner();
      expect((await owner.get('/api/settings/general/branding/load')).statusCode).toBe(403);
      expect((await owner.get('/api/settings/general/reporting/load')).statusCode).toBe(403);
      expect((await owner.post('/api/settings/manage/users/get-all')).statusCode).toBe(403);
    } finally {
      await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, freeTrialType: null } });
    }
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    expect((await lite.get('/api/settings/general/branding/load')).statusCode).toBe(200);
    expect((await lite.post('/api/settings/manage/users/get-all')).statusCode).toBe(200);
    expect((await lite.get('/api/settings/general/reporting/load')).statusCode).toBe(200);
  });

  it('gives the layout’s brand to every member, trials included, and to nobody logged out', async () => {
    expect((await new Agent(t.app).get('/api/location/branding')).statusCode).toBe(401);
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    expect(json(await lite.get('/api/location/branding')).data).toEqual({ navBkgColor: '#1f4e79', navLogoUrl: null });
  });

  it('lets a User with settings on see users but not change them', async () => {
    const maria = await austin('maria.garcia@kudo.test');
    expect((await maria.post('/api/settings/manage/users/get-all')).statusCode).toBe(200);
    const add = await maria.post('/api/settings/manage/users/add', { username: 'x2@example.com', password: 'secret1' });
    expect(add.statusCode).toBe(403);
    const edit = await maria.post('/api/settings/manage/users/edit', {
      username: 'jordan.lee@kudo.test', active: 0, permissions: { twm: 1, dispatch: 1, analytics: 1, settings: 1 },
    });
    expect(edit.statusCode).toBe(403);
    expect((await maria.post('/api/settings/general/user/remove', { username: 'jordan.lee@kudo.test' })).statusCode).toBe(403);
    expect(await t.db.user.findUnique({ where: { email: 'x2@example.com' } })).toBeNull();
    const jordan = await t.db.membership.findFirstOrThrow({ where: { locationId: t.austinId, user: { email: 'jordan.lee@kudo.test' } } });
    expect(jordan.active).toBe(true);
  });
});

describe('E035–E037 branding and company details', () => {
  it('loads the seeded brand and company details', async () => {
    const admin = await austin('admin@kudo.test');
    const res = json(await admin.get('/api/settings/general/branding/load'));
    expect(res.data).toEqual({ ...AUSTIN_BRAND, navLogoUrl: null });
  });

  it('saves colour and logo; every member sees them in the layout; Dallas keeps its own', async () => {
    const admin = await austin('admin@kudo.test');
    const res = await admin.post('/api/settings/manage/branding/save', { color: '#AA3300', logo: 'https://cdn.example.com/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 1, data: { navBkgColor: '#aa3300', navLogoUrl: 'https://cdn.example.com/logo.png' }, message: MSG.brandingSaved });
    const staff = await austin('staff@kudo.test');
    expect(json(await staff.get('/api/location/branding')).data).toEqual({ navBkgColor: '#aa3300', navLogoUrl: 'https://cdn.example.com/logo.png' });
    const dallas = await dallasOwner();
    expect(json(await dallas.get('/api/location/branding')).data.navLogoUrl).toBeNull();
    // Our own uploads are accepted as they are; null removes the logo.
    const own = await admin.post('/api/settings/manage/branding/save', { color: '#aa3300', logo: 'http://kudo.test/api/images/kudo/abcdefghijklmnop.png' });
    expect(own.statusCode).toBe(200);
    const cleared = await admin.post('/api/settings/manage/branding/save', { color: '#aa3300', logo: null });
    expect(json(cleared).data.navLogoUrl).toBeNull();
  });

  it.each([
    [{ color: 'red', logo: null }, MSG.validColor],
    [{ color: '#12345', logo: null }, MSG.validColor],
    [{ logo: null }, MSG.validColor],
    [{ color: '#123456', logo: 'javascript:alert(1)' }, MSG.validLogo],
    [{ color: '#123456', logo: 'http://evil.example.com/a.png' }, MSG.validLogo],
    [{ color: '#123456', logo: 'https://x.example.com/' + 'a'.repeat(2100) }, MSG.validLogo],
  ])('refuses %j with its message and changes nothing', async (body, message) => {
    const admin = await austin('admin@kudo.test');
    const before = await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } });
    const res = await admin.post('/api/settings/manage/branding/save', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    const after = await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } });
    expect([after.navBkgColor, after.navLogoUrl]).toEqual([before.navBkgColor, before.navLogoUrl]);
  });

  it('saves company details, normalising phone and website', async () => {
    const admin = await austin('admin@kudo.test');
    const res = await admin.post('/api/settings/manage/branding/company-details/save', {
      name: '  Demo Plumbing & Heating ',
      address: '500 Main St',
      city: 'Austin',
      state: 'TX',
      country: 'United States',
      zip: '78702',
      phone: '(512) 555-0199',
      website: 'demoplumbing.example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.companySaved);
    expect(json(res).data).toMatchObject({
      companyName: 'Demo Plumbing & Heating',
      companyPhoneNumber: '5125550199',
      companyWebUrl: 'https://demoplumbing.example.com',
      companyZipcode: '78702',
    });
    const dallas = await t.db.location.findUniqueOrThrow({ where: { id: t.dallasId } });
    expect(dallas.companyName).not.toBe('Demo Plumbing & Heating');
  });

  it.each([
    [{ name: '' }, MSG.validCompanyName],
    [{ name: 'A'.repeat(101) }, MSG.validCompanyName],
    [{ name: 'Acme', phone: '555-0100' }, MSG.validPhone],
    [{ name: 'Acme', website: 'not a site' }, MSG.validWebsite],
    [{ name: 'Acme', website: 'ftp://files.example.com' }, MSG.validWebsite],
    [{ name: 'Acme', zip: '<script>' }, MSG.validZip],
    [{ name: 'Acme', city: 'x'.repeat(101) }, MSG.fieldTooLong],
  ])('refuses company details %j with its message and changes nothing', async (body, message) => {
    const admin = await austin('admin@kudo.test');
    const before = await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } });
    const res = await admin.post('/api/settings/manage/branding/company-details/save', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } })).toEqual(before);
  });
});

describe('E044–E047 users', () => {
  it('lists the location’s users with role, access type, state and permissions', async () => {
    const admin = await austin('admin@kudo.test');
    const users = json(await admin.post('/api/settings/manage/users/get-all')).data.users as Record<string, unknown>[];
    const byName = Object.fromEntries(users.map((u) => [u.username, u]));
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining(['owner@kudo.test', 'admin@kudo.test', 'staff@kudo.test', 'maria.garcia@kudo.test', 'tom.nguyen@kudo.test', 'jordan.lee@kudo.test']),
    );
    expect(byName['owner@kudo.test']).toMatchObject({ role_name: 'Owner', access_type: 'Account', active: 1, locked: true, verified: true });
    expect(byName['admin@kudo.test']).toMatchObject({ role_name: 'Admin', locked: false, is_self: true });
    expect(byName['staff@kudo.test']).toMatchObject({ role_name: 'User', permissions: { twm: 0, dispatch: 1, analytics: 1, settings: 0 } });
    expect(byName['tom.nguyen@kudo.test']).toMatchObject({ active: 0 });
    expect(byName['jordan.lee@kudo.test']).toMatchObject({ verified: false });
    // Dallas has only its owner.
    const dallas = await dallasOwner();
    const dallasUsers = json(await dallas.post('/api/settings/manage/users/get-all')).data.users;
    expect(dallasUsers.map((u: { username: string }) => u.username)).toEqual(['owner@kudo.test']);
  });

  it('adds a user who can log in only after verifying the emailed link', async () => {
    const admin = await austin('admin@kudo.test');
    const res = await admin.post('/api/settings/manage/users/add', {
      username: ' New.Tech@Example.com ',
      password: 'secret12',
      permissions: { twm: 1, dispatch: 1, analytics: 0, settings: 1 },
    });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toBe('new.tech@example.com added!');
    expect(body.data.notice).toBe(MSG.userAddedDetail);
    expect(body.data.user).toMatchObject({
      username: 'new.tech@example.com', role_name: 'User', access_type: 'Location', active: 1, verified: false,
      permissions: { twm: 1, dispatch: 1, analytics: 0, settings: 1 },
    });
    const login = await new Agent(t.app).post('/api/authorize-me', { username: 'new.tech@example.com', password: 'secret12' });
    expect(login.statusCode).toBe(403);
    expect(json(login).message).toBe(MSG.emailNotVerified);

    const mail = await lastEmailTo('new.tech@example.com');
    const account = (await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } })).accountId;
    const link = linkIn(mail.body);
    expect(link).toMatch(new RegExp(`^/verification/user/email/${account}/`));
    expect((await new Agent(t.app).get(`/api${link}`)).statusCode).toBe(200);
    const agent = new Agent(t.app);
    await agent.login('new.tech@example.com', 'secret12');
    const access = json(await agent.get('/api/access/location-user/load')).data.location;
    expect(access).toMatchObject({ location_id: t.austinId, role: { name: 'User' }, permissions: { analytics: 0, settings: 1 } });
  });

  it('defaults every permission on, and forces Chat off where the location has no kudoPro', async () => {
    const owner = await dallasOwner();
    const res = await owner.post('/api/settings/manage/users/add', {
      username: 'dallas.tech@example.com', password: 'secret12', permissions: { twm: 1, dispatch: 1, analytics: 1, settings: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.user.permissions).toEqual({ twm: 0, dispatch: 1, analytics: 1, settings: 1 });
    const admin = await austin('admin@kudo.test');
    const defaults = await admin.post('/api/settings/manage/users/add', { username: 'defaults@example.com', password: 'secret12' });
    expect(json(defaults).data.user.permissions).toEqual({ twm: 1, dispatch: 1, analytics: 1, settings: 1 });
  });

  it('gives an existing user of the same account this location, and refuses users of other accounts', async () => {
    const owner = await dallasOwner();
    const res = await owner.post('/api/settings/manage/users/add', { username: 'admin@kudo.test', password: 'whatever1' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.notice).toBe(MSG.userAddedExistingDetail);
    const again = await owner.post('/api/settings/manage/users/add', { username: 'admin@kudo.test', password: 'whatever1' });
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(MSG.userAlreadyMember);
    // Their password is still their own.
    await new Agent(t.app).login('admin@kudo.test', 'demo1234');

    const other = await owner.post('/api/settings/manage/users/add', { username: 'lite@kudo.test', password: 'whatever1' });
    expect(other.statusCode).toBe(400);
    expect(json(other).message).toBe(MSG.userExists);
    expect(await t.db.membership.count({ where: { locationId: t.dallasId, user: { email: 'lite@kudo.test' } } })).toBe(0);
  });

  it.each([
    [{ username: 'not-an-email', password: 'secret12' }, MSG.validEmail],
    [{ password: 'secret12' }, MSG.validEmail],
    [{ username: 'p1@example.com', password: '' }, MSG.enterPassword],
    [{ username: 'p1@example.com', password: 'abc' }, MSG.passwordMin],
    [{ username: 'p1@example.com', password: 'has space' }, MSG.passwordInvalidChars],
  ])('refuses %j with its message and creates nobody', async (body, message) => {
    const admin = await austin('admin@kudo.test');
    const before = await t.db.user.count();
    const res = await admin.post('/api/settings/manage/users/add', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await t.db.user.count()).toBe(before);
  });

  it('edits active and permissions at once; an inactive member loses access', async () => {
    const maria = await austin('maria.garcia@kudo.test');
    expect((await maria.get('/api/access/location-user/load')).statusCode).toBe(200);
    const admin = await austin('admin@kudo.test');
    const res = await admin.post('/api/settings/manage/users/edit', {
      username: 'maria.garcia@kudo.test', active: 0, permissions: { twm: 1, dispatch: 0, analytics: 1, settings: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ active: 0, permissions: { twm: 1, dispatch: 0, analytics: 1, settings: 1 } });
    expect((await maria.get('/api/access/location-user/load')).statusCode).toBe(409);
    const relogin = new Agent(t.app);
    await relogin.login('maria.garcia@kudo.test');
    expect((await relogin.post('/api/account/locations/load')).statusCode).toBe(404);

    await admin.post('/api/settings/manage/users/edit', {
      username: 'maria.garcia@kudo.test', active: true, permissions: { twm: true, dispatch: true, analytics: true, settings: true },
    });
    const back = new Agent(t.app);
    await back.login('maria.garcia@kudo.test');
    expect((await back.get('/api/access/location-user/load')).statusCode).toBe(200);
  });

  it('refuses to change Owner or Account rows, or to deactivate oneself', async () => {
    const admin = await austin('admin@kudo.test');
    const all = { twm: 1, dispatch: 1, analytics: 1, settings: 1 };
    const owner = await admin.post('/api/settings/manage/users/edit', { username: 'owner@kudo.test', active: 0, permissions: all });
    expect(owner.statusCode).toBe(403);
    expect(json(owner).message).toBe(MSG.userLocked);
    const self = await admin.post('/api/settings/manage/users/edit', { username: 'admin@kudo.test', active: 0, permissions: all });
    expect(self.statusCode).toBe(400);
    expect(json(self).message).toBe(MSG.userCannotDeactivateSelf);
    const bad = await admin.post('/api/settings/manage/users/edit', { username: 'maria.garcia@kudo.test', active: 2, permissions: all });
    expect(bad.statusCode).toBe(400);
    const members = await t.db.membership.findMany({ where: { locationId: t.austinId, user: { email: { in: ['owner@kudo.test', 'admin@kudo.test'] } } } });
    expect(members.every((m) => m.active)).toBe(true);
  });

  it('cannot see or change another location’s users', async () => {
    const owner = await dallasOwner();
    const all = { twm: 1, dispatch: 1, analytics: 1, settings: 1 };
    const edit = await owner.post('/api/settings/manage/users/edit', { username: 'staff@kudo.test', active: 0, permissions: all });
    expect(edit.statusCode).toBe(404);
    expect(json(edit).message).toBe(MSG.userNotFound);
    const remove = await owner.post('/api/settings/general/user/remove', { username: 'staff@kudo.test' });
    expect(remove.statusCode).toBe(404);
    expect(await t.db.membership.findFirstOrThrow({ where: { locationId: t.austinId, user: { email: 'staff@kudo.test' } } })).toMatchObject({ active: true });
  });

  it('removes a member from this location only; Owner rows and oneself stay', async () => {
    const admin = await austin('admin@kudo.test');
    await admin.post('/api/settings/manage/users/add', { username: 'leaving@example.com', password: 'secret12' });
    const res = await admin.post('/api/settings/general/user/remove', { username: 'leaving@example.com' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.userRemoved);
    expect(await t.db.membership.count({ where: { locationId: t.austinId, user: { email: 'leaving@example.com' } } })).toBe(0);
    expect(await t.db.user.findUnique({ where: { email: 'leaving@example.com' } })).not.toBeNull();

    const owner = await admin.post('/api/settings/general/user/remove', { username: 'owner@kudo.test' });
    expect(owner.statusCode).toBe(403);
    const self = await admin.post('/api/settings/general/user/remove', { username: 'admin@kudo.test' });
    expect(self.statusCode).toBe(400);
    expect(json(self).message).toBe(MSG.userCannotRemoveSelf);
    const unknown = await admin.post('/api/settings/general/user/remove', { username: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('E048–E053 reporting emails', () => {
  it('lists only the location’s recipients', async () => {
    const admin = await austin('admin@kudo.test');
    const list = json(await admin.get('/api/settings/general/reporting/load')).data.recipients;
    expect(list.map((r: { email: string }) => r.email)).toEqual(['mark.obrien@example.com', 'owner@kudo.test', 'priya.shah@example.com']);
    expect(list[2]).toMatchObject({ name: 'Priya Shah', weekly: 0, monthly: 1, verified: false, enabled: true });
    const dallas = json(await (await dallasOwner()).get('/api/settings/general/reporting/load')).data.recipients;
    expect(dallas.map((r: { email: string }) => r.email)).toEqual(['dana.brooks@example.com']);
  });

  it('adds a recipient, emails a link, and the link verifies them', async () => {
    const admin = await austin('admin@kudo.test');
    const res = await admin.post('/api/settings/manage/email-reporting/add', { name: "Ana O'Neil, Jr.", email: 'Ana@Example.com', weekly: 1, monthly: 0 });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.emailSaved);
    expect(json(res).data).toMatchObject({ name: "Ana O'Neil, Jr.", email: 'ana@example.com', weekly: 1, monthly: 0, verified: false });
    const mail = await lastEmailTo('ana@example.com');
    expect(mail.subject).toContain('reports');
    expect(mail.body).toContain('weekly performance reports');
    const link = linkIn(mail.body);
    expect(link).toMatch(/^\/verification\/reporting\/email\/\d+\//);
    // The link is bound to its account.
    const wrongAccount = link.replace(/\/email\/\d+\//, '/email/999999/');
    expect((await new Agent(t.app).get(`/api${wrongAccount}`)).statusCode).toBe(404);
    const verify = await new Agent(t.app).get(`/api${link}`);
    expect(verify.statusCode).toBe(200);
    const row = await t.db.reportingRecipient.findFirstOrThrow({ where: { email: 'ana@example.com' } });
    expect(row.verified).toBe(true);
    expect(row.verificationTokenHash).not.toContain(link.split('/').pop());
  });

  it.each([
    [{ name: '', email: 'b@example.com' }, MSG.reportingValidName],
    [{ name: 'Bob <admin>', email: 'b@example.com' }, MSG.reportingValidName],
    [{ email: 'b@example.com' }, MSG.reportingValidName],
    [{ name: 'Bob', email: 'nope' }, MSG.reportingValidEmail],
    [{ name: 'Bob' }, MSG.reportingValidEmail],
    [{ name: 'Bob', email: 'OWNER@kudo.test' }, MSG.reportingDuplicate],
  ])('refuses %j with its message and adds nothing', async (body, message) => {
    const admin = await austin('admin@kudo.test');
    const before = await t.db.reportingRecipient.count();
    const res = await admin.post('/api/settings/manage/email-reporting/add', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await t.db.reportingRecipient.count()).toBe(before);
  });

  it('lets another location add an address Austin already has', async () => {
    const owner = await dallasOwner();
    const res = await owner.post('/api/settings/manage/email-reporting/add', { name: 'Mark', email: 'mark.obrien@example.com', weekly: 0, monthly: 1 });
    expect(res.statusCode).toBe(200);
  });

  it('resends a verification, not too often, and never to a verified recipient', async () => {
    const admin = await austin('admin@kudo.test');
    await t.db.reportingRecipient.updateMany({ where: { email: 'priya.shah@example.com' }, data: { verificationSentAt: new Date(Date.now() - 120_000) } });
    const before = await t.db.outboxMessage.count({ where: { to: 'priya.shah@example.com' } });
    const res = await admin.post('/api/settings/manage/email-reporting/resend-verification', { email: 'priya.shah@example.com' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.verificationResent);
    expect(await t.db.outboxMessage.count({ where: { to: 'priya.shah@example.com' } })).toBe(before + 1);
    const soon = await admin.post('/api/settings/manage/email-reporting/resend-verification', { email: 'priya.shah@example.com' });
    expect(soon.statusCode).toBe(429);
    expect(json(soon).message).toBe(MSG.reportingResendTooSoon);
    const verified = await admin.post('/api/settings/manage/email-reporting/resend-verification', { email: 'owner@kudo.test' });
    expect(verified.statusCode).toBe(400);
    expect(json(verified).message).toBe(MSG.reportingAlreadyVerified);
    // The fresh link works.
    const link = linkIn((await lastEmailTo('priya.shah@example.com')).body);
    expect((await new Agent(t.app).get(`/api${link}`)).statusCode).toBe(200);
  });

  it('toggles weekly and monthly', async () => {
    const admin = await austin('admin@kudo.test');
    const res = await admin.post('/api/settings/manage/email-reporting/edit', { email: 'mark.obrien@example.com', new_weekly: 0, new_monthly: true });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.emailSaved);
    expect(json(res).data).toMatchObject({ weekly: 0, monthly: 1 });
    const bad = await admin.post('/api/settings/manage/email-reporting/edit', { email: 'mark.obrien@example.com', new_weekly: 'yes', new_monthly: 1 });
    expect(bad.statusCode).toBe(400);
    const row = await t.db.reportingRecipient.findFirstOrThrow({ where: { locationId: t.austinId, email: 'mark.obrien@example.com' } });
    expect([row.weekly, row.monthly]).toEqual([false, true]);
  });

  it('deletes verified recipients through delete, pending ones through delete-verification', async () => {
    const admin = await austin('admin@kudo.test');
    await admin.post('/api/settings/manage/email-reporting/add', { name: 'Pending Person', email: 'pending@example.com', weekly: 1, monthly: 1 });
    const wrong = await admin.post('/api/settings/manage/email-reporting/delete', { email: 'pending@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe(MSG.reportingNotVerified);
    const pending = await admin.post('/api/settings/manage/email-reporting/delete-verification', { email: 'pending@example.com' });
    expect(pending.statusCode).toBe(200);
    expect(json(pending).message).toBe(MSG.emailDeleted);
    const wrong2 = await admin.post('/api/settings/manage/email-reporting/delete-verification', { email: 'owner@kudo.test' });
    expect(wrong2.statusCode).toBe(400);
    expect(json(wrong2).message).toBe(MSG.reportingAlreadyVerified);
    const del = await admin.post('/api/settings/manage/email-reporting/delete', { email: 'owner@kudo.test' });
    expect(del.statusCode).toBe(200);
    expect(await t.db.reportingRecipient.count({ where: { locationId: t.austinId, email: { in: ['owner@kudo.test', 'pending@example.com'] } } })).toBe(0);
  });

  it('cannot touch another location’s recipients', async () => {
    const owner = await dallasOwner();
    for (const [url, body] of [
      ['/api/settings/manage/email-reporting/edit', { email: 'priya.shah@example.com', new_weekly: 1, new_monthly: 1 }],
      ['/api/settings/manage/email-reporting/resend-verification', { email: 'priya.shah@example.com' }],
      ['/api/settings/manage/email-reporting/delete-verification', { email: 'priya.shah@example.com' }],
      ['/api/settings/manage/email-reporting/delete', { email: 'ana@example.com' }],
    ] as const) {
      const res = await owner.post(url, body);
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe(MSG.reportingNotFound);
    }
    const admin = await austin('admin@kudo.test');
    const res = await admin.post('/api/settings/manage/email-reporting/delete', { email: 'dana.brooks@example.com' });
    expect(res.statusCode).toBe(404);
    expect(await t.db.reportingRecipient.count({ where: { locationId: t.dallasId, email: 'dana.brooks@example.com' } })).toBe(1);
    expect(await t.db.reportingRecipient.count({ where: { locationId: t.austinId, email: 'priya.shah@example.com' } })).toBe(1);
  });
});
