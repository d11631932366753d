import { isValidEmail, MSG } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button, buttonClass } from '../../../components/Button';
import { MailIcon } from '../../../components/icons';
import { TextField } from '../../../components/TextField';
import { ApiError } from '../../../lib/api';
import { apiFieldErrors, errorMessage } from '../../../lib/forms';
import { pathFor } from '../../../config/routes';
import { useSendRecovery } from '../api/recovery';
import { AuthFrame } from '../components/AuthFrame';
import { AuthOutcome, BackToLogin } from '../components/AuthOutcome';
import styles from '../components/AuthForm.module.css';

export default function PasswordRecoveryPage() {
  const send = useSendRecovery();
  const [email, setEmail] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  const serverEmailError = apiFieldErrors(send.error).email;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!isValidEmail(value)) {
      setClientError(MSG.validEmail);
      send.reset();
      return;
    }
    setClientError(null);
    send.mutate(value);
  };

  const noUser = send.error instanceof ApiError && send.error.status === 404;
  const otherError = send.isError && !noUser && !serverEmailError ? errorMessage(send.error) : null;

  return (
    <AuthFrame randomBackground>
      {send.isSuccess ? (
        <AuthOutcome ok message={send.data.message ?? MSG.recoverySent} button="secondary" />
      ) : noUser ? (
        <div className={styles.result} role="status">
          <span className={`${styles.resultIcon} ${styles.resultIconError}`}>
            <MailIcon size={24} />
          </span>
          <p className={styles.resultText}>{MSG.recoveryNoUser}</p>
          <a href={pathFor('onboarding')} className={buttonClass('primary')}>
            Sign Up
          </a>
          <Button variant="ghost" onClick={() => send.reset()}>
            Try another email
          </Button>
          <BackToLogin />
        </div>
      ) : (
        <>
          <h1 className={styles.title}>Forgot your password?</h1>
          <p className={styles.lead}>Enter the email you log in with and we will send you a link to choose a new one.</p>
          <form className={styles.form} onSubmit={onSubmit} noValidate>
            {otherError && <Banner tone="danger">{otherError}</Banner>}
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={clientError ?? serverEmailError}
              disabled={send.isPending}
            />
            <Button type="submit" size="lg" block loading={send.isPending}>
              Send Recovery Email
            </Button>
          </form>
          <p className={styles.footer}>
            <BackToLogin />
          </p>
        </>
      )}
    </AuthFrame>
  );
}
