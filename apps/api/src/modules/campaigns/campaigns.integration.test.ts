import { beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_TEMPLATES, MSG, campaignsApi, type CampaignItem } from '@kudo/shared';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { type Agent, json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

const DALLAS = 'Demo Plumbing Dallas';

const P = {
  fetch: '/api/settings/manage/kudo/campaigns/fetch',
  edit: '/api/settings/manage/kudo/campaigns/edit',
  add: '/api/settings/manage/kudo/campaigns/add',
  del: '/api/settings/manage/kudo/campaigns/delete',
  share: '/api/settings/manage/kudo/campaigns/share-app',
  smLoad: '/api/settings/dispatch/campaigns/social-media/load',
  smAdd: '/api/settings/dispatch/campaigns/social-media/add',
  smSave: '/api/settings/dispatch/campaigns/social-media/save',
  smRemove: '/api/settings/dispatch/campaigns/social-media/remove',
  templates: '/api/settings/dispatch/campaigns/default-templates/edit',
  plan: '/api/settings/dispatch/campaigns/plan',
  dispatch: '/api/operate/dispatch',
};

const newCampaign = (over: Record<string, unknown> = {}) => ({
  name: 'Dana Brooks',
  description: 'Water heater specialist.',
  department: 'Plumbing',
  image: 'https://images.example.com/dana.png',
  ...over,
});

/** Every settings endpoint of the area, with a request that would succeed for Austin's owner. */
const settingsCalls = (uid: string): [string, string, unknown?][] => [
  ['POST', P.fetch],
  ['POST', P.edit, { uid, ...newCampaign() }],
  ['POST', P.add, newCampaign()],
  ['POST', P.del, { uid }],
  ['POST', P.share, { email: 'tech@example.com', phone_number: '', campaign: uid }],
  ['POST', P.smLoad, { campaign_uid: uid }],
  ['POST', P.smAdd, { campaign_uid: uid, social_media_url: { source: 'yp', url: 'https://www.yp.com/x' } }],
  ['POST', P.smSave, { campaign_uid: uid, social_media_url: { source: 'yp', url: 'https://www.yp.com/y' } }],
  ['POST', P.smRemove, { campaign_uid: uid, social_media_url: { social_media_id: 1 } }],
  ['POST', P.templates, { pcheckSmsTemplate: 'Hi {customer_name} {link}' }],
  ['GET', P.plan],
];

const austinCampaigns = () => t.db.campaign.findMany({ where: { locationId: t.austinId, deletedAt: null }, orderBy: { id: 'asc' } });
const byName = async (name: string) => t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, name, deletedAt: null } });

const t = useDemoApp();

describe('access', () => {
  it('answers 403 to a user without the settings permission, and changes nothing', async () => {
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    const uid = (await byName('Sarah Nguyen')).uid;
    const before = await austinCampaigns();
    for (const [method, url, payload] of settingsCalls(uid)) {
      const res = await staff.request(method, url, payload);
      expect(res.statusCode, url).toBe(403);
    }
    expect(await austinCampaigns()).toEqual(before);
  });

  it('is closed to trial locations: the lite trial and Dallas', async () => {
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
    const uid = (await byName('Mike Torres')).uid;
    for (const agent of [lite, dallas]) {
      for (const [method, url, payload] of settingsCalls(uid)) {
        expect((await agent.request(method, url, payload)).statusCode, url).toBe(403);
      }
      expect((await agent.post(P.dispatch)).statusCode).toBe(403);
    }
  });

  it('lets a user with the dispatch permission load the dispatch data without settings access', async () => {
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    const res = await staff.post(P.dispatch);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.accountCampaigns).toHaveLength(8);
  });
});

