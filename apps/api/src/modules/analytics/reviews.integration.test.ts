import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, REVIEW_TOPIC_LABELS, type ReviewTopic } from '@kudo/shared';
import { json, loginAs, type TestContext } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { daysAgo, userWithoutAnalytics } from './test-support.js';

let campaign: { id: number; uid: string; name: string; department: string };
let other: { id: number; uid: string };
const t = useDemoApp();
beforeAll(async () => {
  campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, deletedAt: null }, orderBy: { id: 'asc' } });
  other = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, deletedAt: null, id: { not: campaign.id } }, orderBy: { id: 'asc' } });
});

const FETCH = '/api/analytics/customer-comments/fetch';
const calls: [string, string, unknown][] = [
  ['POST', FETCH, {}],
  ['POST', '/api/analytics/customer-comments/export', {}],
  ['POST', '/api/analytics/customer-comments/archival', { archived: true, source: 'google', transaction_id: 1 }],
  ['POST', '/api/analytics/customer-comments/approval', { approved: true, source: 'google', transaction_id: 1 }],
  ['POST', '/api/analytics/customer-comments/edit', { transaction_id: 1, source: 'google', campaign_uid: 'x' }],
  ['POST', '/api/analytics/customer-comments/add', { source: 'google', date: '2026-01-01', sentiment: 'positive', campaign_uid: 'x', comment: 'x' }],
  ['POST', '/api/analytics/social-media-rating/load', {}],
  ['POST', '/api/analytics/social-media-overview/load', {}],
  ['POST', '/api/analytics/reload/dispatching', {}],
  ['POST', '/api/profile/campaign/load', {}],
];

/** A review of the location made for one test, with a word no seeded review has. */
async function makeReview(locationId: number, data: Partial<Parameters<TestContext['db']['review']['create']>[0]['data']> = {}) {
  return t.db.review.create({
    data: {
      locationId,
      source: 'google',
      authorName: 'Test Author',
      rating: 5,
      sentiment: 'positive',
      text: 'Quokka test review',
      postedAt: new Date(Date.now() - 2 * 86_400_000),
      ...data,
    } as Parameters<TestContext['db']['review']['create']>[0]['data'],
  });
}

describe('access', () => {
  it('answers 403 to a user without the analytics permission, and changes nothing', async () => {
    const agent = await loginAs(t.app, t.db, await userWithoutAnalytics(t.db, 'noanalytics@kudo.test'));
    const review = await makeReview(t.austinId);
    for (const [method, url] of calls) {
      const payload = url.endsWith('approval') ? { approved: false, source: 'google', transaction_id: review.id } : calls.find((c) => c[1] === url)![2];
      const res = await agent.request(method, url, payload);
      expect(res.statusCode, url).toBe(403);
    }
    expect(await t.db.review.findUniqueOrThrow({ where: { id: review.id } })).toEqual(review);
    // The dashboard panels are open to every member.
    expect((await agent.get('/api/dashboard/social-reviews/load')).statusCode).toBe(200);
  });

  it('lets staff with the analytics permission and the Dallas trial in', async () => {
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    expect((await staff.post(FETCH, {})).statusCode).toBe(200);
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect((await dallas.post(FETCH, {})).statusCode).toBe(200);
  });
});

