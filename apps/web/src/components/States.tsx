import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import { Button } from './Button';
import { AlertIcon, ChartIcon, InfoIcon, RefreshIcon } from './icons';
import { Spinner } from './Spinner';
import styles from './States.module.css';

/** Texts every list and panel shares (global texts of the specification). */
export const STATE_TEXT = {
  error: 'Oops!',
  empty: 'No data could be found!',
  collecting: 'Collecting Data',
  collectingHint: 'Check back soon!',
} as const;

interface StateProps {
  className?: string;
  /** Smaller padding for use inside panels and table bodies. */
  compact?: boolean;
  /** Fills the viewport: for screens that have nothing else to show yet. */
  fullPage?: boolean;
}

export function LoadingState({ label = 'Loading…', className, compact, fullPage }: StateProps & { label?: string }) {
  return (
    <div
      className={cx(styles.state, compact && styles.compact, fullPage && styles.fullPage, className)}
      role="status"
      aria-live="polite"
    >
      <Spinner size="lg" label={null} />
      <p className={styles.muted}>{label}</p>
    </div>
  );
}

interface ErrorStateProps extends StateProps {
  /** 'Oops!' unless the screen names its errors otherwise. */
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  /** Extra actions beside Retry (e.g. a Connect button). */
  actions?: ReactNode;
}

export function ErrorState({ title = STATE_TEXT.error, message, onRetry, retrying, actions, className, compact, fullPage }: ErrorStateProps) {
  return (
    <div className={cx(styles.state, compact && styles.compact, fullPage && styles.fullPage, className)} role="alert">
      <span className={cx(styles.icon, styles.iconDanger)}>
        <AlertIcon size={22} />
      </span>
      <p className={styles.title}>{title}</p>
      <p className={styles.muted}>{message}</p>
      {(onRetry || actions) && (
        <div className={styles.actions}>
          {onRetry && (
            <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying} icon={<RefreshIcon />}>
              Retry
            </Button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}

interface EmptyStateProps extends StateProps {
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title = STATE_TEXT.empty, description, actions, icon, className, compact }: EmptyStateProps) {
  return (
    <div className={cx(styles.state, compact && styles.compact, className)}>
      <span className={styles.icon}>{icon ?? <InfoIcon size={22} />}</span>
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.muted}>{description}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

/** A report whose data is still being gathered: honest about it instead of showing zeros. */
export function CollectingDataState({ description, className, compact }: StateProps & { description?: ReactNode }) {
  return (
    <EmptyState
      className={className}
      compact={compact}
      icon={<ChartIcon size={22} />}
      title={STATE_TEXT.collecting}
      description={description ?? STATE_TEXT.collectingHint}
    />
  );
}
