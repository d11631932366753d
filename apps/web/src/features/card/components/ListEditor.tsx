import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/Button';
import { CloseIcon } from '../../../components/icons';
import { TextField } from '../../../components/TextField';
import styles from './ListEditor.module.css';

interface ListEditorProps {
  /** The label of the input that adds an item. */
  label: string;
  /** The accessible name of the list of added items. */
  listLabel: string;
  items: string[];
  onChange: (items: string[]) => void;
  /** The stored form of a typed value, or an error message: `{ value }` or `{ error }`. */
  parse: (raw: string) => { value: string } | { error: string };
  /** How an item is shown. */
  display?: (item: string) => string;
  max: number;
  placeholder?: string;
  inputMode?: 'text' | 'email' | 'tel';
  emptyText: string;
  /** A message from the server for the list. */
  error?: string | null;
  disabled?: boolean;
}

/** A list of values with an input to add one (Add or Enter) and a remove button per item. */
export function ListEditor({ label, listLabel, items, onChange, parse, display = (v) => v, max, placeholder, inputMode, emptyText, error, disabled }: ListEditorProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = items.length >= max;

  const add = () => {
    if (!draft.trim()) return;
    const parsed = parse(draft);
    if ('error' in parsed) {
      setProblem(parsed.error);
      return;
    }
    if (items.includes(parsed.value)) {
      setProblem('That one is already in the list');
      return;
    }
    onChange([...items, parsed.value]);
    setDraft('');
    setProblem(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return (
    <div className={styles.editor}>
      <div className={styles.addRow}>
        <TextField
          label={label}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          inputMode={inputMode}
          type={inputMode === 'email' ? 'email' : 'text'}
          error={problem ?? error}
          hint={full ? `You can add at most ${max}.` : undefined}
          disabled={disabled || full}
          className={styles.input}
        />
        <Button variant="secondary" onClick={add} disabled={disabled || full || !draft.trim()} className={styles.addButton}>
          Add
        </Button>
      </div>
      {items.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <ul className={styles.list} aria-label={listLabel}>
          {items.map((item) => (
            <li key={item} className={styles.item}>
              <span className={styles.value}>{display(item)}</span>
              <button
                type="button"
                className={styles.remove}
                onClick={() => onChange(items.filter((i) => i !== item))}
                aria-label={`Remove ${display(item)}`}
                disabled={disabled}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