describe('E138 fetch', () => {
  it('lists the last month of reviews, newest first, with the campaigns header', async () => {
    const res = json(await t.owner.post(FETCH, {}));
    expect(res.status).toBe(1);
    expect(res.data).toMatchObject({ current: 1, rowCount: 10, meta: { to_date: expect.any(String), from_date: expect.any(String) } });
    const uids = res.data.header.campaigns.map((c: { uid: string }) => c.uid);
    expect(uids).toContain(campaign.uid);
    const dates = res.data.rows.map((r: { captured_on: string }) => r.captured_on);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.data.rows.length).toBeLessThanOrEqual(10);
  });

  it('searches text, customer and campaign; filters by sentiment, approval, text, audio, campaign and archive', async () => {
    const a = await makeReview(t.austinId, { text: 'Wombat fixed the sink', sentiment: 'positive', approvedForWidget: true, campaignId: campaign.id });
    const b = await makeReview(t.austinId, { source: 'kudo', text: '', sentiment: 'negative', rating: 1, customerName: 'Wombat Owner', audioUrl: 'https://example.com/a.wav' });
    const c = await makeReview(t.austinId, { text: 'wombat archived', sentiment: 'neutral', rating: 3, archived: true });
    await makeReview(t.dallasId, { text: 'Wombat in Dallas' });
    const ids = async (body: object) => {
      const res = json(await t.owner.post(FETCH, { searchPhrase: 'wombat', ...body }));
      expect(res.status, JSON.stringify(res)).toBe(1);
      return res.data.rows.map((r: { transaction_id: number }) => r.transaction_id).sort();
    };
    expect(await ids({})).toEqual([a.id, b.id].sort());
    expect(await ids({ filters: { archived: true } })).toEqual([a.id, b.id, c.id].sort());
    expect(await ids({ filters: { positive: true } })).toEqual([a.id]);
    expect(await ids({ filters: { negative: true, neutral: true, archived: true } })).toEqual([b.id, c.id].sort());
    expect(await ids({ filters: { approved: true } })).toEqual([a.id]);
    expect(await ids({ filters: { unapproved: true } })).toEqual([b.id]);
    expect(await ids({ filters: { no_text: true } })).toEqual([b.id]);
    expect(await ids({ filters: { text_and_audio: false } })).toEqual([b.id]);
    expect(await ids({ campaign_uid: campaign.uid })).toEqual([a.id]);
    // The campaign's name is searched too.
    const byCampaign = json(await t.owner.post(FETCH, { searchPhrase: campaign.name, rowCount: 100 })).data.rows;
    expect(byCampaign.map((r: { transaction_id: number }) => r.transaction_id)).toContain(a.id);
    // Case aside, a phrase matches within one text (the customer's, the reviewer's or the review's), never across two.
    const found = async (searchPhrase: string) => json(await t.owner.post(FETCH, { searchPhrase })).data.rows.map((r: { transaction_id: number }) => r.transaction_id);
    expect(await found('WOMBAT FIXED\u0001')).toEqual([a.id]);
    expect(await found('wombat owner')).toEqual([b.id]);
    const d = await makeReview(t.austinId, { text: 'Fixed the sink', customerName: 'Wombat Smith' });
    expect(await found('sink')).toContain(d.id);
    expect(await found('sink wombat')).toEqual([]);
    const row = json(await t.owner.post(FETCH, { searchPhrase: 'wombat fixed' })).data.rows[0];
    expect(row).toMatchObject({
      transaction_id: a.id,
      source: 'google',
      campaign_uid: campaign.uid,
      name: campaign.name,
      department_name: campaign.department,
      sentiment: 'Positive',
      approved: true,
      archived: false,
      user_comment: 'Wombat fixed the sink',
    });
  });

  it('sorts, pages and keeps the range in the location’s time zone', async () => {
    const r1 = await makeReview(t.austinId, { text: 'Numbat one', kudoIndex: 9, customerName: 'Zed', postedAt: new Date(Date.now() - 3 * 86_400_000) });
    const r2 = await makeReview(t.austinId, { text: 'Numbat two', kudoIndex: 4, customerName: 'Amy', postedAt: new Date(Date.now() - 4 * 86_400_000) });
    const r3 = await makeReview(t.austinId, { text: 'Numbat three', kudoIndex: null, customerName: 'Bob', postedAt: new Date(Date.now() - 40 * 86_400_000) });
    const order = async (body: object) =>
      json(await t.owner.post(FETCH, { searchPhrase: 'numbat', ...body })).data.rows.map((r: { transaction_id: number }) => r.transaction_id);
    expect(await order({})).toEqual([r1.id, r2.id]);
    expect(await order({ from_date: daysAgo(60) })).toEqual([r1.id, r2.id, r3.id]);
    expect(await order({ from_date: daysAgo(60), sort: { captured_on: 'asc' } })).toEqual([r3.id, r2.id, r1.id]);
    expect(await order({ from_date: daysAgo(60), sort: { kudo_index: 'asc' } })).toEqual([r2.id, r1.id, r3.id]);
    expect(await order({ from_date: daysAgo(60), sort: { customer_name: 'asc' } })).toEqual([r2.id, r3.id, r1.id]);
    expect(await order({ from_date: daysAgo(60), sort: { kudo_index: 'desc' } })).toEqual([r1.id, r2.id, r3.id]);
    expect(await order({ from_date: daysAgo(60), sort: { customer_name: 'desc' } })).toEqual([r1.id, r3.id, r2.id]);
    const page2 = json(await t.owner.post(FETCH, { searchPhrase: 'numbat', from_date: daysAgo(60), rowCount: 10, current: 2 })).data;
    expect(page2).toMatchObject({ rows: [], total: 3, current: 2 });
    // A review at 23:30 local time on the range's last day is in; 00:30 the next local day is not.
    const tz = (await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } })).timeZone;
    expect(tz).toBe('America/Chicago');
    const late = await makeReview(t.austinId, { text: 'Numbat late', postedAt: new Date('2026-03-02T05:30:00Z') });
    const next = await makeReview(t.austinId, { text: 'Numbat next', postedAt: new Date('2026-03-02T06:30:00Z') });
    const inRange = await order({ from_date: '2026-03-01', to_date: '2026-03-01' });
    expect(inRange).toContain(late.id);
    expect(inRange).not.toContain(next.id);
  });

  it('counts a search over few reviews exactly, past the search cap, and reaches its last page', async () => {
    const base = Date.now() - 5 * 86_400_000;
    await t.db.review.createMany({
      data: Array.from({ length: 1200 }, (_, i) => ({
        locationId: t.austinId,
        source: 'google',
        authorName: `Platypus ${i}`,
        rating: 5,
        sentiment: 'positive',
        text: i % 2 ? 'Platypus visit' : 'Fine work',
        kudoIndex: i % 3 ? i / 100 : null,
        postedAt: new Date(base - i * 1000),
        externalId: `platypus-${i}`,
      })),
    });
    const fetch = (body: object) => t.owner.post(FETCH, { searchPhrase: 'platypus', ...body }).then((r) => json(r).data);
    const first = await fetch({ rowCount: 100, sort: { kudo_index: 'desc' } });
    expect(first.total).toBe(1200);
    // Highest Kudo Index first, then the reviews without one, newest first.
    expect(first.rows[0].author_name).toBe('Platypus 1199');
    const last = await fetch({ rowCount: 100, current: 12, sort: { kudo_index: 'desc' } });
    expect(last.rows).toHaveLength(100);
    expect(last.rows.every((r: { kudo_index: { value: number | null } }) => r.kudo_index.value === null)).toBe(true);
    expect(last.rows.at(-1).author_name).toBe('Platypus 1197');
    // Filters that leave no review answer nothing without reading any.
    expect(await fetch({ campaign_uid: other.uid })).toMatchObject({ rows: [], total: 0 });
    expect(await fetch({ filters: { negative: true } })).toMatchObject({ rows: [], total: 0 });
  });

  it.each([
    [{ rowCount: 20 }, MSG.reviewPageSizeInvalid],
    [{ current: 0 }, MSG.reviewPageInvalid],
    [{ from_date: '2026-02-30' }, MSG.fromDateInvalid],
    [{ to_date: 'yesterday' }, MSG.toDateInvalid],
    [{ sort: { captured_on: 'up' } }, MSG.reviewSortInvalid],
    [{ filters: { positive: 'yes' } }, MSG.reviewFilterInvalid],
    [{ searchPhrase: 'x'.repeat(201) }, MSG.reviewSearchTooLong],
  ])('answers 400 to %j', async (body, message) => {
    const res = await t.owner.post(FETCH, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res))).toContain(message);
  });

  it('answers 400 to a range starting more than 36 months back, and to another location’s campaign', async () => {
    const old = json(await t.owner.post(FETCH, { from_date: '2020-01-01' }));
    expect(old.message).toMatch(/^The date range may start at \d{4}-\d{2}-01 at the earliest \(36 months back\)\.$/);
    const dallasCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.dallasId } });
    const res = await t.owner.post(FETCH, { campaign_uid: dallasCampaign.uid });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.campaignNotFound);
  });

  it('shows a Dallas session no Austin review', async () => {
    const a = await makeReview(t.austinId, { text: 'Platypus in Austin' });
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const res = json(await dallas.post(FETCH, { searchPhrase: 'platypus', filters: { archived: true } }));
    expect(res.data).toMatchObject({ rows: [], total: 0 });
    const all = json(await dallas.post(FETCH, { rowCount: 100, from_date: daysAgo(400) })).data.rows;
    const austinIds = new Set((await t.db.review.findMany({ where: { locationId: t.austinId }, select: { id: true } })).map((r) => r.id));
    expect(all.some((r: { transaction_id: number }) => austinIds.has(r.transaction_id))).toBe(false);
    const header = json(await dallas.post(FETCH, {})).data.header.campaigns.map((c: { uid: string }) => c.uid);
    expect(header).not.toContain(campaign.uid);
    // And cannot change one.
    for (const [url, body] of [
      ['/api/analytics/customer-comments/approval', { approved: true, source: 'google', transaction_id: a.id }],
      ['/api/analytics/customer-comments/archival', { archived: true, source: 'google', transaction_id: a.id }],
    ] as const) {
      const r = await dallas.post(url, body);
      expect(r.statusCode).toBe(404);
      expect(json(r).message).toBe(MSG.reviewNotFound);
    }
    expect(await t.db.review.findUniqueOrThrow({ where: { id: a.id } })).toEqual(a);
  });
});

