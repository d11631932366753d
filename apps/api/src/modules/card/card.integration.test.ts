import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { type Agent, expectNotLoggedIn, json, loginAs, grantAddons } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { recordConsent } from '../../lib/consent.js';

let austinKey: string;

const t = useDemoApp({ roles: [] });
beforeAll(async () => {
  austinKey = (await t.db.contactCardSettings.findUniqueOrThrow({ where: { locationId: t.austinId } })).cardKey;
});

const validCard = {
  primaryPhoneNumber: '(512) 555-0142',
  smsPhoneNumber: '512.555.0143',
  phoneNumbers: ['5125550144'],
  emails: ['Front@DemoPlumbing.test'],
  note: 'Ring twice.',
  searchTerms: 'plumber, drains',
  companyName: 'Demo Plumbing South',
  companyLogo: 'https://images.test/south.png',
  enabled: true,
  delayTime: 5400,
};

/** Every endpoint of the area, with a valid request. */
const endpoints: [string, string, unknown?][] = [
  ['POST', '/api/contact-card-settings/load'],
  ['POST', '/api/contact-card-settings/save', validCard],
  ['GET', '/api/contact-card-template/load'],
  ['POST', '/api/contact-card-template/save', { categories: [{ name: 'Contact Card', templates: [{ commType: 'hs-contact-card-after-pcheck', templateName: 'x', smsBody: 'Hi {customer_name}' }] }] }],
  ['POST', '/api/comm/demo-template', { commType: 'hs-contact-card-after-pcheck', phoneNumber: '+15125550142' }],
  ['GET', '/api/contact-card/qrcode.png'],
  ['GET', '/api/contact-card/qrcode.svg'],
  ['POST', '/api/employee-rewards/settings/load'],
  ['POST', '/api/employee-rewards/settings/save', { employeeRewardsSettings: { startMonth: 3, reportRecipients: [], sources: ['google'] } }],
];

/** The rows this area owns, to prove a refused request changed nothing. */
async function snapshot() {
  const [cards, templates, rewards, outbox] = await Promise.all([
    t.db.contactCardSettings.findMany({ orderBy: { id: 'asc' } }),
    t.db.contactCardTemplate.findMany({ orderBy: { id: 'asc' } }),
    t.db.employeeRewardsSettings.findMany({ orderBy: { id: 'asc' } }),
    t.db.outboxMessage.count(),
  ]);
  return { cards, templates, rewards, outbox };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buf: Buffer) {
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

describe('access', () => {
  it.each(endpoints)('%s %s answers 401 without a session, and changes nothing', async (method, url, payload) => {
    const before = await snapshot();
    await expectNotLoggedIn(t.app, method, url, payload);
    expect(await snapshot()).toEqual(before);
  });

  it.each(endpoints)('%s %s answers 403 to a user with settings off', async (method, url, payload) => {
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    const before = await snapshot();
    const res = await staff.request(method, url, payload);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(MSG.forbidden);
    expect(await snapshot()).toEqual(before);
  });

  it.each(endpoints)('%s %s answers 403 on the lite trial (no add-on)', async (method, url, payload) => {
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    expect((await lite.request(method, url, payload)).statusCode).toBe(403);
  });

  it.each(endpoints)('%s %s answers 403 at Dallas, on a trial without the add-ons', async (method, url, payload) => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect((await owner.request(method, url, payload)).statusCode).toBe(403);
  });

  it('asks a user with several locations to choose one before downloading the QR code', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test');
    const res = await owner.get('/api/contact-card/qrcode.png');
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(MSG.chooseLocation);
  });
});

describe('E090 load contact card settings', () => {
  it('answers the seeded card, its defaults and its QR code addresses', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.post('/api/contact-card-settings/load');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.status).toBe(1);
    expect(body.data).toMatchObject({
      qrcodeJpg: null,
      qrcodePng: '/api/contact-card/qrcode.png',
      qrcodeSvg: '/api/contact-card/qrcode.svg',
      vcardUrl: `http://kudo.test/api/public/contact-card/${austinKey}.vcf`,
      enabled: true,
      delayTime: 3600,
      vcfDetails: {
        overrides: { companyName: 'Demo Plumbing Austin', companyLogo: null },
        voicePhones: ['5125550100', '5125550188', '5125550199'],
        textPhones: ['5125550123'],
        emails: ['service@demoplumbing.test', 'billing@demoplumbing.test'],
        searchTerms: ['plumber', 'water heater', 'drain cleaning', 'emergency plumbing'],
      },
    });
    expect(typeof body.data.defaults.companyName).toBe('string');
    expect(body.data.defaults.companyName.length).toBeGreaterThan(0);
    expect(body.data.vcfDetails.note).toMatch(/emergency/);
  });
});

