// Draft replies: written from the review (first name, technician, topics, rating) in the location's voice by the
// reply writer (local phrase banks, or an AI service under the reply rules), kept while what they were written from
// stays the same. And the replies under Kudo reviews on the bio page.
import { createHash } from 'node:crypto';
import { REPLY_MSG, replyFirstName, type ReplyDraftData, type ReplyTone } from '@kudo/shared';
import type { AppDeps, LocationCtx } from '../../http/context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { ReplyRequest, ReplyWriterKind } from '../../providers/replies/index.js';
import { personPoster } from '../social-reviews/index.js';
import { replyTarget, reviewerName, reviewFacts, technicianFirstName, withheldWords, type ReviewFacts } from './facts.js';

export interface Voice {
  tone: ReplyTone;
  /** As saved: empty means the default sign-off. */
  signOff: string;
}

export const defaultSignOff = (business: string) => `The ${business} team`;

/** The location's voice, or the defaults (friendly, "The <business> team"). */
export async function voiceOf(deps: Pick<AppDeps, 'db'>, locationId: number): Promise<Voice> {
  const row = await deps.db.reviewReplySettings.findUnique({ where: { locationId } });
  return { tone: (row?.tone as ReplyTone | undefined) ?? 'friendly', signOff: row?.signOff ?? '' };
}

/** What the writer is given for a review: first names only, and the words it must not use. */
export function replyRequest(f: ReviewFacts, voice: Voice): ReplyRequest {
  const signOff = voice.signOff || defaultSignOff(f.business);
  return {
    seed: `review-${f.id}`,
    rating: f.rating,
    recommendation: f.ratingType === 'recommendation',
    text: f.text,
    firstName: replyFirstName(reviewerName(f)),
    technician: technicianFirstName(f.campaignName, f.business),
    topics: f.topics,
    tone: voice.tone,
    signOff,
    business: f.business,
    withheld: withheldWords(f, signOff),
  };
}

/** How many other phrasings the local writer tries for a draft another review of the location already has. */
const DRAFT_VARIANTS = 12;

const sameDraftElsewhere = async (deps: Pick<AppDeps, 'db'>, f: ReviewFacts, text: string) =>
  (await deps.db.reviewReplyDraft.findFirst({ where: { locationId: f.locationId, text, reviewId: { not: f.id } }, select: { reviewId: true } })) !== null;

/** The draft of a review: the kept one while its basis holds, else newly written and kept. */
export async function draftFor(deps: AppDeps, f: ReviewFacts, voice?: Voice): Promise<{ text: string; writtenBy: ReplyWriterKind; request: ReplyRequest }> {
  const request = replyRequest(f, voice ?? (await voiceOf(deps, f.locationId)));
  const { seed: _seed, withheld: _withheld, ...written } = request;
  const basis = createHash('sha256')
    .update(JSON.stringify({ ...written, writer: deps.providers.replies.kind }))
    .digest('base64url');
  const kept = await deps.db.reviewReplyDraft.findUnique({ where: { reviewId: f.id } });
  if (kept && kept.basis === basis) return { text: kept.text, writtenBy: kept.writtenBy as ReplyWriterKind, request };
  let reply = await deps.providers.replies.write(request);
  // Two reviews of a location never share a draft: the local writer picks other phrases until its words are new.
  for (let variant = 1; variant <= DRAFT_VARIANTS && (await sameDraftElsewhere(deps, f, reply.text)); variant++) {
    reply = { text: deps.providers.replies.local({ ...request, seed: `${request.seed}~${variant}` }), by: 'local' };
  }
  const data = { locationId: f.locationId, text: reply.text, writtenBy: reply.by, basis, createdAt: new Date() };
  await deps.db.reviewReplyDraft.upsert({ where: { reviewId: f.id }, create: { reviewId: f.id, ...data }, update: data });
  return { text: reply.text, writtenBy: reply.by, request };
}

async function factsOf(ctx: LocationCtx, id: number): Promise<ReviewFacts> {
  const [f] = await reviewFacts(ctx, [id], ctx.location.locationId);
  if (!f) throw notFound(REPLY_MSG.reviewNotFound);
  return f;
}

const replyOf = (f: Pick<ReviewFacts, 'replyText' | 'replyUpdatedAt' | 'postedBy'>) =>
  f.replyText ? { comment: f.replyText, updated_at: f.replyUpdatedAt?.toISOString() ?? null, posted_by: f.postedBy } : null;

/** A review with its draft reply and its current reply (E: review-reply-draft). */
export async function loadDraft(ctx: LocationCtx, id: number): Promise<ReplyDraftData> {
  const f = await factsOf(ctx, id);
  const target = replyTarget(f);
  if (!target) throw badRequest(REPLY_MSG.notPublic);
  const voice = await voiceOf(ctx, f.locationId);
  const draft = await draftFor(ctx, f, voice);
  return {
    review: {
      id: f.id,
      source: f.source,
      rating: f.rating,
      rating_type: f.ratingType,
      author: reviewerName(f),
      text: f.text,
      posted_at: f.postedAt.toISOString(),
      url: f.url,
      technician: draft.request.technician,
      topics: f.topics,
    },
    draft: { text: draft.text, written_by: draft.writtenBy, tone: voice.tone },
    reply: replyOf(f),
    target,
  };
}

async function bioReviewOf(ctx: LocationCtx, id: number) {
  const f = await factsOf(ctx, id);
  if (replyTarget(f) !== 'bio') throw badRequest(REPLY_MSG.bioOnly);
  return f;
}

/** A person posts (or changes) the reply shown under a Kudo review on the bio page. */
export async function saveBioReply(ctx: LocationCtx, id: number, comment: string) {
  const f = await bioReviewOf(ctx, id);
  const poster = await personPoster(ctx);
  const now = new Date();
  const record = { locationId: f.locationId, text: comment, postedBy: poster.label, userId: poster.userId, ruleId: null, postedAt: now };
  await ctx.db.$transaction([
    ctx.db.review.update({ where: { id: f.id }, data: { replyText: comment, replyUpdatedAt: now } }),
    ctx.db.reviewReply.upsert({ where: { reviewId: f.id }, create: { reviewId: f.id, ...record }, update: record }),
  ]);
  return { reply: { comment, updated_at: now.toISOString(), posted_by: poster.label } };
}

export async function deleteBioReply(ctx: LocationCtx, id: number) {
  const f = await bioReviewOf(ctx, id);
  if (!f.replyText) throw badRequest(REPLY_MSG.replyNone);
  await ctx.db.$transaction([
    ctx.db.review.update({ where: { id: f.id }, data: { replyText: null, replyUpdatedAt: null } }),
    ctx.db.reviewReply.deleteMany({ where: { reviewId: f.id } }),
  ]);
  return { reply: null };
}
