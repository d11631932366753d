import { useToast } from '../../../components/Toast';
import { Button } from '../../../components/Button';
import styles from './Widget.module.css';

export const COPIED = 'Copied to clipboard!';

/** Copies text, with a fallback for browsers without the async clipboard (or without permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** A block of code with a Copy button. */
export function CodeSnippet({ code, label }: { code: string; label: string }) {
  const toast = useToast();
  const copy = async () => {
    const ok = await copyText(code);
    toast.show(ok ? { tone: 'success', title: COPIED } : { tone: 'error', title: 'Error', description: 'Select the code and copy it by hand.' });
  };
  return (
    <div className={styles.snippet}>
      <pre className={styles.code} aria-label={label} tabIndex={0}>
        {code}
      </pre>
      <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
        Copy
      </Button>
    </div>
  );
}
