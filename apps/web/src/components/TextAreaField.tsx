import { useId, type TextareaHTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import fieldStyles from './TextField.module.css';
import styles from './TextAreaField.module.css';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null;
  hint?: string;
  /** Shows "n / max" under the field. */
  maxChars?: number;
}

/** A labelled multi-line text field with an optional character count. */
export function TextAreaField({ label, error, hint, maxChars, id, className, value, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const length = typeof value === 'string' ? value.length : 0;
  const over = maxChars !== undefined && length > maxChars;
  const describedBy = [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null, maxChars ? `${fieldId}-count` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cx(fieldStyles.field, className)}>
      <label htmlFor={fieldId} className={fieldStyles.label}>
        {label}
      </label>
      <textarea
        id={fieldId}
        className={cx(styles.textarea, (error || over) && styles.invalid)}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={describedBy || undefined}
        value={value}
        {...rest}
      />
      <div className={styles.under}>
        {error ? (
          <p id={`${fieldId}-error`} className={fieldStyles.error}>
            {error}
          </p>
        ) : hint ? (
          <p id={`${fieldId}-hint`} className={fieldStyles.hint}>
            {hint}
          </p>
        ) : (
          <span />
        )}
        {maxChars !== undefined && (
          <span id={`${fieldId}-count`} className={cx(styles.count, over && styles.over)} aria-live="polite">
            {length} / {maxChars}
          </span>
        )}
      </div>
    </div>
  );
}
