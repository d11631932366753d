import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, LIMITS } from '@kudo/shared';
import { Agent, createTestApp, json, loginAs, type TestContext } from '../../../test/helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});

const latestEmailTo = async (to: string) =>
  t.db.outboxMessage.findFirstOrThrow({ where: { channel: 'email', to }, orderBy: { id: 'desc' } });
const linkIn = (body: string) => {
  const m = body.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`no link in ${body}`);
  return new URL(m[0]);
};

describe('E001 login', () => {
  it('starts a session with httpOnly session and readable CSRF cookies', async () => {
    const agent = new Agent(t.app);
    const res = await agent.post('/api/authorize-me', { username: 'Admin@Kudo.test ', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ auth: true, is_platform_staff: false });
    const session = res.cookies.find((c) => c.name === 'kudo_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(res.cookies.find((c) => c.name === 'kudo_csrf')?.httpOnly).toBeFalsy();
    // A one-location user has that location chosen for them.
    const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
    expect(json(res).data.current_location_id).toBe(austin.id);
  });

  it('answers missing credentials with the spec message and no session', async () => {
    const agent = new Agent(t.app);
    const res = await agent.post('/api/authorize-me', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ status: 0, message: MSG.provideCredentials });
    expect(agent.hasSession).toBe(false);
  });

  it('gives one generic message for a wrong password and for an unknown user', async () => {
    const wrong = await new Agent(t.app).post('/api/authorize-me', { username: 'owner@kudo.test', password: 'nope-nope' });
    const unknown = await new Agent(t.app).post('/api/authorize-me', { username: 'nobody@kudo.test', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong).message).toBe(MSG.loginFailed);
    expect(json(unknown).message).toBe(MSG.loginFailed);
  });

  it('rotates the session: the old token stops working after a new login', async () => {
    const agent = await loginAs(t.app, t.db, 'admin@kudo.test');
    const oldCookies = { ...agent.cookies };
    await agent.login('admin@kudo.test');
    expect(agent.cookies.kudo_session).not.toBe(oldCookies.kudo_session);
    const stale = new Agent(t.app);
    stale.cookies = oldCookies;
    expect((await stale.get('/api/location/identity/load')).statusCode).toBe(401);
    expect((await agent.get('/api/location/identity/load')).statusCode).toBe(200);
  });

  it('locks a username after too many failures, even with the right password', async () => {
    const user = await t.db.user.create({
      data: { email: 'locked@kudo.test', passwordHash: (await t.db.user.findFirstOrThrow()).passwordHash, emailVerifiedAt: new Date() },
    });
    for (let i = 0; i < LIMITS.loginFailuresPerUser; i++) {
      await t.app.inject({ method: 'POST', url: '/api/authorize-me', remoteAddress: `198.51.100.${i}`, payload: { username: user.email, password: 'wrong-one' } });
    }
    const res = await new Agent(t.app).post('/api/authorize-me', { username: user.email, password: 'demo1234' });
    expect(res.statusCode).toBe(429);
    expect(json(res).message).toBe(MSG.loginLocked);
  });

  it('refuses a user whose email is not verified', async () => {
    await t.db.user.create({
      data: { email: 'unverified@kudo.test', passwordHash: (await t.db.user.findFirstOrThrow()).passwordHash },
    });
    const res = await new Agent(t.app).post('/api/authorize-me', { username: 'unverified@kudo.test', password: 'demo1234' });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(MSG.emailNotVerified);
  });
});

describe('E002 logout', () => {
  it('ends the session on the server', async () => {
    const agent = await loginAs(t.app, t.db, 'admin@kudo.test');
    const saved = { ...agent.cookies };
    const res = await agent.get('/api/logout');
    expect(res.statusCode).toBe(200);
    expect(agent.hasSession).toBe(false);
    const replay = new Agent(t.app);
    replay.cookies = saved;
    expect((await replay.get('/api/location/identity/load')).statusCode).toBe(401);
  });
});

