import { beforeAll, describe, expect, it } from 'vitest';
import { REPLY_LIMITS, REPLY_MSG, replyProblems, withheldNames } from '@kudo/shared';
import { expectNotLoggedIn, grantAddons, json, loginAs } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';
import { createDb, poolOf } from '../../lib/db.js';
import { createProviders } from '../../providers/index.js';
import { syncReviews } from '../social-reviews/sync.js';
import { postDueAutoReplies, processReplyQueue, runReplyWork } from './worker.js';

const DRAFT = (id: number) => `/api/analytics/reviews/${id}/reply-draft`;
const BIO_REPLY = (id: number) => `/api/analytics/reviews/${id}/bio-reply`;
const SOCIAL_REPLY = (id: number) => `/api/analytics/social-media-reviews/${id}/reply`;
const LOAD = '/api/analytics/social-media-reviews/load';
const VOICE = '/api/settings/reviews/reply-voice';
const RULES = '/api/settings/reviews/auto-reply';
const RULE = (id: number) => `${RULES}/${id}`;
const ACTIVITY = `${RULES}/activity`;

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('review replies: drafts, posting, voice, rules and alerts', () => {
  let deps: Parameters<typeof runReplyWork>[0];
  /** Whether the review-topics columns exist (the drafts read topics when they do). */
  let hasTopics = false;

  // Alerts text at once whatever the hour the tests run at; the sending window is tested with the worker's rules.
  const t = useDemoApp({ env: { SEND_WINDOW: '0-24' } });
  beforeAll(async () => {
    deps = { db: t.db, config: t.config, providers: createProviders(t.config, t.db), log: quiet };
    const { rows } = await poolOf(t.db).query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'reviews' AND column_name = 'topics'`);
    hasTopics = rows.length > 0;
    // The demo's reviews were queued as the seed made them: looked at once (old ones raise no alert), the queue is empty.
    await runReplyWork(deps);
    expect(await t.db.reviewReplyQueue.count()).toBe(0);
  });

  it('needs a login, the analytics permission, and the location of the review', async () => {
    const review = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'google' } });
    await expectNotLoggedIn(t.app, 'GET', DRAFT(review.id));
    await expectNotLoggedIn(t.app, 'GET', VOICE);
    await expectNotLoggedIn(t.app, 'GET', RULES);
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    expect((await staff.get(DRAFT(review.id))).statusCode).toBe(200);
    // Staff without the settings permission: Settings › Reviews is closed to them.
    expect((await staff.get(VOICE)).statusCode).toBe(403);
    expect((await staff.post(RULES, {})).statusCode).toBe(403);
    const user = await t.db.user.findFirstOrThrow({ where: { email: 'staff@kudo.test' } });
    await t.db.membership.updateMany({ where: { userId: user.id }, data: { permAnalytics: false } });
    expect((await staff.get(DRAFT(review.id))).statusCode).toBe(403);
    expect((await staff.request('PUT', BIO_REPLY(review.id), { comment: 'Hi' })).statusCode).toBe(403);
    await t.db.membership.updateMany({ where: { userId: user.id }, data: { permAnalytics: true } });
    // Another location's review is not found.
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const res = await dallas.get(DRAFT(review.id));
    expect([res.statusCode, json(res).message]).toEqual([404, REPLY_MSG.reviewNotFound]);
    const bad = await t.owner.get(DRAFT(0));
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({ id: REPLY_MSG.reviewNotFound });
  });

  it('drafts every Google and Facebook review from the review itself, each in words of its own, within the rules', async () => {
    const reviews = await t.db.review.findMany({ where: { locationId: t.austinId, source: { in: ['google', 'facebook'] } }, orderBy: { id: 'asc' } });
    expect(reviews.length).toBeGreaterThan(40);
    const texts = new Map<number, string>();
    for (const r of reviews) {
      const res = json(await t.owner.get(DRAFT(r.id)));
      expect(res.status).toBe(1);
      const data = res.data;
      expect(data.target).toBe(r.source === 'google' ? 'google' : 'copy');
      expect(data.draft.written_by).toBe('local');
      expect(data.draft.tone).toBe('friendly');
      const text: string = data.draft.text;
      expect(replyProblems(text, withheldNames(r.authorName)), text).toEqual([]);
      for (const last of withheldNames(r.authorName)) expect(text).not.toContain(last);
      expect(text).not.toMatch(/discount|coupon|refund|\bfree\b|change your rating|update your review|\d{3}[\s.-]?\d{4}|@/i);
      const first = r.authorName.split(/\s+/)[0]!;
      if (/^\p{L}{2,}$/u.test(first)) expect(text).toContain(first);
      expect(text.endsWith('\n\nThe Demo Plumbing Austin team') || text.endsWith('\n\nThe Demo Plumbing team')).toBe(true);
      if (r.rating <= 2) expect(text).toMatch(/office directly/);
      texts.set(r.id, text);
    }
    // No two reviews of the location share a draft.
    expect(new Set(texts.values()).size).toBe(reviews.length);
    // The same review gets the same draft again (kept while the review and the voice stay the same).
    const [firstId, firstText] = [...texts.entries()][0]!;
    expect(json(await t.owner.get(DRAFT(firstId))).data.draft.text).toBe(firstText);
  });

  it("names the credited technician and speaks to the review's topics", async () => {
    const credited = await t.db.reviewCredit.findFirstOrThrow({
      where: { locationId: t.austinId, method: 'human', review: { source: 'google', rating: 5 } },
      include: { campaign: true, review: true },
    });
    const data = json(await t.owner.get(DRAFT(credited.reviewId))).data;
    const techFirst = credited.campaign.name.split(' ')[0]!;
    expect(data.review.technician).toBe(techFirst);
    expect(data.draft.text).toContain(techFirst);
    // The technician's last name stays out of the reply too.
    expect(data.draft.text).not.toContain(credited.campaign.name.split(' ')[1]!);

    const review = credited.review;
    if (hasTopics) {
      await poolOf(t.db).query(`UPDATE reviews SET topics = ARRAY['cleanliness'], topic_sentiments = '{"cleanliness": 1}' WHERE id = $1`, [review.id]);
      const withTopic = json(await t.owner.get(DRAFT(review.id))).data;
      expect(withTopic.review.topics).toEqual([{ topic: 'cleanliness', polarity: 1 }]);
      expect(withTopic.draft.text).toMatch(/tidy|cleanup|neat/);
      expect(withTopic.draft.text).not.toBe(data.draft.text);
    } else {
      expect(data.review.topics).toEqual([]);
    }
  });

  it('posts the edited draft to Google through the reply call; the list shows it with who posted it, after a sync too', async () => {
    const review = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'google', replyText: null, rating: 5 }, orderBy: { postedAt: 'desc' } });
    const draft = json(await t.owner.get(DRAFT(review.id))).data.draft.text as string;
    const edited = `${draft.split('\n\n')[0]} See you next spring.\n\nOlivia at Demo Plumbing`;
    const res = await t.owner.request('PUT', SOCIAL_REPLY(review.id), { comment: edited });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.review.reply).toMatchObject({ comment: edited, posted_by: 'Olivia Owens' });
    const listed = async () => {
      for (let after: string | null = null, n = 0; n < 20; n++) {
        const page: { data: { id: number; reply: unknown }[]; cursor: { after: string | null } } = json(await t.owner.post(LOAD, { view: 'all', limit: 50, ...(after ? { after } : {}) })).data;
        const found = page.data.find((r) => r.id === review.id);
        if (found) return found;
        after = page.cursor.after;
        if (!after) break;
      }
      throw new Error('not listed');
    };
    expect((await listed()).reply).toMatchObject({ comment: edited, posted_by: 'Olivia Owens' });
    // The local review feed keeps the reply like Google does: a sync (by any process) brings it back, not null.
    await t.db.reviewSyncState.deleteMany({ where: { locationId: t.austinId } });
    expect(await syncReviews(deps, t.austinId, 'google')).toBe('synced');
    expect((await t.db.review.findUniqueOrThrow({ where: { id: review.id } })).replyText).toBe(edited);
    expect((await listed()).reply).toMatchObject({ comment: edited, posted_by: 'Olivia Owens' });
    const again = json(await t.owner.get(DRAFT(review.id))).data;
    expect(again.reply).toMatchObject({ comment: edited, posted_by: 'Olivia Owens' });
  });

  it('replies under a Kudo review on the bio page, for reviews approved for it only', async () => {
    const approved = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'kudo', approvedForWidget: true, archived: false, campaignId: { not: null } } });
    const hidden = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'kudo', approvedForWidget: false } });
    const google = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'google' } });
    const notPublic = await t.owner.get(DRAFT(hidden.id));
    expect([notPublic.statusCode, json(notPublic).message]).toEqual([400, REPLY_MSG.notPublic]);
    const onGoogle = await t.owner.request('PUT', BIO_REPLY(google.id), { comment: 'Thanks!' });
    expect([onGoogle.statusCode, json(onGoogle).message]).toEqual([400, REPLY_MSG.bioOnly]);
    const empty = await t.owner.request('PUT', BIO_REPLY(approved.id), { comment: '  ' });
    expect([empty.statusCode, json(empty).errors]).toEqual([400, { comment: REPLY_MSG.replyRequired }]);
    const long = await t.owner.request('PUT', BIO_REPLY(approved.id), { comment: 'x'.repeat(REPLY_LIMITS.reply + 1) });
    expect([long.statusCode, json(long).errors]).toEqual([400, { comment: REPLY_MSG.replyTooLong }]);

    const data = json(await t.owner.get(DRAFT(approved.id))).data;
    expect(data.target).toBe('bio');
    const posted = json(await t.owner.request('PUT', BIO_REPLY(approved.id), { comment: data.draft.text }));
    expect(posted).toMatchObject({ status: 1, message: REPLY_MSG.replyPosted, data: { reply: { comment: data.draft.text, posted_by: 'Olivia Owens' } } });
    const campaign = await t.db.campaign.findUniqueOrThrow({ where: { id: approved.campaignId! } });
    const bio = json(await t.owner.get(`/api/webapps/bio/${campaign.uid}`)).data;
    expect(bio.reviews.find((r: { transaction_id: number }) => r.transaction_id === approved.id)?.reply).toBe(data.draft.text);
    expect(json(await t.owner.request('DELETE', BIO_REPLY(approved.id)))).toMatchObject({ status: 1, message: REPLY_MSG.replyRemoved, data: { reply: null } });
    const none = await t.owner.request('DELETE', BIO_REPLY(approved.id));
    expect([none.statusCode, json(none).message]).toEqual([400, REPLY_MSG.replyNone]);
  });

  it('keeps the reply voice: a tone and a sign-off the drafts follow; bad input is refused naming the field', async () => {
    const loaded = json(await t.owner.get(VOICE)).data;
    expect(loaded.settings).toEqual({ tone: 'friendly', sign_off: '' });
    expect(loaded.default_sign_off).toMatch(/^The Demo Plumbing( Austin)? team$/);
    expect(loaded.samples.map((s: { rating: number }) => s.rating)).toEqual([5, 4, 2]);
    expect(loaded.alert_contacts.map((c: { name: string }) => c.name)).toEqual(['Sam Rivera', 'Dana Whitfield']);
    for (const [body, field, message] of [
      [{ tone: 'grumpy' }, 'tone', REPLY_MSG.tone],
      [{ tone: 'brief', sign_off: 'x'.repeat(101) }, 'sign_off', REPLY_MSG.signOff],
      [{ tone: 'brief', sign_off: 'Call Dana at 512-555-0100' }, 'sign_off', 'The sign-off may not contain a phone number or email address.'],
      [{ tone: 'brief', sign_off: 'Dana, 10% off next time' }, 'sign_off', 'The sign-off may not contain an offer or incentive (a discount, coupon, gift or free work).'],
    ] as const) {
      const res = await t.owner.request('PUT', VOICE, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).errors).toEqual({ [field]: message });
    }
    expect(await t.db.reviewReplySettings.count({ where: { locationId: t.austinId } })).toBe(0);

    const review = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'google', rating: 5, replyText: null } });
    const before = json(await t.owner.get(DRAFT(review.id))).data.draft.text as string;
    const saved = json(await t.owner.request('PUT', VOICE, { tone: 'brief', sign_off: 'Olivia, owner' }));
    expect(saved).toMatchObject({ status: 1, message: REPLY_MSG.settingsSaved, data: { settings: { tone: 'brief', sign_off: 'Olivia, owner' } } });
    expect(saved.data.samples[0].reply.endsWith('\n\nOlivia, owner')).toBe(true);
    const after = json(await t.owner.get(DRAFT(review.id))).data;
    expect(after.draft.tone).toBe('brief');
    expect(after.draft.text).not.toBe(before);
    expect(after.draft.text.endsWith('\n\nOlivia, owner')).toBe(true);
    expect(after.draft.text.split('\n\n')[0]!.length).toBeLessThan(before.split('\n\n')[0]!.length);
    // Dallas keeps its own voice.
    expect(await t.db.reviewReplySettings.findUnique({ where: { locationId: t.dallasId } })).toBeNull();
    await t.owner.request('PUT', VOICE, { tone: 'friendly', sign_off: '' });
  });

  it('checks every field of a rule, and keeps at most ten rules a location', async () => {
    const good = { name: 'Five stars, words', rating: 'five_with_text', delay_minutes: 30, mode: 'template', template: 'Thank you, {first_name}! {sign_off}' };
    for (const [change, field, message] of [
      [{ name: ' ' }, 'name', REPLY_MSG.ruleName],
      [{ source: 'facebook' }, 'source', REPLY_MSG.ruleSource],
      [{ rating: 'three' }, 'rating', REPLY_MSG.ruleRating],
      [{ rating: 'one' }, 'rating', REPLY_MSG.ruleRating],
      [{ delay_minutes: 4 }, 'delay_minutes', REPLY_MSG.ruleDelay],
      [{ delay_minutes: 1441 }, 'delay_minutes', REPLY_MSG.ruleDelay],
      [{ delay_minutes: 12.5 }, 'delay_minutes', REPLY_MSG.ruleDelay],
      [{ mode: 'ai' }, 'mode', REPLY_MSG.ruleMode],
      [{ template: '' }, 'template', REPLY_MSG.template],
      [{ template: 'Thanks {name}!' }, 'template', REPLY_MSG.templatePlaceholder('{name}')],
      [{ template: 'Thanks! Here is a coupon for next time.' }, 'template', 'A reply template may not contain an offer or incentive (a discount, coupon, gift or free work).'],
      [{ template: 'Thanks! Would you update your review to five stars?' }, 'template', 'A reply template may not contain a request to change, remove or raise a rating or review.'],
    ] as const) {
      const res = await t.owner.post(RULES, { ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(json(res).errors?.[field], JSON.stringify(change)).toBe(message);
    }
    expect(await t.db.reviewReplyRule.count({ where: { locationId: t.austinId } })).toBe(0);

    const created = json(await t.owner.post(RULES, good));
    expect(created).toMatchObject({ status: 1, message: REPLY_MSG.ruleCreated, data: { rule: { ...good, source: 'google', enabled: true, posted: 0, scheduled: 0 } } });
    const dup = await t.owner.post(RULES, good);
    expect([dup.statusCode, json(dup).errors]).toEqual([400, { name: REPLY_MSG.ruleNameTaken }]);
    // A draft-mode rule needs no template and keeps none.
    const draftRule = json(await t.owner.post(RULES, { name: 'Four stars', rating: 'four', delay_minutes: 60, mode: 'draft', template: 'ignored {first_name}' })).data.rule;
    expect(draftRule).toMatchObject({ mode: 'draft', template: '' });
    const updated = json(await t.owner.request('PUT', RULE(draftRule.id), { name: 'Four stars, later', rating: 'four', delay_minutes: 120, mode: 'draft', enabled: false }));
    expect(updated).toMatchObject({ status: 1, message: REPLY_MSG.ruleSaved, data: { rule: { name: 'Four stars, later', delay_minutes: 120, enabled: false } } });

    // Up to ten, several at once as well: the eleventh is refused with the limit's message.
    await Promise.all(Array.from({ length: 8 }, (_, i) => t.owner.post(RULES, { ...good, name: `Rule ${i + 3}` })));
    expect(await t.db.reviewReplyRule.count({ where: { locationId: t.austinId } })).toBe(10);
    const eleventh = await Promise.all([t.owner.post(RULES, { ...good, name: 'Eleventh' }), t.owner.post(RULES, { ...good, name: 'Twelfth' })]);
    for (const res of eleventh) {
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(REPLY_MSG.ruleLimit);
    }
    expect(await t.db.reviewReplyRule.count({ where: { locationId: t.austinId } })).toBe(10);
    const list = json(await t.owner.get(RULES)).data;
    expect(list.rules).toHaveLength(10);
    expect(list).toMatchObject({ limit: 10, google_connected: true, send_window: { start_hour: 0, end_hour: 24, time_zone: 'America/Chicago' } });

    // A location on a trial has no Settings › Reviews; a paying one sees only its own rules and cannot change others'.
    const dallas = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    expect((await dallas.get(RULES)).statusCode).toBe(403);
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, freeTrialType: null, trialEndsAt: null } });
    await grantAddons(t.db, t.dallasId, []);
    expect(json(await dallas.get(RULES)).data.rules).toEqual([]);
    expect((await dallas.request('PUT', RULE(draftRule.id), good)).statusCode).toBe(404);
    expect((await dallas.request('DELETE', RULE(draftRule.id))).statusCode).toBe(404);

    for (const rule of list.rules) expect(json(await t.owner.request('DELETE', RULE(rule.id))).message).toBe(REPLY_MSG.ruleDeleted);
    expect(await t.db.reviewReplyRule.count({ where: { locationId: t.austinId } })).toBe(0);
    expect((await t.owner.request('DELETE', RULE(draftRule.id))).statusCode).toBe(404);
  });

  it('a rule answers a new Google review of its rating through the local review feed, once, and the list names the rule', async () => {
    const rule = json(await t.owner.post(RULES, { name: 'Thank-you', rating: 'five_with_text', delay_minutes: 5, mode: 'template', template: 'Thank you, {first_name}! {technician} and the crew appreciate it.\n\n{sign_off}' })).data.rule;
    // A review of the feed that arrives after the rule: the newest 5-star one with words, without a reply yet.
    const review = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, source: 'google', rating: 5, replyText: null, NOT: { text: '' } }, orderBy: { postedAt: 'desc' } });
    const arrived = new Date();
    await t.db.review.update({ where: { id: review.id }, data: { postedAt: arrived, createdAt: arrived } });
    await t.db.reviewReplyRule.update({ where: { id: rule.id }, data: { createdAt: new Date(arrived.getTime() - 60_000) } });
    await t.db.$executeRaw`INSERT INTO review_reply_queue (review_id) VALUES (${review.id}) ON CONFLICT DO NOTHING`;

    await processReplyQueue(deps, arrived);
    const scheduled = await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: review.id } });
    expect(scheduled).toMatchObject({ status: 'scheduled', ruleId: rule.id, ruleName: 'Thank-you' });
    expect(scheduled.dueAt.getTime()).toBe(arrived.getTime() + 5 * 60_000);
    expect(await postDueAutoReplies(deps, new Date(arrived.getTime() + 4 * 60_000))).toBe(0);
    expect(await postDueAutoReplies(deps, new Date(arrived.getTime() + 5 * 60_000))).toBe(1);

    const stored = await t.db.review.findUniqueOrThrow({ where: { id: review.id } });
    const first = review.authorName.split(' ')[0]!;
    expect(stored.replyText).toMatch(new RegExp(`^Thank you, ${first}! .+ and the crew appreciate it\\.\\n\\nThe Demo Plumbing( Austin)? team$`));
    const listed = json(await t.owner.post(LOAD, { view: 'all', limit: 50 })).data.data.find((r: { id: number }) => r.id === review.id);
    expect(listed.reply).toMatchObject({ comment: stored.replyText, posted_by: 'Auto-reply rule Thank-you' });
    expect(await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: review.id } })).toMatchObject({ status: 'posted', text: stored.replyText });

    // Seen again (its words changed), the review is not answered twice.
    await t.db.review.update({ where: { id: review.id }, data: { text: `${review.text} Edited.` } });
    await runReplyWork(deps, new Date(arrived.getTime() + 60 * 60_000));
    expect(await t.db.reviewAutoReply.count({ where: { reviewId: review.id } })).toBe(1);
    expect((await t.db.reviewAutoReply.findUniqueOrThrow({ where: { reviewId: review.id } })).status).toBe('posted');
    const activity = json(await t.owner.get(ACTIVITY)).data.items;
    expect(activity[0]).toMatchObject({ review_id: review.id, rule_name: 'Thank-you', status: 'posted', detail: stored.replyText });
    expect(json(await t.owner.get(RULES)).data.rules[0]).toMatchObject({ id: rule.id, posted: 1, scheduled: 0 });
    await t.owner.request('DELETE', RULE(rule.id));
  });

  it('alerts the escalation contacts once of a bad review, by email and text, with a link to its draft reply', async () => {
    const campaign = await t.db.campaign.findFirstOrThrow({ where: { locationId: t.austinId, deletedAt: null } });
    const review = await t.db.review.create({
      data: { locationId: t.austinId, source: 'kudo', authorName: 'Harriet Quill', customerName: 'Harriet Quill', rating: 1, sentiment: 'negative', text: 'Nobody came and nobody called.', postedAt: new Date(), campaignId: campaign.id },
    });
    const good = await t.db.review.create({ data: { locationId: t.austinId, source: 'google', externalId: 'alert-test-good', authorName: 'Ivan Good', rating: 5, sentiment: 'positive', text: 'Great.', postedAt: new Date() } });
    const before = await t.db.outboxMessage.count();
    // Two workers at once, each with its own connections: one alert.
    const other = createDb(t.url, 2);
    await Promise.all([runReplyWork(deps), runReplyWork({ ...deps, db: other, providers: createProviders(t.config, other) })]);
    await other.$disconnect();
    await runReplyWork(deps);
    expect(await t.db.reviewAlert.count({ where: { reviewId: review.id } })).toBe(1);
    expect(await t.db.reviewAlert.findUnique({ where: { reviewId: good.id } })).toBeNull();
    const sent = await t.db.outboxMessage.findMany({ where: { id: { gt: before } }, orderBy: { id: 'asc' } });
    const link = `http://kudo.test/analyze/reviews/reply/${review.id}`;
    const emails = sent.filter((m) => m.channel === 'email');
    expect(emails.map((m) => m.to).sort()).toEqual(['dana@demoplumbing.test', 'sam.rivera@demoplumbing.test']);
    for (const email of emails) {
      expect(email.subject).toBe('Bad review on Kudo: 1 star from Harriet Quill');
      expect(email.body).toContain('Nobody came and nobody called.');
      expect(email.body).toContain(link);
      expect(email.body).toContain('A draft reply is ready:');
      expect(email.body).toMatch(/Harriet, |Harriet\./);
    }
    const texts = sent.filter((m) => m.channel === 'sms');
    expect(texts.map((m) => m.to)).toEqual(['+15125550177']);
    expect(texts[0]!.body).toContain(link);
    expect(await t.db.reviewAlert.findUniqueOrThrow({ where: { reviewId: review.id } })).toMatchObject({ reason: 'rating', emails: 2, texts: 1 });

    // Changed later, it is looked at again, and still alerted once.
    await t.db.review.update({ where: { id: review.id }, data: { rating: 2 } });
    await runReplyWork(deps);
    expect(await t.db.outboxMessage.count({ where: { id: { gt: before } } })).toBe(3);
    // A contact who texted STOP to the location is not texted: the SMS path refuses the number.
    const optedOut = await t.db.review.create({ data: { locationId: t.austinId, source: 'google', externalId: 'alert-test-stop', authorName: 'Jo Stop', rating: 2, sentiment: 'negative', text: 'Meh.', postedAt: new Date() } });
    await t.db.consentState.create({ data: { locationId: t.austinId, channel: 'sms', address: '+15125550177', scope: 'all', optedOut: true } });
    await runReplyWork(deps);
    expect(await t.db.reviewAlert.findUniqueOrThrow({ where: { reviewId: optedOut.id } })).toMatchObject({ emails: 2, texts: 0 });
    await t.db.consentState.deleteMany({ where: { locationId: t.austinId, address: '+15125550177' } });
  });

  it('alerts on a text whose sentiment is below -0.5 once it is classified, when the sentiment column exists', async () => {
    const review = await t.db.review.create({ data: { locationId: t.austinId, source: 'facebook', externalId: 'alert-test-words', authorName: 'Kim Words', rating: 5, ratingType: 'recommendation', sentiment: 'positive', text: 'Recommend? Honestly the worst visit ever, rude and late.', postedAt: new Date() } });
    await runReplyWork(deps);
    expect(await t.db.reviewAlert.findUnique({ where: { reviewId: review.id } })).toBeNull();
    if (!hasTopics) {
      expect(await t.db.reviewReplyQueue.findUnique({ where: { reviewId: review.id } })).toBeNull();
      return;
    }
    await poolOf(t.db).query(`UPDATE reviews SET sentiment_score = -0.8, classified_at = now() AT TIME ZONE 'UTC' WHERE id = $1`, [review.id]);
    // The review waited in the queue for its sentiment; the minute's run looks again.
    await runReplyWork(deps, new Date(Date.now() + 61_000));
    expect(await t.db.reviewAlert.findUniqueOrThrow({ where: { reviewId: review.id } })).toMatchObject({ reason: 'sentiment', emails: 2 });
    expect(await t.db.reviewReplyQueue.findUnique({ where: { reviewId: review.id } })).toBeNull();
  });
});
