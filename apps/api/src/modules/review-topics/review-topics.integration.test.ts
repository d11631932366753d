import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import type { AppDeps, Log } from '../../http/context.js';
import { startJobs } from '../../jobs/index.js';
import { createDb } from '../../lib/db.js';
import { classifyText } from '../../providers/insights/local.js';
import type { InsightsProvider } from '../../providers/insights/index.js';
import { json } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { syncReviews } from '../social-reviews/sync.js';
import { listBackfills, requestBackfill, runBackfill } from './backfill.js';
import { classifyReviewsJob, drainClassificationQueue, queuedCount } from './queue.js';

let campaign: { id: number; uid: string };
const quiet: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

const t = useDemoApp();
beforeAll(async () => {
  campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, deletedAt: null, isDefault: false } });
});

const drain = () => drainClassificationQueue(t.db, t.app.deps.providers.insights);
const stored = (id: number) =>
  t.db.review.findUniqueOrThrow({ where: { id }, select: { text: true, topics: true, topicSentiments: true, sentimentScore: true, classifiedAt: true, classifiedBy: true } });
const queued = async (id: number) => (await t.db.reviewClassificationQueue.count({ where: { reviewId: id } })) === 1;

/** The stored classification is the local classifier's for the stored text. */
async function expectClassified(id: number) {
  const row = await stored(id);
  const expected = classifyText(row.text);
  expect(row.classifiedAt).not.toBeNull();
  expect(row.topicSentiments).toEqual(expected.topics);
  expect(row.topics).toEqual(Object.keys(expected.topics));
  expect(row.sentimentScore).toBeCloseTo(expected.score!, 3);
  expect(row.classifiedBy).toBe('local');
  expect(await queued(id)).toBe(false);
  return row;
}

