import { formatPhone, MSG, notifyApi, type NotificationEmailItem, type Sentiment } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MailIcon } from '../../../components/icons';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { apiFieldErrors, errorMessage } from '../../../lib/forms';
import {
  useAddNotificationEmail,
  useRemoveNotificationEmail,
  useResendNotificationVerification,
  useUpdateNotificationSms,
} from '../api/notifications';
import { PhoneIcon } from '../../../components/icons';
import styles from './Notify.module.css';
import { PhoneVerificationModal } from './PhoneVerificationModal';

const TITLES: Record<Sentiment, { title: string; description: string }> = {
  positive: { title: 'Positive Feedback', description: 'Who hears about happy customers. One email.' },
  neutral: { title: 'Neutral Feedback', description: 'Who hears about customers who were only okay, by email and SMS.' },
  negative: { title: 'Negative Feedback', description: 'Who hears about unhappy customers right away, by email and SMS.' },
};

interface Props {
  locationId: number;
  sentiment: Sentiment;
  emails: NotificationEmailItem[];
  /** Neutral and negative only: the SMS number (or null when none), and the other sentiment's number. */
  sms?: { current: { phoneNumber: string; id: number } | null; otherNumber: string | null };
}

/** One sentiment: its notification emails (add, verify, remove) and, for neutral and negative, its SMS number. */
export function SentimentCard({ locationId, sentiment, emails, sms }: Props) {
  const toast = useToast();
  const add = useAddNotificationEmail(locationId);
  const resend = useResendNotificationVerification(locationId);
  const remove = useRemoveNotificationEmail(locationId);
  const updateSms = useUpdateNotificationSms(locationId);
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState<NotificationEmailItem | null>(null);
  const [editingSms, setEditingSms] = useState(false);
  const [clearingSms, setClearingSms] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const { title, description } = TITLES[sentiment];
  const canAdd = sentiment !== 'positive' || emails.length === 0;
  const headingId = `notify-${sentiment}`;

  const failed = (action: string) => (error: unknown) => {
    console.error(`Notification email ${action} failed`, error);
    toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) });
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const parsed = notifyApi.addNotificationEmail.body.safeParse({ email, sentiment });
    if (!parsed.success) {
      add.reset();
      setLocalError(MSG.validEmail);
      return;
    }
    if (emails.some((e) => e.email === parsed.data.email)) {
      setLocalError(MSG.emailAlreadyAdded);
      return;
    }
    setLocalError(null);
    add.mutate(parsed.data, {
      onSuccess: ({ data, message }) => {
        toast.show({ tone: 'success', title: message ?? MSG.emailSaved, description: `We sent ${data.email} a link to confirm the address.` });
        setEmail('');
      },
      onError: (error) => console.error('Notification email add failed', error),
    });
  };
  const addError = localError ?? (add.isError ? (apiFieldErrors(add.error).email ?? errorMessage(add.error)) : null);

  const doRemove = (row: NotificationEmailItem) =>
    remove.mutate(
      { ...row, sentiment },
      {
        onSuccess: ({ message }) => {
          toast.show({ tone: 'success', title: message ?? MSG.emailDeleted, description: row.email });
          setConfirming(null);
        },
        onError: (error) => {
          failed('removal')(error);
          setConfirming(null);
        },
      },
    );

  const clearSms = () =>
    sms?.current &&
    updateSms.mutate(
      { phone_number: '', id: sms.current.id, sentiment: sentiment as notifyApi.SmsSentiment },
      {
        onSuccess: ({ message }) => {
          toast.show({ tone: 'success', title: message ?? MSG.notifySmsCleared });
          setClearingSms(false);
        },
        onError: (error) => {
          toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) });
          setClearingSms(false);
        },
      },
    );

  return (
    <Card title={<span id={headingId}>{title}</span>} description={description}>
      <div className={styles.cardBody} data-testid={`sentiment-${sentiment}`}>
        <section aria-labelledby={`${headingId}-emails`}>
          <h3 id={`${headingId}-emails`} className={styles.subheading}>
            <MailIcon size={15} /> Emails
          </h3>
          {emails.length === 0 ? (
            <p className={styles.muted}>No emails yet.</p>
          ) : (
            <ul className={styles.list}>
              {emails.map((row) => (
                <li key={row.id} className={styles.row} data-testid={`notify-email-${sentiment}-${row.email}`}>
                  <span className={styles.address}>{row.email}</span>
                  {row.verified ? (
                    <span className={`${styles.badge} ${styles.badgeSuccess}`}>Verified</span>
                  ) : (
                    <span className={`${styles.badge} ${styles.badgeWarning}`}>Pending verification</span>
                  )}
                  <span className={styles.rowActions}>
                    {!row.verified && (
                      <Button
                        variant="secondary"
                        size="sm"
                        loading={resend.isPending && resend.variables?.email === row.email}
                        aria-label={`Resend verification to ${row.email}`}
                        onClick={() =>
                          resend.mutate(
                            { email: row.email, sentiment },
                            {
                              onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? MSG.verificationResent, description: row.email }),
                              onError: failed('resend'),
                            },
                          )
                        }
                      >
                        Resend
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={!row.verified && remove.isPending && remove.variables?.id === row.id}
                      aria-label={`${row.verified ? 'Remove' : 'Delete verification of'} ${row.email}`}
                      onClick={() => (row.verified ? setConfirming(row) : doRemove(row))}
                    >
                      {row.verified ? 'Remove' : 'Delete'}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {canAdd && (
            <form className={styles.addRow} onSubmit={onAdd} noValidate aria-label={`Add ${sentiment} feedback email`}>
              <TextField
                label={`Add an email for ${sentiment} feedback`}
                hideLabel
                type="email"
                autoComplete="email"
                placeholder="name@company.com"
                className={styles.addField}
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setLocalError(null);
                }}
                error={addError}
              />
              <Button type="submit" variant="secondary" loading={add.isPending}>
                Add
              </Button>
            </form>
          )}
        </section>

        {sms && (
          <section aria-labelledby={`${headingId}-sms`} className={styles.smsSection}>
            <h3 id={`${headingId}-sms`} className={styles.subheading}>
              <PhoneIcon size={15} /> SMS
            </h3>
            <div className={styles.row}>
              {sms.current ? (
                <>
                  <span className={styles.address} data-testid={`notify-sms-${sentiment}`}>
                    {formatPhone(sms.current.phoneNumber)}
                  </span>
                  <span className={`${styles.badge} ${styles.badgeSuccess}`}>Verified</span>
                </>
              ) : (
                <span className={styles.muted}>No SMS number.</span>
              )}
              <span className={styles.rowActions}>
                <Button variant="secondary" size="sm" onClick={() => setEditingSms(true)}>
                  {sms.current ? 'Change' : 'Add SMS number'}
                </Button>
                {sms.current && (
                  <Button variant="ghost" size="sm" onClick={() => setClearingSms(true)} aria-label={`Remove the ${sentiment} feedback SMS number`}>
                    Remove
                  </Button>
                )}
              </span>
            </div>
          </section>
        )}
      </div>

      {sms && editingSms && (
        <PhoneVerificationModal
          open
          onOpenChange={setEditingSms}
          locationId={locationId}
          sentiment={sentiment as notifyApi.SmsSentiment}
          current={sms.current}
          otherNumber={sms.otherNumber}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Remove email?"
        message={confirming ? `${confirming.email} will no longer hear about ${sentiment} feedback. Adding it again needs a new verification.` : ''}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => confirming && doRemove(confirming)}
      />
      <ConfirmDialog
        open={clearingSms}
        onOpenChange={setClearingSms}
        title="Remove SMS number?"
        message={`Texts about ${sentiment} feedback will stop.`}
        confirmLabel="Remove"
        busy={updateSms.isPending}
        onConfirm={clearSms}
      />
    </Card>
  );
}
