import { SOCIAL_TYPE_LABELS, type SocialType } from '@kudo/shared';
import { SiteMark } from '../../../components/SiteMark';

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
  return <SiteMark site={type === 'custom' && url ? (knownSite(url) ?? 'custom') : type} />;
}

export const siteLabel = (type: SocialType, title?: string | null) => (type === 'custom' ? title || SOCIAL_TYPE_LABELS.custom : SOCIAL_TYPE_LABELS[type]);
