import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, REVIEW_TOPICS, type ReviewTopic } from '@kudo/shared';
import { expectNotLoggedIn, json, loginAs, type Agent } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { userWithoutAnalytics } from '../analytics/test-support.js';

const LOAD = '/api/analytics/insights/load';

let locationId: number;
let owner: Agent;
let alex: { id: number; uid: string };
let blair: { id: number; uid: string };
const reviewIds: Record<string, number> = {};

/** The first day of the month n months before this one (UTC calendar), and a day of it. */
const monthAgo = (n: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1)).toISOString().slice(0, 10);
};
const M0 = monthAgo(4);
const M1 = monthAgo(3);
const at = (month: string, day: number, time = '18:00:00') => new Date(`${month.slice(0, 8)}${String(day).padStart(2, '0')}T${time}Z`);
const lastDay = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * A review as the classifier leaves it: written, then its topics and their polarities stored (a new text clears them).
 */
async function review(
  name: string,
  data: { locationId?: number; campaignId?: number | null; postedAt: Date; text: string; topics: Partial<Record<ReviewTopic, -1 | 0 | 1>>; archived?: boolean },
) {
  const r = await t.db.review.create({
    data: {
      locationId: data.locationId ?? locationId,
      source: 'google',
      authorName: `Author ${name}`,
      rating: 4,
      sentiment: 'positive',
      text: data.text,
      postedAt: data.postedAt,
      campaignId: data.campaignId ?? null,
      archived: data.archived ?? false,
    },
  });
  await t.db.review.update({
    where: { id: r.id },
    data: { topics: Object.keys(data.topics), topicSentiments: data.topics, sentimentScore: 0.5, classifiedAt: new Date(), classifiedBy: 'local' },
  });
  reviewIds[name] = r.id;
  return r.id;
}

const t = useDemoApp({ roles: [] });
beforeAll(async () => {
  const austin = await t.db.location.findFirstOrThrow({ where: { name: 'Demo Plumbing Austin' } });
  const user = await t.db.user.findUniqueOrThrow({ where: { email: 'owner@kudo.test' } });
  const location = await t.db.location.create({ data: { accountId: austin.accountId, name: 'Insights Plumbing', timeZone: 'America/Chicago' } });
  locationId = location.id;
  await t.db.membership.create({ data: { userId: user.id, locationId, role: 'Owner' } });
  const campaign = (name: string) =>
    t.db.campaign.create({ data: { locationId, uid: randomBytes(6).toString('hex'), name, description: '', department: 'Plumbing', image: '' } });
  alex = await campaign('Alex Tech');
  blair = await campaign('Blair Tech');

  // Alex: price praised 5 times and blamed once, punctuality blamed 3 times (once praised, once mixed), quality twice.
  await review('a1', { campaignId: alex.id, postedAt: at(M0, 3), text: 'Fair price but the crew was late.', topics: { price: 1, punctuality: -1 } });
  await review('a2', { campaignId: alex.id, postedAt: at(M0, 11), text: 'Good price, late again.', topics: { price: 1, punctuality: -1 } });
  await review('a3', { campaignId: alex.id, postedAt: at(M1, 6), text: 'Price was right, arrival was not.', topics: { price: 1, punctuality: -1 } });
  await review('a4', { campaignId: alex.id, postedAt: at(M1, 6, '19:00:00'), text: 'On time and well priced.', topics: { price: 1, punctuality: 1 } });
  await review('a5', { campaignId: alex.id, postedAt: at(M1, 7), text: 'Great value, solid work.', topics: { price: 1, quality: 1 } });
  await review('a6', { campaignId: alex.id, postedAt: at(M1, 8), text: 'Overcharged, though the repair holds.', topics: { price: -1, quality: 1 } });
  await review('a7', { campaignId: alex.id, postedAt: at(M1, 9), text: 'They came in the window.', topics: { punctuality: 0 } });
  // Blair: cleanliness praised three times (fewer than the threshold).
  for (const n of [1, 2, 3]) await review(`b${n}`, { campaignId: blair.id, postedAt: at(M1, 4), text: `Spotless work area ${n}.`, topics: { cleanliness: 1 } });
  // No campaign: communication blamed, at 03:00 UTC on the first of M1, which is still the last day of M0 in Chicago.
  await review('n1', { postedAt: at(M1, 1, '03:00:00'), text: 'Nobody called back.', topics: { communication: -1 } });
  // Archived reviews count nowhere; a review not classified yet has no topics.
  await review('x1', { campaignId: alex.id, postedAt: at(M1, 5), text: 'Booked the same day.', topics: { scheduling: 1 }, archived: true });
  await t.db.review.create({ data: { locationId, source: 'google', authorName: 'Pending', rating: 5, sentiment: 'positive', text: 'Waiting to be read', postedAt: at(M1, 5) } });
  // Another location's reviews stay there.
  await review('d1', { locationId: t.dallasId, postedAt: at(M1, 5), text: 'Easy to book.', topics: { scheduling: 1, price: -1 } });

  owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Insights Plumbing');
});

