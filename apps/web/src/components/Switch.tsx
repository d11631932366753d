import { useId } from 'react';
import { cx } from '../lib/cx';
import styles from './Switch.module.css';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The visible label; also the switch's accessible name. */
  label: string;
  /** Keeps the label for screen readers only (switches in a table row under a column header). */
  hideLabel?: boolean;
  disabled?: boolean;
  /** Why it is disabled, shown as a tooltip and read with the switch. */
  disabledReason?: string;
  className?: string;
}

/** An on/off toggle that acts at once (a button with role=switch: Space and Enter flip it). */
export function Switch({ checked, onCheckedChange, label, hideLabel, disabled, disabledReason, className }: SwitchProps) {
  const id = useId();
  return (
    <span className={cx(styles.wrap, disabled && styles.disabled, className)} title={disabled ? disabledReason : undefined}>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={hideLabel ? label : undefined}
        aria-describedby={disabled && disabledReason ? `${id}-why` : undefined}
        disabled={disabled}
        className={cx(styles.track, checked && styles.on)}
        onClick={() => onCheckedChange(!checked)}
      >
        <span className={styles.thumb} aria-hidden="true" />
      </button>
      {!hideLabel && (
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
      )}
      {disabled && disabledReason && (
        <span id={`${id}-why`} className="visually-hidden">
          {disabledReason}
        </span>
      )}
    </span>
  );
}
