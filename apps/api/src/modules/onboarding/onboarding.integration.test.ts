import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MSG, ONBOARDING_LIMITS } from '@kudo/shared';
import { Agent, createTestApp, json, loginAs, multipart, recordingQueue } from '../../../test/helpers.js';
import { processBulkJob } from '../operate/bulk-worker.js';

const { queue } = recordingQueue();
const t = await createTestApp({}, { jobs: queue });
let ipCounter = 0;
/** Each sign-up from its own address, unless a test says otherwise: the per-IP limit is tested on its own. */
const nextIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

const account = (email: string) => ({
  firstName: 'Rosa',
  lastName: 'Diaz',
  businessEmail: email,
  businessPhone: '(512) 555-0177',
  password: 'secret77',
  terms: true,
  marketingOptIn: true,
});

/** A browser that signs up: it keeps the session cookies the answer sets. */
async function signUp(payload: Record<string, unknown>, ip = nextIp()): Promise<{ res: LightMyRequestResponse; agent: Agent }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/self-service/mvo/signup', remoteAddress: ip, payload });
  const agent = new Agent(t.app);
  for (const c of res.cookies) agent.cookies[c.name] = c.value;
  return { res, agent };
}

const post = (url: string, payload: unknown, ip = nextIp()) => t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: payload as object });
const counts = async () => ({
  accounts: await t.db.account.count(),
  locations: await t.db.location.count(),
  users: await t.db.user.count(),
  memberships: await t.db.membership.count(),
  claims: await t.db.trialClaim.count(),
  campaigns: await t.db.campaign.count(),
});

