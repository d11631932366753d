/**
 * Pure rendering of the embeddable review widget: HTML strings, styles and structured data built from the
 * public widget data. No DOM access here, so it runs (and is tested) anywhere.
 */
import type { widgetApi } from '@kudo/shared';
// Only these small modules of the shared package, so the widget bundle stays small.
import { formatPhone, toE164 } from '@kudo/shared/phone';
import { siteLabel } from '@kudo/shared/sites';
import { textColorOn } from '../lib/contrast';

export type WidgetData = widgetApi.WidgetData;
export type WidgetReview = widgetApi.WidgetReview;
export type WidgetSettings = widgetApi.ReviewWidgetSettings;

/** Kept equal to the shared constants (a unit test checks), so the bundle takes no more of the shared package. */
export const STATIC_CONTAINER_ID = 'kudo_widget_static_container';
export const KEY_ATTRIBUTE = 'data-kudo-widget';
export const PRODUCT_NAME = 'Kudo';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only http(s) links reach an href; anything else (javascript:, data:) becomes null. */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Only #RGB / #RRGGBB reach the styles; anything else falls back. */
export function safeColor(value: string, fallback: string): string {
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value) ? value : fallback;
}

/** "Maria Gonzalez" → "Maria G.": customers' surnames are not published. */
export function displayName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'A customer';
  if (parts.length === 1) return parts[0]!;
  return `${parts[0]} ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.`;
}

export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
}

/** A rating shown to one decimal: 4.4, 5.0. */
export const formatRating = (value: number): string => value.toFixed(1);

/** Five stars, the first `rating` (rounded to the nearest half-up whole) filled, with a spoken label. */
export function starsHtml(rating: number): string {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return `<span class="stars" role="img" aria-label="${formatRating(rating)} out of 5 stars"><span class="on">${'★'.repeat(filled)}</span><span class="off">${'★'.repeat(5 - filled)}</span></span>`;
}

export function reviewCountText(count: number): string {
  return `${count} review${count === 1 ? '' : 's'}`;
}

export function activityText(recent: number): string | null {
  if (recent <= 0) return null;
  return `${reviewCountText(recent)} in the last 30 days`;
}

export function reviewHtml(review: WidgetReview, settings: Pick<WidgetSettings, 'showImages' | 'showaudio'>, timeZone?: string): string {
  const link = safeUrl(review.url);
  const source = escapeHtml(siteLabel(review.source));
  const image = settings.showImages === 1 && review.campaign ? safeUrl(review.campaign.image) : null;
  const audio = settings.showaudio === 1 ? safeUrl(review.audioUrl) : null;
  return `<li class="review">
<div class="meta">${starsHtml(review.rating)}<span class="src">${link ? `<a href="${escapeHtml(link)}" target="_blank" rel="noopener">${source}</a>` : source}</span></div>
${review.text ? `<p class="text">${escapeHtml(review.text)}</p>` : ''}
${audio ? `<audio class="audio" controls preload="none" src="${escapeHtml(audio)}" aria-label="Audio review by ${escapeHtml(displayName(review.author))}"></audio>` : ''}
<div class="by">${image ? `<img class="avatar" src="${escapeHtml(image)}" alt="" width="28" height="28" loading="lazy">` : ''}<span><span class="author">${escapeHtml(displayName(review.author))}</span> · <time datetime="${escapeHtml(review.postedAt)}">${escapeHtml(formatDate(review.postedAt, timeZone))}</time>${image && review.campaign ? `<span class="tech"> · Service by ${escapeHtml(review.campaign.name)}</span>` : ''}</span></div>
</li>`;
}

/** The list of approved reviews with the honest-widget line, the link to all reviews and the phone. */
export function panelBodyHtml(data: WidgetData, timeZone?: string): string {
  const { aggregateRating: agg, settings } = data;
  const all = safeUrl(data.allReviewsUrl);
  const phone = toE164(data.business.phone) ?? '';
  const items = data.reviews.map((r) => reviewHtml(r, settings, timeZone)).join('');
  return `<div class="head">
<p class="name">${escapeHtml(data.business.name)}</p>
${agg.reviewCount > 0 ? `<p class="summary">${starsHtml(agg.ratingValue)} <strong>${formatRating(agg.ratingValue)}</strong> · ${reviewCountText(agg.reviewCount)}</p>` : '<p class="summary">No reviews yet</p>'}
</div>
<p class="selected">Selected reviews</p>
${items ? `<ul class="list">${items}</ul>` : '<p class="empty">No reviews to show yet.</p>'}
<div class="actions">
${all ? `<a class="all" href="${escapeHtml(all)}" target="_blank" rel="noopener">See all ${agg.reviewCount > 0 ? reviewCountText(agg.reviewCount) : 'reviews'}</a>` : ''}
${phone ? `<a class="call" href="tel:${phone}">Call ${escapeHtml(formatPhone(phone))}</a>` : ''}
</div>
<p class="powered">Powered by ${PRODUCT_NAME}</p>`;
}

