import { analyticsApi, starsFor, type Mood } from '@kudo/shared';
import type { Db } from '../../lib/db.js';
import type { Prisma } from '../../generated/prisma/client.js';

/** "Pat J.": a customer's first name and initial, as reviews show them. */
export function publicName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A customer';
  return parts.length === 1 ? parts[0]! : `${parts[0]} ${parts.at(-1)![0]!.toUpperCase()}.`;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A place picked from an address search may carry a postal code. */
export function zipOf(place: unknown): string {
  if (!place || typeof place !== 'object') return '';
  const p = place as Record<string, unknown>;
  return text(p.zipcode ?? p.postalCode ?? p.postal_code ?? p.zip).slice(0, 10);
}

/** What an answered pulseCheck's review says, from the dispatch and the steps answered so far. */
export function answerReviewFields(
  d: { customerName: string; mood: string | null; creditedCampaignId: number | null; campaignId: number },
  submissions: readonly { type: string; data: unknown }[],
) {
  const step = (type: string) => submissions.find((s) => s.type === type)?.data;
  const ratings = step('ratings');
  const sliders = Array.isArray(ratings)
    ? (ratings as { name?: unknown; value?: unknown }[])
        .filter((r) => typeof r.value === 'number')
        .map((r) => ({ name: text(r.name), value: r.value as number }))
    : null;
  const kudoIndex = sliders && sliders.length ? sliders.reduce((s, r) => s + r.value, 0) / sliders.length : null;
  const lead = step('social-media') as { selection?: unknown } | undefined;
  const review = step('review') as { method?: string; value?: string; audio_url?: string } | undefined;
  const mood = (d.mood as Mood | null) ?? null;
  const rating = starsFor(mood, kudoIndex);
  return {
    authorName: publicName(d.customerName),
    rating,
    sentiment: mood ?? analyticsApi.sentimentFromStars(rating),
    sliders: sliders ? (sliders as Prisma.InputJsonValue) : undefined,
    kudoIndex,
    reviewLead: typeof lead?.selection === 'string' && lead.selection !== 'none',
    text: review?.method === 'text' ? text(review.value) : '',
    audioUrl: review?.audio_url ?? null,
    campaignId: d.creditedCampaignId ?? d.campaignId,
  };
}

/**
 * The review of an answered pulseCheck, made at its first answer and completed as the customer goes on:
 * sentiment from the mood (from the sliders' stars while no mood is given), the sliders and their mean (the
 * answer's Kudo Index), the written or recorded review, the customer as sent, and the credited campaign.
 * Test pulseChecks and unanswered ones have none. Staff's approval, archive and corrections are kept.
 */
export async function syncAnswerReview(db: Db, dispatchId: number, retry = true): Promise<void> {
  const d = await db.dispatch.findUnique({
    where: { id: dispatchId },
    include: { submissions: { select: { type: true, data: true } }, customer: { select: { city: true, state: true } } },
  });
  if (!d || d.isTest || d.kind !== 'pcheck' || d.submissions.length === 0) return;
  const fields = answerReviewFields(d, d.submissions);
  const externalId = `dispatch-${d.id}`;
  const existing = await db.review.findUnique({ where: { locationId_source_externalId: { locationId: d.locationId, source: 'kudo', externalId } } });
  if (existing) {
    // The campaign and customer may have been corrected by staff (Edit Review): keep them.
    const { campaignId: _campaign, ...answer } = fields;
    await db.review.update({ where: { id: existing.id }, data: answer });
    return;
  }
  await db.review
    .create({
      data: {
        locationId: d.locationId,
        source: 'kudo',
        externalId,
        dispatchId: d.id,
        postedAt: d.respondedAt ?? new Date(),
        ...fields,
        customerName: d.customerName,
        customerPhone: d.customerPhone ?? '',
        customerEmail: d.customerEmail ?? '',
        customerAddress: d.customerAddress,
        customerCity: d.customer?.city ?? '',
        customerState: d.customer?.state ?? '',
        customerZipcode: zipOf(d.customerPlace),
      },
    })
    .catch(async (error: unknown) => {
      // Two steps answered at once: the other request made the row; complete it instead.
      if (!retry || (error as { code?: string }).code !== 'P2002') throw error;
      await syncAnswerReview(db, dispatchId, false);
    });
}
