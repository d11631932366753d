import { PRODUCT } from '@kudo/shared';
import { cx } from '../lib/cx';
import styles from './Logo.module.css';

interface LogoProps {
  size?: 'md' | 'lg';
  className?: string;
  /**
   * For a logo inside a link: where the link goes, read after the name ("Kudo, dashboard"). The link's
   * name then starts with the text people see, so voice control ("click Kudo") finds it.
   */
  destination?: string;
}

/** The product mark and name; white-label builds change PRODUCT in one place. */
export function Logo({ size = 'md', className, destination }: LogoProps) {
  return (
    <span className={cx(styles.logo, styles[size], className)}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M10 8v16M10 16l9-8M13 14l7 10"
          stroke="#fff"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span className={styles.name}>{PRODUCT.name}</span>
      {destination && <span className="visually-hidden">, {destination}</span>}
    </span>
  );
}
