import { cx } from '../lib/cx';
import styles from './ProgressBar.module.css';

/** A named determinate progress bar; `percent` is 0–100. */
export function ProgressBar({ label, percent, className }: { label: string; percent: number; className?: string }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div className={cx(styles.bar, className)} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <span style={{ width: `${value}%` }} />
    </div>
  );
}