describe('E003–E005 password recovery', () => {
  it('emails a single-use link that resets the password and ends every session', async () => {
    const email = 'recover@kudo.test';
    await t.db.user.create({
      data: { email, passwordHash: (await t.db.user.findFirstOrThrow()).passwordHash, emailVerifiedAt: new Date() },
    });
    const other = new Agent(t.app);
    await other.login(email);

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const sent = await new Agent(t.app).request('POST', '/api/password-recovery/send_recovery?dashboard=true', `email=${encodeURIComponent(email)}`, form);
    expect(sent.statusCode).toBe(200);
    expect(json(sent).message).toBe(MSG.recoverySent);
    const link = linkIn((await latestEmailTo(email)).body);
    expect(link.pathname).toBe('/password-recovery/reset_password');
    const token = link.searchParams.get('im') as string;

    const check = await new Agent(t.app).get(`/api/password-recovery/reset_password?dashboard=true&im=${token}`);
    expect(check.statusCode).toBe(200);
    expect(json(check).data).toEqual({ valid: true, email });

    const mismatch = await new Agent(t.app).request('POST', `/api/password-recovery/update_password?im=${token}`, 'password=newpass1&password_confirmation=other12', form);
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).message).toBe(MSG.passwordsDoNotMatch);

    const done = await new Agent(t.app).request('POST', `/api/password-recovery/update_password?im=${token}`, 'password=newpass1&password_confirmation=newpass1', form);
    expect(done.statusCode).toBe(200);
    expect(json(done).message).toBe(MSG.passwordUpdated);

    expect((await other.get('/api/location/identity/load')).statusCode).toBe(401);
    const again = await new Agent(t.app).request('POST', `/api/password-recovery/update_password?im=${token}`, 'password=another1&password_confirmation=another1', form);
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(MSG.resetLinkInvalid);
    expect((await new Agent(t.app).post('/api/authorize-me', { username: email, password: 'newpass1' })).statusCode).toBe(200);
  });

  it('says there is no user for an unknown email, and validates the address', async () => {
    const none = await new Agent(t.app).post('/api/password-recovery/send_recovery?dashboard=true', { email: 'ghost@kudo.test' });
    expect(none.statusCode).toBe(404);
    expect(json(none).message).toBe(MSG.recoveryNoUser);
    const bad = await new Agent(t.app).post('/api/password-recovery/send_recovery?dashboard=true', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({ email: MSG.validEmail });
  });

  it('rejects unknown or expired reset tokens and weak passwords', async () => {
    const unknown = await new Agent(t.app).get('/api/password-recovery/reset_password?dashboard=true&im=abcdefghijklmnopqrstuvwxyz');
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).message).toBe(MSG.resetLinkInvalid);
    const short = await new Agent(t.app).post('/api/password-recovery/update_password?im=abcdefghijklmnopqrstuvwxyz', { password: 'abc', password_confirmation: 'abc' });
    expect(json(short).errors?.password).toBe(MSG.passwordMin);
    const spaces = await new Agent(t.app).post('/api/password-recovery/update_password?im=abcdefghijklmnopqrstuvwxyz', { password: 'abc def g', password_confirmation: 'abc def g' });
    expect(json(spaces).errors?.password).toBe(MSG.passwordInvalidChars);
  });
});

describe('E006 magic login', () => {
  it('lets support staff act as the account owner for one hour, and audits it', async () => {
    const support = await loginAs(t.app, t.db, 'support@kudo.test');
    const account = await t.db.account.findFirstOrThrow({ where: { name: 'Demo Plumbing' } });
    const res = await support.get(`/api/internal/abracadabra/${account.id}`);
    expect(res.statusCode).toBe(200);
    const identity = json(await support.get('/api/location/identity/load')).data;
    expect(identity.username).toBe('owner@kudo.test');
    const session = await t.db.session.findFirstOrThrow({ where: { impersonatorId: { not: null } }, orderBy: { createdAt: 'desc' } });
    const minutes = (session.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
    const entry = await t.db.auditLog.findFirstOrThrow({ where: { action: 'magic_login', accountId: account.id } });
    expect(entry.actorUserId).toBe(session.impersonatorId);
  });

  it('is refused to everyone else, and checks the id', async () => {
    const owner = await loginAs(t.app, t.db, 'admin@kudo.test');
    expect((await owner.get('/api/internal/abracadabra/1')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/api/internal/abracadabra/1')).statusCode).toBe(401);
    const support = await loginAs(t.app, t.db, 'support@kudo.test');
    const bad = await support.get('/api/internal/abracadabra/12ab');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(MSG.magicLoginBadId);
    expect((await support.get('/api/internal/abracadabra/999999')).statusCode).toBe(404);
  });
});

describe('E007 email verification', () => {
  it('verifies a new user from the emailed link, after which they can log in', async () => {
    const { issueEmailVerification } = await import('./service.js');
    const location = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
    const user = await t.db.user.create({
      data: { email: 'newhire@kudo.test', passwordHash: (await t.db.user.findFirstOrThrow()).passwordHash, firstName: 'New' },
    });
    await t.db.membership.create({ data: { userId: user.id, locationId: location.id } });
    await issueEmailVerification(t.app.deps, user, location.accountId);
    const link = linkIn((await latestEmailTo(user.email)).body);
    expect((await new Agent(t.app).post('/api/authorize-me', { username: user.email, password: 'demo1234' })).statusCode).toBe(403);
    const res = await new Agent(t.app).get(`/api${link.pathname}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.emailVerified);
    expect((await new Agent(t.app).post('/api/authorize-me', { username: user.email, password: 'demo1234' })).statusCode).toBe(200);
    // The link names its account: the same token under another account is not found.
    const otherAccount = await t.db.account.findFirstOrThrow({ where: { name: 'Little Roofing' } });
    const parts = link.pathname.split('/');
    parts[4] = String(otherAccount.id);
    expect((await new Agent(t.app).get(`/api${parts.join('/')}`)).statusCode).toBe(404);
  });

  it('answers not found for an unknown token or type', async () => {
    expect((await new Agent(t.app).get('/api/verification/user/email/1/abcdefghijklmnopqrstuv')).statusCode).toBe(404);
    expect((await new Agent(t.app).get('/api/verification/other/email/1/abcdefghijklmnopqrstuv')).statusCode).toBe(404);
  });
});