describe('E054 fetch and E105 dispatch load', () => {
  it("lists the location's campaigns with the default first and the templates", async () => {
    const res = await t.owner.post(P.fetch);
    expect(res.statusCode).toBe(200);
    const { data } = json(res);
    expect(campaignsApi.fetchCampaigns.response.safeParse(data).success).toBe(true);
    expect(data.campaigns).toHaveLength(8);
    expect(new Set(data.campaigns.map((c: { department: string }) => c.department))).toEqual(new Set(['Plumbing', 'Drains']));
    expect(data.campaigns[0].is_default).toBe(true);
    expect(data.default_campaign_uid).toBe(data.campaigns[0].uid);
    expect(data.default_campaign_uid).toMatch(/^[0-9A-Za-z]{12}$/);
    const sarah = data.campaigns.find((c: { name: string }) => c.name === 'Sarah Nguyen');
    expect(sarah.social_media_count).toBe(3);
    expect(data.accountTemplates.pcheckSmsTemplate).toContain('Demo Plumbing');
    expect(data.accountTemplates.bioSmsTemplate).toBe(GLOBAL_TEMPLATES.bioSmsTemplate);
    expect(data.globalTemplates).toEqual(GLOBAL_TEMPLATES);
  });

  it('answers the dispatch campaigns and the same templates', async () => {
    const res = await t.owner.post(P.dispatch);
    expect(res.statusCode).toBe(200);
    const { data } = json(res);
    expect(data.accountCampaigns).toHaveLength(8);
    expect(Object.keys(data.accountCampaigns[0]).sort()).toEqual(['department', 'image', 'is_default', 'name', 'uid']);
    expect(data.accountTemplates).toEqual(json(await t.owner.post(P.fetch)).data.accountTemplates);
  });
});

describe('E056 add', () => {
  it('adds a campaign and answers it with the message', async () => {
    const res = await t.owner.post(P.add, newCampaign({ id: 'EMP-77', license: 'J-1', email: 'Dana@Example.com', yt_url: 'https://youtu.be/dQw4w9WgXcQ', bio_sms_template: 'Meet {employee_name}: {link}' }));
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toBe(MSG.campaignAdded);
    expect(body.data).toMatchObject({ name: 'Dana Brooks', id: 'EMP-77', email: 'dana@example.com', is_default: false, bio_sms_template: 'Meet {employee_name}: {link}', pcheck_sms_template: null });
    expect(body.data.uid).toMatch(/^[0-9A-Za-z]{12}$/);
    const list = json(await t.owner.post(P.fetch)).data.campaigns;
    expect(list.map((c: { uid: string }) => c.uid)).toContain(body.data.uid);
  });

  it('accepts an image uploaded to our own image host', async () => {
    const res = await t.owner.post(P.add, newCampaign({ name: 'Uploaded Image', image: '/api/images/temp/abc123.png' }));
    expect(res.statusCode).toBe(200);
    await t.db.campaign.update({ where: { uid: json(res).data.uid }, data: { deletedAt: new Date() } });
  });

  it.each([
    [{ name: '  ' }, MSG.campaignName],
    [{ name: undefined }, MSG.campaignName],
    [{ description: '' }, MSG.campaignDescription],
    [{ department: '' }, MSG.campaignDepartment],
    [{ image: '' }, MSG.campaignImage],
    [{ image: 'javascript:alert(1)' }, MSG.campaignImageUrl],
    [{ image: 'http://insecure.example.com/a.png' }, MSG.campaignImageUrl],
    [{ image: '/demo/../../etc/passwd' }, MSG.campaignImageUrl],
    [{ pcheck_sms_template: 'x'.repeat(141) }, 'Max length is 140 (141)'],
    [{ yt_url: 'https://vimeo.com/1' }, MSG.campaignYoutubeUrl],
    [{ email: 'not-an-email' }, MSG.validEmail],
    [{ name: 'x'.repeat(101) }, MSG.campaignTooLong],
    [{ fieldops_username: 'a b' }, MSG.campaignFieldopsUsername],
  ])('refuses %o with 400 and adds nothing', async (over, message) => {
    const before = await t.db.campaign.count();
    const res = await t.owner.post(P.add, newCampaign(over));
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await t.db.campaign.count()).toBe(before);
  });

  it('refuses a malformed body without a server error', async () => {
    for (const payload of [{ name: 5 }, [], { name: 'A', description: 'B', department: 'C', image: ['x'] }]) {
      const res = await t.owner.post(P.add, payload);
      expect(res.statusCode).toBe(400);
    }
  });

  it("stops at the plan's maximum with a clear message", async () => {
    // The plan is the subscription's (the location's own plan stands in only without one).
    await t.db.subscription.update({ where: { locationId: t.austinId }, data: { planCode: 'starter' } });
    try {
      const plan = json(await t.owner.get(P.plan)).data;
      expect(plan.plan).toEqual({ code: 'starter', name: 'Starter', max_campaign: 5 });
      expect(plan.campaign_count).toBeGreaterThan(5);
      const before = await t.db.campaign.count({ where: { locationId: t.austinId } });
      const res = await t.owner.post(P.add, newCampaign({ name: 'Over The Limit' }));
      expect(res.statusCode).toBe(409);
      expect(json(res).message).toBe(campaignsApi.campaignLimitMessage(5));
      expect(await t.db.campaign.count({ where: { locationId: t.austinId } })).toBe(before);
    } finally {
      await t.db.subscription.update({ where: { locationId: t.austinId }, data: { planCode: 'pro' } });
    }
  });

  it('never lets concurrent adds pass the maximum', async () => {
    const count = await t.db.campaign.count({ where: { locationId: t.austinId, deletedAt: null } });
    await t.db.plan.update({ where: { code: 'pro' }, data: { maxCampaign: count + 1 } });
    try {
      const results = await Promise.all([1, 2, 3].map((n) => t.owner.post(P.add, newCampaign({ name: `Race ${n}` }))));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await t.db.campaign.count({ where: { locationId: t.austinId, deletedAt: null } })).toBe(count + 1);
    } finally {
      await t.db.plan.update({ where: { code: 'pro' }, data: { maxCampaign: 25 } });
    }
  });
});

