import { formatPhoneTyping, isValidPhone, typedPhoneDigits } from '@kudo/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Page } from '../../../components/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { TextField } from '../../../components/TextField';
import { cx } from '../../../lib/cx';
import { errorMessage } from '../../../lib/forms';
import { OperateTabs } from '../components/OperateTabs';
import { lookupCustomer } from '../api/dispatch';
import { useContactCard, useSendContactCard } from '../api/contactCard';
import { cleanText } from '../utils/dispatchResult';
import styles from './ContactCardPage.module.css';

/** Operate › Contact Card: text a customer the business's contact card. */
export default function ContactCardPage() {
  const card = useContactCard();
  const send = useSendContactCard();
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [isTest, setIsTest] = useState(false);
  const [lookup, setLookup] = useState<'idle' | 'checking' | 'ok' | 'failed'>('idle');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  // The lookup runs once the number is complete: (000) 000-0000 is 14 characters.
  useEffect(() => {
    if (!isValidPhone(phone)) return;
    let live = true;
    lookupCustomer(phone)
      .then(({ contact, optedOutReason }) => {
        if (!live) return;
        if (contact?.name) setName((v) => v || contact.name);
        setLookup(optedOutReason ? 'failed' : 'ok');
        setLookupError(optedOutReason);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setLookup('failed');
        setLookupError(errorMessage(e));
      });
    return () => {
      live = false;
    };
  }, [phone]);

  // The result clears after five seconds.
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), 5000);
    return () => clearTimeout(timer);
  }, [result]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (lookup !== 'ok') return;
    send.mutate(
      { isTest, name: name.trim(), phoneNumber: phone },
      {
        onSuccess: ({ message }) => {
          setResult({ ok: true, text: message ?? 'Sent' });
          setPhone('');
          setName('');
          setIsTest(false);
        },
        onError: (err) => setResult({ ok: false, text: errorMessage(err) }),
      },
    );
  };

  return (
    <Page title="Contact Card" lead="Text a customer your contact card, so your number is saved in their phone.">
      <OperateTabs />
      <Card className={styles.card}>
        <QueryBoundary query={card} compact>
          {(data) =>
            !data.ready ? (
              <p>
                Your contact card is not set up yet.{' '}
                <Link to={pathFor('settings-contact-card-contact-information')}>Set it up in Settings › Contact Card</Link>.
              </p>
            ) : (
              <form className={styles.form} onSubmit={submit} noValidate>
                <TextField
                  label="Phone"
                  type="tel"
                  inputMode="tel"
                  placeholder="(000) 000-0000"
                  maxLength={14}
                  value={formatPhoneTyping(phone)}
                  onChange={(e) => {
                    const next = typedPhoneDigits(e.target.value);
                    setPhone(next);
                    setLookupError(null);
                    setLookup(isValidPhone(next) ? 'checking' : 'idle');
                  }}
                  error={lookupError}
                  className={cx(lookup === 'ok' && styles.valid, phone.length > 0 && !isValidPhone(phone) && styles.incomplete)}
                  hint={lookup === 'checking' ? 'Checking this number…' : lookup === 'ok' ? 'This number can receive texts.' : undefined}
                />
                <TextField label="Name (optional)" value={name} maxLength={100} onChange={(e) => setName(cleanText(e.target.value))} />
                <label className={styles.test}>
                  <input type="checkbox" checked={isTest} onChange={(e) => setIsTest(e.target.checked)} /> Mark as Test
                </label>
                <Button type="submit" disabled={lookup !== 'ok'} loading={send.isPending}>
                  Send Contact Card
                </Button>
                {result && (
                  <p className={result.ok ? styles.success : styles.error} role={result.ok ? 'status' : 'alert'}>
                    {result.text}
                  </p>
                )}
                {data.preview && (
                  <div className={styles.preview}>
                    <span className={styles.previewLabel}>The text your customer gets</span>
                    <p>{data.preview}</p>
                  </div>
                )}
              </form>
            )
          }
        </QueryBoundary>
      </Card>
    </Page>
  );
}
