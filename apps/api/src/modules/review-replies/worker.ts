// The replies worker: each review that arrives (or whose rating or words change) is looked at once for a bad-review
// alert and for an automatic reply rule; the due automatic replies are posted through the Business Profile reply
// call, each claimed by one worker; the alerts' texts wait for the sending window.
import { renderReplyTemplate, siteLabel, type RuleRating } from '@kudo/shared';
import { z } from 'zod';
import type { AppDeps, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { AppError } from '../../lib/errors.js';
import { actionEmail } from '../../lib/mail.js';
import { isInsideSendWindow, nextSendTime } from '../../lib/quiet-hours.js';
import { postGoogleReply } from '../social-reviews/index.js';
import { draftFor, replyRequest, voiceOf } from './drafts.js';
import { reviewerName, reviewFacts, type ReviewFacts } from './facts.js';
import { alertQueries, autoReplyQueries, queueQueries, type ClaimedReply } from './queries.js';

type Deps = AppDeps & { log: Log };

const MINUTE = 60_000;
/** Only reviews posted this recently are alerted about (a first sync brings a year of old reviews). */
export const ALERT_RECENT_MS = 48 * 60 * MINUTE;
/** A review's text waits this long at most for its sentiment before its look ends without one. */
export const SENTIMENT_WAIT_MS = 60 * MINUTE;
/** A bad review: this many stars or fewer, or a text sentiment below SENTIMENT_ALERT. */
export const ALERT_STARS = 2;
export const SENTIMENT_ALERT = -0.5;
/** How long a worker holds a claimed queue row or automatic reply. */
const CLAIM_MS = 5 * MINUTE;
/** Failed posts are tried again after 5, 10, 20, 40 minutes; then the reply is marked failed. */
export const MAX_ATTEMPTS = 5;

/** The rule rating a review falls under; null for 3 stars or fewer (never answered automatically) or a recommendation. */
export function ruleRatingOf(f: Pick<ReviewFacts, 'rating' | 'ratingType' | 'text'>): RuleRating | null {
  if (f.ratingType !== 'star') return null;
  if (f.rating === 5) return f.text.trim() ? 'five_with_text' : 'five_without_text';
  if (f.rating === 4) return 'four';
  return null;
}

const alertReason = (f: ReviewFacts): 'rating' | 'sentiment' | null =>
  f.rating <= ALERT_STARS ? 'rating' : f.sentimentScore !== null && f.sentimentScore < SENTIMENT_ALERT ? 'sentiment' : null;

/** The review's page in the dashboard: the review with its draft reply. */
export const reviewReplyUrl = (deps: Pick<AppDeps, 'config'>, reviewId: number) => `${deps.config.publicUrl}/analyze/reviews/reply/${reviewId}`;

/**
 * One claimed review: its alert (once) and its automatic reply (scheduled once). Answers whether its look is over;
 * a review whose text waits for its classification (and is not bad by its stars) is looked at again later.
 */
async function lookAt(deps: Deps, f: ReviewFacts, queuedAt: Date, now: Date): Promise<boolean> {
  if (f.archived) return true;
  const reason = alertReason(f);
  const recent = now.getTime() - f.postedAt.getTime() <= ALERT_RECENT_MS;
  if (recent && reason) await raiseAlert(deps, f, reason, now);
  await scheduleAutoReply(deps, f, now);
  // Not bad by its stars: the text's sentiment may still make it one, once the classifier has read it.
  const waiting = recent && !reason && f.awaitingClassification && now.getTime() - queuedAt.getTime() < SENTIMENT_WAIT_MS;
  return !waiting;
}

/** The first enabled rule for the review (by age), if the review arrived after it was made and has no reply yet. */
async function scheduleAutoReply(deps: Deps, f: ReviewFacts, now: Date) {
  const rating = ruleRatingOf(f);
  if (!rating || f.source !== 'google' || !f.externalId || f.replyText) return;
  const rule = await deps.db.reviewReplyRule.findFirst({
    where: { locationId: f.locationId, enabled: true, source: 'google', rating, createdAt: { lte: f.postedAt } },
    orderBy: { id: 'asc' },
  });
  if (!rule) return;
  // The delay counts from the review's arrival in Kudo; then the sending window applies.
  const dueAt = nextSendTime(new Date(f.createdAt.getTime() + rule.delayMinutes * MINUTE), f.timeZone, deps.config.sendWindow);
  await autoReplyQueries.schedule(deps.db, { reviewId: f.id, locationId: f.locationId, ruleId: rule.id, ruleName: rule.name, dueAt, now });
}

/** Claims the queue's next reviews for a while; a review queued again meanwhile keeps its new time. */
export async function processReplyQueue(deps: Deps, now = new Date(), batch = 100): Promise<number> {
  const rows = await queueQueries.claim(deps.db, now, new Date(now.getTime() + CLAIM_MS), batch);
  if (rows.length === 0) return 0;
  const facts = new Map((await reviewFacts(deps, rows.map((r) => r.review_id))).map((f) => [f.id, f]));
  for (const row of rows) {
    const f = facts.get(row.review_id);
    let done = true;
    try {
      if (f) done = await lookAt(deps, f, row.queued_at, now);
    } catch (error) {
      deps.log.warn({ err: error, reviewId: row.review_id }, 'review replies: look failed; tried again shortly');
      done = false;
    }
    // Else looked at again in a minute (the classifier's sentiment, or after an error).
    if (done) await queueQueries.done(deps.db, row.review_id, row.queued_at);
    else await queueQueries.later(deps.db, row.review_id, row.queued_at, new Date(now.getTime() + MINUTE - 1000));
  }
  return rows.length;
}

/** The alert of a bad review, once: the row is the claim; emails go at once, texts inside the sending window. */
async function raiseAlert(deps: Deps, f: ReviewFacts, reason: 'rating' | 'sentiment', now: Date) {
  const contacts = await deps.db.escalationContact.findMany({ where: { locationId: f.locationId }, orderBy: { id: 'asc' } });
  const texting = contacts.some((c) => c.phoneNumber);
  const smsDueAt = texting ? nextSendTime(now, f.timeZone, deps.config.sendWindow) : null;
  if (!(await alertQueries.raise(deps.db, { reviewId: f.id, locationId: f.locationId, reason, smsDueAt, now }))) return;
  const draft = await draftFor(deps, f).catch((error: unknown) => {
    deps.log.warn({ err: error, reviewId: f.id }, 'review alert: no draft');
    return null;
  });
  const words = alertWords(f, reason);
  const url = reviewReplyUrl(deps, f.id);
  let emails = 0;
  for (const contact of contacts.filter((c) => c.email)) {
    const body = actionEmail({
      greeting: contact.name ? `Hi ${contact.name},` : 'Hi,',
      intro: `${words.headline} ${f.text.trim() ? `They wrote: "${f.text.trim()}"` : 'They left no text.'}${draft ? `\n\nA draft reply is ready:\n${draft.text}` : ''}`,
      action: 'Open the review and its draft reply',
      url,
      outro: 'You receive this because you are an escalation contact of this location (Settings › Messaging › Notifications).',
    });
    try {
      await deps.providers.email.send({ to: contact.email, subject: words.subject, ...body, locationId: f.locationId, audience: 'staff', app: 'alerts', template: 'review-alert' });
      emails += 1;
    } catch (error) {
      deps.log.warn({ err: error, contactId: contact.id, reviewId: f.id }, 'review alert email not sent');
    }
  }
  await deps.db.reviewAlert.update({ where: { reviewId: f.id }, data: { emails } });
  if (smsDueAt && smsDueAt <= now) await sendDueAlertTexts(deps, now, f.id);
}

function alertWords(f: ReviewFacts, reason: 'rating' | 'sentiment') {
  const who = reviewerName(f) || 'A customer';
  const site = siteLabel(f.source);
  const rated = f.ratingType === 'recommendation' ? (f.rating >= 4 ? 'a recommendation' : 'a "does not recommend"') : `a ${f.rating}-star review`;
  const why = reason === 'sentiment' ? ' Its words read as negative.' : '';
  return {
    headline: `${who} left ${rated} on ${site} for ${f.business}.${why}`,
    subject: `Bad review on ${site}: ${f.ratingType === 'recommendation' ? 'not recommended' : `${f.rating} star${f.rating === 1 ? '' : 's'}`} from ${who}`,
    short: `${f.business}: ${who} left ${rated} on ${site}.`,
  };
}

/**
 * The alerts' texts that are due (inside the sending window), each claimed once (sms_sent_at) before it goes; the
 * SMS path refuses opted-out numbers.
 */
export async function sendDueAlertTexts(deps: Deps, now = new Date(), reviewId?: number): Promise<number> {
  const rows = await alertQueries.claimDueTexts(deps.db, now, reviewId);
  if (rows.length === 0) return 0;
  const facts = new Map((await reviewFacts(deps, rows.map((r) => r.review_id))).map((f) => [f.id, f]));
  for (const row of rows) {
    const f = facts.get(row.review_id);
    if (!f) continue;
    const contacts = await deps.db.escalationContact.findMany({ where: { locationId: f.locationId, phoneNumber: { not: '' } }, orderBy: { id: 'asc' } });
    const excerpt = f.text.trim().length > 80 ? `${f.text.trim().slice(0, 77)}...` : f.text.trim();
    const body = `${alertWords(f, row.reason).short}${excerpt ? ` "${excerpt}"` : ''} Review and draft reply: ${reviewReplyUrl(deps, f.id)}`;
    let texts = 0;
    for (const contact of contacts) {
      try {
        await deps.providers.sms.send({ to: contact.phoneNumber, body, locationId: f.locationId, app: 'alerts' });
        texts += 1;
      } catch (error) {
        deps.log.warn({ err: error, contactId: contact.id, reviewId: f.id }, 'review alert text not sent');
      }
    }
    await deps.db.reviewAlert.update({ where: { reviewId: f.id }, data: { texts } });
  }
  return rows.length;
}

/** The reply a rule posts for a review: its template filled, or the review's draft. */
async function ruleReply(deps: Deps, f: ReviewFacts, rule: { mode: string; template: string }) {
  if (rule.mode === 'draft') return (await draftFor(deps, f)).text;
  const request = replyRequest(f, await voiceOf(deps, f.locationId));
  return renderReplyTemplate(rule.template, { first_name: request.firstName, business: f.business, technician: request.technician, sign_off: request.signOff });
}

async function settle(deps: Deps, reviewId: number, data: { status: 'posted' | 'skipped' | 'failed' | 'scheduled'; text?: string; lastError?: string; dueAt?: Date; postedAt?: Date }) {
  await deps.db.reviewAutoReply.update({ where: { reviewId }, data: { ...data, claimedUntil: null } });
}

/** One claimed automatic reply: checked again (the review, its rule, the window), then posted once. */
async function postOne(deps: Deps, claimed: ClaimedReply, now: Date) {
  const [f] = await reviewFacts(deps, [claimed.review_id], claimed.location_id);
  const rule = claimed.rule_id ? await deps.db.reviewReplyRule.findFirst({ where: { id: claimed.rule_id, locationId: claimed.location_id } }) : null;
  if (!f || f.archived) return settle(deps, claimed.review_id, { status: 'skipped', lastError: 'The review is archived.' });
  if (!ruleRatingOf(f)) return settle(deps, claimed.review_id, { status: 'skipped', lastError: 'Reviews of 3 stars or fewer are never answered automatically.' });
  if (f.replyText) return settle(deps, claimed.review_id, { status: 'skipped', lastError: 'The review was answered already.' });
  if (!rule) return settle(deps, claimed.review_id, { status: 'skipped', lastError: 'The rule was deleted.' });
  if (!rule.enabled) return settle(deps, claimed.review_id, { status: 'skipped', lastError: 'The rule was turned off.' });
  if (!isInsideSendWindow(now, f.timeZone, deps.config.sendWindow)) {
    return settle(deps, claimed.review_id, { status: 'scheduled', dueAt: nextSendTime(now, f.timeZone, deps.config.sendWindow) });
  }
  let text: string;
  try {
    text = await ruleReply(deps, f, rule);
    await postGoogleReply(deps, f.locationId, { id: f.id, externalId: f.externalId! }, text, { label: `Auto-reply rule ${rule.name}`, userId: null, ruleId: rule.id });
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'The reply could not be posted.';
    deps.log.warn({ err: error, reviewId: f.id, ruleId: rule.id }, 'automatic review reply not posted');
    // Not connected or refused: a person must reconnect first. Unavailable: tried again with a doubling wait.
    const retry = !(error instanceof AppError && error.statusCode === 409) && claimed.attempts < MAX_ATTEMPTS;
    if (retry) return settle(deps, f.id, { status: 'scheduled', lastError: message, dueAt: new Date(now.getTime() + 5 * MINUTE * 2 ** (claimed.attempts - 1)) });
    return settle(deps, f.id, { status: 'failed', lastError: message });
  }
  return settle(deps, f.id, { status: 'posted', text, postedAt: now });
}

/**
 * Posts the automatic replies that are due. Each is claimed by one statement (FOR UPDATE SKIP LOCKED, status
 * scheduled to posting), so any number of workers post each reply once; a claim whose worker stopped is taken
 * again after CLAIM_MS (Google's reply call replaces the reply, so a second post of it leaves one reply).
 */
export async function postDueAutoReplies(deps: Deps, now = new Date(), batch = 20): Promise<number> {
  const rows = await autoReplyQueries.claimDue(deps.db, now, new Date(now.getTime() + CLAIM_MS), batch);
  for (const claimed of rows) {
    try {
      await postOne(deps, claimed, now);
    } catch (error) {
      deps.log.error({ err: error, reviewId: claimed.review_id }, 'automatic review reply: unexpected failure');
      await settle(deps, claimed.review_id, { status: 'failed', lastError: 'The reply could not be posted.' }).catch(() => undefined);
    }
  }
  return rows.length;
}

/** Everything the worker does for review replies, in one run: new reviews, due replies, due alert texts. */
export async function runReplyWork(deps: Deps, now = new Date()) {
  while ((await processReplyQueue(deps, now)) === 100);
  while ((await postDueAutoReplies(deps, now)) === 20);
  await sendDueAlertTexts(deps, now);
}

/** Woken by new reviews (NOTIFY kudo_review_replies) and run every minute for what is due. */
export const reviewRepliesJob = defineJob({
  name: 'review-replies.work',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  wakeOn: 'kudo_review_replies',
  retryLimit: 1,
  expireInSeconds: 5 * 60,
  async handler(_payload, deps) {
    await runReplyWork(deps);
  },
});