describe('E138 search letters', () => {
  it('matches a phrase whatever its case, accented letters too', async () => {
    const r = await makeReview(t.austinId, { text: 'Crew member ÁNGEL fixed the Kowari drain' });
    const found = async (searchPhrase: string) =>
      (json(await t.owner.post(FETCH, { searchPhrase, rowCount: 100 })).data.rows as { transaction_id: number }[]).map((x) => x.transaction_id);
    for (const phrase of ['kowari', 'KOWARI DRAIN', 'ángel', 'Ángel fixed', 'member ángel']) expect(await found(phrase), phrase).toEqual([r.id]);
    expect(await found('angel fixed the kowari')).toEqual([]);
  });
});

describe('E139 export', () => {
  it('answers columns and rows of the same query, up to 3,000', async () => {
    const a = await makeReview(t.austinId, { text: 'Echidna exported', customerPhone: '+15125550199' });
    const res = json(await t.owner.post('/api/analytics/customer-comments/export', { searchPhrase: 'echidna', rowCount: 3000, current: 1 }));
    expect(res.status).toBe(1);
    const keys = res.data.columns.map((c: { key: string }) => c.key);
    expect(res.data.columns[0]).toEqual({ key: 'captured_on', title: 'Date' });
    expect(res.data.rows).toHaveLength(1);
    const row = res.data.rows[0] as string[];
    expect(row[keys.indexOf('user_comment')]).toBe('Echidna exported');
    expect(row[keys.indexOf('customer_phone')]).toBe('+15125550199');
    expect(row[keys.indexOf('captured_on')]).toBe(a.postedAt.toISOString());
    const kudo = await makeReview(t.austinId, { source: 'kudo', text: 'Echidna kudo', kudoIndex: 25 / 3, sentiment: 'negative', rating: 2, campaignId: campaign.id });
    const both = json(await t.owner.post('/api/analytics/customer-comments/export', { searchPhrase: 'echidna', sort: { kudo_index: 'desc' } })).data.rows as string[][];
    expect(both.map((r) => r[keys.indexOf('user_comment')])).toEqual(['Echidna kudo', 'Echidna exported']);
    expect(both[0]).toEqual([
      kudo.postedAt.toISOString(), 'kudo', campaign.name, campaign.department, 'Negative', '8.3', '2', 'Echidna kudo', '', '', '', '', '', '', '', '', 'No', 'No',
      // Topics and sentiment score: none until the worker classifies the new text.
      '', '',
    ]);
    const everything = json(await t.owner.post('/api/analytics/customer-comments/export', { from_date: daysAgo(400) })).data.rows;
    expect(everything.length).toBeLessThanOrEqual(3000);
    expect(everything.length).toBeGreaterThan(10);
  });


  it('finds what the page finds for phrases with quotes, backslashes, percent signs and accents, with every filter', async () => {
    const odd = [`O'Brien's "quote"`, 'back\\slash 100% done', 'Crème brûlée café', 'it_s under_score'];
    for (const text of odd) await makeReview(t.austinId, { source: 'kudo', text: `Quokka ${text}`, sentiment: 'positive', rating: 5, campaignId: campaign.id });
    const EXPORT = '/api/analytics/customer-comments/export';
    const FETCH = '/api/analytics/customer-comments/fetch';
    for (const phrase of [`o'brien's "quote"`, 'back\\slash', '100%', 'brûlée', 'it_s', `'; select 1; --`]) {
      for (const filters of [{}, { positive: true }, { negative: true, neutral: true }]) {
        const body = { searchPhrase: phrase, filters, campaign_uid: campaign.uid };
        const page = json(await t.owner.post(FETCH, { ...body, rowCount: 100, current: 1 }));
        const exported = json(await t.owner.post(EXPORT, body));
        expect(exported.status, `${phrase} ${JSON.stringify(filters)}`).toBe(1);
        const comments = (exported.data.rows as string[][]).map((r) => r[7]);
        expect(comments, `${phrase} ${JSON.stringify(filters)}`).toEqual(page.data.rows.map((r: { user_comment: string }) => r.user_comment));
      }
    }
    const all = json(await t.owner.post(EXPORT, { searchPhrase: 'quokka', filters: { positive: true }, campaign_uid: campaign.uid })).data.rows as string[][];
    expect(all.map((r) => r[7]).sort()).toEqual(odd.map((text) => `Quokka ${text}`).sort());
  });
  it('keeps each review\'s cells current through edits, approval, archiving and a renamed campaign', async () => {
    const EXPORT = '/api/analytics/customer-comments/export';
    const LABEL = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' } as const;
    // What the table shows of a review, written here without the database: the export must say the same.
    const expected = async (id: number) => {
      const r = await t.db.review.findUniqueOrThrow({ where: { id }, include: { campaign: true } });
      return [
        r.postedAt.toISOString(), r.source, r.campaign?.name ?? '', r.campaign?.department ?? '', LABEL[r.sentiment as keyof typeof LABEL],
        r.kudoIndex === null ? '' : String(Math.round(r.kudoIndex * 10) / 10), String(r.rating), r.text, r.audioUrl ?? '',
        r.customerName, r.customerPhone, r.customerEmail, r.customerAddress, r.customerCity, r.customerState, r.customerZipcode,
        r.approvedForWidget ? 'Yes' : 'No', r.archived ? 'Yes' : 'No',
        r.topics.map((topic) => REVIEW_TOPIC_LABELS[topic as ReviewTopic]).join(', '),
        r.sentimentScore === null ? '' : String(Math.sign(r.sentimentScore) * (Math.round(Math.abs(r.sentimentScore) * 100) / 100)),
      ];
    };
    const exported = async (body: object = {}) =>
      json(await t.owner.post(EXPORT, { searchPhrase: 'dunnart', filters: { archived: true }, sort: { captured_on: 'asc' }, ...body })).data.rows as string[][];
    const odd = await makeReview(t.austinId, {
      source: 'kudo', sentiment: 'neutral', rating: 3, kudoIndex: 7, campaignId: other.id, audioUrl: 'https://cdn.example.com/a "b".mp3',
      text: 'Dunnart said "hi" \\ then\nleft\t\u0001 </script> \u{1F527} ünïcode',
      customerName: 'Ná "Q", Jr.', customerPhone: '+15125550123', customerEmail: 'q@example.com', customerAddress: '1 Main St, Apt "2"',
      customerCity: 'Austin', customerState: 'TX', customerZipcode: '78701', postedAt: new Date('2026-01-02T03:04:05.678Z'),
    });
    const plain = await makeReview(t.austinId, { text: 'Dunnart plain', postedAt: new Date(Date.now() - 86_400_000) });
    const range = { from_date: '2026-01-01', to_date: daysAgo(0) };
    expect(await exported(range)).toEqual([await expected(odd.id), await expected(plain.id)]);

    // Changed through the product's calls and directly in the database, each change is in the next export.
    expect((await t.owner.post('/api/analytics/customer-comments/approval', { approved: true, source: 'google', transaction_id: plain.id })).statusCode).toBe(200);
    expect((await t.owner.post('/api/analytics/customer-comments/archival', { archived: true, source: 'kudo', transaction_id: odd.id })).statusCode).toBe(200);
    expect((await t.owner.post('/api/analytics/customer-comments/edit', { transaction_id: odd.id, source: 'kudo', campaign_uid: campaign.uid, name: 'Renamed Customer', city: 'Round Rock' })).statusCode).toBe(200);
    await t.db.$executeRaw`UPDATE reviews SET kudo_index = 8.25, sentiment = 'positive', rating = 5, posted_at = posted_at + interval '1 hour' WHERE id = ${odd.id}`;
    await t.db.campaign.update({ where: { id: campaign.id }, data: { name: 'Renamed Tech', department: 'Drains, "Sewer"' } });
    try {
      const rows = await exported(range);
      expect(rows).toEqual([await expected(odd.id), await expected(plain.id)]);
      expect(rows[0]!.slice(2, 6)).toEqual(['Renamed Tech', 'Drains, "Sewer"', 'Positive', '8.3']);
      expect(rows[0]![17]).toBe('Yes');
      expect(rows[1]![16]).toBe('Yes');
      // Archived reviews stay out unless asked for.
      expect((await exported({ ...range, filters: {} })).map((r) => r[7])).toEqual(['Dunnart plain']);
    } finally {
      await t.db.campaign.update({ where: { id: campaign.id }, data: { name: campaign.name, department: campaign.department } });
    }
  });
});

