import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { INBOX_LIMITS, INBOX_MSG } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { cx } from '../../../lib/cx';
import styles from './Inbox.module.css';

/**
 * A message box with the inbox's length rules: the counter 'N out of 140 characters' (red above 140), a
 * one-time warning above 140 (Confirm keeps the text, Cancel trims it), 'Limit reached' at 300, and
 * Ctrl/Cmd+Enter to send.
 */
export function MessageBox({
  label,
  value,
  onChange,
  onSubmit,
  onTemplates,
  rows = 3,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onSubmit?: () => void;
  onTemplates: () => void;
  rows?: number;
  error?: string | null;
}) {
  const id = useId();
  const warned = useRef(false);
  const [dialog, setDialog] = useState<'soft' | 'limit' | null>(null);
  const change = (next: string) => {
    if (next.length > INBOX_LIMITS.softChars && !warned.current) {
      warned.current = true;
      setDialog('soft');
    }
    if (next.length >= INBOX_LIMITS.hardChars && value.length < INBOX_LIMITS.hardChars) setDialog('limit');
    onChange(next);
  };
  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && onSubmit) {
      e.preventDefault();
      onSubmit();
    }
  };
  return (
    <div className={styles.messageBox}>
      <label htmlFor={id} className={styles.srOnly}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={rows}
        maxLength={INBOX_LIMITS.hardChars}
        value={value}
        placeholder="Type a message…"
        onChange={(e) => change(e.target.value)}
        onKeyDown={keyDown}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
      />
      <div className={styles.boxUnder}>
        <Button type="button" variant="secondary" size="sm" onClick={onTemplates}>
          Templates
        </Button>
        <span id={`${id}-count`} className={cx(styles.counter, value.length > INBOX_LIMITS.softChars && styles.counterOver)}>
          {value.length} out of {INBOX_LIMITS.softChars} characters
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={dialog === 'soft'}
        onOpenChange={(open) => {
          if (open) return;
          // Cancel: back to what fits in one carrier segment.
          onChange(value.slice(0, INBOX_LIMITS.softChars));
          setDialog(null);
        }}
        title={INBOX_MSG.softTitle}
        message={INBOX_MSG.softBody}
        confirmLabel="Confirm"
        tone="primary"
        onConfirm={() => setDialog(null)}
      />
      <Modal
        open={dialog === 'limit'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={INBOX_MSG.limitTitle}
        size="sm"
        footer={<Button onClick={() => setDialog(null)}>OK</Button>}
      >
        <p>{INBOX_MSG.limitBody}</p>
      </Modal>
    </div>
  );
}