describe('the demo data', () => {
  it('is classified at seed time: every review with words has its score, and every topic appears', async () => {
    const pending = await t.db.review.count({ where: { classifiedAt: null } });
    expect(pending).toBe(0);
    expect(await queuedCount(t.db)).toBe(0);
    expect(await t.db.review.count({ where: { text: { not: '' }, sentimentScore: null } })).toBe(0);
    const rows = await t.db.$queryRaw<{ t: string; n: number; neg: number }[]>`
      SELECT t, count(*)::int AS n, count(*) FILTER (WHERE (topic_sentiments->>t)::int = -1)::int AS neg
        FROM reviews, unnest(topics) t WHERE location_id = ${t.austinId} GROUP BY t`;
    expect(rows.map((r) => r.t).sort()).toEqual(['cleanliness', 'communication', 'price', 'professionalism', 'punctuality', 'quality', 'scheduling']);
    for (const r of rows) {
      expect(r.n, r.t).toBeGreaterThanOrEqual(10);
      expect(r.neg, r.t).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('classification on arrival and on a change of text', () => {
  it('a pulseCheck answer: its first answer (no words) needs none, its written review is classified', async () => {
    await t.owner.post('/api/kudo-beta/dispatch/send-pcheck', { campaign_uid: campaign.uid, customer_phone: '5125550181', customer_name: 'Pat Topics' });
    const sms = await t.db.outboxMessage.findFirstOrThrow({ where: { to: '+15125550181' }, orderBy: { id: 'desc' } });
    const token = /\/pulsecheck\/([A-Za-z0-9_-]+)/.exec(sms.body)![1]!;
    const submit = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/kudo/application/pulsecheck/${campaign.uid}/${token}/submit`, payload: payload as object, remoteAddress: '203.0.113.7' });
    expect((await submit({ type: 'mood', data: { mood: 'negative' } })).statusCode).toBe(200);
    const d = await t.db.dispatch.findFirstOrThrow({ where: { customerPhone: '+15125550181' } });
    const review = await t.db.review.findFirstOrThrow({ where: { externalId: `dispatch-${d.id}` } });
    expect(await stored(review.id)).toMatchObject({ text: '', topics: [], sentimentScore: null, classifiedBy: null });
    expect((await stored(review.id)).classifiedAt).not.toBeNull();
    expect(await queued(review.id)).toBe(false);

    expect((await submit({ type: 'review', data: { method: 'text', value: 'The plumber was two hours late and never called, and the bill was way too high.' } })).statusCode).toBe(200);
    expect(await stored(review.id)).toMatchObject({ topics: [], sentimentScore: null, classifiedAt: null });
    expect(await queued(review.id)).toBe(true);
    expect(await drain()).toBeGreaterThanOrEqual(1);
    const row = await expectClassified(review.id);
    expect(row.topicSentiments).toEqual({ punctuality: -1, price: -1, communication: -1 });
    expect(row.sentimentScore).toBeLessThan(-0.2);
    // The mood stays as the customer gave it.
    expect((await t.db.review.findUniqueOrThrow({ where: { id: review.id } })).sentiment).toBe('negative');
  });

  it('a review added by hand (E143), and its comment corrected (E142)', async () => {
    const res = await t.owner.post('/api/analytics/customer-comments/add', {
      source: 'yelp',
      date: '2026-01-05',
      sentiment: 'positive',
      campaign_uid: campaign.uid,
      comment: 'Clean, courteous and on time.',
    });
    expect(res.statusCode).toBe(200);
    const id = json(res).data.review.transaction_id as number;
    // The answer comes before the worker: no topics yet.
    expect(json(res).data.review).toMatchObject({ topics: [], topic_sentiments: {}, sentiment_score: null, added_by_hand: true });
    expect(await queued(id)).toBe(true);
    await drain();
    expect((await expectClassified(id)).topicSentiments).toEqual({ punctuality: 1, professionalism: 1, cleanliness: 1 });

    const edit = await t.owner.post('/api/analytics/customer-comments/edit', { transaction_id: id, source: 'yelp', campaign_uid: campaign.uid, comment: 'Pricey but worth it.' });
    expect(edit.statusCode).toBe(200);
    expect(json(edit).data.review).toMatchObject({ user_comment: 'Pricey but worth it.', topics: [], sentiment_score: null });
    await drain();
    expect((await expectClassified(id)).topicSentiments).toEqual({ price: 0 });

    // A change that leaves the words alone keeps the classification.
    const before = await stored(id);
    const other = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, deletedAt: null, id: { not: campaign.id } } });
    expect((await t.owner.post('/api/analytics/customer-comments/edit', { transaction_id: id, source: 'yelp', campaign_uid: other.uid })).statusCode).toBe(200);
    expect(await stored(id)).toEqual(before);
    expect(await queued(id)).toBe(false);
  });

  it("refuses to change a customer's words (a pulseCheck answer or a site's review), and changes nothing", async () => {
    const google = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'google', externalId: { not: null }, text: { not: '' } } });
    const res = await t.owner.post('/api/analytics/customer-comments/edit', { transaction_id: google.id, source: 'google', campaign_uid: campaign.uid, comment: 'Better words' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: MSG.reviewCommentNotEditable, errors: { comment: MSG.reviewCommentNotEditable } });
    const blank = await t.owner.post('/api/analytics/customer-comments/edit', { transaction_id: google.id, source: 'google', campaign_uid: campaign.uid, comment: '   ' });
    expect(json(blank).errors).toEqual({ comment: MSG.reviewCommentRequired });
    expect(await t.db.review.findUniqueOrThrow({ where: { id: google.id } })).toEqual(google);
  });

  it.each(['google', 'facebook'] as const)('a %s review imported by the sync, and its text changed on the site', async (platform) => {
    const deps = { ...t.app.deps, log: quiet };
    // The newest review of the feed, gone from our copy: the next sync imports it again, as a new review.
    const newest = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: platform, text: { not: '' } }, orderBy: { postedAt: 'desc' } });
    await t.db.review.delete({ where: { id: newest.id } });
    await syncReviews(deps, t.austinId, platform);
    const imported = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: platform, externalId: newest.externalId } });
    expect(imported.id).not.toBe(newest.id);
    expect(imported.text).toBe(newest.text);
    expect(await queued(imported.id)).toBe(true);
    expect(await stored(imported.id)).toMatchObject({ classifiedAt: null, topics: [], sentimentScore: null });
    await drain();
    await expectClassified(imported.id);

    // Its text as we hold it differs from the site's: the next sync writes the site's words, which are classified again.
    await t.db.review.update({ where: { id: imported.id }, data: { text: 'Rude crew, left a mess.' } });
    await drain();
    expect((await stored(imported.id)).topicSentiments).toEqual({ professionalism: -1, cleanliness: -1 });
    await syncReviews(deps, t.austinId, platform);
    expect((await stored(imported.id)).text).toBe(newest.text);
    expect(await queued(imported.id)).toBe(true);
    await drain();
    await expectClassified(imported.id);
  });

  it('keeps a classification only for the text it was made from', async () => {
    const review = await t.db.review.create({ data: { locationId: t.austinId, source: 'google', authorName: 'R', rating: 5, text: 'Spotless work.', postedAt: new Date() } });
    // The text changes while the classifier reads it (the first time).
    const read: string[] = [];
    const slow: InsightsProvider = {
      kind: 'local',
      classify: async (text) => {
        if (read.push(text) === 1) await t.db.review.update({ where: { id: review.id }, data: { text: 'Never showed up.' } });
        return { ...classifyText(text), by: 'local' };
      },
    };
    // The first reading is dropped; the change queued the review again, and the next batch reads the new words.
    expect(await drainClassificationQueue(t.db, slow)).toBe(1);
    expect(read).toEqual(['Spotless work.', 'Never showed up.']);
    expect((await expectClassified(review.id)).topicSentiments).toEqual({ punctuality: -1 });
  });

  it('is done by the running worker as soon as the review commits, woken by its NOTIFY', async () => {
    const deps: AppDeps = { ...t.app.deps };
    const queue = await startJobs(t.url, deps, true, [classifyReviewsJob]);
    try {
      await new Promise((r) => setTimeout(r, 500));
      const review = await t.db.review.create({ data: { locationId: t.austinId, source: 'google', authorName: 'W', rating: 2, text: 'They cancelled twice.', postedAt: new Date() } });
      for (let i = 0; i < 100 && (await stored(review.id)).classifiedAt === null; i++) await new Promise((r) => setTimeout(r, 100));
      expect((await expectClassified(review.id)).topicSentiments).toEqual({ scheduling: -1 });
    } finally {
      await queue.stop();
    }
  }, 30_000);

  it('gives each queued review to one of two workers draining at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push((await t.db.review.create({ data: { locationId: t.austinId, source: 'google', authorName: `P${i}`, rating: 4, text: `Fair price number ${i}.`, postedAt: new Date() } })).id);
    }
    const otherDb = createDb(t.url, 4);
    let calls = 0;
    const counting: InsightsProvider = { kind: 'local', classify: async (text) => ((calls += 1), { ...classifyText(text), by: 'local' }) };
    try {
      const written = await Promise.all([drainClassificationQueue(t.db, counting), drainClassificationQueue(otherDb, counting)]);
      expect(written[0] + written[1]).toBe(30);
      expect(calls).toBe(30);
    } finally {
      await otherDb.$disconnect();
    }
    for (const id of ids) expect((await stored(id)).topicSentiments).toEqual({ price: 1 });
  });
});

describe('the backfill', () => {
  it('classifies existing reviews in batches with its progress, and goes on where a stopped run left off', async () => {
    // Whatever the migration asked for runs first.
    while ((await runBackfill(t.db, t.app.deps.providers.insights)).backfill);
    // Five reviews as a bulk load leaves them: never classified (the queue's triggers do not run for it).
    const texts = ['Late again.', 'Great price.', 'Very professional.', 'Left a mess.', 'Kept me informed.'];
    const ids: number[] = [];
    for (const text of texts) ids.push((await t.db.review.create({ data: { locationId: t.austinId, source: 'yelp', authorName: 'B', rating: 3, text, postedAt: new Date() } })).id);
    await t.db.$executeRaw`DELETE FROM review_classification_queue WHERE review_id = ANY(${ids}::int[])`;
    expect(await t.db.review.count({ where: { classifiedAt: null } })).toBe(5);

    const backfill = await requestBackfill(t.db, 'pending');
    expect(backfill).toMatchObject({ scope: 'pending', status: 'queued', done: 0 });
    const progress: number[] = [];
    const first = await runBackfill(t.db, t.app.deps.providers.insights, { batchSize: 2, maxBatches: 1, onBatch: (row) => progress.push(row.done) });
    expect(first).toMatchObject({ finished: false, backfill: { id: backfill.id, status: 'running', total: 5, done: 2, last_review_id: ids[1] } });
    await expectClassified(ids[0]!);
    await expectClassified(ids[1]!);
    expect((await stored(ids[2]!)).classifiedAt).toBeNull();

    // A worker that stopped mid-run holds the lease: nobody takes the backfill until it runs out.
    await t.db.$executeRaw`UPDATE review_classification_backfills SET locked_until = (now() AT TIME ZONE 'UTC') + interval '1 minute' WHERE id = ${backfill.id}`;
    expect((await runBackfill(t.db, t.app.deps.providers.insights)).backfill).toBeNull();
    await t.db.$executeRaw`UPDATE review_classification_backfills SET locked_until = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE id = ${backfill.id}`;
    const rest = await runBackfill(t.db, t.app.deps.providers.insights, { batchSize: 2, onBatch: (row) => progress.push(row.done) });
    expect(rest).toMatchObject({ finished: true, backfill: { id: backfill.id, status: 'done', total: 5, done: 5 } });
    expect(progress).toEqual([2, 4, 5]);
    for (const id of ids) await expectClassified(id);
    expect((await listBackfills(t.db))[0]).toMatchObject({ id: backfill.id, status: 'done', done: 5, total: 5, error: null });
    expect((await runBackfill(t.db, t.app.deps.providers.insights)).backfill).toBeNull();
  });

  it('with scope all classifies every review with words again, by the configured classifier', async () => {
    const n = (await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM reviews WHERE btrim(text) <> ''`)[0]!.n;
    const blankBefore = await t.db.review.findMany({ where: { text: '' }, select: { id: true, classifiedAt: true, classifiedBy: true } });
    await requestBackfill(t.db, 'all');
    const calls: string[] = [];
    const recording: InsightsProvider = { kind: 'openai', classify: async (text) => (calls.push(text), { score: 0.5, topics: { quality: 1 }, by: 'openai' }) };
    const run = await runBackfill(t.db, recording, { batchSize: 50 });
    expect(run).toMatchObject({ finished: true, backfill: { scope: 'all', status: 'done', total: n, done: n } });
    expect(calls).toHaveLength(n);
    expect(await t.db.review.count({ where: { classifiedBy: 'openai' } })).toBe(n);
    const sample = await t.db.review.findFirstOrThrow({ where: { classifiedBy: 'openai' } });
    expect(sample).toMatchObject({ topics: ['quality'], topicSentiments: { quality: 1 }, sentimentScore: 0.5 });
    // Reviews without words stay as they were.
    expect(await t.db.review.findMany({ where: { text: '' }, select: { id: true, classifiedAt: true, classifiedBy: true } })).toEqual(blankBefore);
  });
});
