import { MSG } from '@kudo/shared';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/Button';
import styles from './Social.module.css';

/** How long the copied note stays (1§9). */
export const COPIED_MS = 3000;

/** Copies a value and says so beside the button for three seconds. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Clipboard refused (insecure origin or permission): the value stays visible to copy by hand.
    }
  };
  return (
    <span className={styles.row}>
      <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label={label}>
        Copy
      </Button>
      <span role="status" aria-live="polite" className={styles.copied}>
        {copied ? MSG.copiedToClipboard : ''}
      </span>
    </span>
  );
}
