/**
 * The display names of review and social sites, by the keys reviews, social links, campaign links and
 * connections use. No dependencies beyond the product name, so the widget can import it alone
 * (`@kudo/shared/sites`).
 */
import { PRODUCT } from './product.js';

export const SITE_LABELS = {
  kudo: PRODUCT.name,
  google: 'Google',
  facebook: 'Facebook',
  yelp: 'Yelp',
  bbb: 'BBB',
  homeadvisor: 'HomeAdvisor',
  houzz: 'Houzz',
  nextdoor: 'Nextdoor',
  yp: 'Yellow Pages',
  angieslist: 'Angi',
  porch: 'Porch',
  homestar: 'HomeStars',
  custom: 'Custom link',
} as const;
export type SiteKey = keyof typeof SITE_LABELS;

/** A site's name; a key we do not know (a site added later) is shown capitalised. */
export const siteLabel = (key: string): string =>
  (SITE_LABELS as Record<string, string>)[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
