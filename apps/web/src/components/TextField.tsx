import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../lib/cx';
import styles from './TextField.module.css';
import { EyeIcon, EyeOffIcon, SearchIcon } from './icons';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** Shown under the field in red; also marks the input invalid for assistive technology. */
  error?: string | null;
  hint?: ReactNode;
  /** Keeps the label for screen readers only (search boxes with a visible icon). */
  hideLabel?: boolean;
  /** Content drawn inside the input box, after the input (a reveal button, a unit). */
  trailing?: ReactNode;
  leading?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  error,
  hint,
  hideLabel,
  trailing,
  leading,
  id,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={cx(styles.label, hideLabel && 'visually-hidden')}>
        {label}
      </label>
      <div className={cx(styles.control, error && styles.invalid, input.disabled && styles.disabled)}>
        {leading && <span className={styles.adornment}>{leading}</span>}
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {trailing}
      </div>
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A search box: the magnifier stands in for the label, which stays for screen readers. */
export function SearchField(props: Omit<TextFieldProps, 'type' | 'hideLabel' | 'leading'>) {
  return <TextField {...props} hideLabel type="search" leading={<SearchIcon />} />;
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a reveal toggle, so people can check what they typed on a phone keyboard. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          disabled={props.disabled}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
