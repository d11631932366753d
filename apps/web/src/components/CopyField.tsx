import { useState } from 'react';
import { Button } from './Button';
import styles from './CopyField.module.css';
import { TextField } from './TextField';

/**
 * A value to copy (a key, a secret, an address): read-only, selected on focus, with a Copy button and a line that
 * says whether the browser copied it. `noun` names it in the fallback ("select the key and copy it").
 */
export function CopyField({ label, value, noun, buttonLabel }: { label: string; value: string; noun: string; buttonLabel?: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div>
      <div className={styles.row}>
        <TextField label={label} value={value} readOnly className={styles.input} onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()} aria-label={buttonLabel}>
          Copy
        </Button>
      </div>
      <p role="status" className={styles.status}>
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? `Copying was refused by the browser: select the ${noun} and copy it.` : ''}
      </p>
    </div>
  );
}
