import { useState } from 'react';
import { fillPlaceholders, INBOX_LIMITS, placeholdersOf } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { cx } from '../../../lib/cx';
import styles from './Inbox.module.css';

export interface TemplateCategory {
  name: string;
  templates: string[];
}

/**
 * Templates grouped by category. A template's *|placeholders|* must all be filled before it is used;
 * 'Copy to Text Box' is always offered, 'Send Now' only when a conversation is selected.
 */
export function TemplatesModal({
  open,
  onOpenChange,
  categories,
  onCopy,
  onSendNow,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: TemplateCategory[];
  onCopy: (text: string) => void;
  onSendNow?: (text: string) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const names = chosen ? placeholdersOf(chosen) : [];
  const filled = chosen ? fillPlaceholders(chosen, values) : '';
  const complete = chosen !== null && placeholdersOf(filled).length === 0;
  const close = () => {
    setChosen(null);
    setValues({});
    onOpenChange(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="Templates"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="secondary" disabled={!complete} onClick={() => (onCopy(filled), close())}>
            Copy to Text Box
          </Button>
          {onSendNow && (
            <Button disabled={!complete} onClick={() => (onSendNow(filled), close())}>
              Send Now
            </Button>
          )}
        </>
      }
    >
      {categories.length === 0 && <p>No templates yet.</p>}
      <div className={styles.templateGroups}>
        {categories.map((c) => (
          <section key={c.name} aria-label={c.name}>
            <h3 className={styles.templateCategory}>{c.name}</h3>
            <ul className={styles.templateList}>
              {c.templates.map((t) => (
                <li key={t}>
                  <button type="button" className={cx(styles.templateItem, chosen === t && styles.templateChosen)} aria-pressed={chosen === t} onClick={() => (setChosen(t), setValues({}))}>
                    {t}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {chosen && (
        <div className={styles.templateFill}>
          {names.length > 0 && <p>Fill in every placeholder before using this template.</p>}
          {names.map((n) => (
            <TextField key={n} label={n.replace(/_/g, ' ')} value={values[n] ?? ''} onChange={(e) => setValues({ ...values, [n]: e.target.value })} />
          ))}
          <p className={styles.preview}>{filled}</p>
          <p className={cx(styles.counter, filled.length > INBOX_LIMITS.softChars && styles.counterOver)}>
            {filled.length} out of {INBOX_LIMITS.softChars} characters
          </p>
        </div>
      )}
    </Modal>
  );
}
