import { isValidEmail, MSG, SOCIAL_REVIEW_LIMITS } from '@kudo/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { isoDate } from '../../../components/DateRangeField';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { TOAST_MS } from '../../../components/Toast';
import { apiFieldErrors, errorMessage, type FieldErrors } from '../../../lib/forms';
import { useExportReport } from '../api/socialReviews';
import styles from './SocialReviews.module.css';

const monthAgo = (today: Date) => isoDate(new Date(today.getFullYear(), today.getMonth() - 1, today.getDate()));

/** What the form lacks before it may be sent, field by field. */
export function reportErrors(input: { fromDate: string; toDate: string; emails: readonly string[] }): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.fromDate) errors.fromDate = MSG.fromDateInvalid;
  if (!input.toDate) errors.toDate = MSG.toDateInvalid;
  if (input.emails.length === 0) errors.emails = MSG.reportRecipientRequired;
  else if (input.emails.length > SOCIAL_REVIEW_LIMITS.maxRecipients) errors.emails = MSG.reportMaxRecipients;
  return errors;
}

/**
 * 'Export to Excel' → the Social Reviews Report: a date range and up to three recipients; the report is
 * built in the background and emailed to them.
 */
export function ReportModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [fromDate, setFromDate] = useState(() => monthAgo(new Date()));
  const [toDate, setToDate] = useState(() => isoDate(new Date()));
  const [emails, setEmails] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const report = useExportReport();
  const full = emails.length >= SOCIAL_REVIEW_LIMITS.maxRecipients;

  // The success message goes after five seconds.
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => setDone(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const addTyped = (): string[] | null => {
    const email = typed.trim();
    if (!email) return emails;
    if (!isValidEmail(email)) {
      setErrors((e) => ({ ...e, recipient: MSG.validEmail }));
      return null;
    }
    const next = emails.some((e) => e.toLowerCase() === email.toLowerCase()) ? emails : [...emails, email];
    setEmails(next);
    setTyped('');
    setErrors(({ recipient: _, emails: __, ...rest }) => rest);
    return next;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const list = addTyped();
    if (list === null) return;
    const found = reportErrors({ fromDate, toDate, emails: list });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    report.mutate(
      { fromDate, toDate, emails: list.join(',') },
      {
        onSuccess: ({ message }) => setDone(message ?? MSG.reportQueued),
        onError: (err) => setErrors({ ...apiFieldErrors(err), general: errorMessage(err) }),
      },
    );
  };

  const close = (next: boolean) => {
    if (!next) {
      setErrors({});
      setDone(null);
      setTyped('');
      report.reset();
    }
    onOpenChange(next);
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Social Reviews Report"
      description="An Excel file of the range's Google and Facebook reviews with their credit, emailed to up to three people."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Close
          </Button>
          <Button type="submit" form="social-report" loading={report.isPending}>
            Submit
          </Button>
        </>
      }
    >
      <form id="social-report" className={styles.reportForm} onSubmit={submit} noValidate>
        <div className={styles.dates}>
          <TextField label="From Date" type="date" value={fromDate} max={toDate || undefined} onChange={(e) => setFromDate(e.target.value)} error={errors.fromDate} />
          <TextField label="To Date" type="date" value={toDate} min={fromDate || undefined} onChange={(e) => setToDate(e.target.value)} error={errors.toDate} />
        </div>
        <div className={styles.recipientAdd}>
          <TextField
            label="Recipient email"
            type="email"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setErrors(({ recipient: _, ...rest }) => rest);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTyped();
              }
            }}
            disabled={full}
            hint={full ? MSG.reportRecipientsFull : `Up to ${SOCIAL_REVIEW_LIMITS.maxRecipients} recipients.`}
            error={errors.recipient}
            autoComplete="off"
          />
          <Button variant="secondary" onClick={() => addTyped()} disabled={full || !typed.trim()}>
            Add
          </Button>
        </div>
        {emails.length > 0 && (
          <ul className={styles.recipients} aria-label="Recipients">
            {emails.map((email) => (
              <li key={email} className={styles.recipient}>
                {email}
                <button type="button" className={styles.chipAction} onClick={() => setEmails(emails.filter((e) => e !== email))} aria-label={`Remove ${email}`}>
                  <CloseIcon size={12} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {(errors.emails || errors.general) && (
          <p className={styles.error} role="alert">
            {errors.emails ?? errors.general}
          </p>
        )}
        {done && (
          <p className={styles.success} role="status">
            {done}
          </p>
        )}
      </form>
    </Modal>
  );
}