describe('E064 plan', () => {
  it('answers the plan and the count of live campaigns', async () => {
    const res = await t.owner.get(P.plan);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      plan: { code: 'pro', name: 'Pro', max_campaign: 25 },
      campaign_count: await t.db.campaign.count({ where: { locationId: t.austinId, deletedAt: null } }),
    });
  });
});

describe('E055 edit', () => {
  it('changes the campaign and answers the message', async () => {
    const james = await byName('James Carter');
    const res = await t.owner.post(P.edit, {
      uid: james.uid,
      ...newCampaign({ name: 'James A. Carter', department: 'Drains', image: james.image, license: 'J-2', pcheck_email_template: 'Hello {customer_name}' }),
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.campaignEdited);
    const row = await t.db.campaign.findUniqueOrThrow({ where: { id: james.id } });
    expect(row).toMatchObject({ name: 'James A. Carter', department: 'Drains', license: 'J-2', pcheckEmailTemplate: 'Hello {customer_name}', uid: james.uid });
  });

  it('refuses bad input with the exact message and changes nothing', async () => {
    const priya = await byName('Priya Patel');
    const res = await t.owner.post(P.edit, { uid: priya.uid, ...newCampaign({ description: ' ' }) });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.campaignDescription);
    const bio = await t.owner.post(P.edit, { uid: priya.uid, ...newCampaign({ image: priya.image, bio_sms_template: 'b'.repeat(150) }) });
    expect(json(bio).message).toBe('Max length is 140 (150)');
    expect(await t.db.campaign.findUniqueOrThrow({ where: { id: priya.id } })).toEqual(priya);
  });

  it('keeps the optional fields a client leaves out, and clears those sent as null', async () => {
    const kevin = await byName("Kevin O'Brien");
    await t.db.campaign.update({ where: { id: kevin.id }, data: { bioSmsTemplate: 'Kevin {link}', email: 'kevin@example.com' } });
    const res = await t.owner.post(P.edit, { uid: kevin.uid, name: kevin.name, description: 'New text', department: kevin.department, image: kevin.image, email: null });
    expect(res.statusCode).toBe(200);
    const row = await t.db.campaign.findUniqueOrThrow({ where: { id: kevin.id } });
    expect(row).toMatchObject({ description: 'New text', license: kevin.license, employeeId: kevin.employeeId, bioSmsTemplate: 'Kevin {link}', email: '' });
  });

  it('takes back a campaign exactly as the fetch answered it: nothing changes, the FieldOps sign-in is kept', async () => {
    const marcus = await byName('Marcus Lee');
    await t.db.campaign.update({
      where: { id: marcus.id },
      data: { fieldopsUsername: 'marcus.fetched', fieldopsPasswordEnc: encryptSecret(t.config, 'Kept-4567'), bioSmsTemplate: 'Marcus {link}', email: 'marcus@example.com' },
    });
    const before = await t.db.campaign.findUniqueOrThrow({ where: { id: marcus.id } });
    const fetched = (json(await t.owner.post(P.fetch)).data.campaigns as CampaignItem[]).find((c) => c.uid === marcus.uid)!;
    expect(fetched.fieldops_password).toBe(true);

    const unchanged = await t.owner.post(P.edit, fetched);
    expect(unchanged.statusCode).toBe(200);
    expect(json(unchanged)).toMatchObject({ message: MSG.campaignEdited, data: { ...fetched } });
    const after = await t.db.campaign.findUniqueOrThrow({ where: { id: marcus.id } });
    expect({ ...after, updatedAt: before.updatedAt }).toEqual(before);
    expect(decryptSecret(t.config, after.fieldopsPasswordEnc!)).toBe('Kept-4567');

    const renamed = await t.owner.post(P.edit, { ...fetched, name: 'Marcus J. Lee' });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed).data).toMatchObject({ ...fetched, name: 'Marcus J. Lee', fieldops_password: true });
    const row = await t.db.campaign.findUniqueOrThrow({ where: { id: marcus.id } });
    expect(row).toMatchObject({ name: 'Marcus J. Lee', fieldopsUsername: 'marcus.fetched', bioSmsTemplate: 'Marcus {link}', email: 'marcus@example.com' });
    expect(decryptSecret(t.config, row.fieldopsPasswordEnc!)).toBe('Kept-4567');

    // The username may be edited under the name the fetch gives it.
    await t.owner.post(P.edit, { ...fetched, fieldopsUsername: 'marcus.renamed' });
    expect((await t.db.campaign.findUniqueOrThrow({ where: { id: marcus.id } })).fieldopsUsername).toBe('marcus.renamed');
    // A string is a new password; a campaign without one sends back false and stays without one.
    await t.owner.post(P.edit, { ...fetched, fieldops_password: 'Fresh-8910' });
    const changed = await t.db.campaign.findUniqueOrThrow({ where: { id: marcus.id } });
    expect(decryptSecret(t.config, changed.fieldopsPasswordEnc!)).toBe('Fresh-8910');
    const other = (json(await t.owner.post(P.fetch)).data.campaigns as CampaignItem[]).find((c) => !c.fieldops_password)!;
    expect((await t.owner.post(P.edit, other)).statusCode).toBe(200);
    expect((await t.db.campaign.findUniqueOrThrow({ where: { uid: other.uid } })).fieldopsPasswordEnc).toBeNull();
  });

  it('refuses a FieldOps password that is neither text nor the fetched flag, naming the field', async () => {
    const priya = await byName('Priya Patel');
    const res = await t.owner.post(P.edit, { uid: priya.uid, ...newCampaign({ name: priya.name, image: priya.image }), fieldops_password: 12345678 });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.campaignFieldopsPassword);
    expect(await t.db.campaign.findUniqueOrThrow({ where: { id: priya.id } })).toEqual(priya);
  });

  it('answers 404 for an unknown campaign', async () => {
    const res = await t.owner.post(P.edit, { uid: 'nope00000000', ...newCampaign() });
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe(MSG.campaignNotFound);
  });

  it('moves the default when asked', async () => {
    const mike = await byName('Mike Torres');
    const luis = await byName('Luis Ramirez');
    const res = await t.owner.post(P.edit, { uid: luis.uid, ...newCampaign({ name: luis.name, image: luis.image }), is_default: true });
    expect(res.statusCode).toBe(200);
    expect(json(await t.owner.post(P.fetch)).data.default_campaign_uid).toBe(luis.uid);
    expect((await t.db.campaign.findUniqueOrThrow({ where: { id: mike.id } })).isDefault).toBe(false);
    await t.owner.post(P.edit, { uid: mike.uid, ...newCampaign({ name: mike.name, image: mike.image }), is_default: true });
    expect(await t.db.campaign.count({ where: { locationId: t.austinId, isDefault: true } })).toBe(1);
  });

  it('sets FieldOps credentials, keeping the password encrypted and out of every answer', async () => {
    const marcus = await byName('Marcus Lee');
    const res = await t.owner.post(P.edit, { uid: marcus.uid, ...newCampaign({ name: marcus.name, image: marcus.image }), fieldops_username: 'marcus.lee', fieldops_password: 'Secret-123' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Secret-123');
    expect(json(res).data).toMatchObject({ fieldopsUsername: 'marcus.lee', fieldops_password: true });
    const row = await t.db.campaign.findUniqueOrThrow({ where: { id: marcus.id } });
    expect(row.fieldopsPasswordEnc).toBeTruthy();
    expect(row.fieldopsPasswordEnc).not.toContain('Secret-123');
    expect((await t.owner.post(P.fetch)).body).not.toContain('Secret-123');
    // Another campaign may not take the same username.
    const kevin = await byName("Kevin O'Brien");
    const clash = await t.owner.post(P.edit, { uid: kevin.uid, ...newCampaign({ name: kevin.name, image: kevin.image }), fieldops_username: 'Marcus.Lee' });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).message).toBe(MSG.campaignFieldopsUsernameTaken);
  });
});

