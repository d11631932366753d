import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { fakeTwilio, type FakeTwilio } from '../../../test/fake-twilio.js';
import { createTestApp, json, loginAs, recordingQueue, type TestContext } from '../../../test/helpers.js';
import type { AppDeps } from '../../http/context.js';
import { createProviders } from '../../providers/index.js';
import { A2P_PROFILE_POLICY, SECONDARY_PROFILE_POLICY } from '../../providers/registrar/twilio.js';
import { keywordReply } from '../sms/index.js';
import { advanceRegistration, advanceRegistrationJob } from './service.js';

const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'test-auth-token';
const PRIMARY = 'BU0000000000000000000000000000ffff';
const DALLAS_NUMBER = '+12145550100';
const SUBMIT = '/api/settings/carrier-registration/submit';
const STATUS = '/api/settings/carrier-registration/status';

const DETAILS = {
  legal_name: 'Demo Plumbing Dallas LLC',
  business_type: 'llc',
  ein: '12-3456789',
  website: 'https://demoplumbing.example',
  contact_first_name: 'Olivia',
  contact_last_name: 'Owner',
  contact_email: 'olivia@demoplumbing.example',
  contact_phone: '(214) 555-0142',
  contact_title: 'Owner',
  contact_position: 'CEO',
  street: '2200 Ross Ave',
  city: 'Dallas',
  state: 'TX',
  postal_code: '75201',
};

/** The app on real Twilio credentials whose API is the fake on 127.0.0.1, with the jobs it enqueues recorded. */
async function setup() {
  const fake = await fakeTwilio();
  const queue = recordingQueue();
  const env = {
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM_NUMBER: '+15125550100',
    TWILIO_BASE_URL: fake.url,
    TWILIO_PRIMARY_CUSTOMER_PROFILE_SID: PRIMARY,
    CARRIER_POLL_SECONDS: '60',
  };
  const t = await createTestApp(env, { jobs: queue.queue });
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
  const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  const deps: AppDeps = { db: t.db, config: t.config, providers: createProviders(t.config, t.db), jobs: queue.queue };
  /** One run of the worker, as the last job it was given would run it. */
  const work = async () => {
    const job = [...queue.sent].reverse().find((j) => j.name === advanceRegistrationJob.name);
    const payload = job?.payload as { locationId: number; at?: string } | undefined;
    await advanceRegistration(deps, dallas.id, payload?.at);
  };
  return { fake, queue, t, owner, dallas, deps, work };
}

const formOf = (r: { body: string }) => new URLSearchParams(r.body);
const posts = (fake: FakeTwilio, path: RegExp) => fake.requests.filter((r) => r.method === 'POST' && path.test(r.url.split('?')[0]!));
const submission = (t: TestContext, locationId: number) => t.db.carrierSubmission.findUniqueOrThrow({ where: { locationId } });
const ownerEmails = (t: TestContext, locationId: number) => t.db.emailLog.findMany({ where: { locationId, template: 'carrier-registration' }, orderBy: { id: 'asc' } });

/** Takes a fresh submission to approval: both profiles approved, the brand with a score, the campaign verified. */
async function approve(s: Awaited<ReturnType<typeof setup>>) {
  await s.work();
  for (const bundle of [...s.fake.made('/v1/CustomerProfiles'), ...s.fake.made('/v1/TrustProducts')]) s.fake.set(bundle.sid as string, { status: 'twilio-approved' });
  const brand = s.fake.made('/v1/a2p/BrandRegistrations')[0]!;
  s.fake.set(brand.sid as string, { status: 'APPROVED', brand_score: 82 });
  await s.work();
  const service = s.fake.made('/v1/Services')[0]!;
  const campaign = s.fake.made(`/v1/Services/${service.sid as string}/Compliance/Usa2p`)[0]!;
  s.fake.set(campaign.sid as string, { campaign_status: 'VERIFIED' });
  await s.work();
  return { brand, service, campaign };
}