describe('E091 save contact card settings', () => {
  it('saves every field, normalised, and the next load shows them', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.post('/api/contact-card-settings/save', validCard);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.cardSaved);
    const data = json(await admin.post('/api/contact-card-settings/load')).data;
    expect(data).toMatchObject({
      enabled: true,
      delayTime: 5400,
      vcfDetails: {
        overrides: { companyName: 'Demo Plumbing South', companyLogo: 'https://images.test/south.png' },
        voicePhones: ['5125550142', '5125550144'],
        textPhones: ['5125550143'],
        emails: ['front@demoplumbing.test'],
        searchTerms: ['plumber', 'drains'],
        note: 'Ring twice.',
      },
    });
    // The public address does not change when the card is edited.
    expect(data.vcardUrl).toBe(`http://kudo.test/api/public/contact-card/${austinKey}.vcf`);
  });

  it('clears the overrides back to the location defaults with empty values', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    await admin.post('/api/contact-card-settings/save', { ...validCard, companyName: '', companyLogo: null, searchTerms: [] });
    const data = json(await admin.post('/api/contact-card-settings/load')).data;
    expect(data.vcfDetails.overrides).toEqual({ companyName: null, companyLogo: null });
    expect(data.vcfDetails.searchTerms).toEqual([]);
  });

  it('makes the first outbound number primary when none is given', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    await admin.post('/api/contact-card-settings/save', { ...validCard, primaryPhoneNumber: '', phoneNumbers: ['5125550150', '5125550151'] });
    const data = json(await admin.post('/api/contact-card-settings/load')).data;
    expect(data.vcfDetails.voicePhones).toEqual(['5125550150', '5125550151']);
  });

  it('reads every accepted way of writing a US number as the same ten digits', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const typed = ['+1 (512) 555-0150', '1-512-555-0151', '512.555.0152'];
    expect((await admin.post('/api/contact-card-settings/save', { ...validCard, primaryPhoneNumber: '', phoneNumbers: typed })).statusCode).toBe(200);
    const data = json(await admin.post('/api/contact-card-settings/load')).data;
    expect(data.vcfDetails.voicePhones).toEqual(['5125550150', '5125550151', '5125550152']);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a short primary phone', { primaryPhoneNumber: '512555' }, MSG.cardValidNumber],
    ['letters in the SMS phone', { smsPhoneNumber: '512555014a' }, MSG.cardValidNumber],
    ['an 11-digit outbound phone without the country code 1', { phoneNumbers: ['25125550142'] }, MSG.cardValidNumber],
    ['too many outbound phones', { phoneNumbers: Array.from({ length: 11 }, (_, i) => `51255501${String(i).padStart(2, '0')}`) }, MSG.cardTooManyPhones],
    ['a bad email', { emails: ['not-an-email'] }, MSG.validEmail],
    ['too many emails', { emails: Array.from({ length: 11 }, (_, i) => `a${i}@demo.test`) }, MSG.cardTooManyEmails],
    ['a long note', { note: 'x'.repeat(501) }, MSG.cardNoteTooLong],
    ['too many search terms', { searchTerms: Array.from({ length: 11 }, (_, i) => `term${i}`) }, MSG.cardSearchTermsTooMany],
    ['a long search term', { searchTerms: ['x'.repeat(51)] }, MSG.cardSearchTermTooLong],
    ['a long company name', { companyName: 'x'.repeat(101) }, MSG.cardCompanyNameTooLong],
    ['a logo that is not a web address', { companyLogo: 'javascript:alert(1)' }, MSG.cardLogoInvalid],
    ['a delay not offered', { delayTime: 1000 }, MSG.cardDelayInvalid],
    ['a non-boolean switch', { enabled: 'yes' }, MSG.cardEnabledInvalid],
    ['a phone list of the wrong type', { phoneNumbers: '5125550142' }, MSG.cardValidNumber],
  ];
  it.each(bad)('refuses %s with its message and changes nothing', async (_name, change, message) => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const before = await snapshot();
    const res = await admin.post('/api/contact-card-settings/save', { ...validCard, ...change });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ status: 0, message });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not JSON without a server error', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.post('/api/contact-card-settings/save', 'not json', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
  });
});

