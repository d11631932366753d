import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { encryptSecret } from '../../lib/crypto.js';
import { createDb, type Db } from '../../lib/db.js';
import { createProviders } from '../../providers/index.js';
import { postDueAutoReplies, processReplyQueue, reviewReplyUrl, runReplyWork, sendDueAlertTexts } from './worker.js';

/**
 * The rules' worker against Google's Business Profile API on 127.0.0.1, through the real provider: each reply it
 * posts is a PUT the fake server counts. Times are given to the worker: Austin is in America/Chicago (UTC-6 in
 * February) and the sending window is the default 08:00 to 21:00.
 */
let server: http.Server;
let base: string;
let puts: { path: string; comment: string }[] = [];
let failWith = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.headers.authorization !== 'Bearer ya29.fake-access') return send(401, { error: { code: 401, message: 'UNAUTHENTICATED' } });
      const m = /^\/v4\/accounts\/[^/]+\/locations\/[^/]+\/reviews\/([^/]+)\/reply$/.exec(req.url ?? '');
      if (req.method === 'PUT' && m) {
        if (failWith) return send(failWith, { error: { code: failWith, message: 'backend error' } });
        const comment = (JSON.parse(body) as { comment: string }).comment;
        puts.push({ path: req.url!, comment });
        // A slow answer: a second worker would have every chance to post the same reply meanwhile.
        return setTimeout(() => send(200, { comment, updateTime: new Date().toISOString() }), 150);
      }
      return send(404, { error: { code: 404 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  puts = [];
  failWith = 0;
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const RULES = '/api/settings/reviews/auto-reply';
/** 2027-02-10 at hh:mm in Austin (UTC-6). */
const austinTime = (hh: number, mm = 0, day = 10) => new Date(Date.UTC(2027, 1, day, hh + 6, mm));

describe('automatic replies: delay, sending window, once per review, never below 4 stars', () => {
  let deps: Parameters<typeof runReplyWork>[0];
  let serial = 0;

  const t = useDemoApp({ env: () => ({ GOOGLE_CLIENT_ID: 'client-1.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_API_BASE_URL: base, GOOGLE_OAUTH_BASE_URL: base }) });
  beforeAll(async () => {
    deps = { db: t.db, config: t.config, providers: createProviders(t.config, t.db), log: quiet };
    await t.db.googleConnection.update({
      where: { locationId: t.austinId },
      data: { accessToken: encryptSecret(t.config, 'ya29.fake-access'), refreshToken: encryptSecret(t.config, '1//refresh'), expiresAt: new Date('2030-01-01T00:00:00Z') },
    });
    await runReplyWork(deps);
    // The rules were made before the reviews of these tests arrive.
    for (const rule of [
      { name: 'Five with words', rating: 'five_with_text', delay_minutes: 30, mode: 'template', template: 'Thank you, {first_name}!\n\n{sign_off}' },
      { name: 'Five, rating only', rating: 'five_without_text', delay_minutes: 5, mode: 'draft' },
      { name: 'Four', rating: 'four', delay_minutes: 60, mode: 'template', template: 'Thanks for the four stars, {first_name}.' },
    ]) {
      expect(json(await t.owner.post(RULES, rule)).status).toBe(1);
    }
    await t.db.reviewReplyRule.updateMany({ where: { locationId: t.austinId }, data: { createdAt: new Date('2027-01-01T00:00:00Z') } });
  });

  async function businessName() {
    const l = await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } });
    return l.companyName.trim() || l.name;
  }

  /** A Google review arriving at `at` (its trigger queues it), looked at by the worker then. */
  async function arrive(at: Date, fields: { rating: number; text?: string; author?: string }) {
    serial += 1;
    const review = await t.db.review.create({
      data: {
        locationId: t.austinId,
        source: 'google',
        externalId: `fake-review-${serial}`,
        authorName: fields.author ?? `Reviewer${serial} Lastname`,
        rating: fields.rating,
        sentiment: fields.rating >= 4 ? 'positive' : 'negative',
        text: fields.text ?? '',
        postedAt: at,
        createdAt: at,
      },
    });
    await processReplyQueue(deps, at);
    return review;
  }

  it('posts after the delay, inside the sending window, through the reply call, with the rule as the poster', async () => {
    const at = austinTime(10, 0);
    const review = await arrive(at, { rating: 5, text: 'Great job.', author: 'Nora Lastname' });
    const scheduled = await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: review.id } });
    expect(scheduled).toMatchObject({ status: 'scheduled', ruleName: 'Five with words' });
    expect(scheduled.dueAt.toISOString()).toBe(austinTime(10, 30).toISOString());
    expect(await postDueAutoReplies(deps, austinTime(10, 29))).toBe(0);
    expect(puts).toEqual([]);
    expect(await postDueAutoReplies(deps, austinTime(10, 30))).toBe(1);
    const conn = await t.db.googleConnection.findUniqueOrThrow({ where: { locationId: t.austinId } });
    expect(puts).toEqual([{ path: `/v4/${conn.accountId}/${conn.selectedId}/reviews/${review.externalId}/reply`, comment: `Thank you, Nora!\n\nThe ${await businessName()} team` }]);
    const stored = await t.db.review.findUniqueOrThrow({ where: { id: review.id }, include: { replyRecord: true } });
    expect(stored.replyText).toBe(puts[0]!.comment);
    expect(stored.replyRecord).toMatchObject({ postedBy: 'Auto-reply rule Five with words', userId: null, text: puts[0]!.comment });
    expect(stored.replyText).not.toContain('Lastname');
  });

  it('waits for the sending window: a delay ending after hours posts at the next opening', async () => {
    const review = await arrive(austinTime(20, 50), { rating: 5, text: 'Late visit, still great.' });
    const scheduled = await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: review.id } });
    // 20:50 + 30 minutes is 21:20, after the window: the next morning at 08:00.
    expect(scheduled.dueAt.toISOString()).toBe(austinTime(8, 0, 11).toISOString());
    expect(await postDueAutoReplies(deps, austinTime(21, 20))).toBe(0);
    expect(await postDueAutoReplies(deps, austinTime(7, 59, 11))).toBe(0);
    expect(puts).toEqual([]);
    expect(await postDueAutoReplies(deps, austinTime(8, 0, 11))).toBe(1);
    expect(puts).toHaveLength(1);
    // One due inside the window but claimed after it closes goes back to the next opening, unposted.
    const late = await arrive(austinTime(20, 0), { rating: 4 });
    const due = await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: late.id } });
    expect(due.dueAt.toISOString()).toBe(austinTime(8, 0, 11).toISOString());
    await t.db.reviewAutoReply.update({ where: { reviewId: late.id }, data: { dueAt: austinTime(20, 59) } });
    expect(await postDueAutoReplies(deps, austinTime(21, 5))).toBe(1);
    expect(puts).toHaveLength(1);
    expect(await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: late.id } })).toMatchObject({ status: 'scheduled', dueAt: austinTime(8, 0, 11) });
    expect(await postDueAutoReplies(deps, austinTime(8, 0, 11))).toBe(1);
    expect(puts).toHaveLength(2);
  });

  it('posts each reply once with two workers at once', async () => {
    const at = austinTime(11, 0, 12);
    const reviews = [];
    for (let i = 0; i < 6; i++) reviews.push(await arrive(at, { rating: 5, text: `Wonderful service number ${i}.` }));
    // Two worker processes, each with its own connections and providers, run together twice.
    const other: Db = createDb(t.url, 2);
    const second = { ...deps, db: other, providers: createProviders(t.config, other) };
    const when = austinTime(11, 30, 12);
    const counts = await Promise.all([postDueAutoReplies(deps, when, 2), postDueAutoReplies(second, when, 2), postDueAutoReplies(second, when, 3), postDueAutoReplies(deps, when, 3)]);
    await Promise.all([postDueAutoReplies(deps, when), postDueAutoReplies(second, when)]);
    await other.$disconnect();
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(6);
    const posted = puts.map((p) => p.path.split('/reviews/')[1]!.replace('/reply', ''));
    expect(posted.sort()).toEqual(reviews.map((r) => r.externalId!).sort());
    for (const r of reviews) expect(await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: r.id } })).toMatchObject({ status: 'posted', attempts: 1 });
    // Queued again by two workers, a review still has one automatic reply.
    await t.db.review.update({ where: { id: reviews[0]!.id }, data: { text: 'Changed words.' } });
    const other2 = createDb(t.url, 2);
    await Promise.all([processReplyQueue(deps, when), processReplyQueue({ ...deps, db: other2 }, when)]);
    await other2.$disconnect();
    expect(await t.db.reviewAutoReply.count({ where: { reviewId: reviews[0]!.id } })).toBe(1);
  });

  it('never answers a review of 3 stars or fewer, nor a review already answered', async () => {
    const at = austinTime(12, 0, 13);
    const low = [await arrive(at, { rating: 3, text: 'It was fine.' }), await arrive(at, { rating: 2, text: 'Late.' }), await arrive(at, { rating: 1 })];
    for (const r of low) expect(await t.db.reviewAutoReply.findUnique({ where: { reviewId: r.id } })).toBeNull();
    // A rule row cannot be made for them either: only 5 with text, 5 without, and 4 exist.
    const three = await t.owner.post(RULES, { name: 'Threes', rating: 'three', delay_minutes: 5, mode: 'draft' });
    expect(three.statusCode).toBe(400);
    // Even a claim written by hand for a 3-star review is skipped by the worker, not posted.
    await t.db.reviewAutoReply.create({ data: { reviewId: low[0]!.id, locationId: t.austinId, ruleName: 'By hand', dueAt: at } });
    // A review answered by a person before its delay ran out is skipped.
    const answered = await arrive(at, { rating: 5, text: 'Super.' });
    await t.db.review.update({ where: { id: answered.id }, data: { replyText: 'Thanks from Olivia.' } });
    await postDueAutoReplies(deps, austinTime(14, 0, 13));
    expect(puts).toEqual([]);
    expect(await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: low[0]!.id } })).toMatchObject({ status: 'skipped', lastError: 'Reviews of 3 stars or fewer are never answered automatically.' });
    expect(await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: answered.id } })).toMatchObject({ status: 'skipped', lastError: 'The review was answered already.' });
  });

  it('a rating-only five posts its draft; a review older than the rules is left alone', async () => {
    const at = austinTime(9, 0, 14);
    const review = await arrive(at, { rating: 5, author: 'Olga Lastname' });
    expect(await postDueAutoReplies(deps, austinTime(9, 5, 14))).toBe(1);
    const draft = await t.db.reviewReplyDraft.findUniqueOrThrow({ where: { reviewId: review.id } });
    expect(puts[0]?.comment).toBe(draft.text);
    expect(draft.text).toContain('Olga');
    expect(draft.text).not.toContain('Lastname');
    const old = await arrive(new Date('2026-06-01T15:00:00Z'), { rating: 5, text: 'Old one.' });
    await processReplyQueue(deps, austinTime(9, 10, 14));
    expect(await t.db.reviewAutoReply.findUnique({ where: { reviewId: old.id } })).toBeNull();
  });

  it('tries again when Google is unavailable, and stops when Google refuses the connection', async () => {
    const review = await arrive(austinTime(10, 0, 15), { rating: 4 });
    failWith = 503;
    await postDueAutoReplies(deps, austinTime(11, 0, 15));
    const retry = await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: review.id } });
    expect(retry).toMatchObject({ status: 'scheduled', attempts: 1 });
    expect(retry.dueAt.toISOString()).toBe(austinTime(11, 5, 15).toISOString());
    failWith = 0;
    await postDueAutoReplies(deps, austinTime(11, 5, 15));
    expect(await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: review.id } })).toMatchObject({ status: 'posted', attempts: 2 });

    const refused = await arrive(austinTime(10, 0, 16), { rating: 4 });
    await t.db.googleConnection.update({ where: { locationId: t.austinId }, data: { accessToken: encryptSecret(t.config, 'ya29.revoked'), refreshToken: null } });
    await postDueAutoReplies(deps, austinTime(11, 0, 16));
    expect(await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: refused.id } })).toMatchObject({ status: 'failed' });
    expect((await t.db.googleConnection.findUniqueOrThrow({ where: { locationId: t.austinId } })).status).toBe('expired');
    const activity = json(await t.owner.get(`${RULES}/activity`)).data.items;
    expect(activity.find((a: { review_id: number }) => a.review_id === refused.id)).toMatchObject({ status: 'failed', detail: expect.stringMatching(/Google/) });
  });

  it("texts a bad review's alert inside the sending window only, once", async () => {
    const before = await t.db.outboxMessage.count();
    const at = austinTime(22, 30, 20);
    const review = await t.db.review.create({ data: { locationId: t.austinId, source: 'yelp', authorName: 'Pat Night', rating: 1, sentiment: 'negative', text: 'Awful.', postedAt: at, createdAt: at } });
    await processReplyQueue(deps, at);
    const sent = await t.db.outboxMessage.findMany({ where: { id: { gt: before } } });
    // Emails at once; the text waits for 08:00.
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'email']);
    // Only this review's text is looked at: the demo's own reviews may have queued alerts of their own, for
    // locations whose window (in their zones) opens at other times.
    const ours = () => t.db.outboxMessage.findMany({ where: { id: { gt: before }, channel: 'sms', body: { endsWith: reviewReplyUrl(deps, review.id) } } });
    await sendDueAlertTexts(deps, austinTime(7, 59, 21));
    expect(await ours()).toEqual([]);
    const other = createDb(t.url, 2);
    await Promise.all([sendDueAlertTexts(deps, austinTime(8, 0, 21)), sendDueAlertTexts({ ...deps, db: other, providers: createProviders(t.config, other) }, austinTime(8, 0, 21))]);
    await other.$disconnect();
    expect((await ours()).map((m) => m.to)).toEqual(['+15125550177']);
  });
});