describe('E057 delete', () => {
  it('refuses to delete the default campaign', async () => {
    const mike = await byName('Mike Torres');
    const res = await t.owner.post(P.del, { uid: mike.uid });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.campaignDefaultUndeletable);
    expect((await t.db.campaign.findUniqueOrThrow({ where: { id: mike.id } })).deletedAt).toBeNull();
  });

  it('removes a campaign from the lists and the count, keeping its row for the reports', async () => {
    const added = json(await t.owner.post(P.add, newCampaign({ name: 'Temp Tech' }))).data;
    const before = json(await t.owner.get(P.plan)).data.campaign_count;
    const res = await t.owner.post(P.del, { uid: added.uid });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ uid: added.uid });
    expect(json(await t.owner.get(P.plan)).data.campaign_count).toBe(before - 1);
    const uids = json(await t.owner.post(P.fetch)).data.campaigns.map((c: { uid: string }) => c.uid);
    expect(uids).not.toContain(added.uid);
    expect((await t.db.campaign.findUniqueOrThrow({ where: { uid: added.uid } })).deletedAt).not.toBeNull();
    expect((await t.owner.post(P.del, { uid: added.uid })).statusCode).toBe(404);
    expect((await t.owner.post(P.edit, { uid: added.uid, ...newCampaign() })).statusCode).toBe(404);
  });
});