const load = async (body: unknown, agent = owner) => json(await agent.post(LOAD, body));
const WHOLE = { from_date: M0, to_date: lastDay(M1) };

describe('access', () => {
  it('answers 401 without a session and 403 without the analytics permission', async () => {
    await expectNotLoggedIn(t.app, 'POST', LOAD, {});
    const agent = await loginAs(t.app, t.db, await userWithoutAnalytics(t.db, 'noinsights@kudo.test'));
    expect((await agent.post(LOAD, {})).statusCode).toBe(403);
  });
});

describe('insights', () => {
  it('ranks the topics by mentions with their positive and negative shares, archived and unread reviews left out', async () => {
    const res = await load(WHOLE);
    expect(res.status).toBe(1);
    expect(res.data.topics).toEqual([
      { topic: 'price', mentions: 6, positive: 5, negative: 1, positive_share: 0.8333, negative_share: 0.1667 },
      { topic: 'punctuality', mentions: 5, positive: 1, negative: 3, positive_share: 0.2, negative_share: 0.6 },
      { topic: 'cleanliness', mentions: 3, positive: 3, negative: 0, positive_share: 1, negative_share: 0 },
      { topic: 'quality', mentions: 2, positive: 2, negative: 0, positive_share: 1, negative_share: 0 },
      { topic: 'communication', mentions: 1, positive: 0, negative: 1, positive_share: 0, negative_share: 1 },
    ]);
    expect(res.data.meta).toEqual(WHOLE);
    expect(res.data.min_mentions).toBe(5);
  });

  it('gives the mentions per topic for every month of the range, by local day', async () => {
    const res = await load(WHOLE);
    const zero = { punctuality: 0, price: 0, professionalism: 0, quality: 0, cleanliness: 0, communication: 0, scheduling: 0 };
    const label = (month: string) => new Date(`${month}T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    expect(res.data.months).toEqual([
      { month: M0.slice(0, 7), label: label(M0), mentions: { ...zero, price: 2, punctuality: 2, communication: 1 } },
      { month: M1.slice(0, 7), label: label(M1), mentions: { ...zero, price: 4, punctuality: 3, quality: 2, cleanliness: 3 } },
    ]);
  });

  it('quotes each topic where it is praised and where it is blamed, from the latest day that has one', async () => {
    const res = await load(WHOLE);
    const quotes = res.data.quotes.map((q: { topic: string; polarity: string; transaction_id: number; excerpt: string }) => [q.topic, q.polarity, q.transaction_id, q.excerpt]);
    expect(quotes).toEqual([
      ['price', 'positive', reviewIds.a5, 'Great value, solid work.'],
      ['price', 'negative', reviewIds.a6, 'Overcharged, though the repair holds.'],
      ['punctuality', 'positive', reviewIds.a4, 'On time and well priced.'],
      ['punctuality', 'negative', reviewIds.a3, 'Price was right, arrival was not.'],
      ['cleanliness', 'positive', reviewIds.b3, 'Spotless work area 3.'],
      ['quality', 'positive', reviewIds.a6, 'Overcharged, though the repair holds.'],
      ['communication', 'negative', reviewIds.n1, 'Nobody called back.'],
    ]);
    expect(res.data.quotes[0]).toMatchObject({ source: 'google', author: 'Author a5', captured_on: at(M1, 7).toISOString() });
  });

  it('quotes, of a day, the review most about the topic, then one whose words fit, then the latest', async () => {
    const M2 = monthAgo(2);
    const long = `Fair price. ${'The crew explained the whole repair to us step by step. '.repeat(4)}`;
    await review('q1', { campaignId: alex.id, postedAt: at(M2, 10, '20:00:00'), text: 'Fair price and great work.', topics: { price: 1, quality: 1 } });
    await review('q2', { campaignId: alex.id, postedAt: at(M2, 10, '19:00:00'), text: long, topics: { price: 1 } });
    await review('q3', { campaignId: alex.id, postedAt: at(M2, 10, '18:00:00'), text: ' Fair\n  price. ', topics: { price: 1 } });
    const quoted = async () =>
      (await load({ from_date: M2, to_date: lastDay(M2) })).data.quotes.map((q: { topic: string; transaction_id: number; excerpt: string }) => [q.topic, q.transaction_id, q.excerpt]);
    expect(await quoted()).toEqual([
      ['price', reviewIds.q3, 'Fair price.'],
      ['quality', reviewIds.q1, 'Fair price and great work.'],
    ]);
    await t.db.review.update({ where: { id: reviewIds.q3 }, data: { archived: true } });
    const [price] = await quoted();
    expect(price[1]).toBe(reviewIds.q2);
    expect(price[2]).toMatch(/^Fair price\. The crew explained .*…$/);
    expect(price[2].length).toBeLessThanOrEqual(160);
  });

  it("names each technician's strongest and weakest topic among those mentioned at least 5 times", async () => {
    const res = await load(WHOLE);
    expect(res.data.technicians).toEqual([
      {
        campaign_uid: alex.uid,
        name: 'Alex Tech',
        image: '',
        mentions: 13,
        strongest: { topic: 'price', mentions: 6, positive_share: 0.8333, negative_share: 0.1667, net_share: 0.6667 },
        weakest: { topic: 'punctuality', mentions: 5, positive_share: 0.2, negative_share: 0.6, net_share: -0.4 },
      },
      { campaign_uid: blair.uid, name: 'Blair Tech', image: '', mentions: 3, strongest: null, weakest: null },
    ]);
  });

  it('keeps to the date range in the location time zone', async () => {
    const res = await load({ from_date: M1, to_date: lastDay(M1) });
    expect(res.data.topics.map((x: { topic: string; mentions: number }) => [x.topic, x.mentions])).toEqual([
      ['price', 4],
      ['punctuality', 3],
      ['cleanliness', 3],
      ['quality', 2],
    ]);
    expect(res.data.months.map((m: { month: string }) => m.month)).toEqual([M1.slice(0, 7)]);
    // In M1 alone Alex has fewer than 5 mentions of every topic: neither a strongest nor a weakest.
    expect(res.data.technicians[0]).toMatchObject({ name: 'Alex Tech', strongest: null, weakest: null });
    // Across a month's end without a whole month: both parts from the daily store.
    const across = await load({ from_date: `${M0.slice(0, 8)}11`, to_date: `${M1.slice(0, 8)}06` });
    expect(across.data.topics.map((x: { topic: string; mentions: number }) => [x.topic, x.mentions])).toEqual([
      ['punctuality', 3],
      ['price', 3],
      ['cleanliness', 3],
      ['communication', 1],
    ]);
    expect(across.data.months.map((m: { mentions: { price: number } }) => m.mentions.price)).toEqual([1, 2]);
    // Days of M0 from the daily store, the whole of M1 from the monthly one.
    const mixed = await load({ from_date: `${M0.slice(0, 8)}11`, to_date: lastDay(M1) });
    expect(mixed.data.topics.slice(0, 2).map((x: { topic: string; mentions: number }) => [x.topic, x.mentions])).toEqual([['price', 5], ['punctuality', 4]]);
    expect(mixed.data.technicians[0]).toMatchObject({ name: 'Alex Tech', mentions: 11, strongest: { topic: 'price' }, weakest: null });
    const late = await load({ from_date: lastDay(M0), to_date: lastDay(M0) });
    expect(late.data.topics).toEqual([{ topic: 'communication', mentions: 1, positive: 0, negative: 1, positive_share: 0, negative_share: 1 }]);
  });

  it("keeps to one technician's reviews when a campaign is chosen", async () => {
    const res = await load({ ...WHOLE, campaign_uid: blair.uid });
    expect(res.data.topics.map((x: { topic: string }) => x.topic)).toEqual(['cleanliness']);
    expect(res.data.technicians.map((x: { name: string }) => x.name)).toEqual(['Blair Tech']);
    expect(res.data.quotes.map((q: { transaction_id: number }) => q.transaction_id)).toEqual([reviewIds.b3]);
  });

  it("shows nothing of another location's reviews, and answers 404 for its campaign", async () => {
    const res = await load(WHOLE);
    expect(res.data.topics.some((x: { topic: string }) => x.topic === 'scheduling')).toBe(false);
    expect(res.data.quotes.some((q: { transaction_id: number }) => q.transaction_id === reviewIds.d1)).toBe(false);
    const dallasCampaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.dallasId } });
    const other = await owner.post(LOAD, { ...WHOLE, campaign_uid: dallasCampaign.uid });
    expect(other.statusCode).toBe(404);
    expect(json(other).message).toBe(MSG.campaignNotFound);
    // Dallas itself sees its review.
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const theirs = await load({ from_date: M1, to_date: lastDay(M1) }, dallas);
    expect(theirs.data.quotes.some((q: { transaction_id: number }) => q.transaction_id === reviewIds.d1)).toBe(true);
  });

  it('follows a review archived, moved to another campaign or classified again', async () => {
    await t.db.review.update({ where: { id: reviewIds.a6 }, data: { archived: true } });
    let res = await load(WHOLE);
    // Price and punctuality now have 5 mentions each: the tie goes in the order of REVIEW_TOPICS.
    expect(res.data.topics.slice(0, 2)).toMatchObject([{ topic: 'punctuality', mentions: 5 }, { topic: 'price', mentions: 5, negative: 0 }]);
    expect(res.data.quotes.some((q: { transaction_id: number }) => q.transaction_id === reviewIds.a6)).toBe(false);
    await t.db.review.update({ where: { id: reviewIds.a6 }, data: { archived: false, campaignId: blair.id } });
    await t.db.review.update({ where: { id: reviewIds.n1 }, data: { topics: ['communication', 'scheduling'], topicSentiments: { communication: 1, scheduling: -1 } } });
    res = await load(WHOLE);
    expect(res.data.technicians.find((x: { name: string }) => x.name === 'Blair Tech').mentions).toBe(5);
    expect(res.data.topics.find((x: { topic: string }) => x.topic === 'communication')).toMatchObject({ positive: 1, negative: 0 });
    expect(res.data.topics.find((x: { topic: string }) => x.topic === 'scheduling')).toMatchObject({ mentions: 1, negative: 1 });
    await t.db.review.update({ where: { id: reviewIds.a6 }, data: { campaignId: alex.id } });
    await t.db.review.update({ where: { id: reviewIds.n1 }, data: { topics: ['communication'], topicSentiments: { communication: -1 } } });
  });

  it('answers an empty report for a range without reviews', async () => {
    const res = await load({ from_date: monthAgo(30), to_date: monthAgo(29) });
    expect(res.data).toMatchObject({ topics: [], quotes: [], technicians: [] });
    expect(res.data.months).toHaveLength(2);
  });
});

describe('the topic stores', () => {
  it('keep their arrays in the order of REVIEW_TOPICS', async () => {
    const [row] = await t.db.$queryRaw<{ keys: string[] }[]>`SELECT review_topic_keys() AS keys`;
    expect(row!.keys).toEqual([...REVIEW_TOPICS]);
  });
});

describe('bad input', () => {
  it.each([
    [{ from_date: 'yesterday' }, 'from_date', MSG.fromDateInvalid],
    [{ to_date: '2026-02-30' }, 'to_date', MSG.toDateInvalid],
    [{ campaign_uid: 42 }, 'campaign_uid', MSG.campaignNotFound],
    [{ campaign_uid: 'x'.repeat(65) }, 'campaign_uid', MSG.campaignNotFound],
  ])('answers 400 naming the field for %j', async (body, field, message) => {
    const res = await owner.post(LOAD, body);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ [field]: message });
  });

  it('refuses a range that starts more than 36 months back', async () => {
    const res = await owner.post(LOAD, { from_date: monthAgo(40), to_date: monthAgo(0) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json(res).errors ?? {})).toEqual(['from_date']);
  });

  it('answers 404 for a campaign the location does not have', async () => {
    const res = await owner.post(LOAD, { campaign_uid: 'nosuchcampaign' });
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe(MSG.campaignNotFound);
  });
});
