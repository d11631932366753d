import styles from './ChoiceFieldset.module.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
  description: string;
}

/**
 * Several choices by checkbox, each with its name, its code (the value as the API spells it) and a line saying what
 * it does; the error, when there is one, under the list and read with it.
 */
export function ChoiceFieldset<T extends string>({
  legend,
  idPrefix,
  choices,
  selected,
  onChange,
  error,
}: {
  legend: string;
  idPrefix: string;
  choices: readonly Choice<T>[];
  selected: readonly T[];
  onChange: (next: T[]) => void;
  error?: string;
}) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {choices.map((choice) => {
        const id = `${idPrefix}-${choice.value.replace(/[^a-z]/g, '-')}`;
        return (
          <div key={choice.value} className={styles.choice}>
            <input
              id={id}
              type="checkbox"
              checked={selected.includes(choice.value)}
              aria-describedby={`${id}-hint`}
              onChange={(e) => onChange(e.target.checked ? [...selected, choice.value] : selected.filter((v) => v !== choice.value))}
            />
            <label htmlFor={id}>
              <span className={styles.name}>{choice.label}</span> <code className={styles.code}>{choice.value}</code>
            </label>
            <span id={`${id}-hint`} className={styles.hint}>
              {choice.description}
            </span>
          </div>
        );
      })}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