describe('E058 FieldOps invite', () => {
  it.each([
    [{ email: 'bad@', phone_number: '' }, MSG.fieldopsEmail],
    [{ email: '', phone_number: '51255501' }, MSG.fieldopsPhone],
    [{ email: '', phone_number: '151255501001' }, MSG.fieldopsPhone],
    [{ email: '', phone_number: '' }, MSG.fieldopsNoContact],
  ])('refuses %o and sends nothing', async (payload, message) => {
    const uid = (await byName('Tasha Williams')).uid;
    const before = await t.db.outboxMessage.count();
    const res = await t.owner.post(P.share, { ...payload, campaign: uid });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await t.db.outboxMessage.count()).toBe(before);
  });

  it('emails and texts the sign-in details, creating them once', async () => {
    const tasha = await byName('Tasha Williams');
    expect(tasha.fieldopsUsername).toBeNull();
    const res = await t.owner.post(P.share, { email: 'Tasha@Example.com', phone_number: '(512) 555-0199', campaign: tasha.uid });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.fieldopsInviteSent);
    const row = await t.db.campaign.findUniqueOrThrow({ where: { id: tasha.id } });
    expect(row.fieldopsUsername).toMatch(/^tasha\.williams-\d{4}$/);
    expect(json(res).data).toEqual({ email: true, sms: true, fieldopsUsername: row.fieldopsUsername });
    const email = await t.db.outboxMessage.findFirstOrThrow({ where: { to: 'tasha@example.com' }, orderBy: { id: 'desc' } });
    const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550199' }, orderBy: { id: 'desc' } });
    expect(email.body).toContain(row.fieldopsUsername!);
    expect(email.body).toContain(`/view-bio/${tasha.uid}`);
    const password = /password (\S+)\./.exec(email.body)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(sms.body).toContain(password!);
    expect(row.fieldopsPasswordEnc).not.toContain(password!);
    // The SMS delivery log keeps the text without the password.
    const logged = await t.db.smsMessage.findFirstOrThrow({ where: { to: '+15125550199', app: 'fieldops' }, orderBy: { id: 'desc' } });
    expect(logged.body).toContain(row.fieldopsUsername!);
    expect(logged.body).not.toContain(password!);
    // A second invite repeats the same sign-in.
    await t.owner.post(P.share, { email: 'tasha@example.com', campaign: tasha.uid });
    const again = await t.db.outboxMessage.findFirstOrThrow({ where: { to: 'tasha@example.com' }, orderBy: { id: 'desc' } });
    expect(again.id).not.toBe(email.id);
    expect(again.body).toContain(password!);
  });
});