describe('E095 QR code and the public vCard', () => {
  it('serves a PNG of the card’s address as a download', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.get('/api/contact-card/qrcode.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+ QR code\.png"/);
    const buf = res.rawPayload;
    expect(buf.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const size = pngSize(buf);
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBe(size.width);
  });

  it('serves an SVG that encodes the public vCard address, marked as the QR code’s', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.get('/api/contact-card/qrcode.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    const expected = await QRCode.toString(`http://kudo.test/api/public/contact-card/${austinKey}.vcf?via=qr`, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 512,
    });
    expect(res.body).toBe(expected);
  });

  it('serves the vCard without a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/contact-card/${austinKey}.vcf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.vcf"/);
    const text = res.body;
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    const card = await t.db.contactCardSettings.findUniqueOrThrow({ where: { locationId: t.austinId } });
    expect(text).toContain(`TEL;TYPE=WORK,VOICE,PREF:+1${card.primaryPhoneNumber}`);
    for (const email of card.emails) expect(text).toContain(email);
  });

  it('answers 404 for an unknown key, a malformed name and a location without the add-on', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/public/contact-card/AAAAAAAAAAAAAAAAAAAAAA.vcf' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).status).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/contact-card/${austinKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/contact-card/..%2F..%2Fetc.vcf' })).statusCode).toBe(404);
    const dallasKey = (await t.db.contactCardSettings.findUniqueOrThrow({ where: { locationId: t.dallasId } })).cardKey;
    expect((await t.app.inject({ method: 'GET', url: `/api/public/contact-card/${dallasKey}.vcf` })).statusCode).toBe(404);
  });
});