describe('E020 validate-email', () => {
  it('answers whether the email has a user, with the message to log in', async () => {
    const taken = await post('/api/self-service/mvo/validate-email', { email: 'Owner@Kudo.test' });
    expect(taken.statusCode).toBe(200);
    expect(json(taken)).toMatchObject({ status: 1, data: { email_exists: true }, message: MSG.signupEmailExists });
    const free = json(await post('/api/self-service/mvo/validate-email', { email: 'nobody-yet@example.com' }));
    expect(free.data).toEqual({ email_exists: false });
    expect(free.message).toBeUndefined();
  });

  it('refuses a bad email and an email that already had a trial', async () => {
    const bad = await post('/api/self-service/mvo/validate-email', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors?.email).toBe(MSG.validEmail);
    await t.db.trialClaim.create({ data: { kind: 'email', value: 'had-a-trial@example.com' } });
    const used = await post('/api/self-service/mvo/validate-email', { email: 'had-a-trial@example.com' });
    expect(used.statusCode).toBe(409);
    expect(json(used).message).toBe(MSG.trialEmailUsed);
  });

  it('limits the checks one address may make in an hour', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < ONBOARDING_LIMITS.emailChecksPerIpPerHour; i++) {
      expect((await post('/api/self-service/mvo/validate-email', { email: `probe${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    const over = await post('/api/self-service/mvo/validate-email', { email: 'one-more@example.com' }, ip);
    expect(over.statusCode).toBe(429);
    expect(json(over).message).toBe(MSG.tooManyRequests);
  });
});

describe('E022 validate-auth and the map search', () => {
  it("exchanges the Google code and lists the profile's locations, the tokens sealed", async () => {
    const res = json(await post('/api/self-service/mvo/validate-auth', { code: 'local-google:1' }));
    expect(res.status).toBe(1);
    expect(res.data.accountId).toBe('accounts/1180000000000000001');
    expect(res.data.locations.map((l: { name: string }) => l.name)).toEqual(['Demo Plumbing Austin', 'Demo Plumbing Dallas']);
    expect(res.data.locations[0].address.addressLines).toEqual(['1200 S Lamar Blvd']);
    expect(res.data.refreshToken).toBeNull();
    expect(res.data.accessToken).not.toContain('local-google-access');
  });

  it('says when the account has no locations, and when Google refuses the code', async () => {
    const none = json(await post('/api/self-service/mvo/validate-auth', { code: 'local-google:2' }));
    expect(none.data.locations).toEqual([]);
    expect(none.message).toBe(MSG.googleNoLocations);
    const refused = await post('/api/self-service/mvo/validate-auth', { code: 'made-up' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(MSG.googleConnectTrouble);
    const empty = await post('/api/self-service/mvo/validate-auth', { code: '' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).errors?.code).toBe(MSG.googleConnectTrouble);
  });

  it('gives the sign-in address with an onboarding state, and its callback returns to onboarding', async () => {
    const res = json(await t.app.inject({ method: 'GET', url: '/api/self-service/mvo/google/auth-url' }));
    expect(res.data.state).toMatch(/^onb\./);
    expect(res.data.url).toContain(encodeURIComponent(res.data.state));
    const page = await t.app.inject({ method: 'GET', url: `/api/oauth/google/callback?code=local-google:1&state=${encodeURIComponent(res.data.state)}` });
    expect(page.body).toContain('/onboarding/connect-social-media');
    const settings = await t.app.inject({ method: 'GET', url: '/api/oauth/google/callback?code=local-google:1&state=abc' });
    expect(settings.body).not.toContain('/onboarding/connect-social-media');
  });

  it('searches the map and finds a place by id before the account exists', async () => {
    const found = json(await t.app.inject({ method: 'GET', url: '/api/self-service/mvo/places/search?q=oak%20cliff' }));
    expect(found.data.places[0]).toMatchObject({ placeId: 'ChIJdemoOakCliffPlumb00015', name: 'Oak Cliff Plumbing Co.' });
    const one = json(await t.app.inject({ method: 'GET', url: '/api/self-service/mvo/places/details/ChIJdemoOakCliffPlumb00015' }));
    expect(one.data.place.name).toBe('Oak Cliff Plumbing Co.');
    const missing = await t.app.inject({ method: 'GET', url: '/api/self-service/mvo/places/details/ChIJnothingHere' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe(MSG.placeNotFound);
  });
});

describe('E021 sign-up', () => {
  it('creates the account, its trial location, the owner and the first campaign, logs in and emails the link', async () => {
    const { res, agent } = await signUp({ ...account('Rosa@Example.com'), placeId: 'ChIJdemoTrinityRoofing0014', businessName: 'Trinity Roofing' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toBe(MSG.signupCreated);
    expect(body.data).toMatchObject({ auth: true, free_trial_type: 'mvo' });

    const location = await t.db.location.findUniqueOrThrow({ where: { id: body.data.location_id }, include: { account: true, googlePlace: true } });
    expect(location).toMatchObject({ name: 'Trinity Roofing', freeTrial: true, freeTrialType: 'mvo', pcheckCount: ONBOARDING_LIMITS.trialPulseChecks.mvo, hs10dlc: true });
    expect(location.account.name).toBe('Trinity Roofing');
    expect(Math.round((location.trialEndsAt!.getTime() - Date.now()) / 86_400_000)).toBe(14);
    // The place is the location's first review source.
    expect(location.googlePlace?.placeId).toBe('ChIJdemoTrinityRoofing0014');
    const google = await t.db.socialAccount.findFirstOrThrow({ where: { locationId: location.id, uniqueType: 'google' } });
    expect(google.reviewPage).toContain('ChIJdemoTrinityRoofing0014');

    const user = await t.db.user.findUniqueOrThrow({ where: { email: 'rosa@example.com' } });
    expect(user).toMatchObject({ firstName: 'Rosa', lastName: 'Diaz', phone: '5125550177', emailVerifiedAt: null });
    expect(await t.db.membership.findFirst({ where: { userId: user.id, locationId: location.id, role: 'Owner' } })).not.toBeNull();
    expect(await t.db.signup.findFirst({ where: { userId: user.id } })).toMatchObject({ marketingOptIn: true, freeTrialType: 'mvo', businessSource: 'places' });

    // Logged in at the new location, on its trial.
    const locations = json(await agent.post('/api/account/locations/load')).data;
    expect(locations.current_location).toMatchObject({ location_id: location.id, free_trial: true, free_trial_days: 14, pcheck_count: 25 });

    // The verification email, whose link (E007) confirms the address.
    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { to: 'rosa@example.com' }, orderBy: { id: 'desc' } });
    const link = /\/verification\/user\/email\/(\d+)\/([^"\s<]+)/.exec(mail.body)!;
    expect(Number(link[1])).toBe(location.accountId);
    const verified = await t.app.inject({ method: 'GET', url: `/api/verification/user/email/${link[1]}/${link[2]}` });
    expect(verified.statusCode).toBe(200);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
  });

  it('connects the chosen Business Profile location when signing up through Google', async () => {
    const grant = json(await post('/api/self-service/mvo/validate-auth', { code: 'local-google:1' })).data;
    const { res } = await signUp({
      ...account('gbp-owner@example.com'),
      accessToken: grant.accessToken,
      locationId: 'locations/5120000000000000102',
      businessName: 'Demo Plumbing Dallas',
      logo: null,
      freeTrialType: 'lite',
    });
    expect(res.statusCode).toBe(200);
    const id = json(res).data.location_id;
    const conn = await t.db.googleConnection.findUniqueOrThrow({ where: { locationId: id } });
    expect(conn).toMatchObject({ status: 'connected', selectedId: 'locations/5120000000000000102', selectedPlaceId: 'ChIJdemoDallasPlumbing0002' });
    expect(conn.accessToken).not.toContain('local-google-access');
    const location = await t.db.location.findUniqueOrThrow({ where: { id } });
    expect(location).toMatchObject({ freeTrialType: 'lite', pcheckCount: ONBOARDING_LIMITS.trialPulseChecks.lite });
    expect(await t.db.socialConnection.findFirst({ where: { locationId: id, provider: 'google', status: 'connected' } })).not.toBeNull();
  });

  it('refuses a forged or unknown Google location', async () => {
    const grant = json(await post('/api/self-service/mvo/validate-auth', { code: 'local-google:1' })).data;
    const before = await counts();
    const forged = await signUp({ ...account('forged@example.com'), accessToken: `${grant.accessToken}x`, locationId: 'locations/5120000000000000101', businessName: 'X' });
    expect(forged.res.statusCode).toBe(400);
    expect(json(forged.res).message).toBe(MSG.googleGrantInvalid);
    const other = await signUp({ ...account('forged@example.com'), accessToken: grant.accessToken, locationId: 'locations/999', businessName: 'X' });
    expect(other.res.statusCode).toBe(400);
    expect(json(other.res).message).toBe(MSG.googleLocationNotFound);
    expect(await counts()).toEqual(before);
  });

  it('answers each bad field with its message and creates nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '' }, 'firstName', MSG.signupFirstName],
      [{ lastName: '' }, 'lastName', MSG.signupLastName],
      [{ businessEmail: 'nope' }, 'businessEmail', MSG.validEmail],
      [{ password: 'abc' }, 'password', MSG.signupPasswordMin],
      [{ password: 'has space' }, 'password', MSG.signupPasswordPattern],
      [{ businessPhone: '555-01' }, 'businessPhone', MSG.signupPhone],
      [{ terms: false }, 'terms', MSG.signupTerms],
      [{ placeId: undefined }, 'placeId', MSG.signupBusinessRequired],
      [{ freeTrialType: 'gold' }, 'freeTrialType', MSG.signupTrialType],
      [{ businessName: ' ' }, 'businessName', MSG.signupBusinessName],
    ];
    for (const [change, field, message] of cases) {
      const { res } = await signUp({ ...account('fields@example.com'), placeId: 'ChIJdemoLakewoodPest000017', businessName: 'Lakewood', ...change });
      expect(res.statusCode, field).toBe(400);
      expect(json(res).errors?.[field], field).toBe(message);
    }
    const unknownPlace = await signUp({ ...account('fields@example.com'), placeId: 'ChIJnothingHere', businessName: 'Lakewood' });
    expect(unknownPlace.res.statusCode).toBe(400);
    expect(json(unknownPlace.res).message).toBe(MSG.placeNotFound);
    expect(await counts()).toEqual(before);
  });

  it('refuses an email that has a user', async () => {
    const before = await counts();
    const { res } = await signUp({ ...account('owner@kudo.test'), placeId: 'ChIJdemoLakewoodPest000017', businessName: 'Lakewood' });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(MSG.signupEmailExists);
    expect(await counts()).toEqual(before);
  });

  it('gives one free trial per email and per Google place, even after the account is gone', async () => {
    const first = await signUp({ ...account('once@example.com'), placeId: 'ChIJdemoDallasPoolCare0018', businessName: 'Dallas Pool Care' });
    expect(first.res.statusCode).toBe(200);
    // The same place under another email.
    const samePlace = await signUp({ ...account('twice@example.com'), placeId: 'ChIJdemoDallasPoolCare0018', businessName: 'Pool Care Two' });
    expect(samePlace.res.statusCode).toBe(409);
    expect(json(samePlace.res).message).toBe(MSG.trialPlaceUsed);
    // The account and its user deleted: the email still had its trial.
    const accountId = (await t.db.location.findUniqueOrThrow({ where: { id: json(first.res).data.location_id } })).accountId;
    await t.db.user.delete({ where: { email: 'once@example.com' } });
    await t.db.account.delete({ where: { id: accountId } });
    const sameEmail = await signUp({ ...account('once@example.com'), placeId: 'ChIJdemoMetroplexApplia019', businessName: 'Metroplex' });
    expect(sameEmail.res.statusCode).toBe(409);
    expect(json(sameEmail.res).message).toBe(MSG.trialEmailUsed);
    expect(await t.db.user.findUnique({ where: { email: 'once@example.com' } })).toBeNull();
  });

  it('limits sign-ups per IP address and per email', async () => {
    const ip = '198.51.100.200';
    for (let i = 0; i < ONBOARDING_LIMITS.signupsPerIpPerHour; i++) {
      // Refused for their place, but each one counts.
      expect((await signUp({ ...account(`ip${i}@example.com`), placeId: 'ChIJnothingHere', businessName: 'X' }, ip)).res.statusCode).toBe(400);
    }
    const overIp = await signUp({ ...account('ip-last@example.com'), placeId: 'ChIJdemoWhiteRockWindow020', businessName: 'White Rock' }, ip);
    expect(overIp.res.statusCode).toBe(429);
    expect(await t.db.user.findUnique({ where: { email: 'ip-last@example.com' } })).toBeNull();

    for (let i = 0; i < ONBOARDING_LIMITS.signupsPerEmailPerHour; i++) {
      expect((await signUp({ ...account('same@example.com'), placeId: 'ChIJnothingHere', businessName: 'X' })).res.statusCode).toBe(400);
    }
    const overEmail = await signUp({ ...account('same@example.com'), placeId: 'ChIJdemoWhiteRockWindow020', businessName: 'White Rock' });
    expect(overEmail.res.statusCode).toBe(429);
    expect(json(overEmail.res).message).toBe(MSG.tooManyRequests);
  });

  it('creates nothing when a step of the transaction fails, and never shows the failure', async () => {
    const before = await counts();
    // The database refuses the owner's membership: the account, location, user and claims made before it go too.
    await t.db.$executeRaw`CREATE FUNCTION refuse_membership() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'membership refused'; END $$`;
    await t.db.$executeRaw`CREATE TRIGGER refuse_membership BEFORE INSERT ON memberships FOR EACH ROW EXECUTE FUNCTION refuse_membership()`;
    try {
      const { res } = await signUp({ ...account('atomic@example.com'), placeId: 'ChIJdemoBigDGarageDoor0016', businessName: 'Big D' });
      expect(res.statusCode).toBe(500);
      expect(json(res)).toEqual({ status: 0, message: MSG.serverError });
      expect(res.cookies.find((c) => c.name === 'kudo_session')).toBeUndefined();
    } finally {
      await t.db.$executeRaw`DROP TRIGGER refuse_membership ON memberships`;
      await t.db.$executeRaw`DROP FUNCTION refuse_membership()`;
    }
    expect(await counts()).toEqual(before);
    expect(await t.db.googlePlace.count({ where: { placeId: 'ChIJdemoBigDGarageDoor0016' } })).toBe(0);
    expect(await t.db.outboxMessage.count({ where: { to: 'atomic@example.com' } })).toBe(0);
    // Nothing was spent: the same sign-up goes through once the database takes it.
    expect((await signUp({ ...account('atomic@example.com'), placeId: 'ChIJdemoBigDGarageDoor0016', businessName: 'Big D' })).res.statusCode).toBe(200);
  });
});

describe('the pulseCheck steps', () => {
  const newBusiness = async (email: string, placeId: string) => {
    const { res, agent } = await signUp({ ...account(email), placeId, businessName: `Business ${email}` });
    expect(res.statusCode).toBe(200);
    const locationId = json(res).data.location_id as number;
    // Inside the sending window whatever the clock says.
    await t.db.location.update({ where: { id: locationId }, data: { timeZone: 'UTC' } });
    return { agent, locationId };
  };
  const noon = () => new Date(new Date().toISOString().slice(0, 10) + 'T12:00:00Z');

  it('load answers the trial, the default campaign and the user; only for a logged-in location', async () => {
    const { agent, locationId } = await newBusiness('steps@example.com', 'ChIJdemoUptownElectric0013');
    const data = json(await agent.get('/api/self-service/onboarding/load')).data;
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId } });
    expect(data).toMatchObject({ free_trial: true, free_trial_type: 'mvo', free_trial_days: 14, pcheck_count: 25, user_email: 'steps@example.com' });
    expect(data.campaign).toMatchObject({ uid: campaign.uid, campaign_uid: campaign.uid });
    expect((await t.app.inject({ method: 'GET', url: '/api/self-service/onboarding/load' })).statusCode).toBe(401);
  });

  it("sets the location's logo from the preview step, with Logo & Color's rule", async () => {
    const { agent, locationId } = await newBusiness('logo@example.com', 'ChIJdemoMopacCleaning00010');
    const saved = json(await agent.post('/api/self-service/onboarding/logo', { logo: 'https://cdn.example.com/logo.png' }));
    expect(saved).toMatchObject({ data: { logo_url: 'https://cdn.example.com/logo.png' }, message: MSG.onboardingLogoSaved });
    expect((await t.db.location.findUniqueOrThrow({ where: { id: locationId } })).navLogoUrl).toBe('https://cdn.example.com/logo.png');
    const bad = await agent.post('/api/self-service/onboarding/logo', { logo: 'http://insecure.example.com/logo.png' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors?.logo).toBe(MSG.validLogo);
    expect(json(await agent.post('/api/self-service/onboarding/logo', { logo: null })).data.logo_url).toBeNull();
  });

  it('sends the demo pulseCheck as a test, into the outbox', async () => {
    const { agent, locationId } = await newBusiness('demo-send@example.com', 'ChIJdemoDeepEllumHvac00012');
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId } });
    const res = await agent.post('/api/kudo-beta/dispatch/send-pcheck', {
      campaign_uid: campaign.uid,
      customer_phone: '5125550911',
      customer_email: '',
      customer_name: '',
      customer_address: '',
      customer_place: null,
      is_test: true,
    });
    expect(json(res).data.status).toBe(1);
    expect(await t.db.dispatch.findFirst({ where: { locationId, isTest: true } })).not.toBeNull();
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550911' } })).toBe(1);
  });

  it('reads an uploaded sheet with its row problems, and refuses other files', async () => {
    const { agent } = await newBusiness('sheet@example.com', 'ChIJdemoLakewoodPest000017');
    const csv = ['First Name,Last Name,Address,Phone Number,Email', 'Ann,Lee,1 Oak St,(512) 555-0301,ann@example.com', 'Bob,Ray,,123,'].join('\n');
    const { payload, headers } = multipart({}, { name: 'contacts.csv', type: 'text/csv', data: Buffer.from(csv) });
    const read = json(await agent.request('POST', '/api/self-service/onboarding/contacts/read', payload, headers));
    expect(read.data.rows).toEqual([
      { first_name: 'Ann', last_name: 'Lee', address: '1 Oak St', phone: '5125550301', email: 'ann@example.com', error: null },
      { first_name: 'Bob', last_name: 'Ray', address: '', phone: '123', email: '', error: MSG.contactsRowInvalid },
    ]);
    const png = multipart({}, { name: 'photo.png', type: 'image/png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
    const wrong = await agent.request('POST', '/api/self-service/onboarding/contacts/read', png.payload, png.headers);
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe(MSG.contactsFileType);
  });

  it('sends to the contacts through the bulk send, row by row, spending the trial', async () => {
    const { agent, locationId } = await newBusiness('bulk@example.com', 'ChIJdemoHillCountryPest006');
    const res = await agent.post('/api/self-service/onboarding/contacts/send', {
      rows: [
        { first_name: 'Ann', last_name: 'Lee', address: '1 Oak St', phone: '(512) 555-0401', email: '' },
        { first_name: 'Cy', last_name: 'Fox', address: '', phone: '', email: 'cy@example.com' },
        { first_name: 'Bad', last_name: 'Row', address: '', phone: '12', email: '' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const view = json(res).data;
    expect(view.counts).toEqual({ standby: 2, pending: 0, success: 0, error: 1 });
    expect(view.rows[2]).toMatchObject({ status: 'error', message: MSG.contactsRowInvalid });
    await processBulkJob({ ...t.app.deps, log: t.app.log }, view.id, noon);
    const done = json(await agent.get(`/api/kudo-beta/dispatch/bulk/${view.id}`)).data;
    expect(done.counts).toEqual({ standby: 0, pending: 0, success: 2, error: 1 });
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550401' } })).toBe(1);
    expect(await t.db.outboxMessage.count({ where: { to: 'cy@example.com' } })).toBe(1);
    expect((await t.db.location.findUniqueOrThrow({ where: { id: locationId } })).pcheckCount).toBe(23);
  });

  it('refuses more contacts than pulseChecks remain, and an empty list', async () => {
    const { agent, locationId } = await newBusiness('too-many@example.com', 'ChIJdemoAustinSolar0000011');
    await t.db.location.update({ where: { id: locationId }, data: { pcheckCount: 1 } });
    const rows = [
      { first_name: 'A', last_name: 'B', address: '', phone: '5125550501', email: '' },
      { first_name: 'C', last_name: 'D', address: '', phone: '5125550502', email: '' },
    ];
    const over = await agent.post('/api/self-service/onboarding/contacts/send', { rows });
    expect(over.statusCode).toBe(400);
    expect(json(over).message).toBe(MSG.contactsExceedRemaining);
    const empty = await agent.post('/api/self-service/onboarding/contacts/send', { rows: [] });
    expect(json(empty).errors?.rows).toBe(MSG.contactsRequired);
    expect(await t.db.bulkJob.count({ where: { locationId } })).toBe(0);
    // A location whose campaigns were all deleted has nothing to send from.
    await t.db.campaign.updateMany({ where: { locationId }, data: { deletedAt: new Date() } });
    const none = await agent.post('/api/self-service/onboarding/contacts/send', { rows: rows.slice(0, 1) });
    expect(none.statusCode).toBe(409);
    expect(json(none).message).toBe(MSG.onboardingNoCampaign);
  });

  it("sends from the session's own location only: Dallas never reaches another location's campaign", async () => {
    const dallasOwner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
    const view = json(await dallasOwner.post('/api/self-service/onboarding/contacts/send', { rows: [{ first_name: 'A', last_name: 'B', phone: '5125550601' }] })).data;
    const job = await t.db.bulkJob.findUniqueOrThrow({ where: { id: view.id }, include: { campaign: true } });
    expect(job.locationId).toBe(dallas.id);
    expect(job.campaign.locationId).toBe(dallas.id);
    const load = json(await dallasOwner.get('/api/self-service/onboarding/load')).data;
    expect((await t.db.campaign.findUniqueOrThrow({ where: { uid: load.campaign.uid } })).locationId).toBe(dallas.id);
  });
});

describe('carrier registration', () => {
  const details = {
    legal_name: 'Demo Plumbing LLC',
    business_type: 'llc',
    ein: '12-3456789',
    website: 'https://demo-plumbing.example',
    contact_first_name: 'Dana',
    contact_last_name: 'Owner',
    contact_email: 'dana@example.com',
    contact_phone: '(512) 555-0100',
  };

  it("keeps the location's business details and answers them; another location does not see them", async () => {
    const austin = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    expect(json(await austin.get('/api/settings/carrier-registration/load')).data).toEqual({ registration: null, twilio_verified: 'verified' });
    const saved = json(await austin.post('/api/settings/carrier-registration/save', details));
    expect(saved.message).toBe(MSG.carrierSaved);
    expect(saved.data.registration).toMatchObject({ legal_name: 'Demo Plumbing LLC', ein: '123456789', contact_phone: '5125550100' });
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect(json(await dallas.get('/api/settings/carrier-registration/load')).data.registration).toBeNull();
  });

  it('refuses bad details with their messages, and a user who is not Owner or Admin', async () => {
    const austin = await loginAs(t.app, t.db, 'admin@kudo.test', 'Demo Plumbing Austin');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ legal_name: '' }, 'legal_name', MSG.carrierLegalName],
      [{ business_type: 'pirate' }, 'business_type', MSG.carrierBusinessType],
      [{ ein: '12-34' }, 'ein', MSG.carrierEin],
      [{ ein: '' }, 'ein', MSG.carrierEin],
      [{ website: 'ftp://x' }, 'website', MSG.carrierWebsite],
      [{ contact_first_name: '' }, 'contact_first_name', MSG.carrierContactFirstName],
      [{ contact_last_name: '' }, 'contact_last_name', MSG.carrierContactLastName],
      [{ contact_email: 'x' }, 'contact_email', MSG.validEmail],
      [{ contact_phone: '1' }, 'contact_phone', MSG.signupPhone],
    ];
    for (const [change, field, message] of cases) {
      const res = await austin.post('/api/settings/carrier-registration/save', { ...details, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(json(res).errors?.[field], field).toBe(message);
    }
    // A sole proprietorship registers without an EIN.
    const sole = json(await austin.post('/api/settings/carrier-registration/save', { ...details, business_type: 'sole_proprietorship', ein: '' }));
    expect(sole.data.registration).toMatchObject({ business_type: 'sole_proprietorship', ein: '' });
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test', 'Demo Plumbing Austin');
    expect((await staff.post('/api/settings/carrier-registration/save', details)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/carrier-registration/load' })).statusCode).toBe(401);
  });
});
