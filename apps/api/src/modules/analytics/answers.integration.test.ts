import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { demoLocationIds, json, loginAs, type Agent } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { daysAgo } from './test-support.js';

let campaign: { id: number; uid: string };
let other: { id: number; uid: string };
const t = useDemoApp();
beforeAll(async () => {
  campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, deletedAt: null, isDefault: false }, orderBy: { id: 'asc' } });
  other = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, deletedAt: null, id: { not: campaign.id } }, orderBy: { id: 'asc' } });
});

const submit = (uid: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/kudo/application/pulsecheck/${uid}/${token}/submit`, payload: payload as object });

/** Sends a real pulseCheck (SMS) and reads its token from the text message. */
async function send(phone: string, extra: object = {}) {
  const res = await t.owner.post('/api/kudo-beta/dispatch/send-pcheck', { campaign_uid: campaign.uid, customer_phone: phone, customer_name: 'Robin Banks', customer_address: '1 Main St', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: `+1${phone}` }, orderBy: { id: 'desc' } });
  const token = /\/pulsecheck\/([A-Za-z0-9_-]+)/.exec(sms.body)![1]!;
  const dispatch = await t.db.dispatch.findFirstOrThrow({ where: { customerPhone: `+1${phone}` }, orderBy: { id: 'desc' } });
  return { token, dispatch };
}

const reviewOf = (dispatchId: number) => t.db.review.findUnique({ where: { dispatchId } });

describe('every answered pulseCheck is one review', () => {
  it('is made at the mood and completed by sliders, the review lead and the text', async () => {
    const { token, dispatch } = await send('5125550171');
    expect(await reviewOf(dispatch.id)).toBeNull();
    await submit(other.uid, token, { type: 'mood', data: { mood: 'neutral' } });
    const first = await reviewOf(dispatch.id);
    expect(first).toMatchObject({
      locationId: t.austinId, source: 'kudo', externalId: `dispatch-${dispatch.id}`, sentiment: 'neutral', rating: 3, text: '',
      campaignId: other.id, customerName: 'Robin Banks', customerPhone: '+15125550171', customerAddress: '1 Main St', kudoIndex: null,
      authorName: 'Robin B.', approvedForWidget: false,
    });
    await submit(other.uid, token, { type: 'ratings', data: [{ name: 'Recommend', value: 8 }, { name: 'Professionalism', value: 9 }, { name: 'Quality', value: 10 }] });
    await submit(other.uid, token, { type: 'social-media', data: { selection: 'google', url: null } });
    await submit(other.uid, token, { type: 'review', data: { method: 'text', value: 'Pretty good overall' } });
    const done = await reviewOf(dispatch.id);
    expect(done).toMatchObject({ sentiment: 'neutral', kudoIndex: 9, text: 'Pretty good overall', rating: 5, postedAt: first!.postedAt });
    expect(done!.sliders).toEqual([{ name: 'Recommend', value: 8 }, { name: 'Professionalism', value: 9 }, { name: 'Quality', value: 10 }]);
    expect(await t.db.review.count({ where: { dispatchId: dispatch.id } })).toBe(1);
  });

  it('in slider-first mode starts at the ratings, with the sentiment of their stars until the mood comes', async () => {
    const { token, dispatch } = await send('5125550172');
    await submit(campaign.uid, token, { type: 'ratings', data: [{ name: 'a', value: 10 }, { name: 'b', value: 9 }] });
    expect(await reviewOf(dispatch.id)).toMatchObject({ sentiment: 'positive', kudoIndex: 9.5, rating: 5 });
    await submit(campaign.uid, token, { type: 'mood', data: { mood: 'negative' } });
    expect(await reviewOf(dispatch.id)).toMatchObject({ sentiment: 'negative' });
  });

  it('keeps staff’s campaign and customer corrections when the customer goes on', async () => {
    const { token, dispatch } = await send('5125550173');
    await submit(campaign.uid, token, { type: 'mood', data: { mood: 'positive' } });
    const r = (await reviewOf(dispatch.id))!;
    await t.owner.post('/api/analytics/customer-comments/edit', { transaction_id: r.id, source: 'kudo', campaign_uid: other.uid, name: 'Robin Q. Banks' });
    await t.owner.post('/api/analytics/customer-comments/approval', { approved: true, source: 'kudo', transaction_id: r.id });
    await submit(campaign.uid, token, { type: 'review', data: { method: 'text', value: 'Great!' } });
    expect(await reviewOf(dispatch.id)).toMatchObject({ campaignId: other.id, customerName: 'Robin Q. Banks', approvedForWidget: true, text: 'Great!' });
  });

  it('makes none for a test pulseCheck', async () => {
    const { token, dispatch } = await send('5125550174', { is_test: true });
    await submit(campaign.uid, token, { type: 'mood', data: { mood: 'positive' } });
    await submit(campaign.uid, token, { type: 'review', data: { method: 'text', value: 'Testing only' } });
    expect(await reviewOf(dispatch.id)).toBeNull();
  });

  it('keeps a mood-only answer out of the widget’s figures, and a text review in them', async () => {
    const w = await t.db.widgetSetting.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const figures = async () => {
      await t.owner.get('/api/widget/gsd/data/refresh');
      return json(await t.app.inject({ method: 'GET', url: `/api/widget/${w.widgetKey}/data` })).data.aggregateRating.reviewCount as number;
    };
    const before = await figures();
    const { token } = await send('5125550175');
    await submit(campaign.uid, token, { type: 'mood', data: { mood: 'positive' } });
    expect(await figures()).toBe(before);
    await submit(campaign.uid, token, { type: 'review', data: { method: 'text', value: 'Counted now' } });
    expect(await figures()).toBe(before + 1);
  });
});

describe('E129 dispatching', () => {
  const load = (body: object = {}) => t.owner.post('/api/analytics/reload/dispatching', body);

  it('adds the range’s sends, answers, scores, review leads and contact cards', async () => {
    const before = json(await load({ from_date: daysAgo(1), to_date: daysAgo(-1) })).data.data;
    const a = await send('5125550181');
    const b = await send('5125550182');
    await t.owner.post('/api/kudo-beta/dispatch/send-bio', { campaign_uid: campaign.uid, customer_email: 'bio@example.com' });
    await submit(campaign.uid, a.token, { type: 'mood', data: { mood: 'positive' } });
    await submit(campaign.uid, a.token, { type: 'ratings', data: [{ name: 'r', value: 10 }, { name: 'p', value: 8 }, { name: 'q', value: 6 }] });
    await submit(campaign.uid, a.token, { type: 'social-media', data: { selection: 'google' } });
    await submit(campaign.uid, b.token, { type: 'mood', data: { mood: 'negative' } });
    await submit(campaign.uid, b.token, { type: 'social-media', data: { selection: 'none' } });
    const res = json(await load({ from_date: daysAgo(1), to_date: daysAgo(-1) }));
    expect(res.status).toBe(1);
    const d = res.data.data;
    expect(d.pulse_checks_participant_count.value - before.pulse_checks_participant_count.value).toBe(2);
    expect(d.review_leads.value - before.review_leads.value).toBe(1);
    expect(d.happy_count.value - before.happy_count.value).toBe(1);
    expect(d.unhappy_count.value - before.unhappy_count.value).toBe(1);
    expect(d.pulse_check_sms_count.value - before.pulse_check_sms_count.value).toBe(2);
    expect(d.bio_email_count.value - before.bio_email_count.value).toBe(1);
    expect(d.happy_count.percent).toMatch(/^\d{1,3}\.\d{2}%$/);
    expect(d.pulse_check_sms_count.trend.date_index).toHaveLength(3);
    expect(d.pulse_check_sms_count.trend.values.reduce((s: number, v: number) => s + v, 0)).toBe(d.pulse_check_sms_count.value);
    expect(d.sliders).toHaveLength(3);
    expect(d.qrcode_total_count).toEqual({ value: expect.any(Number) });
    if (before.pulse_checks_participant_count.value === 0) {
      expect(d.kudo_index.value).toBe(8);
      expect(d.sliders.map((s: { value: number }) => s.value)).toEqual([5, 4, 3]);
    }
    expect(res.data.meta).toEqual({ from_date: daysAgo(1), to_date: daysAgo(-1) });
  });

  it('answers the seeded months, and 400 beyond 6 months or 36 months back', async () => {
    const ok = json(await load({ from_date: daysAgo(180), to_date: daysAgo(0) }));
    expect(ok.status).toBe(1);
    const long = await load({ from_date: daysAgo(200), to_date: daysAgo(0) });
    expect(long.statusCode).toBe(400);
    expect(json(long).message).toBe(MSG.dispatchingRangeTooLong);
    const old = await load({ from_date: '2021-01-01', to_date: '2021-02-01' });
    expect(old.statusCode).toBe(400);
    const bad = await load({ from_date: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(json(bad))).toContain(MSG.fromDateInvalid);
  });

  it('shows a Dallas session none of Austin’s figures', async () => {
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const { dallasId } = await demoLocationIds(t.db);
    const range = { from_date: daysAgo(180), to_date: daysAgo(0) };
    const d = json(await dallas.post('/api/analytics/reload/dispatching', range)).data.data;
    const dallasAnswers = await t.db.review.count({
      where: { locationId: dallasId, source: 'kudo', dispatchId: { not: null }, archived: false, postedAt: { gte: new Date(Date.now() - 182 * 86_400_000) } },
    });
    expect(d.pulse_checks_participant_count.value).toBe(dallasAnswers);
    const austin = json(await load(range)).data.data;
    expect(austin.pulse_checks_participant_count.value).toBeGreaterThan(d.pulse_checks_participant_count.value);
  });
});

describe('E129 contact card QR scans', () => {
  it('counts the opens of the QR code’s address by local day, not the texted link, for the location only', async () => {
    const key = (await t.db.contactCardSettings.findUniqueOrThrow({ where: { locationId: t.austinId } })).cardKey;
    const recent = { from_date: daysAgo(1), to_date: daysAgo(0) };
    const earlier = { from_date: daysAgo(40), to_date: daysAgo(10) };
    const scans = async (agent: Agent, range: object) =>
      json(await agent.post('/api/analytics/reload/dispatching', range)).data.data.qrcode_total_count.value as number;
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const [before, beforeEarlier, beforeDallas] = [await scans(t.owner, recent), await scans(t.owner, earlier), await scans(dallas, recent)];
    const open = (query: string) => t.app.inject({ method: 'GET', url: `/api/public/contact-card/${key}.vcf${query}` });
    const scanned = await open('?via=qr');
    expect(scanned.statusCode).toBe(200);
    expect(scanned.body).toContain('BEGIN:VCARD');
    expect(scanned.headers['cache-control']).toBe('no-store');
    expect((await open('?via=qr')).statusCode).toBe(200);
    // The texted link, and an address with another `via`, are served but not counted.
    expect((await open('')).headers['cache-control']).toBe('public, max-age=300');
    expect((await open('?via=sms')).statusCode).toBe(200);
    // An unknown card counts nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/public/contact-card/AAAAAAAAAAAAAAAAAAAAAA.vcf?via=qr' })).statusCode).toBe(404);
    expect(await scans(t.owner, recent)).toBe(before + 2);
    expect(await scans(t.owner, earlier)).toBe(beforeEarlier);
    expect(await scans(dallas, recent)).toBe(beforeDallas);
    // Only a day and a count are kept.
    const rows = await t.db.contactCardScanDay.findMany({ where: { locationId: t.austinId } });
    expect(rows.reduce((n, r) => n + r.count, 0)).toBeGreaterThanOrEqual(2);
    expect(Object.keys(rows[0]!).sort()).toEqual(['count', 'day', 'locationId']);
  });
});

describe('the daily rollups', () => {
  it('equal a count from scratch after answers, approvals, archives, edits and deletions', async () => {
    const { token } = await send('5125550191');
    await submit(campaign.uid, token, { type: 'mood', data: { mood: 'positive' } });
    await submit(campaign.uid, token, { type: 'ratings', data: [{ name: 'r', value: 7 }, { name: 'p', value: 8 }, { name: 'q', value: 9 }] });
    await submit(campaign.uid, token, { type: 'social-media', data: { selection: 'facebook' } });
    const r = (await t.db.review.findFirstOrThrow({ where: { customerPhone: '+15125550191' } }))!;
    await t.owner.post('/api/analytics/customer-comments/approval', { approved: true, source: 'kudo', transaction_id: r.id });
    await t.owner.post('/api/analytics/customer-comments/archival', { archived: true, source: 'kudo', transaction_id: r.id });
    await t.owner.post('/api/analytics/customer-comments/edit', { transaction_id: r.id, source: 'kudo', campaign_uid: other.uid });
    const extra = await t.db.review.create({ data: { locationId: t.austinId, source: 'google', authorName: 'G', rating: 2, sentiment: 'negative', postedAt: new Date() } });
    await t.db.review.delete({ where: { id: extra.id } });
    // One counted column at a time, and changes the counts do not hold (a reply, the customer's details).
    const second = await send('5125550192');
    await submit(campaign.uid, second.token, { type: 'mood', data: { mood: 'neutral' } });
    const s = (await t.db.review.findFirstOrThrow({ where: { customerPhone: '+15125550192' } }))!;
    await t.db.$executeRaw`UPDATE reviews SET reply_text = 'Thanks', customer_city = 'Austin' WHERE id = ${s.id}`;
    await t.db.$executeRaw`UPDATE reviews SET text = 'Now with a comment' WHERE id = ${s.id}`;
    await t.db.$executeRaw`UPDATE reviews SET audio_url = 'https://cdn.example.com/a.mp3' WHERE id = ${s.id}`;
    await t.db.$executeRaw`UPDATE reviews SET sliders = '[{"name":"r","value":4}]'::jsonb, kudo_index = 4 WHERE id = ${s.id}`;
    await t.db.$executeRaw`UPDATE reviews SET review_lead = NOT review_lead WHERE id = ${s.id}`;
    await t.db.$executeRaw`UPDATE reviews SET posted_at = posted_at - interval '3 days' WHERE id = ${s.id}`;
    await t.db.location.update({ where: { id: t.austinId }, data: { timeZone: 'America/Chicago' } });

    const snapshot = async () => ({
      counts: await t.db.reviewDailyCount.findMany({ where: { locationId: t.austinId, count: { not: 0 } }, orderBy: [{ day: 'asc' }, { source: 'asc' }, { sentiment: 'asc' }, { approved: 'asc' }, { archived: 'asc' }, { hasText: 'asc' }, { hasAudio: 'asc' }, { campaignId: 'asc' }] }),
      stats: (await t.db.dispatchDailyStat.findMany({ where: { locationId: t.austinId }, orderBy: { day: 'asc' } })).map((s) => ({
        ...s,
        slider0Sum: Math.round(s.slider0Sum * 1000) / 1000,
        slider1Sum: Math.round(s.slider1Sum * 1000) / 1000,
        slider2Sum: Math.round(s.slider2Sum * 1000) / 1000,
      })),
    });
    const kept = await snapshot();
    await t.db.$executeRaw`SELECT analytics_rebuild(${t.austinId})`;
    const rebuilt = await snapshot();
    expect(rebuilt.counts.length).toBeGreaterThan(100);
    expect(kept.counts).toEqual(rebuilt.counts);
    // A day whose figures all went back to 0 may keep its row; the Kudo Index sum is a whole number (2520ths), exact.
    const nonZero = (stats: typeof kept.stats) => stats.filter((s) => Object.entries(s).some(([k, v]) => k !== 'locationId' && k !== 'day' && Number(v) !== 0));
    expect(nonZero(kept.stats)).toEqual(nonZero(rebuilt.stats));
  });
});