/**
 * The dot of each of the five styles: its markup and the words it shows. One table for both, so the
 * spoken name always begins with what people see (voice control users say the visible words). Words
 * in separate elements are parted by a space in the markup too (the flex gap draws none in the text).
 */
function dotFace(data: WidgetData): { html: string; words: string } {
  const { settings, aggregateRating: agg } = data;
  const theme = settings.theme >= 1 && settings.theme <= 5 ? settings.theme : 1;
  const showRating = settings.showRatingsAlways === 1 && agg.reviewCount > 0;
  const rating = formatRating(agg.ratingValue);
  const count = reviewCountText(agg.reviewCount);
  switch (theme) {
    case 2:
      return showRating
        ? { html: `<span class="star">★</span><b>${rating}</b> <span class="sep"></span> <span>${count}</span>`, words: `${rating} ${count}` }
        : { html: `<span class="star">★</span><span>Reviews</span>`, words: 'Reviews' };
    case 3:
      // The stars repeat the rating beside them: hidden here, the name already says it.
      return showRating
        ? { html: `<b class="big">${rating}</b><span aria-hidden="true">${starsHtml(agg.ratingValue)}</span> <span class="small">${count}</span>`, words: `${rating} ${count}` }
        : { html: `<span class="star big">★</span><span class="small">Reviews</span>`, words: 'Reviews' };
    case 4:
      return { html: `<span class="star">★</span><span>Reviews${showRating ? ` ${rating}` : ''}</span>`, words: `Reviews${showRating ? ` ${rating}` : ''}` };
    case 5:
      return { html: `<span class="star">★</span>`, words: '' };
    default:
      return showRating
        ? { html: `<span class="star">★</span><b>${rating}</b>`, words: rating }
        : { html: `<span class="star">★</span><span class="small">Reviews</span>`, words: 'Reviews' };
  }
}

/** The dot's inner content for each of the five styles. */
export const dotContentHtml = (data: WidgetData): string => dotFace(data).html;

/** What a screen reader hears on the dot: the words it shows, then what it opens. */
export function dotLabel(data: WidgetData): string {
  const agg = data.aggregateRating;
  const rating = agg.reviewCount > 0 ? `, rated ${formatRating(agg.ratingValue)} out of 5 from ${reviewCountText(agg.reviewCount)}` : '';
  const about = `customer reviews of ${data.business.name}${rating}`;
  const { words } = dotFace(data);
  return words ? `${words}: ${about}` : about.charAt(0).toUpperCase() + about.slice(1);
}

