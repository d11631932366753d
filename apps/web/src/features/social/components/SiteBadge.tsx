import { SOCIAL_TYPE_LABELS, type SocialType } from '@kudo/shared';
import { readableTextOn } from '../../../lib/contrast';
import styles from './Social.module.css';

/** Brand colours and marks of the review sites (and of the other sites links may point to). */
const MARKS: Record<string, { color: string; mark: string }> = {
  homestar: { color: '#f26b21', mark: 'HS' },
  google: { color: '#4285f4', mark: 'G' },
  facebook: { color: '#1877f2', mark: 'f' },
  bbb: { color: '#005a78', mark: 'BBB' },
  homeadvisor: { color: '#f68315', mark: 'HA' },
  houzz: { color: '#4dbc15', mark: 'h' },
  nextdoor: { color: '#8ed500', mark: 'n' },
  yp: { color: '#ffd200', mark: 'yp' },
  angieslist: { color: '#ff6153', mark: 'A' },
  porch: { color: '#0b2f5b', mark: 'P' },
  yelp: { color: '#d32323', mark: 'y' },
  bing: { color: '#008373', mark: 'b' },
  snapchat: { color: '#fffc00', mark: 'S' },
  twitter: { color: '#0f1419', mark: 'X' },
  kudo: { color: '#2563eb', mark: 'K' },
  custom: { color: '#64748b', mark: '★' },
};

/** The site a custom link points to, when it is one we have a mark for. */
function knownSite(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    for (const site of ['yelp', 'bing', 'snapchat', 'twitter']) if (host.includes(`${site}.`)) return site;
    if (host.endsWith('x.com')) return 'twitter';
  } catch {
    // Not a link: the plain custom mark.
  }
  return null;
}

export function SiteBadge({ type, url }: { type: SocialType; url?: string }) {
  const site = type === 'custom' && url ? (knownSite(url) ?? 'custom') : type;
  const { color, mark } = MARKS[site] ?? MARKS.custom!;
  return (
    <span className={styles.badge} style={{ background: color, color: readableTextOn(color) }} aria-hidden="true">
      {mark}
    </span>
  );
}

export const siteLabel = (type: SocialType, title?: string | null) => (type === 'custom' ? title || SOCIAL_TYPE_LABELS.custom : SOCIAL_TYPE_LABELS[type]);
