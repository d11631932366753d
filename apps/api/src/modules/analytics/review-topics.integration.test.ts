import { describe, expect, it } from 'vitest';
import { MSG, REVIEW_TOPICS } from '@kudo/shared';
import { json } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { newApiKey } from '../public-api/keys.js';
import { drainClassificationQueue } from '../review-topics/index.js';
import { daysAgo } from './test-support.js';


const FETCH = '/api/analytics/customer-comments/fetch';
const EXPORT = '/api/analytics/customer-comments/export';
/** The last year: every seeded review and the ones made here. */
const RANGE = { from_date: daysAgo(400), to_date: daysAgo(0) };

const t = useDemoApp();

/** A classified Google review of the location (as the sync stores one), with a word no seeded review has. */
async function classified(locationId: number, text: string) {
  const review = await t.db.review.create({
    data: { locationId, source: 'google', externalId: `g-${text.length}-${Date.now()}`, authorName: 'T', rating: 3, sentiment: 'neutral', text, postedAt: new Date(Date.now() - 86_400_000) },
  });
  await drainClassificationQueue(t.db, t.app.deps.providers.insights);
  return t.db.review.findUniqueOrThrow({ where: { id: review.id } });
}

describe('E138 rows carry their topics and sentiment score', () => {
  it('as stored: the topic keys in order, each one polarity, and the score; none for a review without words', async () => {
    const review = await classified(t.austinId, 'Wombat crew was late and rude, but the price was fair.');
    const rows = json(await t.owner.post(FETCH, { ...RANGE, searchPhrase: 'wombat' })).data.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      transaction_id: review.id,
      topics: ['punctuality', 'price', 'professionalism'],
      topic_sentiments: { punctuality: -1, price: 1, professionalism: -1 },
      sentiment_score: review.sentimentScore,
    });
    // The mood stays beside them; a synced review's words are the customer's (not added by hand).
    expect(rows[0].sentiment).toBe('Neutral');
    expect(rows[0].added_by_hand).toBe(false);
    const page = json(await t.owner.post(FETCH, { ...RANGE, rowCount: 100, filters: { no_text: true } })).data.rows;
    expect(page.length).toBeGreaterThan(0);
    for (const row of page) expect(row).toMatchObject({ user_comment: '', topics: [], topic_sentiments: {}, sentiment_score: null });
  });
});

describe('E138 filters by a topic', () => {
  it('lists only the reviews of that topic, with their exact total, beside the other filters and the search', async () => {
    for (const topic of REVIEW_TOPICS) {
      const [{ n: expected }] = await t.db.$queryRaw<[{ n: number }]>`
        SELECT count(*)::int AS n FROM reviews r JOIN locations l ON l.id = r.location_id
         WHERE r.location_id = ${t.austinId} AND NOT r.archived AND ${topic} = ANY(r.topics)
           AND r.posted_at >= ((${RANGE.from_date}::date)::timestamp AT TIME ZONE l.time_zone) AT TIME ZONE 'UTC'`;
      const data = json(await t.owner.post(FETCH, { ...RANGE, topic, rowCount: 100 })).data;
      expect(data.total, topic).toBe(expected);
      expect(data.rows.length).toBe(Math.min(100, expected));
      for (const row of data.rows) expect(row.topics).toContain(topic);
    }
    const all = json(await t.owner.post(FETCH, RANGE)).data.total;
    expect(json(await t.owner.post(FETCH, { ...RANGE, topic: '' })).data.total).toBe(all);
    expect(json(await t.owner.post(FETCH, { ...RANGE, topic: null })).data.total).toBe(all);

    const mine = await classified(t.austinId, 'Quokka tech left a mess on the carpet.');
    const found = json(await t.owner.post(FETCH, { ...RANGE, topic: 'cleanliness', searchPhrase: 'quokka' })).data;
    expect(found).toMatchObject({ total: 1, rows: [{ transaction_id: mine.id, topics: ['cleanliness'], topic_sentiments: { cleanliness: -1 } }] });
    expect(json(await t.owner.post(FETCH, { ...RANGE, topic: 'price', searchPhrase: 'quokka' })).data.total).toBe(0);
    // Beside the sentiment filter: the review's mood is neutral.
    expect(json(await t.owner.post(FETCH, { ...RANGE, topic: 'cleanliness', searchPhrase: 'quokka', filters: { negative: true } })).data.total).toBe(0);
    expect(json(await t.owner.post(FETCH, { ...RANGE, topic: 'cleanliness', searchPhrase: 'quokka', filters: { neutral: true } })).data.total).toBe(1);
  });

  it("keeps to the location: another location's reviews of the topic stay out", async () => {
    const dallas = await classified(t.dallasId, 'Numbat plumbers were never on time.');
    const data = json(await t.owner.post(FETCH, { ...RANGE, topic: 'punctuality', rowCount: 100, searchPhrase: 'numbat' })).data;
    expect(data).toMatchObject({ total: 0, rows: [] });
    expect(dallas.topics).toEqual(['punctuality']);
  });

  it('answers 400 naming the field for a topic that is not on the list', async () => {
    for (const topic of ['speed', 'Punctuality', 7, ['price']]) {
      const res = await t.owner.post(FETCH, { ...RANGE, topic });
      expect(res.statusCode, String(topic)).toBe(400);
      expect(json(res)).toMatchObject({ status: 0, errors: { topic: MSG.reviewTopicInvalid } });
      expect((await t.owner.post(EXPORT, { ...RANGE, topic })).statusCode).toBe(400);
    }
  });
});

