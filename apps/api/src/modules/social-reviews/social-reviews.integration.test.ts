import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { demoLocationIds, expectNotLoggedIn, json, loginAs, recordingQueue } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { createProviders } from '../../providers/index.js';
import { creditedReviewCounts } from './service.js';
import { socialReviewReportJob } from './report.js';
import { syncReviews } from './sync.js';

const LOAD = '/api/analytics/social-media-reviews/load';
const ADD = '/api/analytics/social-media-reviews/add_attribution';
const REMOVE = '/api/analytics/social-media-reviews/remove_attribution';
const EXPORT = '/api/reporting/reviews/export';
const reply = (id: number) => `/api/analytics/social-media-reviews/${id}/reply`;

describe('social reviews: list, credit, replies and the report', () => {
  const t = useDemoApp();

  it('needs a login and the analytics permission', async () => {
    await expectNotLoggedIn(t.app, 'POST', LOAD, {});
    await expectNotLoggedIn(t.app, 'POST', EXPORT, {});
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    expect((await staff.post(LOAD, {})).statusCode).toBe(200);
    const user = await t.db.user.findFirstOrThrow({ where: { email: 'staff@kudo.test' } });
    await t.db.membership.updateMany({ where: { userId: user.id }, data: { permAnalytics: false } });
    for (const [method, url] of [
      ['POST', LOAD],
      ['POST', ADD],
      ['POST', REMOVE],
      ['POST', EXPORT],
      ['PUT', reply(1)],
      ['DELETE', reply(1)],
    ] as const) {
      expect((await staff.request(method, url, method === 'DELETE' ? undefined : {})).statusCode, `${method} ${url}`).toBe(403);
    }
    await t.db.membership.updateMany({ where: { userId: user.id }, data: { permAnalytics: true } });
  });

  it('pages the reviews that need credit, newest first, by cursor both ways', async () => {
    const first = json(await t.owner.post(LOAD, { limit: 10, view: 'needs_credit' }));
    expect(first.status).toBe(1);
    const page = first.data.data as { id: number; timestamp: string; source: string; rating: { type: string; value: number }; attribution: { methods: { attribution_method: string }[] }[] }[];
    expect(page).toHaveLength(10);
    expect(first.data.cursor).toMatchObject({ has_after: true, has_before: false, before: null });
    const times = page.map((r) => r.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    // None of them carries a person's credit; Facebook answers recommendations.
    expect(page.every((r) => r.attribution.every((a) => a.methods.every((m) => m.attribution_method !== 'human')))).toBe(true);
    const expectedIds = await t.db.review.findMany({
      where: { locationId: t.austinId, source: { in: ['google', 'facebook'] }, archived: false, credits: { none: { method: 'human' } } },
      orderBy: [{ postedAt: 'desc' }, { id: 'desc' }],
      take: 20,
      select: { id: true },
    });
    expect(page.map((r) => r.id)).toEqual(expectedIds.slice(0, 10).map((r) => r.id));

    const second = json(await t.owner.post(LOAD, { limit: 10, view: 'needs_credit', after: first.data.cursor.after }));
    expect(second.data.data.map((r: { id: number }) => r.id)).toEqual(expectedIds.slice(10, 20).map((r) => r.id));
    expect(second.data.cursor).toMatchObject({ has_before: true });
    const back = json(await t.owner.post(LOAD, { limit: 10, view: 'needs_credit', before: second.data.cursor.before }));
    expect(back.data.data.map((r: { id: number }) => r.id)).toEqual(page.map((r) => r.id));
    expect(back.data.cursor).toMatchObject({ has_before: false, has_after: true });

    // The view 'all' also lists the credited ones, with their human credit.
    const all = json(await t.owner.post(LOAD, { view: 'all', limit: 50 }));
    const total = await t.db.review.count({ where: { locationId: t.austinId, source: { in: ['google', 'facebook'] } } });
    expect(all.data.data).toHaveLength(Math.min(50, total));
    const fb = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'facebook', externalId: { startsWith: 'demo-austin-fb' } } });
    const allPages: { id: number; rating: { type: string; value: number } }[] = [];
    let after: string | null = null;
    do {
      const res = json(await t.owner.post(LOAD, { view: 'all', limit: 50, ...(after ? { after } : {}) }));
      allPages.push(...res.data.data);
      after = res.data.cursor.has_after ? res.data.cursor.after : null;
    } while (after);
    expect(allPages).toHaveLength(total);
    expect(new Set(allPages.map((r) => r.id)).size).toBe(total);
    expect(allPages.find((r) => r.id === fb.id)!.rating).toEqual({ type: 'recommendation', value: fb.rating });
  });

  it('refuses a cursor it did not make and limits out of range', async () => {
    for (const body of [{ after: 'not-a-cursor' }, { before: Buffer.from('x|y').toString('base64url') }]) {
      const res = await t.owner.post(LOAD, body);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(MSG.socialReviewBadCursor);
    }
    expect((await t.owner.post(LOAD, { limit: 0 })).statusCode).toBe(400);
    expect((await t.owner.post(LOAD, { view: 'everything' })).statusCode).toBe(400);
    // Crediting with such a cursor changes nothing: the cursor is read before the credit is written.
    const review = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'google', credits: { none: {} } } });
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, deletedAt: null } });
    const body = { review_id: review.id, campaign_uid: campaign.uid, attribution_method: 'human', cursor: { after: 'not-a-cursor' } };
    const added = await t.owner.post(ADD, body);
    expect([added.statusCode, json(added).message]).toEqual([400, MSG.socialReviewBadCursor]);
    expect(await t.db.reviewCredit.count({ where: { reviewId: review.id } })).toBe(0);
    await t.db.reviewCredit.create({ data: { locationId: t.austinId, reviewId: review.id, campaignId: campaign.id, method: 'human' } });
    for (const cursor of [{ after: 'not-a-cursor' }, { before: 'not-a-cursor' }]) {
      const removed = await t.owner.post(REMOVE, { ...body, cursor });
      expect([removed.statusCode, json(removed).message]).toEqual([400, MSG.socialReviewBadCursor]);
    }
    expect(await t.db.reviewCredit.count({ where: { reviewId: review.id } })).toBe(1);
    await t.db.reviewCredit.deleteMany({ where: { reviewId: review.id } });
  });

  it('a person confirms a suggestion: the review leaves needs_credit and the campaign earns the credit', async () => {
    const suggestion = await t.db.reviewCredit.findFirstOrThrow({
      where: { locationId: t.austinId, method: 'mentions', review: { credits: { none: { method: 'human' } } } },
      include: { campaign: true, review: true },
      orderBy: { review: { postedAt: 'desc' } },
    });
    const before = (await creditedReviewCounts(t.db, t.austinId)).get(suggestion.campaignId) ?? 0;
    const body = { view: 'needs_credit', limit: 10, review_id: suggestion.reviewId, campaign_uid: suggestion.campaign.uid, attribution_method: 'human', cursor: {} };
    const res = json(await t.owner.post(ADD, body));
    expect(res.status).toBe(1);
    expect(res.data.data.map((r: { id: number }) => r.id)).not.toContain(suggestion.reviewId);
    expect(res.data.data).toHaveLength(10);
    expect((await creditedReviewCounts(t.db, t.austinId)).get(suggestion.campaignId)).toBe(before + 1);
    const all = json(await t.owner.post(LOAD, { view: 'all', limit: 50 })).data.data as { id: number; attribution: unknown[] }[];
    expect(all.find((r) => r.id === suggestion.reviewId)!.attribution).toContainEqual({
      campaign: { campaign_uid: suggestion.campaign.uid, name: suggestion.campaign.name },
      methods: [{ attribution_method: 'mentions' }, { attribution_method: 'human' }],
    });
    // Crediting twice changes nothing.
    await t.owner.post(ADD, body);
    expect((await creditedReviewCounts(t.db, t.austinId)).get(suggestion.campaignId)).toBe(before + 1);

    // Removing the credit puts the review back in needs_credit; the suggestion stays.
    const removed = json(await t.owner.post(REMOVE, body));
    expect(removed.data.data.map((r: { id: number }) => r.id)).toContain(suggestion.reviewId);
    expect((await creditedReviewCounts(t.db, t.austinId)).get(suggestion.campaignId) ?? 0).toBe(before);
    // And removing the suggestion leaves the review without it.
    json(await t.owner.post(REMOVE, { ...body, attribution_method: 'mentions' }));
    expect(await t.db.reviewCredit.count({ where: { reviewId: suggestion.reviewId, campaignId: suggestion.campaignId } })).toBe(0);
    const again = await t.owner.post(REMOVE, { ...body, attribution_method: 'mentions' });
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe(MSG.socialCreditNotFound);
  });

  it('gives credit by hand only as a person, to a campaign and review of the location', async () => {
    const review = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'google' } });
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, name: 'Luis Ramirez' } });
    const dallasCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.dallasId } });
    const body = { view: 'needs_credit', limit: 10, review_id: review.id, campaign_uid: campaign.uid, attribution_method: 'human' };
    const cases: [object, number, string][] = [
      [{ attribution_method: 'mentions' }, 400, MSG.socialCreditByPerson],
      [{ attribution_method: 'robot' }, 400, MSG.socialCreditMethod],
      [{ campaign_uid: '' }, 400, MSG.dispatchCampaignNotFound],
      [{ campaign_uid: 'nope' }, 404, MSG.dispatchCampaignNotFound],
      [{ campaign_uid: dallasCampaign.uid }, 404, MSG.dispatchCampaignNotFound],
      [{ review_id: 'x' }, 400, MSG.reviewNotFound],
      [{ review_id: 999_999 }, 404, MSG.reviewNotFound],
    ];
    for (const [change, status, message] of cases) {
      const res = await t.owner.post(ADD, { ...body, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(json(res).message).toBe(message);
    }
    expect(await t.db.reviewCredit.count({ where: { reviewId: review.id, campaignId: campaign.id } })).toBe(0);
    // A kudo answer is not a social review.
    const kudo = await t.db.review.create({ data: { locationId: t.austinId, source: 'kudo', authorName: 'A', rating: 5, postedAt: new Date() } });
    expect((await t.owner.post(ADD, { ...body, review_id: kudo.id })).statusCode).toBe(404);
    const ok = json(await t.owner.post(ADD, body));
    expect(ok.status).toBe(1);
    expect(await t.db.reviewCredit.findFirst({ where: { reviewId: review.id, campaignId: campaign.id, method: 'human' } })).toMatchObject({
      createdById: (await t.db.user.findFirstOrThrow({ where: { email: 'owner@kudo.test' } })).id,
    });
  });

  it('answers a Google review in place and removes the answer', async () => {
    const google = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'google', externalId: { startsWith: 'demo-austin-g' } }, orderBy: { postedAt: 'desc' } });
    const facebook = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'facebook' } });
    const empty = await t.owner.request('PUT', reply(google.id), { comment: '   ' });
    expect([empty.statusCode, json(empty).message]).toEqual([400, MSG.socialReplyRequired]);
    const long = await t.owner.request('PUT', reply(google.id), { comment: 'x'.repeat(4001) });
    expect([long.statusCode, json(long).message]).toEqual([400, MSG.socialReplyTooLong]);
    const fb = await t.owner.request('PUT', reply(facebook.id), { comment: 'Thanks!' });
    expect([fb.statusCode, json(fb).message]).toEqual([400, MSG.socialReplyGoogleOnly]);
    const none = await t.owner.request('DELETE', reply(google.id));
    expect([none.statusCode, json(none).message]).toEqual([400, MSG.socialReplyNone]);

    const res = await t.owner.request('PUT', reply(google.id), { comment: 'Thank you for trusting us!' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ message: MSG.socialReplySaved, data: { review: { id: google.id, reply: { comment: 'Thank you for trusting us!' } } } });
    // A reply made on the profile comes in with the next sync.
    const providers = createProviders(t.config, t.db);
    const deps = { db: t.db, config: t.config, providers, log: { info: () => undefined, warn: () => undefined, error: () => undefined } };
    const auth = { accessToken: null, refreshToken: null, expiresAt: null };
    const ref = { accountId: 'accounts/1180000000000000001', locationId: 'locations/5120000000000000101' };
    await providers.google.replyToReview(auth, ref, google.externalId!, 'Thanks again, from the owner.');
    await t.db.reviewSyncState.deleteMany({ where: { locationId: t.austinId } });
    expect(await syncReviews(deps, t.austinId, 'google')).toBe('synced');
    expect((await t.db.review.findUniqueOrThrow({ where: { id: google.id } })).replyText).toBe('Thanks again, from the owner.');
    const del = json(await t.owner.request('DELETE', reply(google.id)));
    expect(del).toMatchObject({ message: MSG.socialReplyDeleted, data: { review: { reply: null } } });
    expect((await t.db.review.findUniqueOrThrow({ where: { id: google.id } })).replyText).toBeNull();
  });

  it('emails the Social Reviews Report as an Excel file to each recipient', async () => {
    const res = await t.owner.post(EXPORT, { fromDate: '2025-11-01', toDate: '2026-12-31', emails: 'boss@example.com, Team@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 1, message: MSG.reportQueued, data: { recipients: ['boss@example.com', 'team@example.com'] } });
    const mails = await t.db.outboxMessage.findMany({ where: { subject: { startsWith: 'Social Reviews Report' } }, include: { attachments: true }, orderBy: { id: 'asc' } });
    expect(mails.map((m) => m.to)).toEqual(['boss@example.com', 'team@example.com']);
    const file = mails[0]!.attachments[0]!;
    expect(file.filename).toBe('social-reviews-2025-11-01-to-2026-12-31.xlsx');
    const book = XLSX.read(Buffer.from(file.content), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets['Social Reviews']!, { header: 1 });
    expect(rows[0]).toEqual(['Date', 'Source', 'Rating', 'Reviewer', 'Review', 'Credited To', 'Suggested Credit', 'Reply', 'Link']);
    const expected = await t.db.review.count({
      where: { locationId: t.austinId, source: { in: ['google', 'facebook'] }, archived: false, postedAt: { gte: new Date('2025-11-01T05:00:00Z') } },
    });
    expect(rows.length - 1).toBe(expected);
    expect(rows.slice(1).some((r) => r[1] === 'Facebook' && (r[2] === 'Recommends' || r[2] === 'Does not recommend'))).toBe(true);
    const credited = await t.db.reviewCredit.findFirstOrThrow({
      where: { locationId: t.austinId, method: 'human', review: { postedAt: { gte: new Date('2025-11-02T00:00:00Z') } } },
      include: { campaign: true, review: true },
    });
    expect(rows.some((r) => r[3] === credited.review.authorName && String(r[5]).includes(credited.campaign.name))).toBe(true);

    // The Dev outbox lists the file and downloads it as it was sent.
    const outbox = json(await t.owner.get('/api/dev/outbox?channel=email&limit=5')).data.messages as { id: number; attachments: { id: number; filename: string; size: number }[] }[];
    const listed = outbox.find((m) => m.id === mails[1]!.id)!.attachments[0]!;
    expect(listed).toMatchObject({ filename: file.filename, size: file.content.length });
    const download = await t.owner.get(`/api/dev/outbox/attachments/${listed.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(file.filename);
    expect(download.rawPayload.equals(Buffer.from(mails[1]!.attachments[0]!.content))).toBe(true);
  });

  it('checks the report request with the specified messages and sends nothing on bad input', async () => {
    const before = await t.db.outboxMessage.count();
    const ok = { fromDate: '2026-10-01', toDate: '2026-10-31', emails: 'a@example.com' };
    const cases: [object, string][] = [
      [{ fromDate: '' }, MSG.fromDateInvalid],
      [{ fromDate: '2026-02-30' }, MSG.fromDateInvalid],
      [{ fromDate: undefined }, MSG.fromDateInvalid],
      [{ toDate: 'soon' }, MSG.toDateInvalid],
      [{ emails: '' }, MSG.reportRecipientRequired],
      [{ emails: ' , ' }, MSG.reportRecipientRequired],
      [{ emails: 'a@example.com,b@example.com,c@example.com,d@example.com' }, MSG.reportMaxRecipients],
      [{ emails: 'a@example.com, not-an-email' }, MSG.validEmail],
      [{ fromDate: '2026-11-01', toDate: '2026-10-01' }, MSG.reportDateOrder],
      [{ fromDate: '2020-01-01' }, MSG.reportTooFarBack],
    ];
    for (const [change, message] of cases) {
      const res = await t.owner.post(EXPORT, { ...ok, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(json(res).message, JSON.stringify(change)).toBe(message);
    }
    expect(await t.db.outboxMessage.count()).toBe(before);
    // An HTTP date works too (the screens send one).
    const http = await t.owner.post(EXPORT, { ...ok, fromDate: 'Thu, 01 Oct 2026 00:00:00 GMT', toDate: 'Sat, 31 Oct 2026 00:00:00 GMT' });
    expect(json(http).data).toMatchObject({ fromDate: '2026-10-01', toDate: '2026-10-31' });
  });

  it('keeps Austin\'s social reviews and credit out of Dallas\'s reach', async () => {
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const list = json(await dallas.post(LOAD, { view: 'all', limit: 50 }));
    const ids = (list.data.data as { id: number }[]).map((r) => r.id);
    const dallasSocial = await t.db.review.findMany({ where: { locationId: t.dallasId, source: { in: ['google', 'facebook'] } }, select: { id: true } });
    expect(ids.sort()).toEqual(dallasSocial.map((r) => r.id).sort());
    expect(await t.db.review.count({ where: { id: { in: ids }, locationId: { not: t.dallasId } } })).toBe(0);
    const austinReview = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'google' } });
    const austinCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId } });
    const dallasCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.dallasId } });
    const credits = await t.db.reviewCredit.count({ where: { reviewId: austinReview.id } });
    for (const uid of [austinCampaign.uid, dallasCampaign.uid]) {
      const res = await dallas.post(ADD, { view: 'all', limit: 10, review_id: austinReview.id, campaign_uid: uid, attribution_method: 'human' });
      expect(res.statusCode).toBe(404);
    }
    expect((await dallas.post(REMOVE, { view: 'all', limit: 10, review_id: austinReview.id, campaign_uid: austinCampaign.uid, attribution_method: 'human' })).statusCode).toBe(404);
    expect(await t.db.reviewCredit.count({ where: { reviewId: austinReview.id } })).toBe(credits);
    expect((await dallas.request('PUT', reply(austinReview.id), { comment: 'Hi' })).statusCode).toBe(404);
    // Dallas's report holds none of Austin's reviews.
    await dallas.post(EXPORT, { fromDate: '2025-11-01', toDate: '2026-12-31', emails: 'dallas@example.com' });
    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { to: 'dallas@example.com' }, include: { attachments: true } });
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(Buffer.from(mail.attachments[0]!.content)).Sheets['Social Reviews']!, { header: 1 });
    expect(rows.slice(1).map((r) => r[3]).sort()).toEqual(
      (await t.db.review.findMany({ where: { locationId: t.dallasId, source: { in: ['google', 'facebook'] }, postedAt: { gte: new Date('2025-11-01T05:00:00Z') } } }))
        .map((r) => r.authorName)
        .sort(),
    );
  });

  it('tells a location without Google or Facebook to connect one', async () => {
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    const res = await lite.post(LOAD, {});
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.socialReviewsNotConnected);
  });
});

describe('with a job worker', () => {
  const { queue, sent } = recordingQueue();
  const t = useDemoApp({ jobs: queue });

  it('asks for a review sync when a Business Profile location or a Facebook page is chosen', async () => {
    const { austinId } = await demoLocationIds(t.db);
    const google = await t.owner.post('/api/settings/manage/social-media-connect/google-my-business/save-location', { location_id: 'locations/5120000000000000101' });
    expect(google.statusCode).toBe(200);
    const page = await t.owner.post('/api/settings/manage/social-media-connect/facebook/page-select', { page_id: '104000000000001' });
    expect(page.statusCode).toBe(200);
    expect(sent.filter((j) => j.name === 'social-reviews.sync').map((j) => j.payload)).toEqual([
      { locationId: austinId, platform: 'google' },
      { locationId: austinId, platform: 'facebook' },
    ]);
  });

  it('hands the report to the worker, whose job emails it', async () => {
    const res = await t.owner.post(EXPORT, { fromDate: '2026-01-01', toDate: '2026-06-30', emails: 'owner@example.com' });
    expect(json(res)).toMatchObject({ status: 1, message: MSG.reportQueued });
    expect(await t.db.outboxMessage.count({ where: { to: 'owner@example.com' } })).toBe(0);
    const job = sent.find((j) => j.name === socialReviewReportJob.name)!;
    await socialReviewReportJob.handler(socialReviewReportJob.payload.parse(job.payload), {
      db: t.db,
      config: t.config,
      providers: createProviders(t.config, t.db),
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { to: 'owner@example.com' }, include: { attachments: true } });
    expect(mail.attachments.map((a) => a.filename)).toEqual(['social-reviews-2026-01-01-to-2026-06-30.xlsx']);
  });
});
