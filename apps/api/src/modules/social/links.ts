import { SOCIAL_SITE_TYPES, type SocialAccount, type SocialSiteType, type SocialType } from '@kudo/shared';

/** The domains each review site's pages live on (subdomains included). */
export const SITE_DOMAINS: Record<SocialSiteType, readonly string[]> = {
  homestar: ['homestars.com'],
  google: ['google.com', 'g.page', 'goo.gl', 'app.goo.gl'],
  facebook: ['facebook.com', 'fb.com', 'fb.me'],
  bbb: ['bbb.org'],
  homeadvisor: ['homeadvisor.com'],
  houzz: ['houzz.com'],
  nextdoor: ['nextdoor.com'],
  yp: ['yellowpages.com', 'yp.com'],
  angieslist: ['angi.com', 'angieslist.com'],
  porch: ['porch.com'],
};

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
};

/** Whether a link is on one of the site's domains (google.co.uk and the like count for Google). */
export function looksLikeSite(type: SocialSiteType, url: string): boolean {
  const host = hostOf(url);
  if (!host) return false;
  if (type === 'google' && /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host)) return true;
  return SITE_DOMAINS[type].some((d) => host === d || host.endsWith(`.${d}`));
}

export const googleReviewUrl = (placeId: string) =>
  `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
export const googleMapsUrl = (placeId: string) =>
  `https://www.google.com/maps/place/?q=place_id:${encodeURIComponent(placeId)}`;
export const facebookPageUrl = (pageId: string) => `https://www.facebook.com/${encodeURIComponent(pageId)}`;
export const facebookReviewUrl = (pageId: string) => `${facebookPageUrl(pageId)}/reviews`;

/** The review page that goes with a homepage when only the homepage is given. */
export function reviewPageFor(type: SocialSiteType, homepage: string): string {
  if (type === 'facebook' && looksLikeSite('facebook', homepage)) {
    const url = new URL(homepage);
    const path = url.pathname.replace(/\/+$/, '');
    if (!/\/reviews$/.test(path)) url.pathname = `${path}/reviews`;
    url.hash = '';
    return url.toString();
  }
  return homepage;
}

export const customKey = (id: number) => `custom:${id}`;
export const isSiteType = (v: string): v is SocialSiteType => (SOCIAL_SITE_TYPES as readonly string[]).includes(v);

export interface StoredRow {
  id: number;
  type: string;
  homepage: string;
  reviewPage: string;
  title: string | null;
  sortOrder: number;
}

/**
 * Every row of the list in display order: the stored rows by their order, and the sites never stored
 * at their default place (their index in SOCIAL_SITE_TYPES). Custom links come after the sites by default.
 */
export function orderedAccounts(rows: readonly StoredRow[]): SocialAccount[] {
  const bySite = new Map(rows.filter((r) => r.type !== 'custom').map((r) => [r.type, r]));
  const items: (SocialAccount & { tie: number })[] = [];
  SOCIAL_SITE_TYPES.forEach((type, index) => {
    const row = bySite.get(type);
    items.push({
      key: type,
      type,
      id: row?.id ?? null,
      homepage: row?.homepage ?? '',
      reviewPage: row?.reviewPage ?? '',
      title: null,
      order: row ? row.sortOrder : index,
      tie: index,
    });
  });
  for (const row of rows) {
    if (row.type !== 'custom') continue;
    items.push({
      key: customKey(row.id),
      type: 'custom' as SocialType,
      id: row.id,
      homepage: row.homepage,
      reviewPage: row.reviewPage,
      title: row.title,
      order: row.sortOrder,
      tie: SOCIAL_SITE_TYPES.length + row.id,
    });
  }
  items.sort((a, b) => a.order - b.order || a.tie - b.tie);
  return items.map(({ tie: _tie, ...item }, position) => ({ ...item, order: position }));
}

/** The order a new custom link gets: after every row shown. */
export function nextOrder(rows: readonly StoredRow[]): number {
  return Math.max(SOCIAL_SITE_TYPES.length - 1, ...rows.map((r) => r.sortOrder)) + 1;
}

/** Whether `order` names every current key exactly once. */
export function isPermutation(order: readonly string[], keys: readonly string[]): boolean {
  if (order.length !== keys.length) return false;
  const set = new Set(order);
  return set.size === order.length && keys.every((k) => set.has(k));
}

export const isEmptyLink = (row: { homepage: string; reviewPage: string } | null | undefined) =>
  !row || (!row.homepage && !row.reviewPage);
