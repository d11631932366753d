import { toE164, widgetApi } from '@kudo/shared';
import type { Db } from '../../lib/db.js';
import { hasAddon } from '../../lib/entitlements.js';
import { listedReviewWhere, publicReviewWhere } from '../../lib/public-reviews.js';
import type { Location, WidgetSetting } from '../../generated/prisma/client.js';
import { toReviewWidgetSettings } from './settings.js';

type WidgetData = widgetApi.WidgetData;

const DAY = 24 * 60 * 60 * 1000;
/** How long the computed public data is served before it is computed again. */
export const WIDGET_DATA_TTL_MS = 60_000;

/** The average of the ratings, rounded to one decimal; 0 when there are none. */
export function averageRating(sum: number, count: number): number {
  if (count === 0) return 0;
  return Math.round((sum / count) * 10) / 10;
}

export const googleReviewsUrl = (placeId: string) =>
  `https://search.google.com/local/reviews?placeid=${encodeURIComponent(placeId)}`;

/**
 * Where "all reviews" leads: the Google review page, else another site's review page or homepage in the
 * location's order, else the business website; null when none is known.
 */
export async function allReviewsUrl(db: Db, location: Pick<Location, 'id' | 'companyWebUrl'>): Promise<string | null> {
  const [accounts, place] = await Promise.all([
    db.socialAccount.findMany({ where: { locationId: location.id }, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] }),
    db.googlePlace.findUnique({ where: { locationId: location.id } }),
  ]);
  const google = accounts.find((a) => a.type === 'google');
  if (google?.reviewPage) return google.reviewPage;
  if (place?.placeId) return googleReviewsUrl(place.placeId);
  const withReviews = accounts.find((a) => a.reviewPage);
  if (withReviews) return withReviews.reviewPage;
  const withHomepage = accounts.find((a) => a.homepage);
  if (withHomepage) return withHomepage.homepage;
  return location.companyWebUrl || null;
}

/** An absolute URL: images stored as paths of this app (demo pictures) are resolved against its public URL. */
export function absoluteUrl(value: string, publicUrl: string): string {
  if (!value) return '';
  try {
    return new URL(value, `${publicUrl}/`).href;
  } catch {
    return '';
  }
}

/**
 * Computes what the embedded widget shows, from the location's reviews and settings. Links are absolute:
 * the widget runs on other sites.
 */
export async function computeWidgetData(
  db: Db,
  location: Location,
  widget: WidgetSetting,
  publicUrl: string,
  now = new Date(),
): Promise<WidgetData> {
  const where = publicReviewWhere(location.id);
  const [aggregate, recentReviewCount, reviews, reviewsUrl, webChat] = await Promise.all([
    db.review.aggregate({ where, _sum: { rating: true }, _count: { _all: true } }),
    db.review.count({ where: { ...where, postedAt: { gte: new Date(now.getTime() - 30 * DAY), lte: now } } }),
    db.review.findMany({
      where: listedReviewWhere(location.id),
      orderBy: [{ postedAt: 'desc' }, { id: 'desc' }],
      take: widgetApi.WIDGET_REVIEW_LIMIT,
    }),
    allReviewsUrl(db, location),
    widget.chatEnabled
      ? hasAddon(db, location.id, 'web-chat')
      : Promise.resolve(false),
  ]);
  const campaignIds = [...new Set(reviews.map((r) => r.campaignId).filter((id): id is number => id !== null))];
  const campaigns = campaignIds.length
    ? await db.campaign.findMany({ where: { id: { in: campaignIds }, locationId: location.id }, select: { id: true, name: true, image: true } })
    : [];
  const campaignById = new Map(campaigns.map((c) => [c.id, { name: c.name, image: absoluteUrl(c.image, publicUrl) }]));
  const count = aggregate._count._all;
  const settings = toReviewWidgetSettings(widget);
  return {
    business: {
      name: location.name,
      phone: settings.phoneNumber || (toE164(location.companyPhoneNumber) ?? ''),
      website: location.companyWebUrl,
      address: {
        street: location.companyAddress || location.addressLine1,
        city: location.companyCity,
        region: location.companyState,
        postalCode: location.companyZipcode,
        country: location.companyCountry,
      },
    },
    aggregateRating: { ratingValue: averageRating(aggregate._sum.rating ?? 0, count), reviewCount: count },
    recentReviewCount,
    reviews: reviews.map((r) => ({
      id: r.id,
      author: r.authorName,
      rating: r.rating,
      text: r.text,
      source: r.source,
      postedAt: r.postedAt.toISOString(),
      audioUrl: r.audioUrl,
      url: r.url,
      campaign: (r.campaignId !== null && campaignById.get(r.campaignId)) || null,
    })),
    allReviewsUrl: reviewsUrl,
    settings,
    // Only whether the chat is on and what its button needs: nothing else of the location's settings.
    chat:
      webChat
        ? { enabled: true, greeting: widget.chatGreeting, color: widget.chatColor, orientation: widget.chatOrientation === 'left' ? 'left' : 'right' }
        : { enabled: false, greeting: '', color: '', orientation: 'right' },
    generatedAt: now.toISOString(),
  };
}

/** Computes the data again and keeps it with the widget. */
export async function refreshWidgetCache(db: Db, location: Location, widget: WidgetSetting, publicUrl: string, now = new Date()) {
  const data = await computeWidgetData(db, location, widget, publicUrl, now);
  await db.widgetSetting.update({
    where: { id: widget.id },
    data: { dataCache: data as object, dataCachedAt: now },
  });
  return data;
}

/** The public data of a widget key: the kept copy while fresh, else computed again. Null for unknown keys. */
export async function widgetDataForKey(db: Db, key: string, publicUrl: string, now = new Date()): Promise<WidgetData | null> {
  const widget = await db.widgetSetting.findUnique({ where: { widgetKey: key }, include: { location: true } });
  if (!widget) return null;
  const fresh = widget.dataCache && widget.dataCachedAt && now.getTime() - widget.dataCachedAt.getTime() < WIDGET_DATA_TTL_MS;
  // A copy kept before the data had the chat is computed again.
  if (fresh && 'chat' in (widget.dataCache as object)) return widget.dataCache as unknown as WidgetData;
  return refreshWidgetCache(db, widget.location, widget, publicUrl, now);
}
