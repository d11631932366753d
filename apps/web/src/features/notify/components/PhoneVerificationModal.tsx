import { formatPhone, MSG, notifyApi, toE164 } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCheckPhoneCode, useSendPhoneCode, useUpdateNotificationSms } from '../api/notifications';
import { needsVerification } from '../utils/phone';
import styles from './Notify.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locationId: number;
  sentiment: notifyApi.SmsSentiment;
  /** The sentiment's stored number and its id, if any. */
  current: { phoneNumber: string; id: number } | null;
  /** The other sentiment's verified number: choosing it needs no new code. */
  otherNumber: string | null;
}

type Step = { kind: 'phone' } | { kind: 'code'; key: string; phone: string };

const FORM_ID = 'phone-verification-form';

/**
 * Two steps: the number, then the texted 6-digit code. Once the code matches, the number is saved for
 * the sentiment and the modal closes. Errors show inside the modal. Mount it when it opens, so each
 * opening starts from the first step.
 */
export function PhoneVerificationModal({ open, onOpenChange, locationId, sentiment, current, otherNumber }: Props) {
  const toast = useToast();
  const sendCode = useSendPhoneCode();
  const checkCode = useCheckPhoneCode();
  const updateSms = useUpdateNotificationSms(locationId);
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [phone, setPhone] = useState(current ? formatPhone(current.phoneNumber) : '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const fail = (e: unknown) => setError(errorMessage(e));

  const save = (phoneNumber: string) =>
    updateSms.mutate(
      { phone_number: phoneNumber, id: current?.id ?? null, sentiment },
      {
        onSuccess: ({ message }) => {
          toast.show({
            tone: 'success',
            title: message ?? (phoneNumber ? MSG.notifySmsSaved : MSG.notifySmsCleared),
            description: phoneNumber ? formatPhone(phoneNumber) : undefined,
          });
          onOpenChange(false);
        },
        onError: fail,
      },
    );

  const requestCode = (phoneNumber: string, again = false) =>
    sendCode.mutate(phoneNumber, {
      onSuccess: ({ data }) => {
        setStep({ kind: 'code', key: data.verification_key, phone: phoneNumber });
        setCode('');
        setError(null);
        setNotice(again ? 'We texted you a new code. Earlier codes no longer work.' : null);
      },
      onError: fail,
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (step.kind === 'phone') {
      // An empty number clears the SMS alerts; it needs no code.
      if (!phone.trim()) {
        if (current) save('');
        else setError(MSG.validPhone);
        return;
      }
      const e164 = toE164(phone);
      if (!e164) {
        setError(MSG.validPhone);
        return;
      }
      if (!needsVerification(phone, current?.phoneNumber ?? null, otherNumber)) {
        save(e164);
        return;
      }
      requestCode(e164);
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setError(MSG.phoneCodeFormat);
      return;
    }
    checkCode.mutate({ key: step.key, auth: code, phone_number: step.phone }, { onSuccess: () => save(step.phone), onError: fail });
  };

  const busy = sendCode.isPending || checkCode.isPending || updateSms.isPending;
  const skip = step.kind === 'phone' && !needsVerification(phone, current?.phoneNumber ?? null, otherNumber);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      size="sm"
      title={`${sentiment === 'neutral' ? 'Neutral' : 'Negative'} feedback SMS`}
      description={
        step.kind === 'phone'
          ? 'Texts go to this mobile number. We send it a 6-digit code to confirm it is yours.'
          : (
              <>
                Enter the 6-digit code we texted to <span className={styles.nowrap}>{formatPhone(step.phone)}</span>. It expires in{' '}
                {notifyApi.PHONE_VERIFICATION.codeMinutes} minutes.
              </>
            )
      }
      footer={
        <>
          {step.kind === 'code' && (
            <Button variant="ghost" disabled={busy} onClick={() => setStep({ kind: 'phone' })}>
              Change number
            </Button>
          )}
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={busy}>
            {step.kind === 'code' ? 'Verify' : skip ? 'Save' : 'Send code'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className={styles.modalForm} onSubmit={onSubmit} noValidate>
        {error && (
          <Banner tone="danger" className={styles.modalError}>
            {error}
          </Banner>
        )}
        {step.kind === 'phone' ? (
          <TextField
            key="phone"
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(512) 555-0100"
            maxLength={20}
            autoFocus
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            hint={!phone.trim() && current ? 'Leave it empty to stop SMS alerts.' : phone.trim() && skip ? 'This number is already verified.' : undefined}
          />
        ) : (
          <>
            <TextField
              key="code"
              label="6-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              className={styles.codeField}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            />
            {notice && (
              <p className={styles.notice} role="status">
                {notice}
              </p>
            )}
            <button type="button" className={styles.linkButton} disabled={busy} onClick={() => requestCode(step.phone, true)}>
              Send a new code
            </button>
          </>
        )}
      </form>
    </Modal>
  );
}
