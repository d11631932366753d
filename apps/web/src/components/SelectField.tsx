import { useId, type SelectHTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import { ChevronDownIcon } from './icons';
import styles from './SelectField.module.css';
import fieldStyles from './TextField.module.css';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

interface SelectFieldProps<V extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  error?: string | null;
  hint?: string;
  hideLabel?: boolean;
}

/** A labelled native select: the platform's own keyboard and screen-reader behaviour. */
export function SelectField<V extends string>({
  label,
  value,
  onChange,
  options,
  error,
  hint,
  hideLabel,
  id,
  className,
  ...rest
}: SelectFieldProps<V>) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const describedBy = error ? `${selectId}-error` : hint ? `${selectId}-hint` : undefined;
  return (
    <div className={cx(fieldStyles.field, className)}>
      <label htmlFor={selectId} className={cx(fieldStyles.label, hideLabel && 'visually-hidden')}>
        {label}
      </label>
      <div className={cx(fieldStyles.control, styles.control, error && fieldStyles.invalid, rest.disabled && fieldStyles.disabled)}>
        <select
          id={selectId}
          className={styles.select}
          value={value}
          onChange={(e) => onChange(e.target.value as V)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon size={14} className={styles.chevron} aria-hidden="true" />
      </div>
      {hint && !error && (
        <p id={`${selectId}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${selectId}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