describe('E139 exports the topics and the sentiment score', () => {
  it('as two columns at the end, filtered by the topic like the table', async () => {
    const review = await classified(t.austinId, 'Bilby crew was spotless and fairly priced.');
    const data = json(await t.owner.post(EXPORT, { ...RANGE, searchPhrase: 'bilby' })).data;
    expect(data.columns.slice(-2)).toEqual([
      { key: 'topics', title: 'Topics' },
      { key: 'sentiment_score', title: 'Sentiment Score' },
    ]);
    expect(data.columns.find((c: { key: string }) => c.key === 'sentiment')).toEqual({ key: 'sentiment', title: 'Sentiment' });
    expect(data.rows).toHaveLength(1);
    const row = data.rows[0] as string[];
    expect(row.length).toBe(data.columns.length);
    expect(row.at(-2)).toBe('Price, Cleanliness');
    expect(Number(row.at(-1))).toBeCloseTo(review.sentimentScore!, 2);
    expect(row.at(-1)).toMatch(/^-?\d(\.\d{1,2})?$/);
    expect(json(await t.owner.post(EXPORT, { ...RANGE, searchPhrase: 'bilby', topic: 'cleanliness' })).data.rows).toHaveLength(1);
    expect(json(await t.owner.post(EXPORT, { ...RANGE, searchPhrase: 'bilby', topic: 'scheduling' })).data.rows).toHaveLength(0);
    // A new text empties both cells until the worker classifies it.
    await t.db.review.update({ where: { id: review.id }, data: { text: 'Bilby words changed' } });
    expect((json(await t.owner.post(EXPORT, { ...RANGE, searchPhrase: 'bilby' })).data.rows[0] as string[]).slice(-2)).toEqual(['', '']);
  });
});

describe('the public API', () => {
  it('GET /api/v1/reviews carries each review’s topics and sentiment score', async () => {
    const review = await classified(t.austinId, 'Platypus plumber explained everything and was very professional.');
    const made = newApiKey();
    await t.db.apiKey.create({ data: { locationId: t.austinId, name: 'topics', prefix: made.prefix, keyHash: made.hash, scopes: ['reviews:read'] } });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/reviews?limit=100', headers: { authorization: `Bearer ${made.key}` } });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { id: string; topics: string[]; sentiment_score: number | null; text: string }[];
    expect(items.find((r) => r.id === `rv_${review.id}`)).toMatchObject({ topics: ['professionalism', 'communication'], sentiment_score: review.sentimentScore });
    for (const item of items) {
      expect(Array.isArray(item.topics)).toBe(true);
      if (item.text === '') expect(item).toMatchObject({ topics: [], sentiment_score: null });
    }
  });
});
