import { toE164, widgetApi } from '@kudo/shared';
import { entityTag } from '../../http/conditional.js';
import { JsonText } from '../../http/route.js';
import { jsonOf } from '../../http/serializer.js';
import { poolOf, type Db } from '../../lib/db.js';
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

/** The public data as it is kept and served: its JSON text, and the entity tag of that text. */
export interface KeptWidgetData {
  json: string;
  etag: string;
}

/**
 * Computes the data again and keeps it with the widget: the JSON text it is served as (only what the
 * contract declares) and that text's strong entity tag. Data that did not change keeps its text, its
 * generatedAt (when it last changed) and so its tag, so that a browser revalidating after the minute of
 * max-age is answered 304 unless something the widget shows changed.
 */
export async function refreshWidgetCache(
  db: Db,
  location: Location,
  widget: WidgetSetting,
  publicUrl: string,
  now = new Date(),
): Promise<KeptWidgetData & { data: WidgetData }> {
  let data = await computeWidgetData(db, location, widget, publicUrl, now);
  let json = jsonOf(widgetApi.publicWidgetData.response, data);
  let etag = entityTag(json);
  const before = widget.dataCache && widget.dataEtag ? (JSON.parse(widget.dataCache) as { generatedAt?: unknown }).generatedAt : undefined;
  if (typeof before === 'string') {
    const unchanged = { ...data, generatedAt: before };
    if (jsonOf(widgetApi.publicWidgetData.response, unchanged) === widget.dataCache) {
      data = unchanged;
      json = widget.dataCache;
      etag = widget.dataEtag!;
    }
  }
  await db.widgetSetting.update({
    where: { id: widget.id },
    data: { dataCache: json, dataEtag: etag, dataCachedAt: now },
  });
  return { data, json, etag };
}

/** A widget's answer as this process sends it: the envelope's bytes are made once per version. */
export interface WidgetAnswer {
  etag: string;
  body: JsonText<WidgetData>;
}

/**
 * The kept copy of a widget key, in one named statement: its tag and age, and its text unless this process
 * already holds the text of that tag ($2), so that an unchanged answer is neither sent by PostgreSQL nor
 * decoded again (the tag is a hash of the text: the same tag is the same text).
 */
const KEPT_DATA = `
  SELECT data_etag AS etag,
         (extract(epoch FROM data_cached_at AT TIME ZONE 'UTC') * 1000)::float8 AS cached_at,
         CASE WHEN data_etag = $2 THEN NULL ELSE data_cache END AS json
    FROM widget_settings
   WHERE widget_key = $1`;

/** How many widgets' answers a process holds; past that the longest unchanged are dropped first. */
const HELD_ANSWERS = 5_000;

/** Per database: the answers this process holds by key, and the computations under way by key. */
const held = new WeakMap<Db, { answers: Map<string, WidgetAnswer>; refreshing: Map<string, Promise<WidgetAnswer | null>> }>();

/**
 * The public data of a widget key with its entity tag, read by every visitor of the customer's website:
 * the kept copy while fresh, in one round trip that checks this process's copy against the database, else
 * computed again, once per key and process at a time. Null for unknown keys.
 */
export async function widgetDataForKey(db: Db, key: string, publicUrl: string, now = new Date()): Promise<WidgetAnswer | null> {
  let mine = held.get(db);
  if (!mine) held.set(db, (mine = { answers: new Map(), refreshing: new Map() }));
  const { answers, refreshing } = mine;
  const local = answers.get(key);
  const { rows } = await poolOf(db).query<{ etag: string | null; cached_at: number | null; json: string | null }>({
    name: 'kudo_widget_data',
    text: KEPT_DATA,
    values: [key, local?.etag ?? null],
  });
  const kept = rows[0];
  if (!kept) {
    answers.delete(key);
    return null;
  }
  if (kept.etag !== null && kept.cached_at !== null && now.getTime() - kept.cached_at < WIDGET_DATA_TTL_MS) {
    if (kept.json === null && local) return local;
    if (kept.json !== null) return hold(answers, key, { json: kept.json, etag: kept.etag });
  }
  let pending = refreshing.get(key);
  if (!pending) {
    pending = (async () => {
      const widget = await db.widgetSetting.findUnique({ where: { widgetKey: key }, include: { location: true } });
      if (!widget) return null;
      return hold(answers, key, await refreshWidgetCache(db, widget.location, widget, publicUrl, now));
    })().finally(() => refreshing.delete(key));
    refreshing.set(key, pending);
  }
  return pending;
}

function hold(answers: Map<string, WidgetAnswer>, key: string, kept: KeptWidgetData): WidgetAnswer {
  const answer = { etag: kept.etag, body: new JsonText<WidgetData>(kept.json) };
  answers.delete(key);
  answers.set(key, answer);
  if (answers.size > HELD_ANSWERS) answers.delete(answers.keys().next().value!);
  return answer;
}
