import { cx } from '../../../lib/cx';
import styles from './Leaderboard.module.css';

/** A campaign's photo, or its initials when it has none. Decorative: the name is always written beside it. */
export function CampaignAvatar({ name, image, size = 'md' }: { name: string; image: string; size?: 'md' | 'lg' }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return image ? (
    <img className={cx(styles.avatar, size === 'lg' && styles.avatarLarge)} src={image} alt="" />
  ) : (
    <span className={cx(styles.avatar, styles.initials, size === 'lg' && styles.avatarLarge)} aria-hidden="true">
      {initials}
    </span>
  );
}
