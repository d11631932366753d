import { analyticsApi } from '@kudo/shared';
import { localDate } from '../../lib/quiet-hours.js';
import { localFeed } from '../../providers/local-reviews.js';
import { DEMO_PLACES } from '../../providers/places/local.js';
import { addressParts } from '../../providers/places/address.js';
import { facebookReviewsUrl, googleReviewUrl, suggestCredits } from '../../modules/social-reviews/sync.js';
import type { AreaSeeder } from './types.js';

const DAY = 86_400_000;
/** Austin joined 13 months ago: its first snapshot is "joining". */
const JOINED_DAYS_AGO = 395;

/** A smooth rise with small deterministic steps, 0 at the start and 1 at the end. */
const rise = (i: number, n: number) => {
  const t = i / n;
  const wobble = Math.sin(i * 1.7) * 0.004;
  return Math.min(1, Math.max(0, t * (0.85 + 0.15 * t) + wobble));
};

/**
 * Austin: 13 months of daily Google and Facebook figures rising from the day it joined to today's (Google
 * 240 reviews at 4.6 to 312 at 4.8, as its place shows), the reviews of its local feed as a sync stores them
 * with their credit suggestions, some confirmed by the owner, and four competitors from the demo places.
 * Dallas: its Google connection expired before a first sync, so it has neither snapshots nor reviews.
 */
export const seedSocialReviews: AreaSeeder = async (tx, { austinId, now, users }) => {
  const austin = await tx.location.findUniqueOrThrow({ where: { id: austinId }, select: { timeZone: true } });
  const series = (platform: string, from: { count: number; rating: number }, to: { count: number; rating: number }) =>
    Array.from({ length: JOINED_DAYS_AGO + 1 }, (_, i) => {
      const f = rise(i, JOINED_DAYS_AGO);
      const day = localDate(new Date(now.getTime() - (JOINED_DAYS_AGO - i) * DAY), austin.timeZone);
      return {
        locationId: austinId,
        platform,
        day: new Date(`${day}T00:00:00Z`),
        reviewCount: i === JOINED_DAYS_AGO ? to.count : Math.round(from.count + (to.count - from.count) * f),
        rating: i === JOINED_DAYS_AGO ? to.rating : Math.round((from.rating + (to.rating - from.rating) * f) * 100) / 100,
      };
    });
  await tx.ratingSnapshot.createMany({
    data: [...series('google', { count: 240, rating: 4.6 }, { count: 312, rating: 4.8 }), ...series('facebook', { count: 31, rating: 4.5 }, { count: 58, rating: 4.7 })],
    skipDuplicates: true,
  });

  const google = await tx.googleConnection.findUniqueOrThrow({ where: { locationId: austinId } });
  const facebook = await tx.facebookConnection.findUniqueOrThrow({ where: { locationId: austinId } });
  const feeds = [
    { source: 'google', items: localFeed(google.selectedId!, now), url: googleReviewUrl(google.selectedPlaceId) },
    { source: 'facebook', items: localFeed(facebook.pageSelectedId!, now), url: facebookReviewsUrl(facebook.pageSelectedId!) },
  ];
  const stored: { id: number; text: string; authorName: string; postedAt: Date }[] = [];
  for (const feed of feeds) {
    for (const r of feed.items) {
      const rating = feed.source === 'facebook' ? (r.stars >= 4 ? 5 : 1) : r.stars;
      const row = await tx.review.create({
        data: {
          locationId: austinId,
          source: feed.source,
          externalId: r.id,
          authorName: r.author,
          rating,
          ratingType: feed.source === 'facebook' ? 'recommendation' : 'star',
          sentiment: analyticsApi.sentimentFromStars(rating),
          text: r.text,
          postedAt: r.postedAt,
          sourceUpdatedAt: feed.source === 'google' ? r.postedAt : null,
          url: feed.url,
        },
      });
      stored.push({ id: row.id, text: row.text, authorName: row.authorName, postedAt: row.postedAt });
    }
    await tx.reviewSyncState.create({
      data: { locationId: austinId, platform: feed.source, lastSyncedAt: now, nextSyncAt: new Date(now.getTime() + 6 * 3600_000) },
    });
  }
  await suggestCredits(tx, austinId, stored);

  // The owner confirmed the suggestions of the older half of the reviews; the newest still wait for a person.
  const suggestions = await tx.reviewCredit.findMany({ where: { locationId: austinId }, include: { review: { select: { postedAt: true } } } });
  const cutoff = new Date(now.getTime() - 120 * DAY);
  const confirmed = suggestions.filter((s) => s.review.postedAt < cutoff);
  await tx.reviewCredit.createMany({
    data: confirmed.map((s) => ({ locationId: austinId, reviewId: s.reviewId, campaignId: s.campaignId, method: 'human', createdById: users.owner })),
    skipDuplicates: true,
  });
  // And credited two reviews that name nobody by hand, to the technician who did the job.
  const mike = await tx.campaign.findFirstOrThrow({ where: { locationId: austinId, name: 'Mike Torres' } });
  const unnamed = await tx.review.findMany({
    where: { locationId: austinId, source: 'google', credits: { none: {} }, rating: 5, postedAt: { lt: cutoff } },
    orderBy: { postedAt: 'desc' },
    take: 2,
  });
  await tx.reviewCredit.createMany({
    data: unnamed.map((r) => ({ locationId: austinId, reviewId: r.id, campaignId: mike.id, method: 'human', createdById: users.owner })),
  });

  const competitors = ['ChIJdemoLoneStarHvac000003', 'ChIJdemoCapitalRoofing0004', 'ChIJdemoBartonElectric0005', 'ChIJdemoAustinGarageDoor07'];
  await tx.competitor.createMany({
    data: competitors.map((placeId, i) => {
      const p = DEMO_PLACES.find((x) => x.placeId === placeId)!;
      return {
        locationId: austinId,
        placeId,
        name: p.name,
        address: { ...addressParts(p.address) },
        rating: p.rating,
        reviewCount: p.reviewCount,
        refreshedAt: now,
        createdAt: new Date(now.getTime() - (90 - i * 20) * DAY),
      };
    }),
  });
};