describe('E140 archive, E141 approve', () => {
  it('approves only positive reviews; an approved non-positive one may be un-approved', async () => {
    const good = await makeReview(t.austinId, { sentiment: 'positive' });
    const bad = await makeReview(t.austinId, { sentiment: 'negative', rating: 1, approvedForWidget: true });
    const approve = (id: number, approved: boolean | number, source = 'google') =>
      t.owner.post('/api/analytics/customer-comments/approval', { approved, campaign_uid: null, source, transaction_id: id });
    const ok = json(await approve(good.id, 1));
    expect(ok.data).toEqual({ transaction_id: good.id, approved: true, archived: false });
    expect((await t.db.review.findUniqueOrThrow({ where: { id: good.id } })).approvedForWidget).toBe(true);
    const unapproved = json(await approve(bad.id, false));
    expect(unapproved.data.approved).toBe(false);
    const denied = await approve(bad.id, true);
    expect(denied.statusCode).toBe(400);
    expect(json(denied).message).toBe(MSG.reviewNotPositive);
    expect((await t.db.review.findUniqueOrThrow({ where: { id: bad.id } })).approvedForWidget).toBe(false);
    // The source must be the review's own (fb stands for facebook).
    expect((await approve(good.id, true, 'yelp')).statusCode).toBe(404);
    const fb = await makeReview(t.austinId, { source: 'facebook' });
    expect(json(await approve(fb.id, true, 'fb')).data.approved).toBe(true);
    const missing = await approve(2_000_000_000, true);
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe(MSG.reviewNotFound);
    const wrong = await t.owner.post('/api/analytics/customer-comments/approval', { approved: 'maybe', source: 'google', transaction_id: good.id });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toContain(MSG.reviewApprovedInvalid);
  });

  it('archives and unarchives; archived reviews leave the table and the widget', async () => {
    const r = await makeReview(t.austinId, { text: 'Bilby to archive', approvedForWidget: true });
    const archive = (archived: boolean) => t.owner.post('/api/analytics/customer-comments/archival', { archived, source: 'google', transaction_id: r.id });
    expect(json(await archive(true)).data).toEqual({ transaction_id: r.id, approved: true, archived: true });
    expect(json(await t.owner.post(FETCH, { searchPhrase: 'bilby' })).data.total).toBe(0);
    const w = await t.db.widgetSetting.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const data = json(await t.app.inject({ method: 'GET', url: `/api/widget/${w.widgetKey}/data` })).data;
    expect(data.reviews.map((x: { id: number }) => x.id)).not.toContain(r.id);
    expect(json(await archive(false)).data.archived).toBe(false);
    expect(json(await t.owner.post(FETCH, { searchPhrase: 'bilby' })).data.total).toBe(1);
  });
});