describe('carrier registration through Twilio (ISV path): the happy path', async () => {
  const s = await setup();

  it('refuses a submission without the address, naming the field, and keeps nothing', async () => {
    const res = await s.owner.post(SUBMIT, { ...DETAILS, street: '' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ street: MSG.carrierStreet });
    expect(await s.t.db.carrierSubmission.findUnique({ where: { locationId: s.dallas.id } })).toBeNull();
  });

  it('stores the details, answers pending and enqueues the worker', async () => {
    const res = await s.owner.post(SUBMIT, DETAILS);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toBe(MSG.carrierSubmitted);
    expect(body.data.status).toMatchObject({ status: 'pending', updating: false, twilio_verified: 'in_progress', failure: null });
    expect(body.data.registration).toMatchObject({ ein: '123456789', street: '2200 Ross Ave', state: 'TX', contact_position: 'CEO' });
    expect((await s.t.db.location.findUniqueOrThrow({ where: { id: s.dallas.id } })).twilioVerified).toBe('in_progress');
    expect(s.queue.sent.at(-1)).toMatchObject({ name: advanceRegistrationJob.name, payload: { locationId: s.dallas.id } });
  });

  it('makes the customer profile, the A2P profile and the brand, each from the stored field it belongs to', async () => {
    await s.work();
    const [profile] = s.fake.made('/v1/CustomerProfiles');
    expect(profile).toMatchObject({ friendly_name: `kudo-location-${s.dallas.id}-profile`, policy_sid: SECONDARY_PROFILE_POLICY, email: DETAILS.contact_email, status: 'pending-review' });
    const users = s.fake.made('/v1/EndUsers');
    const business = users.find((u) => u.type === 'customer_profile_business_information')!;
    expect(business.attributes).toEqual({
      business_name: 'Demo Plumbing Dallas LLC',
      business_identity: 'direct_customer',
      business_type: 'Limited Liability Corporation',
      business_industry: 'CONSUMER',
      business_registration_identifier: 'EIN',
      business_registration_number: '12-3456789',
      business_regions_of_operation: 'USA_AND_CANADA',
      website_url: 'https://demoplumbing.example',
      social_media_profile_urls: '',
    });
    const rep = users.find((u) => u.type === 'authorized_representative_1')!;
    expect(rep.attributes).toEqual({ first_name: 'Olivia', last_name: 'Owner', email: DETAILS.contact_email, phone_number: '+12145550142', business_title: 'Owner', job_position: 'CEO' });
    const [address] = s.fake.made('/2010-04-01/Addresses');
    expect(address).toMatchObject({ customer_name: DETAILS.legal_name, street: '2200 Ross Ave', city: 'Dallas', region: 'TX', postal_code: '75201', iso_country: 'US' });
    const [doc] = s.fake.made('/v1/SupportingDocuments');
    expect(doc).toMatchObject({ type: 'customer_profile_address', attributes: { address_sids: address!.sid } });
    const assigned = s.fake.made(`/v1/CustomerProfiles/${profile!.sid as string}/EntityAssignments`).map((a) => a.object_sid);
    expect(assigned.sort()).toEqual([business.sid, rep.sid, doc!.sid, PRIMARY].sort());

    const [trust] = s.fake.made('/v1/TrustProducts');
    expect(trust).toMatchObject({ policy_sid: A2P_PROFILE_POLICY, status: 'pending-review' });
    const a2p = users.find((u) => u.type === 'us_a2p_messaging_profile_information')!;
    expect(a2p.attributes).toEqual({ company_type: 'private' });
    expect(s.fake.made(`/v1/TrustProducts/${trust!.sid as string}/EntityAssignments`).map((a) => a.object_sid).sort()).toEqual([a2p.sid, profile!.sid].sort());

    const [brand] = s.fake.made('/v1/a2p/BrandRegistrations');
    expect(brand).toMatchObject({ customer_profile_bundle_sid: profile!.sid, a2p_profile_bundle_sid: trust!.sid, brand_type: 'STANDARD' });
    // The service and the campaign wait for the brand.
    expect(s.fake.made('/v1/Services')).toHaveLength(0);

    const row = await submission(s.t, s.dallas.id);
    expect(row.status).toBe('in_review');
    expect(row.steps).toEqual({ profile: 'pending', brand: 'pending' });
    expect(row.resources).toMatchObject({ profile: profile!.sid, trustProduct: trust!.sid, brand: brand!.sid, address: address!.sid });
    // Checked again after the configured wait.
    const next = s.queue.sent.at(-1)!;
    expect(next.options?.startAfter?.getTime()).toBeGreaterThanOrEqual(Date.now() + 55_000);
    expect((next.payload as { at: string }).at).toBe(row.nextPollAt!.toISOString());
  });

  it('once the brand is approved: a Messaging Service with the location’s number, and the campaign from its own texts', async () => {
    const [brand] = s.fake.made('/v1/a2p/BrandRegistrations');
    s.fake.set(brand!.sid as string, { status: 'APPROVED', brand_score: 82 });
    await s.work();
    const [service] = s.fake.made('/v1/Services');
    expect(service).toMatchObject({ friendly_name: `kudo-location-${s.dallas.id}-texting`, inbound_request_url: 'http://kudo.test/api/webhooks/twilio/inbound' });
    const numbers = s.fake.made(`/v1/Services/${service!.sid as string}/PhoneNumbers`);
    expect(numbers.map((n) => n.phone_number)).toEqual([DALLAS_NUMBER]);
    const [campaign] = s.fake.made(`/v1/Services/${service!.sid as string}/Compliance/Usa2p`);
    const form = formOf(posts(s.fake, /\/Compliance\/Usa2p$/)[0]!);
    expect(form.get('BrandRegistrationSid')).toBe(brand!.sid);
    expect(form.get('UsAppToPersonUsecase')).toBe('MIXED');
    const samples = form.getAll('MessageSamples');
    expect(samples[0]).toMatch(/^Hi \[first name\], thanks for choosing Demo Plumbing! How did \[technician name\] do\? Tell us: http:\/\/kudo\.test\/pulsecheck\//);
    expect(samples.length).toBeGreaterThanOrEqual(2);
    expect(form.get('HasEmbeddedLinks')).toBe('true');
    expect(form.get('OptOutMessage')).toBe(keywordReply('stop', { name: 'Demo Plumbing', phone: s.t.config.sms.supportPhone }));
    expect(form.get('HelpMessage')).toBe(keywordReply('help', { name: 'Demo Plumbing', phone: s.t.config.sms.supportPhone }));
    expect(form.get('MessageFlow')).toContain('consent');
    expect(campaign).toBeDefined();
    const row = await submission(s.t, s.dallas.id);
    expect(row.status).toBe('in_review');
    expect(row.steps).toEqual({ profile: 'pending', brand: 'approved', service: 'approved', campaign: 'in_review' });
    expect(row.trustScore).toBe(82);
  });

  it('approved when the campaign is verified: texts verified, the daily limit of the score, one email to the owner', async () => {
    const [service] = s.fake.made('/v1/Services');
    const [campaign] = s.fake.made(`/v1/Services/${service!.sid as string}/Compliance/Usa2p`);
    s.fake.set(campaign!.sid as string, { campaign_status: 'VERIFIED' });
    await s.work();
    const view = json(await s.owner.get(STATUS)).data;
    expect(view).toMatchObject({ status: 'approved', updating: false, trust_score: 82, daily_limit: 200000, twilio_verified: 'verified', failure: null });
    expect(view.steps.map((x: { status: string }) => x.status)).toEqual(['pending', 'approved', 'approved', 'approved']);
    expect(view.fees).toEqual({ brand: 4.5, vetting: 41.5, campaign_vetting: 15, campaign_monthly: 10 });
    expect((await s.t.db.location.findUniqueOrThrow({ where: { id: s.dallas.id } })).twilioVerified).toBe('verified');
    const emails = await ownerEmails(s.t, s.dallas.id);
    expect(emails.map((e) => [e.to, e.subject])).toEqual([['owner@kudo.test', 'Kudo: texting registration approved for Demo Plumbing Dallas']]);
    // Approved is final: a stray run changes nothing and mails nobody.
    const before = s.fake.requests.length;
    await advanceRegistration(s.deps, s.dallas.id);
    expect(s.fake.requests.length).toBe(before);
    expect(await ownerEmails(s.t, s.dallas.id)).toHaveLength(1);
  });

  it('made every object once', () => {
    expect(s.fake.creations()).toEqual({
      '/v1/CustomerProfiles': 1,
      '/v1/EndUsers': 3,
      '/2010-04-01/Addresses': 1,
      '/v1/SupportingDocuments': 1,
      '/v1/CustomerProfiles/BU…/EntityAssignments': 4,
      '/v1/CustomerProfiles/BU…/Evaluations': 1,
      '/v1/TrustProducts': 1,
      '/v1/TrustProducts/BU…/EntityAssignments': 2,
      '/v1/TrustProducts/BU…/Evaluations': 1,
      '/v1/a2p/BrandRegistrations': 1,
      '/v1/Services': 1,
      '/v1/Services/MG…/PhoneNumbers': 1,
      '/v1/Services/MG…/Compliance/Usa2p': 1,
    });
  });

  it('an Admin sees the status, a User may not', async () => {
    const austinStaff = await loginAs(s.t.app, s.t.db, 'staff@kudo.test');
    expect((await austinStaff.get(STATUS)).statusCode).toBe(403);
    expect((await austinStaff.post(SUBMIT, DETAILS)).statusCode).toBe(403);
  });
});

describe('carrier registration through Twilio: a failed brand', async () => {
  const s = await setup();

  it('fails with the carrier’s reason against the EIN, marks the location rejected and emails the owner once', async () => {
    await s.owner.post(SUBMIT, DETAILS);
    await s.work();
    const [brand] = s.fake.made('/v1/a2p/BrandRegistrations');
    s.fake.set(brand!.sid as string, { status: 'FAILED', failure_reason: 'The EIN and the legal business name do not match IRS records', brand_feedback: ['TAX_ID'] });
    await s.work();
    const view = json(await s.owner.get(STATUS)).data;
    expect(view).toMatchObject({ status: 'failed', twilio_verified: 'rejected', failure: { reason: 'The EIN and the legal business name do not match IRS records', field: 'ein' } });
    expect(view.steps.find((x: { step: string }) => x.step === 'brand').status).toBe('failed');
    expect((await s.t.db.location.findUniqueOrThrow({ where: { id: s.dallas.id } })).twilioVerified).toBe('rejected');
    // No next check: the business has to act.
    expect((await submission(s.t, s.dallas.id)).nextPollAt).toBeNull();
    expect(s.fake.made('/v1/Services')).toHaveLength(0);
    const emails = await ownerEmails(s.t, s.dallas.id);
    expect(emails.map((e) => e.subject)).toEqual(['Kudo: texting registration for Demo Plumbing Dallas needs your attention']);
    await advanceRegistration(s.deps, s.dallas.id);
    expect(await ownerEmails(s.t, s.dallas.id)).toHaveLength(1);
  });

  it('a corrected EIN resubmits the same brand with the updated profile', async () => {
    const res = await s.owner.post(SUBMIT, { ...DETAILS, ein: '98-7654321' });
    expect(json(res).data.status).toMatchObject({ status: 'pending', failure: null, twilio_verified: 'in_progress' });
    await s.work();
    const [brand] = s.fake.made('/v1/a2p/BrandRegistrations');
    expect(s.fake.made('/v1/a2p/BrandRegistrations')).toHaveLength(1);
    expect(s.fake.get(brand!.sid as string)).toMatchObject({ status: 'PENDING', updates: 1 });
    const business = s.fake.made('/v1/EndUsers').find((u) => u.type === 'customer_profile_business_information')!;
    expect((business.attributes as Record<string, string>).business_registration_number).toBe('98-7654321');
    expect(s.fake.made('/v1/EndUsers')).toHaveLength(3);
    expect((await submission(s.t, s.dallas.id)).status).toBe('in_review');
  });
});

describe('carrier registration through Twilio: a crash between two steps', async () => {
  const s = await setup();

  it('a run that broke after Twilio made the A2P profile, then after it made the brand, is finished by the next without making anything twice', async () => {
    await s.owner.post(SUBMIT, DETAILS);
    s.fake.fault({ method: 'POST', path: /^\/v1\/TrustProducts$/, kind: 'drop' });
    await expect(s.work()).rejects.toThrow();
    expect(s.fake.made('/v1/TrustProducts')).toHaveLength(1);
    const row = await submission(s.t, s.dallas.id);
    expect(row.resources).not.toHaveProperty('trustProduct');
    expect(row.leaseUntil).toBeNull();
    expect(row.status).toBe('pending');

    s.fake.fault({ method: 'POST', path: /^\/v1\/a2p\/BrandRegistrations$/, kind: 'drop' });
    await expect(s.work()).rejects.toThrow();
    expect(s.fake.made('/v1/a2p/BrandRegistrations')).toHaveLength(1);

    // Twilio answering 500 is retried as well, and changes nothing.
    s.fake.fault({ method: 'GET', path: /^\/v1\/a2p\/BrandRegistrations$/, kind: 'answer', status: 503 });
    await expect(s.work()).rejects.toThrow();

    await s.work();
    const done = await submission(s.t, s.dallas.id);
    expect(done.status).toBe('in_review');
    expect(done.resources).toMatchObject({ trustProduct: s.fake.made('/v1/TrustProducts')[0]!.sid, brand: s.fake.made('/v1/a2p/BrandRegistrations')[0]!.sid });
    const counts = s.fake.creations();
    expect(counts['/v1/CustomerProfiles']).toBe(1);
    expect(counts['/v1/EndUsers']).toBe(3);
    expect(counts['/v1/TrustProducts']).toBe(1);
    expect(counts['/v1/TrustProducts/BU…/EntityAssignments']).toBe(2);
    expect(counts['/v1/a2p/BrandRegistrations']).toBe(1);
    // The profile was submitted once.
    expect(posts(s.fake, /^\/v1\/CustomerProfiles\/BU\d+$/).filter((r) => formOf(r).get('Status') === 'pending-review')).toHaveLength(1);
  });

  it('two workers never advance the same registration at once', async () => {
    await s.t.db.carrierSubmission.update({ where: { locationId: s.dallas.id }, data: { leaseUntil: new Date(Date.now() + 60_000) } });
    const before = s.fake.requests.length;
    await advanceRegistration(s.deps, s.dallas.id);
    expect(s.fake.requests.length).toBe(before);
    await s.t.db.carrierSubmission.update({ where: { locationId: s.dallas.id }, data: { leaseUntil: null } });
  });

  it('a job of an older schedule does nothing', async () => {
    const before = s.fake.requests.length;
    await advanceRegistration(s.deps, s.dallas.id, new Date(Date.now() - 3_600_000).toISOString());
    expect(s.fake.requests.length).toBe(before);
  });
});

describe('carrier registration through Twilio: details changed after approval', async () => {
  const s = await setup();

  it('updates the profile and resubmits the same brand: no second brand, service or campaign, texts stay verified', async () => {
    await s.owner.post(SUBMIT, DETAILS);
    const { brand, service, campaign } = await approve(s);
    expect((await submission(s.t, s.dallas.id)).status).toBe('approved');

    const same = await s.owner.post(SUBMIT, DETAILS);
    expect(json(same).message).toBe(MSG.carrierUnchanged);

    const res = await s.owner.post(SUBMIT, { ...DETAILS, website: 'https://dallas.demoplumbing.example', street: '2300 Ross Ave' });
    expect(json(res).message).toBe(MSG.carrierUpdateSubmitted);
    expect(json(res).data.status).toMatchObject({ status: 'pending', updating: true, twilio_verified: 'verified' });
    await s.work();

    const business = s.fake.made('/v1/EndUsers').find((u) => u.type === 'customer_profile_business_information')!;
    expect((business.attributes as Record<string, string>).website_url).toBe('https://dallas.demoplumbing.example');
    expect(posts(s.fake, new RegExp(`^/v1/EndUsers/${business.sid as string}$`))).toHaveLength(1);
    const [address] = s.fake.made('/2010-04-01/Addresses');
    expect(address).toMatchObject({ street: '2300 Ross Ave' });
    expect(s.fake.get(brand.sid as string)).toMatchObject({ updates: 1, status: 'PENDING' });
    const counts = s.fake.creations();
    expect(counts['/v1/a2p/BrandRegistrations']).toBe(1);
    expect(counts['/v1/Services']).toBe(1);
    expect(counts['/v1/Services/MG…/Compliance/Usa2p']).toBe(1);
    expect(counts['/v1/EndUsers']).toBe(3);
    expect(counts['/v1/CustomerProfiles']).toBe(1);
    expect(posts(s.fake, /^\/v1\/CustomerProfiles\/BU\d+$/).filter((r) => formOf(r).get('Status') === 'pending-review')).toHaveLength(2);

    let view = json(await s.owner.get(STATUS)).data;
    expect(view).toMatchObject({ status: 'in_review', updating: true, twilio_verified: 'verified' });
    expect((await s.t.db.location.findUniqueOrThrow({ where: { id: s.dallas.id } })).twilioVerified).toBe('verified');

    s.fake.set(brand.sid as string, { status: 'APPROVED' });
    await s.work();
    view = json(await s.owner.get(STATUS)).data;
    expect(view).toMatchObject({ status: 'approved', updating: false });
    expect(s.fake.get(campaign.sid as string)).toBeDefined();
    expect(s.fake.get(service.sid as string)).toBeDefined();
    // The approval of an update is not news: the owner heard of the first one.
    expect(await ownerEmails(s.t, s.dallas.id)).toHaveLength(1);
  });
});

describe('carrier registration without Twilio: the local registrar', async () => {
  const queue = recordingQueue();
  const t = await createTestApp({ CARRIER_LOCAL_STEP_SECONDS: '2' }, { jobs: queue.queue });
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
  const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  const deps: AppDeps = { db: t.db, config: t.config, providers: createProviders(t.config, t.db), jobs: queue.queue };
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const run = async () => {
    const job = queue.sent.filter((j) => j.name === advanceRegistrationJob.name).at(-1)!;
    const waitMs = (job.options?.startAfter?.getTime() ?? Date.now()) - Date.now();
    if (waitMs > 0) await wait(waitMs + 20);
    await advanceRegistration(deps, dallas.id, (job.payload as { at: string }).at);
    return json(await owner.get(STATUS)).data;
  };

  it('walks pending → in review → approved on its timer', async () => {
    expect(deps.providers.registrar.kind).toBe('local');
    await owner.post(SUBMIT, DETAILS);
    expect((await run()).status).toBe('pending');
    expect(await run()).toMatchObject({ status: 'in_review', twilio_verified: 'in_progress' });
    const done = await run();
    expect(done).toMatchObject({ status: 'approved', twilio_verified: 'verified', trust_score: 75, daily_limit: 200000 });
    expect(await ownerEmails(t, dallas.id)).toHaveLength(1);
  });

  it('fails the EIN 00-0000000 with the field marked', async () => {
    await owner.post(SUBMIT, { ...DETAILS, ein: '00-0000000' });
    await run();
    await run();
    expect(await run()).toMatchObject({ status: 'failed', twilio_verified: 'rejected', failure: { field: 'ein' } });
  });
});
