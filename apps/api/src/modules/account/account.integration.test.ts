import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { Agent, json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

const t = useDemoApp({ roles: [] });

describe('CSRF', () => {
  it('refuses a state change without the token, and changes nothing', async () => {
    const agent = await loginAs(t.app, t.db, 'owner@kudo.test');
    const before = await t.db.session.findFirstOrThrow({ where: { userId: (await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } })).id }, orderBy: { createdAt: 'desc' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/location-change/select',
      cookies: { kudo_session: agent.cookies.kudo_session as string },
      payload: { location_id: t.dallasId },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(MSG.csrf);
    const after = await t.db.session.findUniqueOrThrow({ where: { id: before.id } });
    expect(after.locationId).toBe(before.locationId);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/account/location-change/select',
      cookies: { kudo_session: agent.cookies.kudo_session as string },
      headers: { 'x-csrf-token': 'forged-token' },
      payload: { location_id: t.dallasId },
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('E008 / E009 locations', () => {
  it('lists only the user’s locations and asks a multi-location user to choose', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test');
    const res = json(await owner.post('/api/account/locations/load'));
    expect(res.data.locations.map((l: { name: string }) => l.name)).toEqual(['Demo Plumbing Austin', 'Demo Plumbing Dallas']);
    expect(res.data.current_location).toBeNull();
    expect(res.data.is_multi_location).toBe(true);
    expect(res.data.is_franchise).toBe(false);
    const dallas = res.data.locations[1];
    expect(dallas).toMatchObject({ free_trial: true, free_trial_type: 'mvo', free_trial_days: 9, pcheck_count: 25, address: ['2200 Ross Ave', 'Dallas, TX 75201'] });
    // Austin's Google connection works; Dallas's has expired.
    expect(res.data.locations[0].google_connected).toBe(true);
    expect(dallas.google_connected).toBe(false);
    // Location-scoped calls wait for a choice.
    expect((await owner.get('/api/location/subscriptions/load')).statusCode).toBe(409);
  });

  it('switches location, records it as recent, and refuses a location the user does not belong to', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test');
    const sel = await owner.post('/api/account/location-change/select', { location_id: t.dallasId });
    expect(sel.statusCode).toBe(200);
    expect(json(sel).data.current_location.location_id).toBe(t.dallasId);
    const loaded = json(await owner.post('/api/account/locations/load')).data;
    expect(loaded.current_location.location_id).toBe(t.dallasId);
    expect(loaded.current_location.last_selected_at).not.toBeNull();

    const lite = await t.db.location.findFirstOrThrow({ where: { name: 'Little Roofing' } });
    const other = await owner.post('/api/account/location-change/select', { location_id: lite.id });
    expect(other.statusCode).toBe(404);
    expect(json(other).message).toBe(MSG.locationNotFound);
    const bad = await owner.post('/api/account/location-change/select', { location_id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(MSG.chooseLocation);
    expect(json(await owner.post('/api/account/locations/load')).data.current_location.location_id).toBe(t.dallasId);
  });

  it('answers Could not find locations for a user with none', async () => {
    const support = await loginAs(t.app, t.db, 'support@kudo.test');
    const res = await support.post('/api/account/locations/load');
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe(MSG.couldNotFindLocations);
  });
});

describe('E008 / E009 answers', () => {
  /** A location item as the rows say it should read, worked out here from Prisma's reading of them. */
  async function expectedItem(locationId: number, userId: number, lastSelectedAt?: Date | null) {
    const l = await t.db.location.findUniqueOrThrow({ where: { id: locationId } });
    const m = await t.db.membership.findUniqueOrThrow({ where: { userId_locationId: { userId, locationId } } });
    const google = await t.db.socialConnection.count({ where: { locationId, provider: 'google', status: 'connected' } });
    const last = lastSelectedAt === undefined ? m.lastSelectedAt : lastSelectedAt;
    return {
      location_id: l.id,
      name: l.name,
      address: [l.addressLine1, l.addressLine2],
      free_trial: l.freeTrial,
      free_trial_type: l.freeTrialType,
      free_trial_days: l.freeTrial && l.trialEndsAt ? Math.max(0, Math.ceil((l.trialEndsAt.getTime() - Date.now()) / 86_400_000)) : 0,
      pcheck_count: l.pcheckCount,
      twilio_verified: l.twilioVerified,
      hs_10dlc: l.hs10dlc,
      enabled_features: l.enabledFeatures.map((name) => ({ name })),
      time_zone: l.timeZone,
      google_connected: google > 0,
      last_selected_at: last?.toISOString() ?? null,
    };
  }

  it('E008 gives every field of each active membership’s location, by name, and the current one', async () => {
    const owner = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
    const lite = await t.db.location.findFirstOrThrow({ where: { name: 'Little Roofing' } });
    // Values of every kind: features, a franchise, a recent choice, an inactive membership left out.
    await t.db.location.update({ where: { id: t.dallasId }, data: { enabledFeatures: ['beta-inbox', 'x'], isFranchise: true, twilioVerified: 'pending', hs10dlc: true } });
    const inactive = await t.db.membership.create({ data: { userId: owner.id, locationId: lite.id, active: false } });
    try {
      const agent = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
      const data = json(await agent.post('/api/account/locations/load')).data;
      const items = [await expectedItem(t.austinId, owner.id), await expectedItem(t.dallasId, owner.id)];
      expect(items[1]!.last_selected_at).not.toBeNull();
      expect(data).toEqual({ locations: items, current_location: items[1], is_multi_location: true, is_franchise: true });
      expect(Object.keys(data.locations[0])).toEqual(Object.keys(items[0]!));
    } finally {
      await t.db.membership.delete({ where: { id: inactive.id } });
      await t.db.location.update({ where: { id: t.dallasId }, data: { enabledFeatures: [], isFranchise: false, twilioVerified: '', hs10dlc: false } });
    }
  });

  it('E008 chooses the only location of a one-location user for the session', async () => {
    const lite = await t.db.user.findUniqueOrThrow({ where: { email: 'lite@kudo.test' } });
    const agent = new Agent(t.app);
    await agent.login('lite@kudo.test');
    const data = json(await agent.post('/api/account/locations/load')).data;
    const liteLocation = await t.db.location.findFirstOrThrow({ where: { name: 'Little Roofing' } });
    const item = await expectedItem(liteLocation.id, lite.id);
    expect(data).toEqual({ locations: [item], current_location: item, is_multi_location: false, is_franchise: false });
    expect((await agent.get('/api/location/subscriptions/load')).statusCode).toBe(200);
  });

  it('E009 answers the chosen location with the moment of the choice, and both are kept', async () => {
    const owner = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
    const agent = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    for (const locationId of [t.dallasId, t.austinId, t.dallasId]) {
      const before = Date.now();
      const res = json(await agent.post('/api/account/location-change/select', { location_id: locationId }));
      const at = new Date(res.data.current_location.last_selected_at);
      expect(at.getTime()).toBeGreaterThanOrEqual(before);
      expect(at.getTime()).toBeLessThanOrEqual(Date.now());
      expect(res).toEqual({ status: 1, data: { current_location: await expectedItem(locationId, owner.id, at) } });
      const m = await t.db.membership.findUniqueOrThrow({ where: { userId_locationId: { userId: owner.id, locationId } } });
      expect(m.lastSelectedAt?.toISOString()).toBe(at.toISOString());
      expect(json(await agent.post('/api/account/locations/load')).data.current_location.location_id).toBe(locationId);
    }
  });

  it('E009 records nothing new when the latest choice is made again within a second, and keeps the order of choices', async () => {
    const owner = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
    const agent = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const choose = async (locationId: number) => json(await agent.post('/api/account/location-change/select', { location_id: locationId })).data.current_location;
    const first = await choose(t.dallasId);
    const again = await choose(t.dallasId);
    expect(again).toEqual(first);
    const m = await t.db.membership.findUniqueOrThrow({ where: { userId_locationId: { userId: owner.id, locationId: t.dallasId } } });
    expect(m.lastSelectedAt?.toISOString()).toBe(first.last_selected_at);
    // Another location in between: choosing Dallas again records a new moment at once, and Dallas is the latest.
    const austin = await choose(t.austinId);
    const back = await choose(t.dallasId);
    expect(Date.parse(back.last_selected_at)).toBeGreaterThanOrEqual(Date.parse(austin.last_selected_at));
    expect(Date.parse(back.last_selected_at)).toBeGreaterThan(Date.parse(first.last_selected_at));
    // A second later the same choice is recorded again.
    await new Promise((r) => setTimeout(r, 1050));
    const later = await choose(t.dallasId);
    expect(Date.parse(later.last_selected_at)).toBeGreaterThan(Date.parse(back.last_selected_at));
  });

  it('E009 refuses an inactive membership and changes nothing', async () => {
    const owner = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
    const agent = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const dallas = await t.db.membership.update({ where: { userId_locationId: { userId: owner.id, locationId: t.dallasId } }, data: { active: false } });
    try {
      const res = await agent.post('/api/account/location-change/select', { location_id: t.dallasId });
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe(MSG.locationNotFound);
      expect((await t.db.membership.findUniqueOrThrow({ where: { id: dallas.id } })).lastSelectedAt).toEqual(dallas.lastSelectedAt);
      expect(json(await agent.post('/api/account/locations/load')).data.current_location.location_id).toBe(t.austinId);
    } finally {
      await t.db.membership.update({ where: { id: dallas.id }, data: { active: true } });
    }
  });
});

describe('E010 / E011 subscriptions and role', () => {
  it('gives each location its own subscriptions and the member’s permissions', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    expect(json(await owner.get('/api/location/subscriptions/load')).data.locationSubscriptions).toEqual([
      'contact-card',
      'employee-rewards',
      'kudoPro',
      'web-chat',
    ]);
    const access = json(await owner.get('/api/access/location-user/load')).data;
    expect(access.location).toMatchObject({ role: { name: 'Owner' }, access_type: 'Account', location_id: t.austinId });
    await owner.post('/api/account/location-change/select', { location_id: t.dallasId });
    expect(json(await owner.get('/api/location/subscriptions/load')).data.locationSubscriptions).toEqual([]);

    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    const staffAccess = json(await staff.get('/api/access/location-user/load')).data;
    expect(staffAccess.location.permissions).toEqual({ twm: 0, dispatch: 1, analytics: 1, settings: 0 });
    expect(staffAccess.location.role.name).toBe('User');
  });

  it('drops the location when the membership is deactivated', async () => {
    const user = await t.db.user.create({
      data: { email: 'leaver@kudo.test', passwordHash: (await t.db.user.findFirstOrThrow()).passwordHash, emailVerifiedAt: new Date() },
    });
    const m = await t.db.membership.create({ data: { userId: user.id, locationId: t.austinId } });
    const agent = await loginAs(t.app, t.db, user.email);
    expect((await agent.get('/api/location/subscriptions/load')).statusCode).toBe(200);
    await t.db.membership.update({ where: { id: m.id }, data: { active: false } });
    expect((await agent.get('/api/location/subscriptions/load')).statusCode).toBe(409);
  });
});

describe('E012–E015 identity, profile and password', () => {
  it('loads the identity and profile of the logged-in user', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const identity = json(await admin.get('/api/location/identity/load')).data;
    expect(identity).toMatchObject({ username: 'admin@kudo.test', metadata: { profile: { name: { first: 'Adam', last: 'Alvarez' }, profilePic: null } } });
    expect(json(await admin.post('/api/profile-load')).data).toEqual({
      name: { first: 'Adam', last: 'Alvarez' },
      contact: { email: 'admin@kudo.test', phoneNumber: '' },
    });
  });

  it('saves a valid profile and rejects bad names and phones without changing anything', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const saved = await admin.post('/api/profile-save', { name: { first: "D'Arcy", last: 'Smith-Jones' }, contact: { phoneNumber: '(512) 555-0199' } });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data.contact.phoneNumber).toBe('5125550199');

    const badPhone = await admin.post('/api/profile-save', { name: { first: 'Zed', last: 'Zed' }, contact: { phoneNumber: '12345' } });
    expect(badPhone.statusCode).toBe(400);
    expect(json(badPhone).errors).toEqual({ 'contact.phoneNumber': MSG.validPhone });
    const badFirst = await admin.post('/api/profile-save', { name: { first: 'R2D2', last: 'Droid' }, contact: { phoneNumber: '' } });
    expect(json(badFirst).errors).toEqual({ 'name.first': MSG.validFirstName });
    const badLast = await admin.post('/api/profile-save', { name: { first: 'Ok', last: '' }, contact: { phoneNumber: '' } });
    expect(json(badLast).message).toBe(MSG.validLastName);
    expect(json(await admin.post('/api/profile-load')).data.name).toEqual({ first: "D'Arcy", last: 'Smith-Jones' });
  });

  it('changes the password only with the current one, ending the other sessions', async () => {
    const email = 'changer@kudo.test';
    await t.db.user.create({ data: { email, passwordHash: (await t.db.user.findFirstOrThrow()).passwordHash, emailVerifiedAt: new Date() } });
    const here = new Agent(t.app);
    await here.login(email);
    const elsewhere = new Agent(t.app);
    await elsewhere.login(email);

    const wrong = await here.post('/api/profile/update-password', { currentPassword: 'not-it', newPassword: 'newpass9', confirmPassword: 'newpass9' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe(MSG.currentPasswordWrong);
    const mismatch = await here.post('/api/profile/update-password', { currentPassword: 'demo1234', newPassword: 'newpass9', confirmPassword: 'newpass8' });
    expect(json(mismatch).errors).toEqual({ confirmPassword: MSG.passwordsDoNotMatch });

    const ok = await here.post('/api/profile/update-password', { currentPassword: 'demo1234', newPassword: 'newpass9', confirmPassword: 'newpass9' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).message).toBe(MSG.passwordChanged);
    expect((await here.get('/api/location/identity/load')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/location/identity/load')).statusCode).toBe(401);
    expect((await new Agent(t.app).post('/api/authorize-me', { username: email, password: 'newpass9' })).statusCode).toBe(200);
  });
});

describe('E016–E019', () => {
  it('reports the cross-sell partner account per location', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    expect(json(await owner.get('/api/cross-sell/integration')).data).toEqual({ enabled: true, external_customer_id: 'CL-10442' });
    await owner.post('/api/account/location-change/select', { location_id: t.dallasId });
    expect(json(await owner.get('/api/cross-sell/integration')).data).toEqual({ enabled: false, external_customer_id: null });
  });

  it('gives the backend version to a logged-in user only', async () => {
    const stranger = await new Agent(t.app).get('/api/current-version');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.body).not.toContain(t.config.version);
    for (const url of ['/api/health', '/api/app-info']) expect(JSON.stringify(json(await new Agent(t.app).get(url)).data)).not.toContain('version');
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    expect(json(await owner.get('/api/current-version')).data.latest_version).toBe(t.config.version);
  });

  it('reports an expired Google connection for Dallas only', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const dallas = json(await owner.get('/api/notifications/fetch')).data;
    expect(dallas.gmb_connect).toMatchObject({ error_type: 'GOOGLE_EXPIRED' });
    expect(dallas.fb_connect).toBeNull();
    await owner.post('/api/account/location-change/select', { location_id: t.austinId });
    expect(json(await owner.get('/api/notifications/fetch')).data).toEqual({ gmb_connect: null, fb_connect: null });
  });

  it('records an upgrade request and emails the sales address', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const res = await owner.post('/api/self-service/notifications/upgrade-request', { type: 'contact-card' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.upgradeRequested);
    const row = await t.db.upgradeRequest.findUniqueOrThrow({ where: { id: json(res).data.request_id } });
    expect(row).toMatchObject({ locationId: t.dallasId, type: 'contact-card' });
    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { to: t.config.email.salesAddress }, orderBy: { id: 'desc' } });
    expect(mail.subject).toContain('contact-card');
    expect(mail.body).toContain('Demo Plumbing Dallas');

    const bad = await owner.post('/api/self-service/notifications/upgrade-request', { type: 'everything' });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.upgradeRequest.count()).toBe(1);
  });
});

describe('tenancy', () => {
  it('keeps each location’s data to its own members', async () => {
    // Austin's admin cannot switch to Dallas, nor see Dallas's notices or partner account.
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    expect((await admin.post('/api/account/location-change/select', { location_id: t.dallasId })).statusCode).toBe(404);
    expect(json(await admin.post('/api/account/locations/load')).data.locations.map((l: { location_id: number }) => l.location_id)).toEqual([t.austinId]);
    expect(json(await admin.get('/api/notifications/fetch')).data.gmb_connect).toBeNull();
    // The lite owner sees only the lite location, and an upgrade request lands on it alone.
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    const liteLocations = json(await lite.post('/api/account/locations/load')).data.locations;
    expect(liteLocations).toHaveLength(1);
    expect(liteLocations[0].name).toBe('Little Roofing');
    const req = json(await lite.post('/api/self-service/notifications/upgrade-request', { type: 'plan' })).data;
    expect((await t.db.upgradeRequest.findUniqueOrThrow({ where: { id: req.request_id } })).locationId).toBe(liteLocations[0].location_id);
  });
});
