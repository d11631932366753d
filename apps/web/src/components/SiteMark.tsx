import { siteLabel } from '@kudo/shared';
import { readableTextOn } from '../lib/contrast';
import styles from './SiteMark.module.css';

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
  other: { color: '#64748b', mark: '★' },
  fb: { color: '#1877f2', mark: 'f' },
};

/**
 * A review or social site's round mark in its brand colour ("G" for Google). Decorative by default, for
 * use beside the site's name; with `labelled` it is named by the site for screen readers.
 */
export function SiteMark({ site, size = 36, labelled = false }: { site: string; size?: number; labelled?: boolean }) {
  const { color, mark } = MARKS[site] ?? MARKS.custom!;
  return (
    <span
      className={styles.mark}
      style={{ background: color, color: readableTextOn(color), width: size, height: size, fontSize: Math.round(size * 0.36) }}
      {...(labelled ? { role: 'img', 'aria-label': siteLabel(site), title: siteLabel(site) } : { 'aria-hidden': true })}
    >
      {mark}
    </span>
  );
}
