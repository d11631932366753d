import { MSG } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { pathFor, type ReturnState } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { PasswordField, TextField } from '../../../components/TextField';
import { errorMessage, useFormErrors, type FieldErrors } from '../../../lib/forms';
import { useLogin } from '../api/auth';
import { AuthFrame } from '../components/AuthFrame';
import styles from '../components/AuthForm.module.css';

function validate(username: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!username.trim()) errors.username = MSG.emailRequired;
  if (!password) errors.password = MSG.passwordRequired;
  return errors;
}

export default function LoginPage() {
  const notice = (useLocation().state as ReturnState | null)?.notice;
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { errors: fieldErrors, accept } = useFormErrors(login);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!accept(validate(username, password))) return;
    login.mutate({ username: username.trim(), password });
  };

  // Until the user tries again, the last reason they were sent here stays visible.
  const generalError = login.isError ? errorMessage(login.error) : !login.isPending && !login.isSuccess ? notice : undefined;

  return (
    <AuthFrame randomBackground>
      <h1 className={styles.title}>Welcome back</h1>
      <p className={styles.lead}>Log in to your account</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {generalError && <Banner tone="danger">{generalError}</Banner>}
        <TextField
          label="Email"
          type="email"
          name="username"
          autoComplete="username"
          inputMode="email"
          autoFocus
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={fieldErrors.username}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password}
        />
        <div className={styles.row}>
          <span />
          <Link to={pathFor('password-recovery')}>Forgot password?</Link>
        </div>
        <Button type="submit" size="lg" block loading={login.isPending || login.isSuccess}>
          Log In
        </Button>
      </form>
      <p className={styles.footer}>
        New here?{' '}
        <Link to={pathFor('onboarding')}>
          Sign Up
        </Link>
      </p>
    </AuthFrame>
  );
}