describe('E059–E062 campaign social media', () => {
  it("loads a campaign's own links, or none with the account defaults in use", async () => {
    const sarah = await byName('Sarah Nguyen');
    const own = json(await t.owner.post(P.smLoad, { campaign_uid: sarah.uid })).data;
    expect(own.use_account_defaults).toBe(false);
    expect(own.social_media.map((l: { source: string }) => l.source)).toEqual(['google', 'facebook', 'custom']);
    expect(own.social_media[2].metadata).toEqual({ title: 'Meet Sarah' });
    expect(own.social_media[0].metadata).toBeNull();
    const mike = await byName('Mike Torres');
    expect(json(await t.owner.post(P.smLoad, { campaign_uid: mike.uid })).data).toEqual({ campaign_uid: mike.uid, use_account_defaults: true, social_media: [] });
  });

  it('adds, edits and removes links with the messages', async () => {
    const { uid } = await byName('Priya Patel');
    const add = await t.owner.post(P.smAdd, { campaign_uid: uid, social_media_url: { source: 'google', url: 'https://g.page/r/priya/review' } });
    expect(add.statusCode).toBe(200);
    expect(json(add).message).toBe(MSG.socialAccountAdded);
    expect(json(add).data.use_account_defaults).toBe(false);
    const id = json(add).data.social_media[0].socialMediaId;

    const dup = await t.owner.post(P.smAdd, { campaign_uid: uid, social_media_url: { source: 'google', url: 'https://g.page/other' } });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe(MSG.socialAccountExists);

    const custom = await t.owner.post(P.smAdd, { campaign_uid: uid, social_media_url: { source: 'custom', url: 'https://priya.example.com', metadata: { title: 'Portfolio' } } });
    expect(json(custom).data.social_media).toHaveLength(2);

    const save = await t.owner.post(P.smSave, { campaign_uid: uid, social_media_url: { source: 'google', url: 'https://g.page/r/priya2/review', social_media_id: id } });
    expect(save.statusCode).toBe(200);
    expect(json(save).message).toBe(MSG.socialAccountEdited);
    expect((await t.db.campaignSocialMedia.findUniqueOrThrow({ where: { id } })).url).toBe('https://g.page/r/priya2/review');

    const remove = await t.owner.post(P.smRemove, { campaign_uid: uid, social_media_url: { social_media_id: id } });
    expect(remove.statusCode).toBe(200);
    expect(json(remove).message).toBe(MSG.socialAccountDeleted);
    expect(json(remove).data.social_media.map((l: { source: string }) => l.source)).toEqual(['custom']);
    const gone = await t.owner.post(P.smRemove, { campaign_uid: uid, social_media_url: { social_media_id: id } });
    expect(gone.statusCode).toBe(404);
  });

  it.each([
    [{ source: 'custom', url: 'https://x.example.com' }, MSG.socialTitle],
    [{ source: 'google', url: 'not a url' }, MSG.socialUrl],
    [{ source: 'google', url: 'javascript:alert(1)' }, MSG.socialUrl],
    [{ source: 'myspace', url: 'https://myspace.com/x' }, MSG.socialSource],
  ])('refuses %o with 400 and adds nothing', async (link, message) => {
    const { uid, id } = await byName('Luis Ramirez');
    const res = await t.owner.post(P.smAdd, { campaign_uid: uid, social_media_url: link });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await t.db.campaignSocialMedia.count({ where: { campaignId: id } })).toBe(0);
  });

  it('answers 404 when saving a link that does not exist', async () => {
    const { uid } = await byName('Luis Ramirez');
    const res = await t.owner.post(P.smSave, { campaign_uid: uid, social_media_url: { source: 'bbb', url: 'https://bbb.org/x' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('E063 default templates', () => {
  it('saves the templates, and a blank one returns to the global default', async () => {
    const res = await t.owner.post(P.templates, {
      bioEmailTemplate: 'Bio email {link}',
      bioSmsTemplate: 'Bio sms {link}',
      pcheckEmailTemplate: '',
      pcheckSmsTemplate: 's'.repeat(140),
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.templatesUpdated);
    const expected = {
      bioEmailTemplate: 'Bio email {link}',
      bioSmsTemplate: 'Bio sms {link}',
      pcheckEmailTemplate: GLOBAL_TEMPLATES.pcheckEmailTemplate,
      pcheckSmsTemplate: 's'.repeat(140),
    };
    expect(json(res).data.accountTemplates).toEqual(expected);
    expect(json(await t.owner.post(P.fetch)).data.accountTemplates).toEqual(expected);
    expect(json(await t.owner.post(P.dispatch)).data.accountTemplates).toEqual(expected);
  });

  it('leaves out-of-body templates as they are', async () => {
    const before = json(await t.owner.post(P.fetch)).data.accountTemplates;
    const res = await t.owner.post(P.templates, { bioEmailTemplate: 'Only this {link}' });
    expect(json(res).data.accountTemplates).toEqual({ ...before, bioEmailTemplate: 'Only this {link}' });
  });

  it('refuses an SMS template over 140 characters and changes nothing', async () => {
    const before = await t.db.accountTemplates.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const res = await t.owner.post(P.templates, { bioSmsTemplate: 'b'.repeat(141), pcheckSmsTemplate: 'ok' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Max length is 140 (141)');
    expect(json(res).errors).toEqual({ bioSmsTemplate: 'Max length is 140 (141)' });
    expect(await t.db.accountTemplates.findUniqueOrThrow({ where: { locationId: t.austinId } })).toEqual(before);
  });
});

describe('tenancy', () => {
  let dallas: Agent;
  beforeAll(async () => {
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, trialEndsAt: null } });
    dallas = await loginAs(t.app, t.db, 'owner@kudo.test', DALLAS);
  });

  it("shows Dallas only its own campaigns and templates", async () => {
    const data = json(await dallas.post(P.fetch)).data;
    expect(data.campaigns.map((c: { name: string }) => c.name).sort()).toEqual(['Ana Ruiz', 'Ben Foster']);
    expect(data.accountTemplates).toEqual(GLOBAL_TEMPLATES);
    const dispatch = json(await dallas.post(P.dispatch)).data;
    expect(dispatch.accountCampaigns).toHaveLength(2);
    expect(json(await dallas.get(P.plan)).data).toEqual({ plan: { code: 'trial', name: 'Free Trial', max_campaign: 3 }, campaign_count: 2 });
  });

  it('cannot read, change, invite for or delete an Austin campaign', async () => {
    const sarah = await byName('Sarah Nguyen');
    const links = await t.db.campaignSocialMedia.findMany({ where: { campaignId: sarah.id } });
    const calls: [string, unknown][] = [
      [P.edit, { uid: sarah.uid, ...newCampaign(), is_default: true }],
      [P.del, { uid: sarah.uid }],
      [P.share, { email: 'x@example.com', campaign: sarah.uid }],
      [P.smLoad, { campaign_uid: sarah.uid }],
      [P.smAdd, { campaign_uid: sarah.uid, social_media_url: { source: 'yp', url: 'https://yp.com/x' } }],
      [P.smSave, { campaign_uid: sarah.uid, social_media_url: { source: 'google', url: 'https://evil.example.com', social_media_id: links[0]!.id } }],
      [P.smRemove, { campaign_uid: sarah.uid, social_media_url: { social_media_id: links[0]!.id } }],
    ];
    for (const [url, payload] of calls) {
      const res = await dallas.post(url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(json(res).message).toMatch(/not found/);
    }
    expect(await t.db.campaign.findUniqueOrThrow({ where: { id: sarah.id } })).toEqual(sarah);
    expect(await t.db.campaignSocialMedia.findMany({ where: { campaignId: sarah.id } })).toEqual(links);
  });

  it("cannot reach an Austin link through one of its own campaigns", async () => {
    const sarah = await byName('Sarah Nguyen');
    const link = await t.db.campaignSocialMedia.findFirstOrThrow({ where: { campaignId: sarah.id } });
    const ben = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.dallasId, name: 'Ben Foster' } });
    const save = await dallas.post(P.smSave, { campaign_uid: ben.uid, social_media_url: { source: 'google', url: 'https://evil.example.com', social_media_id: link.id } });
    expect(save.statusCode).toBe(404);
    const remove = await dallas.post(P.smRemove, { campaign_uid: ben.uid, social_media_url: { social_media_id: link.id } });
    expect(remove.statusCode).toBe(404);
    expect(await t.db.campaignSocialMedia.findUniqueOrThrow({ where: { id: link.id } })).toEqual(link);
  });

  it("changing Dallas's templates leaves Austin's alone", async () => {
    const austinBefore = await t.db.accountTemplates.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const res = await dallas.post(P.templates, { pcheckSmsTemplate: 'Dallas {link}' });
    expect(res.statusCode).toBe(200);
    expect(await t.db.accountTemplates.findUniqueOrThrow({ where: { locationId: t.austinId } })).toEqual(austinBefore);
  });

  it("makes a location's first campaign its default", async () => {
    await t.db.campaign.updateMany({ where: { locationId: t.dallasId }, data: { deletedAt: new Date(), isDefault: false } });
    const first = json(await dallas.post(P.add, newCampaign({ name: 'First One' }))).data;
    const second = json(await dallas.post(P.add, newCampaign({ name: 'Second One' }))).data;
    expect(first.is_default).toBe(true);
    expect(second.is_default).toBe(false);
    expect(json(await dallas.post(P.fetch)).data.default_campaign_uid).toBe(first.uid);
  });
});

describe('API document', () => {
  it('lists every endpoint of the area at its path', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    for (let n = 54; n <= 64; n++) expect(ids).toContain(`E0${n}`);
    expect(ids).toContain('E105');
    expect(doc.paths['/api/settings/manage/kudo/campaigns/fetch']?.post?.operationId).toBe('E054');
    expect(doc.paths['/api/operate/dispatch']?.post?.operationId).toBe('E105');
  });
});