describe('E092 / E093 templates', () => {
  it('loads the location’s texts grouped by category, with the defaults for the rest', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = json(await admin.get('/api/contact-card-template/load'));
    expect(res.status).toBe(1);
    expect(res.data.categories.map((c: { name: string }) => c.name)).toEqual(['Contact Card', 'Appointments']);
    const all = res.data.categories.flatMap((c: { templates: { commType: string }[] }) => c.templates.map((x) => x.commType));
    expect(all).toEqual(['hs-contact-card-after-pcheck', 'hs-contact-card-appt-confirmation', 'hs-appt-rescheduled-confirmation']);
    expect(res.data.categories[0].templates[0].smsBody).toMatch(/^Thanks for your feedback/);
  });

  it('saves a text and the next load shows it', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const smsBody = 'Hi {customer_name}, see you on {appointment_date} at {appointment_time}. {card_link}';
    const res = await admin.post('/api/contact-card-template/save', {
      categories: [{ name: 'Appointments', templates: [{ commType: 'hs-contact-card-appt-confirmation', templateName: 'Appointment confirmation', smsBody }] }],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.templatesUpdated);
    const loaded = json(await admin.get('/api/contact-card-template/load')).data;
    expect(loaded.categories[1].templates[0].smsBody).toBe(smsBody);
    // The other texts are untouched.
    expect(loaded.categories[0].templates[0].smsBody).toMatch(/^Thanks for your feedback/);
  });

  const bad: [string, unknown, string][] = [
    ['a text over 320 characters', { categories: [{ templates: [{ commType: 'hs-contact-card-after-pcheck', smsBody: 'x'.repeat(321) }] }] }, MSG.cardSmsBodyTooLong],
    ['an empty text', { categories: [{ templates: [{ commType: 'hs-contact-card-after-pcheck', smsBody: '   ' }] }] }, MSG.cardSmsBodyRequired],
    ['an unknown placeholder', { categories: [{ templates: [{ commType: 'hs-contact-card-after-pcheck', smsBody: 'Hi {first_name}' }] }] }, `${MSG.cardUnknownPlaceholder} {first_name}`],
    ['an unknown template', { categories: [{ templates: [{ commType: 'hs-other', smsBody: 'Hi' }] }] }, MSG.cardUnknownTemplate],
    ['no categories', { categories: [] }, MSG.cardTemplatesRequired],
    ['categories of the wrong type', { categories: 'x' }, MSG.cardTemplatesRequired],
  ];
  it.each(bad)('refuses %s with its message and changes nothing', async (_name, body, message) => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const before = await snapshot();
    const res = await admin.post('/api/contact-card-template/save', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe('E094 demo template', () => {
  it('texts the template, filled from the card, to the number', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.post('/api/comm/demo-template', { commType: 'hs-appt-rescheduled-confirmation', phoneNumber: '+15125550177' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 1, data: null, message: MSG.cardDemoSent });
    const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550177' }, orderBy: { id: 'desc' } });
    expect(sms.channel).toBe('sms');
    expect(sms.locationId).toBe(t.austinId);
    expect(sms.body).toContain(`http://kudo.test/api/public/contact-card/${austinKey}.vcf`);
    expect(sms.body).toContain('Hi Alex');
    expect(sms.body).toMatch(/at 10:00 AM/);
    expect(sms.body).not.toMatch(/\{[a-z_]+\}/);
  });

  it('texts the body being edited when one is sent, leaving the saved template as it is', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const saved = await t.db.contactCardTemplate.findMany({ where: { locationId: t.austinId } });
    const res = await admin.post('/api/comm/demo-template', {
      commType: 'hs-contact-card-after-pcheck',
      phoneNumber: '+15125550179',
      smsBody: 'Hey {customer_name}, a test from {company_name}: {card_link}',
    });
    expect(res.statusCode).toBe(200);
    const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550179' }, orderBy: { id: 'desc' } });
    const card = json(await admin.post('/api/contact-card-settings/load')).data;
    expect(sms.body).toBe(`Hey Alex, a test from ${card.vcfDetails.overrides.companyName ?? card.defaults.companyName}: http://kudo.test/api/public/contact-card/${austinKey}.vcf`);
    expect(await t.db.contactCardTemplate.findMany({ where: { locationId: t.austinId } })).toEqual(saved);
  });

  it('refuses a number that opted out, and texts it nothing', async () => {
    await recordConsent(t.db, { locationId: t.austinId, channel: 'sms', address: '+15125550166', scope: 'all', action: 'opt_out', source: 'keyword' });
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.post('/api/comm/demo-template', { commType: 'hs-contact-card-after-pcheck', phoneNumber: '+15125550166' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.smsOptedOut);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550166' } })).toBe(0);
  });

  const bad: [string, unknown, string][] = [
    ['a number of another country', { commType: 'hs-contact-card-after-pcheck', phoneNumber: '+44 20 7946 0958' }, MSG.validPhone],
    ['a short number', { commType: 'hs-contact-card-after-pcheck', phoneNumber: '+1512555' }, MSG.validPhone],
    ['no number', { commType: 'hs-contact-card-after-pcheck' }, MSG.validPhone],
    ['no template', { phoneNumber: '+15125550177' }, MSG.cardChooseTemplate],
    ['an unknown template', { commType: 'nope', phoneNumber: '+15125550177' }, MSG.cardChooseTemplate],
    ['a blank edited body', { commType: 'hs-contact-card-after-pcheck', phoneNumber: '+15125550177', smsBody: ' ' }, MSG.cardSmsBodyRequired],
    ['an edited body with an unknown placeholder', { commType: 'hs-contact-card-after-pcheck', phoneNumber: '+15125550177', smsBody: 'Hi {nope}' }, `${MSG.cardUnknownPlaceholder} {nope}`],
  ];
  it.each(bad)('refuses %s and sends nothing', async (_name, body, message) => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const before = await snapshot();
    const res = await admin.post('/api/comm/demo-template', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe('E096 / E097 employee rewards', () => {
  it('loads the seeded configuration', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = json(await admin.post('/api/employee-rewards/settings/load'));
    expect(res).toEqual({
      status: 1,
      data: {
        startMonth: 1,
        perReviewBudget: 500,
        reportRecipients: [{ email: 'owner@kudo.test' }, { email: 'payroll@demoplumbing.test' }],
        sources: ['google', 'facebook'],
      },
    });
  });

  it('updates the configuration, keeping the budget', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.post('/api/employee-rewards/settings/save', {
      employeeRewardsSettings: {
        startMonth: 4,
        perReviewBudget: 500,
        reportRecipients: [{ email: 'Payroll@DemoPlumbing.test' }, { email: 'payroll@demoplumbing.test' }, { email: 'hr@demoplumbing.test' }],
        sources: ['facebook'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.rewardsSaved);
    expect(json(await admin.post('/api/employee-rewards/settings/load')).data).toEqual({
      startMonth: 4,
      perReviewBudget: 500,
      reportRecipients: [{ email: 'payroll@demoplumbing.test' }, { email: 'hr@demoplumbing.test' }],
      sources: ['facebook'],
    });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a month of 13', { startMonth: 13 }, MSG.rewardsStartMonth],
    ['a month of 0', { startMonth: 0 }, MSG.rewardsStartMonth],
    ['a bad email', { reportRecipients: [{ email: 'nope' }] }, MSG.validEmail],
    ['too many emails', { reportRecipients: Array.from({ length: 11 }, (_, i) => ({ email: `r${i}@demo.test` })) }, MSG.rewardsTooManyRecipients],
    ['an unknown source', { sources: ['yelp'] }, MSG.rewardsUnknownSource],
    ['a negative budget', { perReviewBudget: -1 }, MSG.rewardsBudgetInvalid],
    ['a changed budget', { perReviewBudget: 900 }, MSG.rewardsBudgetLocked],
  ];
  it.each(bad)('refuses %s with its message and changes nothing', async (_name, change, message) => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const before = await snapshot();
    const res = await admin.post('/api/employee-rewards/settings/save', {
      employeeRewardsSettings: { startMonth: 2, reportRecipients: [], sources: ['google'], ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body without the settings object', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.post('/api/employee-rewards/settings/save', { startMonth: 2 });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.rewardsSettingsRequired);
  });
});

describe('tenancy', () => {
  let owner: Agent;
  beforeAll(async () => {
    // Dallas leaves its trial and takes both add-ons, so the owner may use the area there.
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, trialEndsAt: null } });
    await grantAddons(t.db, t.dallasId, ['contact-card', 'employee-rewards']);
    owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
  });

  it('shows Dallas its own card, never Austin’s', async () => {
    const data = json(await owner.post('/api/contact-card-settings/load')).data;
    expect(data.enabled).toBe(false);
    expect(data.vcfDetails.voicePhones).toEqual(['2145550100']);
    expect(data.vcardUrl).not.toContain(austinKey);
  });

  it('saves at Dallas without touching Austin', async () => {
    const austinBefore = await t.db.contactCardSettings.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const res = await owner.post('/api/contact-card-settings/save', { ...validCard, companyName: 'Dallas Card' });
    expect(res.statusCode).toBe(200);
    expect(await t.db.contactCardSettings.findUniqueOrThrow({ where: { locationId: t.austinId } })).toEqual(austinBefore);
    expect((await t.db.contactCardSettings.findUniqueOrThrow({ where: { locationId: t.dallasId } })).companyName).toBe('Dallas Card');
  });

  it('draws Dallas’s QR code for Dallas’s card', async () => {
    const dallasKey = (await t.db.contactCardSettings.findUniqueOrThrow({ where: { locationId: t.dallasId } })).cardKey;
    const res = await owner.get('/api/contact-card/qrcode.svg');
    const expected = await QRCode.toString(`http://kudo.test/api/public/contact-card/${dallasKey}.vcf?via=qr`, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 512,
    });
    expect(res.body).toBe(expected);
    // With the add-on, Dallas's card is public too.
    const vcf = await t.app.inject({ method: 'GET', url: `/api/public/contact-card/${dallasKey}.vcf` });
    expect(vcf.statusCode).toBe(200);
    expect(vcf.body).toContain('FN:Dallas Card');
    expect(vcf.headers['content-disposition']).toContain('filename="Dallas Card.vcf"');
  });

  it('keeps templates apart', async () => {
    const body = 'Dallas says hi {customer_name}';
    await owner.post('/api/contact-card-template/save', { categories: [{ templates: [{ commType: 'hs-contact-card-after-pcheck', smsBody: body }] }] });
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const austin = json(await admin.get('/api/contact-card-template/load')).data;
    expect(austin.categories[0].templates[0].smsBody).not.toBe(body);
    const dallas = json(await owner.get('/api/contact-card-template/load')).data;
    expect(dallas.categories[0].templates[0].smsBody).toBe(body);
  });

  it('keeps rewards apart', async () => {
    const austinBefore = await t.db.employeeRewardsSettings.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const data = json(await owner.post('/api/employee-rewards/settings/load')).data;
    expect(data).toMatchObject({ startMonth: 7, perReviewBudget: 250, sources: ['google'] });
    await owner.post('/api/employee-rewards/settings/save', { employeeRewardsSettings: { startMonth: 9, reportRecipients: [], sources: [] } });
    expect(await t.db.employeeRewardsSettings.findUniqueOrThrow({ where: { locationId: t.austinId } })).toEqual(austinBefore);
  });

  it('creates a card on the first save, with no QR code before it', async () => {
    await t.db.contactCardSettings.delete({ where: { locationId: t.dallasId } });
    const before = json(await owner.post('/api/contact-card-settings/load')).data;
    expect(before).toMatchObject({ qrcodePng: null, qrcodeSvg: null, vcardUrl: null, enabled: false, delayTime: 1800 });
    expect((await owner.get('/api/contact-card/qrcode.png')).statusCode).toBe(404);
    const demo = await owner.post('/api/comm/demo-template', { commType: 'hs-contact-card-after-pcheck', phoneNumber: '+15125550177' });
    expect(demo.statusCode).toBe(400);
    expect(json(demo).message).toBe(MSG.cardNotConfigured);
    const saved = json(await owner.post('/api/contact-card-settings/save', validCard)).data;
    expect(saved.qrcodePng).toBe('/api/contact-card/qrcode.png');
    expect(saved.vcardUrl).toMatch(/^http:\/\/kudo\.test\/api\/public\/contact-card\/[A-Za-z0-9_-]{22}\.vcf$/);
    expect((await owner.get('/api/contact-card/qrcode.png')).statusCode).toBe(200);
  });

  it('starts a location without rewards settings from the defaults', async () => {
    await t.db.employeeRewardsSettings.delete({ where: { locationId: t.dallasId } });
    const data = json(await owner.post('/api/employee-rewards/settings/load')).data;
    expect(data).toEqual({ startMonth: 1, perReviewBudget: 0, reportRecipients: [], sources: ['google', 'facebook'] });
  });
});

describe('rate limits', () => {
  it('limits the public vCard per IP like every public page', async () => {
    const ip = '203.0.113.77';
    await t.db.$executeRaw`INSERT INTO rate_limit_hits (key, count, reset_at) VALUES (${`public:ip:${ip}`}, ${t.config.rateLimits.public}, now() + interval '1 minute')`;
    const res = await t.app.inject({ method: 'GET', url: `/api/public/contact-card/${austinKey}.vcf`, remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(json(res).message).toBe(MSG.tooManyRequests);
    const other = await t.app.inject({ method: 'GET', url: `/api/public/contact-card/${austinKey}.vcf`, remoteAddress: '203.0.113.78' });
    expect(other.statusCode).toBe(200);
  });

  it('limits test messages per location', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    await t.db.$executeRaw`DELETE FROM rate_limit_hits WHERE key = ${`card-demo:loc:${t.austinId}`}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await admin.post('/api/comm/demo-template', { commType: 'hs-contact-card-after-pcheck', phoneNumber: '+15125550178' })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await t.db.outboxMessage.count({ where: { to: '+15125550178' } })).toBe(10);
  });
});

describe('OpenAPI', () => {
  it('documents the area’s endpoints, the QR downloads and the public vCard', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    for (const id of ['E090', 'E091', 'E092', 'E093', 'E094', 'E095-png', 'E095-svg', 'E096', 'E097', 'card-vcard']) expect(ids).toContain(id);
    expect(doc.paths['/api/public/contact-card/{file}']).toBeDefined();
  });
});
