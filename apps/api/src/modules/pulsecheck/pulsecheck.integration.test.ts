import { describe, expect, it } from 'vitest';
import { DEFAULT_SLIDER_TITLES, MSG } from '@kudo/shared';
import { createTestApp, json, loginAs } from '../../../test/helpers.js';
import { publicName } from './service.js';

describe('the public pulseCheck flow and bio page', async () => {
  const t = await createTestApp();
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const dallas = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Dallas' } });
  const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null, isDefault: false } });
  const other = await t.db.campaign.findFirstOrThrow({ where: { locationId: austin.id, deletedAt: null, id: { not: campaign.id } } });
  const dallasCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: dallas.id, deletedAt: null } });
  const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, remoteAddress: '203.0.113.7' });
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, remoteAddress: '203.0.113.7' });

  /** Sends a real pulseCheck and reads its token from the text message. */
  const sendAndGetToken = async (phone: string) => {
    await owner.post('/api/kudo-beta/dispatch/send-pcheck', { campaign_uid: campaign.uid, customer_phone: phone, customer_name: 'Pat Jones' });
    const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: `+1${phone}` }, orderBy: { id: 'desc' } });
    return /\/pulsecheck\/([A-Za-z0-9_-]+)/.exec(sms.body)![1]!;
  };

  it('validates a link and shows the business, its sites and the sliders', async () => {
    const token = await sendAndGetToken('5125550160');
    expect(json(await get(`/webapps/pulsecheck/${token}/validate`)).data).toEqual({ is_valid: true, is_test: false, campaign_uid: campaign.uid, mood: null, answered: [] });
    const data = json(await get(`/webapps/pulsecheck/${campaign.uid}/${token}/location`)).data;
    expect(data).toMatchObject({
      campaign_name: campaign.name,
      navbar_bkg_color: austin.navBkgColor,
      whitelabel: false,
      custom_flow_mode: 'sentimentOnly-ungated',
      sliders: DEFAULT_SLIDER_TITLES.map((title) => ({ title })),
    });
    expect(Array.isArray(data.social_media)).toBe(true);
    for (const site of data.social_media) expect(site.url).toMatch(/^https?:\/\//);
    expect(json(await get(`/webapps/pulsecheck/${token}/location`)).data.campaign_name).toBe(campaign.name);
    const list = json(await get(`/webapps/pulsecheck/${token}/campaigns`)).data.campaigns;
    expect(list.map((c: { uid: string }) => c.uid)).toContain(other.uid);
    expect(list.map((c: { uid: string }) => c.uid)).not.toContain(dallasCampaign.uid);
  });

  it('takes each step once, credits the chosen campaign, keeps the IP, and turns the text into a review', async () => {
    const token = await sendAndGetToken('5125550161');
    const base = `/kudo/application/pulsecheck/${other.uid}/${token}/submit`;
    expect((await post(base, { type: 'mood', ip_address: '1.2.3.4', data: { mood: 'positive', referral: 'google-ads' } })).statusCode).toBe(200);
    const again = await post(base, { type: 'mood', data: { mood: 'negative' } });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(MSG.pcheckStepAnswered);
    expect((await post(base, { type: 'social-media', data: { selection: 'google', url: 'https://g.page/r/demo/review', left_review: true } })).statusCode).toBe(200);
    expect((await post(base, { type: 'ratings', data: [{ name: 'a', value: 10 }, { name: 'b', value: 8 }, { name: 'c', value: 9 }] })).statusCode).toBe(200);
    expect((await post(base, { type: 'review', data: { method: 'text', value: 'Fast and tidy, thank you!' } })).statusCode).toBe(200);

    const validated = json(await get(`/webapps/pulsecheck/${token}/validate`)).data;
    expect(validated.mood).toBe('positive');
    expect(validated.answered.sort()).toEqual(['mood', 'ratings', 'review', 'social-media']);
    const d = await t.db.dispatch.findFirstOrThrow({ where: { customerPhone: '+15125550161' }, include: { submissions: true } });
    expect(d).toMatchObject({ mood: 'positive', sliderMean: 9, creditedCampaignId: other.id });
    expect(d.respondedAt).not.toBeNull();
    expect(d.submissions.every((s) => s.ipAddress === '203.0.113.7')).toBe(true);
    expect(d.submissions.find((s) => s.type === 'mood')?.data).toEqual({ mood: 'positive', referral: 'google-ads' });
    const review = await t.db.review.findFirstOrThrow({ where: { externalId: `dispatch-${d.id}` } });
    expect(review).toMatchObject({ source: 'kudo', locationId: austin.id, rating: 5, text: 'Fast and tidy, thank you!', authorName: 'Pat J.', campaignId: other.id, approvedForWidget: false });
  });

  it('alerts the notification contacts of that mood with the mood in the subject', async () => {
    await t.db.notificationEmail.deleteMany({ where: { locationId: austin.id, email: 'alerts@example.com' } });
    await t.db.notificationEmail.create({ data: { locationId: austin.id, sentiment: 'negative', email: 'alerts@example.com', verified: true, verifiedAt: new Date() } });
    await t.db.notificationEmail.create({ data: { locationId: austin.id, sentiment: 'negative', email: 'pending@example.com', verified: false } });
    const token = await sendAndGetToken('5125550162');
    await post(`/kudo/application/pulsecheck/${campaign.uid}/${token}/submit`, { type: 'mood', data: { mood: 'negative' } });
    const alert = await t.db.outboxMessage.findFirstOrThrow({ where: { to: 'alerts@example.com' }, orderBy: { id: 'desc' } });
    expect(alert.subject).toMatch(/^Negative pulseCheck: Pat Jones rated /);
    expect(await t.db.outboxMessage.count({ where: { to: 'pending@example.com' } })).toBe(0);
  });

  it('places the "Call me!" call and keeps the recording as the review (local voice provider)', async () => {
    const token = await sendAndGetToken('5125550165');
    const base = `/kudo/application/pulsecheck/${campaign.uid}/${token}/submit`;
    await post(base, { type: 'mood', data: { mood: 'neutral' } });
    const res = await post(base, { type: 'review', data: { method: 'audio', value: '(512) 555-0165' } });
    expect(res.statusCode).toBe(200);
    const call = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550165', from: 'voice' } });
    expect(call.body).toContain('[voice call]');
    const d = await t.db.dispatch.findFirstOrThrow({ where: { customerPhone: '+15125550165' } });
    const review = await t.db.review.findFirstOrThrow({ where: { externalId: `dispatch-${d.id}` } });
    expect(review).toMatchObject({ source: 'kudo', text: '', rating: 3 });
    expect(review.audioUrl).toMatch(/^http:\/\/kudo\.test\/api\/audio\/[\w-]{16}\.wav$/);
    const audio = await t.app.inject({ method: 'GET', url: new URL(review.audioUrl!).pathname });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect((await t.app.inject({ method: 'GET', url: '/api/audio/..%2F..%2Fsecret.wav' })).statusCode).toBe(404);
  });

  it('refuses bad answers with the exact messages and changes nothing', async () => {
    const token = await sendAndGetToken('5125550163');
    const base = `/kudo/application/pulsecheck/${campaign.uid}/${token}/submit`;
    const empty = await post(base, { type: 'review', data: { method: 'text', value: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe(MSG.pcheckReviewMessage);
    expect(json(await post(base, { type: 'review', data: { method: 'text', value: 'x'.repeat(256) } })).message).toBe(MSG.pcheckReviewTooLong);
    expect(json(await post(base, { type: 'review', data: { method: 'audio', value: '123' } })).message).toBe(MSG.pcheckReviewNumber);
    expect((await post(base, { type: 'ratings', data: [{ name: 'a', value: 11 }] })).statusCode).toBe(400);
    expect((await post(base, { type: 'mood', data: { mood: 'ecstatic' } })).statusCode).toBe(400);
    expect((await post(base, { type: 'other', data: {} })).statusCode).toBe(400);
    expect(await t.db.pulseCheckSubmission.count({ where: { dispatch: { customerPhone: '+15125550163' } } })).toBe(0);
  });

  it('sends unknown, expired and foreign links to not-found', async () => {
    expect((await get('/webapps/pulsecheck/AAAAAAAAAAAAAAAA/validate')).statusCode).toBe(404);
    expect((await get('/webapps/pulsecheck/x/validate')).statusCode).toBe(400);
    const token = await sendAndGetToken('5125550164');
    // A Dallas campaign cannot be credited through an Austin link.
    expect((await get(`/webapps/pulsecheck/${dallasCampaign.uid}/${token}/location`)).statusCode).toBe(404);
    expect((await post(`/kudo/application/pulsecheck/${dallasCampaign.uid}/${token}/submit`, { type: 'mood', data: { mood: 'positive' } })).statusCode).toBe(404);
    await t.db.dispatch.updateMany({ where: { customerPhone: '+15125550164' }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await get(`/webapps/pulsecheck/${token}/validate`)).statusCode).toBe(404);
  });

  it('gives campaign previews a test token whose answers never become reviews', async () => {
    const res = await get(`/webapps/sample-pulsecheck/${campaign.uid}/token`);
    const token = json(res).data.token as string;
    expect(json(await get(`/webapps/pulsecheck/${token}/validate`)).data).toMatchObject({ is_valid: true, is_test: true });
    await post(`/kudo/application/pulsecheck/${campaign.uid}/${token}/submit`, { type: 'review', data: { method: 'text', value: 'Testing' } });
    expect(await t.db.review.count({ where: { text: 'Testing' } })).toBe(0);
    expect((await get('/webapps/sample-pulsecheck/nosuchcampaign/token')).statusCode).toBe(404);
  });

  it("shows a technician's bio with the reviews the business selected", async () => {
    await t.db.campaign.update({ where: { id: campaign.id }, data: { ytUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } });
    await t.db.review.create({ data: { locationId: austin.id, source: 'google', authorName: 'Ann B.', rating: 4, text: 'Great', postedAt: new Date(Date.now() - 3 * 86_400_000), approvedForWidget: true, campaignId: campaign.id } });
    await t.db.review.create({ data: { locationId: austin.id, source: 'kudo', authorName: 'Hidden', rating: 2, text: 'Not selected', postedAt: new Date(), approvedForWidget: false, campaignId: campaign.id } });
    const data = json(await get(`/webapps/bio/${campaign.uid}`)).data;
    expect(data.bio_profile).toMatchObject({ campaign_name: campaign.name, department: campaign.department, video_id: 'dQw4w9WgXcQ' });
    expect(data.bio_profile.review_count).toBeGreaterThanOrEqual(2);
    const texts = data.reviews.map((r: { text: string }) => r.text);
    expect(texts).toContain('Great');
    expect(texts).not.toContain('Not selected');
    expect(data.reviews.find((r: { text: string }) => r.text === 'Great')).toMatchObject({ time_diff_expr: '3 days ago', sm_title: 'Google', name: 'Ann B.' });
    expect((await get('/webapps/bio/unknowncampaign')).statusCode).toBe(404);
  });

  it('shortens names for public display', () => {
    expect(publicName('Pat Jones')).toBe('Pat J.');
    expect(publicName('cher')).toBe('cher');
    expect(publicName('  ')).toBe('A customer');
  });
});
