import { formatPhoneTyping, isValidEmail, isValidPhone, MSG, typedPhoneDigits } from '@kudo/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { apiFieldErrors, errorMessage } from '../../../lib/forms';
import { useRecordConsent, type ConsentAction } from '../api/consent';
import { cleanEmail, cleanText } from '../utils/dispatchResult';
import styles from './ConsentForms.module.css';

function ActionRadios({ value, onChange, labels }: { value: ConsentAction | null; onChange: (v: ConsentAction) => void; labels: [string, string] }) {
  const name = useId();
  return (
    <fieldset className={styles.radios}>
      <legend className="visually-hidden">Action</legend>
      <label>
        <input type="radio" name={name} checked={value === 'opt_in'} onChange={() => onChange('opt_in')} /> {labels[0]}
      </label>
      <label>
        <input type="radio" name={name} checked={value === 'opt_out'} onChange={() => onChange('opt_out')} /> {labels[1]}
      </label>
    </fieldset>
  );
}

/** Dispatch consent (app code HS): may this customer get bios and pulseChecks, by text or email. */
export function DispatchConsentForm() {
  const toast = useToast();
  const save = useRecordConsent();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [action, setAction] = useState<ConsentAction | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!action) next.action = MSG.consentActionRequired;
    if (!email && !phone) next.form = MSG.consentContactRequired;
    if (email && !isValidEmail(email)) next.email = MSG.validEmail;
    if (phone && !isValidPhone(phone)) next.phone = MSG.consentPhoneRequired;
    setErrors(next);
    if (Object.keys(next).length > 0 || !action) return;
    save.mutate(
      { action, input: { app_code: 'HS', email, phone } },
      {
        onSuccess: ({ message }) => {
          toast.show({ tone: 'success', title: message ?? MSG.optedIn });
          setEmail('');
          setPhone('');
          setAction(null);
        },
        onError: (err) => {
          setErrors(apiFieldErrors(err));
          toast.show({ tone: 'error', title: 'Error', description: errorMessage(err) });
        },
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.fields}>
        <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(cleanEmail(e.target.value))} error={errors.email} />
        <TextField label="Phone" type="tel" placeholder="(000) 000-0000" value={formatPhoneTyping(phone)} onChange={(e) => setPhone(typedPhoneDigits(e.target.value))} error={errors.phone} />
      </div>
      <ActionRadios value={action} onChange={setAction} labels={['Opt-in for Bio/Pulse Check', 'Opt-out for Bio/Pulse Check']} />
      {(errors.action || errors.form) && (
        <p className={styles.error} role="alert">
          {errors.action ?? errors.form}
        </p>
      )}
      <Button type="submit" loading={save.isPending}>
        Save Consent
      </Button>
    </form>
  );
}

/** Messaging consent (app code CNXN): may this customer be texted in conversations. */
export function MessagingConsentForm({ onBulk }: { onBulk: () => void }) {
  const toast = useToast();
  const save = useRecordConsent();
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [action, setAction] = useState<ConsentAction | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!action) next.action = MSG.consentActionRequired;
    if (!isValidPhone(phone)) next.phone = MSG.consentPhoneRequired;
    setErrors(next);
    if (Object.keys(next).length > 0 || !action) return;
    save.mutate(
      { action, input: { app_code: 'CNXN', phone, name: name.trim() } },
      {
        onSuccess: ({ message }) => {
          toast.show({ tone: 'success', title: message ?? MSG.optedIn });
          setPhone('');
          setName('');
          setAction(null);
        },
        onError: (err) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(err) }),
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div>
        <Button variant="secondary" onClick={onBulk}>
          Use Excel Spreadsheet
        </Button>
      </div>
      <div className={styles.fields}>
        <TextField label="Phone number" type="tel" placeholder="(000) 000-0000" value={formatPhoneTyping(phone)} onChange={(e) => setPhone(typedPhoneDigits(e.target.value))} error={errors.phone} />
        <TextField label="Customer name (optional)" value={name} maxLength={100} onChange={(e) => setName(cleanText(e.target.value))} />
      </div>
      <ActionRadios value={action} onChange={setAction} labels={['Opt-in', 'Opt-out']} />
      {errors.action && (
        <p className={styles.error} role="alert">
          {errors.action}
        </p>
      )}
      <Button type="submit" loading={save.isPending}>
        Save Consent
      </Button>
    </form>
  );
}
