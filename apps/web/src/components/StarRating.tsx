import { cx } from '../lib/cx';
import styles from './StarRating.module.css';

export const STAR_COUNT = 5;

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** How much of the row of stars is filled, in percent (0 to 100); anything outside 0–5 is clamped. */
export const starFill = (value: number): number => (Math.min(STAR_COUNT, Math.max(0, value)) / STAR_COUNT) * 100;

function Stars({ size }: { size: number }) {
  return (
    <>
      {Array.from({ length: STAR_COUNT }, (_, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </>
  );
}

/**
 * A rating out of five as stars, filled to the exact value (4.3 fills four stars and a third), read out
 * as "4.3 out of 5 stars". With `showValue` the number follows the stars.
 */
export function StarRating({ value, size = 16, showValue = false, className }: { value: number; size?: number; showValue?: boolean; className?: string }) {
  const shown = Math.round(value * 10) / 10;
  return (
    <span className={cx(styles.rating, className)}>
      <span className={styles.stars} role="img" aria-label={`${shown} out of ${STAR_COUNT} stars`}>
        <span className={styles.empty}>
          <Stars size={size} />
        </span>
        <span className={styles.full} style={{ width: `${starFill(value)}%` }}>
          <Stars size={size} />
        </span>
      </span>
      {showValue && (
        <span className={styles.value} aria-hidden="true">
          {shown.toFixed(1)}
        </span>
      )}
    </span>
  );
}