describe('the review widget follows approvals at once', () => {
  it('shows a review approved after its data was cached, and drops it when withdrawn', async () => {
    const w = await t.db.widgetSetting.findUniqueOrThrow({ where: { locationId: t.austinId } });
    const widgetIds = async () =>
      json(await t.app.inject({ method: 'GET', url: `/api/widget/${w.widgetKey}/data` })).data.reviews.map((x: { id: number }) => x.id);
    const r = await makeReview(t.austinId, { sentiment: 'positive', text: 'Quokka approved today', postedAt: new Date() });
    expect(await widgetIds()).not.toContain(r.id);
    const approve = (approved: boolean) =>
      t.owner.post('/api/analytics/customer-comments/approval', { approved, campaign_uid: null, source: 'google', transaction_id: r.id });
    expect(json(await approve(true)).data.approved).toBe(true);
    expect(await widgetIds()).toContain(r.id);
    expect(json(await approve(false)).data.approved).toBe(false);
    expect(await widgetIds()).not.toContain(r.id);
  });
});

describe('E142 edit', () => {
  it('changes the campaign of any review, and the customer of a pulseCheck answer', async () => {
    const site = await makeReview(t.austinId, { campaignId: campaign.id });
    const res = json(await t.owner.post('/api/analytics/customer-comments/edit', {
      transaction_id: site.id, source: 'google', campaign_uid: other.uid, name: 'Ignored', city: 'Ignored',
    }));
    expect(res.data.review).toMatchObject({ campaign_uid: other.uid, customer_name: '', customer_city: '' });
    const kudo = await makeReview(t.austinId, { source: 'kudo', campaignId: campaign.id, customerName: 'Old Name' });
    const edited = json(await t.owner.post('/api/analytics/customer-comments/edit', {
      transaction_id: kudo.id, source: 'kudo', campaign_uid: other.uid, name: 'New Name', phone: '(512) 555-0142',
      email: 'New@Example.com', state: 'tx', city: 'Round Rock', zipcode: '786641234',
    }));
    expect(edited.data.review).toMatchObject({
      campaign_uid: other.uid, customer_name: 'New Name', customer_phone: '+15125550142', customer_email: 'new@example.com',
      customer_state: 'TX', customer_city: 'Round Rock', customer_zipcode: '786641234',
    });
  });

  it('answers 400 with the message and changes nothing', async () => {
    const kudo = await makeReview(t.austinId, { source: 'kudo', campaignId: campaign.id });
    const edit = (body: object) => t.owner.post('/api/analytics/customer-comments/edit', { transaction_id: kudo.id, source: 'kudo', campaign_uid: other.uid, ...body });
    for (const [body, message] of [
      [{ zipcode: '1234567890' }, MSG.reviewZipTooLong(9)],
      [{ campaign_uid: '' }, MSG.reviewCampaignRequired],
      [{ campaign_uid: 'nosuchcampaign' }, MSG.campaignNotFound],
      [{ phone: '12' }, MSG.validPhone],
      [{ email: 'not-an-email' }, MSG.validEmail],
      [{ state: 'T1' }, MSG.reviewStateInvalid],
    ] as const) {
      const res = await edit(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(json(res))).toContain(message);
    }
    expect(await t.db.review.findUniqueOrThrow({ where: { id: kudo.id } })).toEqual(kudo);
  });
});

