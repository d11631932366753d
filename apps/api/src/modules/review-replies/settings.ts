// Settings › Reviews: the reply voice (tone and sign-off) and the automatic reply rules (at most ten a location).
import { REPLY_LIMITS, REPLY_MSG, type AutoReplyActivityItem, type ReplyRule, type ReplyTone, type RuleMode, type RuleRating } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { ReviewReplyRule } from '../../generated/prisma/client.js';
import { defaultSignOff, replyRequest, voiceOf } from './drafts.js';
import type { ReviewFacts } from './facts.js';
import { ruleQueries } from './queries.js';

async function businessOf(ctx: LocationCtx) {
  const l = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId }, select: { companyName: true, name: true, timeZone: true } });
  return { business: l.companyName.trim() || l.name, timeZone: l.timeZone };
}

/** Three sample reviews the voice screen shows drafts of. */
const SAMPLES: readonly Pick<ReviewFacts, 'rating' | 'text' | 'authorName' | 'campaignName' | 'topics'>[] = [
  { rating: 5, text: 'Alex showed up right on time and left everything spotless. Great work!', authorName: 'Jordan Sample', campaignName: 'Alex Sample', topics: [{ topic: 'punctuality', polarity: 1 }, { topic: 'cleanliness', polarity: 1 }] },
  { rating: 4, text: 'Good repair, fair price. The visit ran a little long.', authorName: 'Casey Sample', campaignName: null, topics: [{ topic: 'quality', polarity: 1 }, { topic: 'price', polarity: 1 }] },
  { rating: 2, text: 'The technician arrived two hours late and nobody called.', authorName: 'Riley Sample', campaignName: null, topics: [{ topic: 'punctuality', polarity: -1 }, { topic: 'communication', polarity: -1 }] },
];

async function settingsData(ctx: LocationCtx) {
  const [{ business, timeZone }, voice, contacts] = await Promise.all([
    businessOf(ctx),
    voiceOf(ctx, ctx.location.locationId),
    ctx.db.escalationContact.findMany({ where: { locationId: ctx.location.locationId }, orderBy: { id: 'asc' }, select: { name: true, email: true, phoneNumber: true } }),
  ]);
  const samples = SAMPLES.map((s, i) => {
    const facts = { ...s, id: -(i + 1), customerName: '', business, timeZone, ratingType: 'star' } as ReviewFacts;
    return { rating: s.rating, review: s.text, reply: ctx.providers.replies.local(replyRequest(facts, voice)) };
  });
  return {
    settings: { tone: voice.tone, sign_off: voice.signOff },
    default_sign_off: defaultSignOff(business),
    samples,
    alert_contacts: contacts.map((c) => ({ name: c.name, email: c.email, phone: c.phoneNumber })),
  };
}

export const loadSettings = (ctx: LocationCtx) => settingsData(ctx);

export async function saveSettings(ctx: LocationCtx, input: { tone: ReplyTone; sign_off: string }) {
  const data = { tone: input.tone, signOff: input.sign_off, updatedById: ctx.session.userId };
  await ctx.db.reviewReplySettings.upsert({ where: { locationId: ctx.location.locationId }, create: { locationId: ctx.location.locationId, ...data }, update: data });
  return settingsData(ctx);
}

interface RuleInput {
  name: string;
  enabled: boolean;
  source: 'google';
  rating: RuleRating;
  delay_minutes: number;
  mode: RuleMode;
  template: string;
}

function toRule(r: ReviewReplyRule, counts: Map<string, number>): ReplyRule {
  return {
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    source: 'google',
    rating: r.rating as RuleRating,
    delay_minutes: r.delayMinutes,
    mode: r.mode as RuleMode,
    template: r.template,
    posted: counts.get(`${r.id}:posted`) ?? 0,
    scheduled: (counts.get(`${r.id}:scheduled`) ?? 0) + (counts.get(`${r.id}:posting`) ?? 0),
  };
}

async function countsOf(ctx: LocationCtx) {
  const rows = await ctx.db.reviewAutoReply.groupBy({ by: ['ruleId', 'status'], where: { locationId: ctx.location.locationId, ruleId: { not: null } }, _count: { _all: true } });
  return new Map(rows.map((r) => [`${r.ruleId}:${r.status}`, r._count._all]));
}