/** The widget's styles, with the location's colours. */
export function widgetCss(settings: WidgetSettings): string {
  const bg = safeColor(settings.color, '#DDDDDD');
  // The business's text colour when it reads on their dot colour, black or white otherwise.
  const fg = textColorOn(bg, safeColor(settings.fontColor, '#FFFFFF'));
  return `:host{all:initial;display:block}
*{box-sizing:border-box}
.kw{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937}
.dot{all:unset;box-sizing:border-box;cursor:pointer;background:${bg};color:${fg};display:inline-flex;align-items:center;justify-content:center;gap:6px;box-shadow:0 6px 18px rgba(0,0,0,.22);font:600 14px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;touch-action:none;user-select:none}
.dot:focus-visible,.close:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.dot .star{font-size:18px}
.dot .big{font-size:24px}
.dot .small{font-size:11px;font-weight:500}
.dot .sep{width:1px;align-self:stretch;background:currentColor;opacity:.4}
.dot .stars .on{color:inherit}
.t1{width:64px;height:64px;border-radius:50%;flex-direction:column;gap:0}
.t2{height:44px;padding:0 18px;border-radius:22px}
.t3{width:84px;height:84px;border-radius:14px;flex-direction:column;gap:2px}
.t3 .stars{font-size:11px}
.t4{padding:14px 10px;border-radius:10px 0 0 10px;writing-mode:vertical-rl;transform:rotate(180deg)}
.left .t4{border-radius:0 10px 10px 0}
.t5{width:48px;height:48px;border-radius:50%}
.float{position:fixed;bottom:24px;z-index:2147483000}
.float.right{right:24px}.float.left{left:24px}
.float.edge{bottom:auto;top:50%;margin-top:-60px}
.float.edge.right{right:0}.float.edge.left{left:0}
.fixed{position:relative;display:flex;flex-direction:column;align-items:flex-start}
.fixed.right{align-items:flex-end}
.alert{position:absolute;bottom:calc(100% + 8px);white-space:nowrap;background:#fff;color:#1f2937;border-radius:8px;padding:6px 10px;font-size:12px;box-shadow:0 4px 14px rgba(0,0,0,.18)}
.right .alert{right:0}.left .alert{left:0}
.fixed .alert{position:static;display:block;width:max-content;max-width:240px;white-space:normal;margin-top:8px;box-shadow:none;border:1px solid #e5e7eb}
.panel{position:absolute;bottom:calc(100% + 12px);width:min(360px,calc(100vw - 32px));max-height:min(560px,70vh);overflow:auto;background:#fff;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.25);padding:16px}
.right .panel{right:0}.left .panel{left:0}
.fixed .panel{bottom:auto;top:calc(100% + 8px)}
.edge .panel{bottom:auto;top:50%;transform:translateY(-50%)}
.edge.right .panel{right:calc(100% + 8px)}.edge.left .panel{left:calc(100% + 8px)}
.panel[hidden],.alert[hidden]{display:none}
.inline{position:static;width:auto;max-height:none;box-shadow:none;border:1px solid #e5e7eb}
.close{all:unset;cursor:pointer;position:absolute;top:8px;right:10px;font-size:20px;line-height:1;padding:4px 8px;border-radius:6px;color:#6b7280}
.head{padding-right:28px}
.name{margin:0;font-weight:700;font-size:16px}
.summary{margin:2px 0 0;color:#374151}
.stars{letter-spacing:1px;white-space:nowrap}
.stars .on{color:#f59e0b}.stars .off{color:#d1d5db}
.selected{margin:12px 0 4px;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#6b7280}
.list{list-style:none;margin:0;padding:0}
.review{padding:10px 0;border-top:1px solid #f3f4f6}
.meta{display:flex;justify-content:space-between;align-items:center;gap:8px}
.src{font-size:12px;color:#6b7280}
.src a{color:inherit}
.text{margin:6px 0;white-space:pre-line}
.audio{width:100%;height:36px;margin:4px 0}
.by{display:flex;align-items:center;gap:8px;font-size:12px;color:#6b7280}
.avatar{width:28px;height:28px;border-radius:50%;object-fit:cover}
.author{color:#374151;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
.actions a{flex:1 1 auto;text-align:center;text-decoration:none;border-radius:8px;padding:9px 12px;font-weight:600}
.all{background:${bg};color:${fg}}
.call{border:1px solid #d1d5db;color:#1f2937}
.empty{color:#6b7280}
.powered{margin:10px 0 0;text-align:center;font-size:11px;color:#6b7280}`;
}

/** schema.org LocalBusiness with an honest AggregateRating (over every review) and the shown reviews. */
export function structuredData(data: WidgetData, pageUrl?: string): Record<string, unknown> {
  const { business, aggregateRating: agg } = data;
  const address = business.address;
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: business.name,
  };
  const url = safeUrl(business.website) ?? safeUrl(pageUrl);
  if (url) ld.url = url;
  if (business.phone) ld.telephone = business.phone;
  if (address.street || address.city) {
    ld.address = {
      '@type': 'PostalAddress',
      ...(address.street ? { streetAddress: address.street } : {}),
      ...(address.city ? { addressLocality: address.city } : {}),
      ...(address.region ? { addressRegion: address.region } : {}),
      ...(address.postalCode ? { postalCode: address.postalCode } : {}),
      ...(address.country ? { addressCountry: address.country } : {}),
    };
  }
  if (agg.reviewCount > 0) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: agg.ratingValue,
      reviewCount: agg.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  if (data.reviews.length > 0) {
    ld.review = data.reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: displayName(r.author) },
      datePublished: r.postedAt.slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      ...(r.text ? { reviewBody: r.text } : {}),
    }));
  }
  return ld;
}

/** JSON for a <script type="application/ld+json">: "<" is escaped so the text cannot close the tag. */
export const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
