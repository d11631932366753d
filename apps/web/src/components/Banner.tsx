import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './Banner.module.css';
import { AlertIcon, CloseIcon, InfoIcon } from './icons';

export type BannerTone = 'info' | 'warning' | 'danger' | 'success';

interface BannerProps {
  tone?: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
  /** Edge to edge with square corners, for the strip above the app's header. */
  strip?: boolean;
  className?: string;
}

/** A full-width notice above content: trial state, delivery problems, broken connections. */
export function Banner({ tone = 'info', title, children, actions, onDismiss, strip, className }: BannerProps) {
  const urgent = tone === 'danger' || tone === 'warning';
  return (
    <div className={cx(styles.banner, styles[tone], strip && styles.strip, className)} role={urgent ? 'alert' : 'status'}>
      <span className={styles.icon}>{urgent ? <AlertIcon size={18} /> : <InfoIcon size={18} />}</span>
      <div className={styles.text}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.body}>{children}</div>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
      {onDismiss && (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss">
          <CloseIcon size={16} />
        </button>
      )}
    </div>
  );
}