export async function listRules(ctx: LocationCtx) {
  const locationId = ctx.location.locationId;
  const [rules, counts, google, { timeZone }] = await Promise.all([
    ctx.db.reviewReplyRule.findMany({ where: { locationId }, orderBy: { id: 'asc' } }),
    countsOf(ctx),
    ctx.db.googleConnection.findUnique({ where: { locationId }, select: { status: true, selectedId: true } }),
    businessOf(ctx),
  ]);
  return {
    rules: rules.map((r) => toRule(r, counts)),
    limit: REPLY_LIMITS.rules,
    send_window: { start_hour: ctx.config.sendWindow.startHour, end_hour: ctx.config.sendWindow.endHour, time_zone: timeZone },
    google_connected: google?.status === 'connected' && google.selectedId !== null,
  };
}

const ruleData = (input: RuleInput) => ({
  name: input.name,
  enabled: input.enabled,
  source: input.source,
  rating: input.rating,
  delayMinutes: input.delay_minutes,
  mode: input.mode,
  // A draft-mode rule keeps no template: the review's draft is its reply.
  template: input.mode === 'template' ? input.template : '',
});

const nameTaken = (error: unknown) => (error as { code?: string }).code === 'P2002';

/** Adds a rule; the location's rules are counted under a lock, so two at once cannot make an eleventh. */
export async function createRule(ctx: LocationCtx, input: RuleInput) {
  const locationId = ctx.location.locationId;
  try {
    const rule = await ctx.db.$transaction(async (tx) => {
      await ruleQueries.lock(tx, locationId);
      const count = await tx.reviewReplyRule.count({ where: { locationId } });
      if (count >= REPLY_LIMITS.rules) throw badRequest(REPLY_MSG.ruleLimit, { rules: REPLY_MSG.ruleLimit });
      return tx.reviewReplyRule.create({ data: { locationId, ...ruleData(input), createdById: ctx.session.userId } });
    });
    return { rule: toRule(rule, new Map()) };
  } catch (error) {
    if (nameTaken(error)) throw badRequest(REPLY_MSG.ruleNameTaken, { name: REPLY_MSG.ruleNameTaken });
    throw error;
  }
}

async function ruleOf(ctx: LocationCtx, id: number) {
  const rule = await ctx.db.reviewReplyRule.findFirst({ where: { id, locationId: ctx.location.locationId } });
  if (!rule) throw notFound(REPLY_MSG.ruleNotFound);
  return rule;
}

export async function updateRule(ctx: LocationCtx, id: number, input: RuleInput) {
  await ruleOf(ctx, id);
  try {
    const rule = await ctx.db.reviewReplyRule.update({ where: { id }, data: ruleData(input) });
    return { rule: toRule(rule, await countsOf(ctx)) };
  } catch (error) {
    if (nameTaken(error)) throw badRequest(REPLY_MSG.ruleNameTaken, { name: REPLY_MSG.ruleNameTaken });
    throw error;
  }
}

/** Deletes a rule; the replies it scheduled and has not posted are dropped (kept in the activity as skipped). */
export async function deleteRule(ctx: LocationCtx, id: number) {
  const rule = await ruleOf(ctx, id);
  await ctx.db.$transaction([
    ctx.db.reviewAutoReply.updateMany({ where: { ruleId: rule.id, status: 'scheduled' }, data: { status: 'skipped', lastError: 'The rule was deleted.' } }),
    ctx.db.reviewReplyRule.delete({ where: { id: rule.id } }),
  ]);
  return { id: rule.id };
}

/** The latest automatic replies of the location, newest first. */
export async function activity(ctx: LocationCtx): Promise<{ items: AutoReplyActivityItem[] }> {
  const rows = await ctx.db.reviewAutoReply.findMany({
    where: { locationId: ctx.location.locationId },
    orderBy: [{ createdAt: 'desc' }, { reviewId: 'desc' }],
    take: REPLY_LIMITS.activity,
    include: { review: { select: { authorName: true, rating: true } } },
  });
  return {
    items: rows.map((r) => ({
      review_id: r.reviewId,
      rule_name: r.ruleName,
      author: r.review.authorName,
      rating: r.review.rating,
      status: r.status,
      due_at: r.dueAt.toISOString(),
      posted_at: r.postedAt?.toISOString() ?? null,
      detail: r.status === 'posted' ? (r.text ?? '') : (r.lastError ?? ''),
    })),
  };
}
