import { formatPhoneTyping, isValidEmail, isValidPhone, MSG, typedPhoneDigits, type DispatchPayload } from '@kudo/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { lookupCustomer, useSend } from '../api/dispatch';
import { cleanEmail, cleanText, dispatchNotice } from '../utils/dispatchResult';
import styles from './DispatchRow.module.css';

export interface DispatchCampaign {
  uid: string;
  name: string;
  department: string;
  image: string;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** One campaign's send form: the customer's phone and/or email, optional name and address, test flag. */
export function DispatchRow({ campaign }: { campaign: DispatchCampaign }) {
  const id = useId();
  const toast = useToast();
  const send = useSend();
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [isTest, setIsTest] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phoneNote, setPhoneNote] = useState<string | null>(null);
  const [kind, setKind] = useState<'bio' | 'pcheck' | null>(null);

  // The lookup runs when the phone reaches exactly ten digits (3§5).
  useEffect(() => {
    if (!isValidPhone(phone)) return;
    let live = true;
    lookupCustomer(phone)
      .then(({ contact, optedOutReason }) => {
        if (!live) return;
        if (contact) {
          setName((v) => v || contact.name);
          setEmail((v) => v || contact.email);
          setAddress((v) => v || contact.address_line);
        }
        setPhoneNote(optedOutReason);
      })
      .catch((e: unknown) => live && setPhoneNote(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [phone]);

  const submit = (which: 'bio' | 'pcheck') => (e?: FormEvent) => {
    e?.preventDefault();
    const validPhone = isValidPhone(phone);
    const validEmail = email !== '' && isValidEmail(email);
    if ((!validPhone && !validEmail) || (phone !== '' && !validPhone) || (email !== '' && !validEmail)) {
      setError(MSG.dispatchContactRequired);
      return;
    }
    setError(null);
    setKind(which);
    const payload: DispatchPayload = {
      campaign_uid: campaign.uid,
      customer_phone: validPhone && !phoneNote ? phone : '',
      customer_email: validEmail ? email : '',
      customer_name: name.trim(),
      customer_address: address.trim(),
      customer_place: null,
      is_test: isTest,
    };
    if (!payload.customer_phone && !payload.customer_email) {
      setError(phoneNote ?? MSG.dispatchContactRequired);
      return;
    }
    send.mutate(
      { kind: which, payload },
      {
        onSuccess: (result) => {
          const notice = dispatchNotice(which, result);
          toast.show({ tone: notice.tone, title: notice.title, description: notice.lines.join('\n') });
          if (notice.tone !== 'error') {
            setPhone('');
            setEmail('');
            setName('');
            setAddress('');
            setIsTest(false);
          }
        },
        onError: (err) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(err) }),
      },
    );
  };

  return (
    <li className={styles.row}>
      <div className={styles.who}>
        {campaign.image ? (
          <img className={styles.avatar} src={campaign.image} alt="" />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {initials(campaign.name)}
          </span>
        )}
        <div>
          <h3 id={`${id}-name`} className={styles.name}>
            {campaign.name}
          </h3>
          <p className={styles.department}>{campaign.department}</p>
        </div>
      </div>
      <form className={styles.form} aria-labelledby={`${id}-name`} onSubmit={submit('pcheck')} noValidate>
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          placeholder="(000) 000-0000"
          value={formatPhoneTyping(phone)}
          onChange={(e) => {
            setPhone(typedPhoneDigits(e.target.value));
            setPhoneNote(null);
          }}
          error={phoneNote}
        />
        <TextField label="Email" type="email" placeholder="customer@example.com" value={email} onChange={(e) => setEmail(cleanEmail(e.target.value))} />
        <TextField label="Name (optional)" value={name} maxLength={100} onChange={(e) => setName(cleanText(e.target.value))} />
        <TextField label="Address (optional)" value={address} maxLength={255} onChange={(e) => setAddress(cleanText(e.target.value))} />
        <div className={styles.actions}>
          <label className={styles.test}>
            <input type="checkbox" checked={isTest} onChange={(e) => setIsTest(e.target.checked)} /> Mark as test
          </label>
          <Button variant="secondary" onClick={() => submit('bio')()} loading={send.isPending && kind === 'bio'} disabled={send.isPending}>
            Send Bio
          </Button>
          <Button type="submit" loading={send.isPending && kind === 'pcheck'} disabled={send.isPending}>
            Send pulseCheck
          </Button>
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}
