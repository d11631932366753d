import { MSG, passwordProblem } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { LoadingState } from '../../../components/States';
import { PasswordField } from '../../../components/TextField';
import { errorMessage, useFormErrors } from '../../../lib/forms';
import { useResetPassword, useResetTokenCheck } from '../api/recovery';
import { AuthFrame } from '../components/AuthFrame';
import { AuthOutcome, BackToLogin } from '../components/AuthOutcome';
import styles from '../components/AuthForm.module.css';

export default function PasswordResetPage() {
  const im = useSearchParams()[0].get('im') ?? '';
  const token = useResetTokenCheck(im);
  const reset = useResetPassword(im);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { errors, serverErrors, accept } = useFormErrors(reset);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password, confirmation);
    if (!accept(!problem ? {} : problem === MSG.passwordsDoNotMatch ? { password_confirmation: problem } : { password: problem })) return;
    reset.mutate({ password, password_confirmation: confirmation });
  };

  const content = (() => {
    if (!im) return <AuthOutcome ok={false} message={MSG.resetLinkInvalid} />;
    if (token.isPending) return <LoadingState compact label="Checking your link…" />;
    if (token.isError) return <AuthOutcome ok={false} message={errorMessage(token.error)} />;
    if (reset.isSuccess) return <AuthOutcome ok message={reset.data.message ?? MSG.passwordUpdated} />;
    // A failure without field messages (the link expired meanwhile) ends the form like a bad link.
    if (reset.isError && Object.keys(serverErrors).length === 0) return <AuthOutcome ok={false} message={errorMessage(reset.error)} />;
    return (
      <>
        <h1 className={styles.title}>Choose a new password</h1>
        <p className={styles.lead}>For {token.data.email}</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <input type="email" name="username" autoComplete="username" value={token.data.email} readOnly hidden />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            hint="At least 6 characters, no spaces."
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={errors.password_confirmation}
          />
          <Button type="submit" size="lg" block loading={reset.isPending}>
            Reset Password
          </Button>
        </form>
        <p className={styles.footer}>
          <BackToLogin />
        </p>
      </>
    );
  })();

  return <AuthFrame>{content}</AuthFrame>;
}