describe('E143 add', () => {
  const valid = () => ({ source: 'yelp', date: daysAgo(3), sentiment: 'positive', campaign_uid: campaign.uid, comment: 'Added by hand', approved: true, city: 'Austin', state: 'TX', zip: '78701' });

  it('adds a review with its fields', async () => {
    const res = json(await t.owner.post('/api/analytics/customer-comments/add', valid()));
    expect(res.status).toBe(1);
    expect(res.data.review).toMatchObject({
      source: 'yelp', sentiment: 'Positive', rating: 5, approved: true, user_comment: 'Added by hand', campaign_uid: campaign.uid,
      customer_city: 'Austin', customer_state: 'TX', customer_zipcode: '78701',
    });
    expect(res.data.review.captured_on.slice(0, 10)).toBe(daysAgo(3));
    const stored = await t.db.review.findUniqueOrThrow({ where: { id: res.data.review.transaction_id } });
    expect(stored.locationId).toBe(t.austinId);
  });

  it.each([
    ['source', { source: '' }, MSG.reviewSourceRequired],
    ['source', { source: 'kudo' }, MSG.reviewSourceRequired],
    ['date', { date: '' }, MSG.reviewDateRequired],
    ['sentiment', { sentiment: undefined }, MSG.reviewSentimentRequired],
    ['campaign_uid', { campaign_uid: '' }, MSG.reviewCampaignRequired],
    ['comment', { comment: '   ' }, MSG.reviewCommentRequired],
    ['zip', { zip: '787011' }, MSG.reviewZipTooLong(5)],
    ['approved', { sentiment: 'neutral', approved: true }, MSG.reviewNotPositive],
  ])('answers 400 for %s and adds nothing', async (_field, change, message) => {
    const before = await t.db.review.count({ where: { locationId: t.austinId } });
    const res = await t.owner.post('/api/analytics/customer-comments/add', { ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res))).toContain(message);
    expect(await t.db.review.count({ where: { locationId: t.austinId } })).toBe(before);
  });
});

describe('E169 campaigns', () => {
  it('lists the location’s campaigns, not another’s', async () => {
    const res = json(await t.owner.post('/api/profile/campaign/load'));
    const uids = res.data.map((c: { uid: string }) => c.uid);
    expect(uids).toContain(campaign.uid);
    expect(res.data.find((c: { uid: string }) => c.uid === campaign.uid)).toMatchObject({ campaign_uid: campaign.uid, name: campaign.name, department_name: campaign.department });
    const dallasUids = (await t.db.campaign.findMany({ where: { locationId: t.dallasId } })).map((c) => c.uid);
    expect(uids.some((u: string) => dallasUids.includes(u))).toBe(false);
  });
});
