import { MSG, onboardingApi } from '@kudo/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { PasswordField, TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/forms';
import { EXTERNAL_LINKS } from '../../../config/links';
import { useValidateEmail } from '../api/onboarding';
import { OnboardingFrame } from '../components/OnboardingFrame';
import styles from '../components/Onboarding.module.css';
import { readAccount, reachStep, storeAccount } from '../utils/progress';
import { useStepGuard } from '../utils/useStep';

type Field = 'firstName' | 'lastName' | 'businessEmail' | 'password' | 'confirm' | 'businessPhone' | 'terms';

const schema = onboardingApi.signupAccount;

/**
 * Step 0: the account. Next looks dimmed until the form is valid, yet a click on it shows every field's message
 * (the terms too); the email is checked before going on.
 */
export default function AccountDetailsPage() {
  const redirect = useStepGuard(0);
  const navigate = useNavigate();
  const stored = readAccount();
  const [form, setForm] = useState({
    firstName: stored.account?.firstName ?? '',
    lastName: stored.account?.lastName ?? '',
    businessEmail: stored.account?.businessEmail ?? '',
    password: stored.password ?? '',
    confirm: stored.password ?? '',
    businessPhone: stored.account?.businessPhone ?? '',
    terms: false,
    marketingOptIn: stored.account?.marketingOptIn ?? false,
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const check = useValidateEmail();
  const [emailTaken, setEmailTaken] = useState<string | null>(null);

  const errors = useMemo(() => {
    const out: Partial<Record<Field, string>> = {};
    const parsed = schema.safeParse({ ...form, terms: form.terms ? true : false });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        if (!out[key]) out[key] = issue.message;
      }
    }
    if (form.confirm !== form.password) out.confirm = MSG.signupPasswordsMatch;
    return out;
  }, [form]);
  const valid = Object.keys(errors).length === 0;
  const shown = (f: Field) => (touched[f] ? errors[f] : undefined);

  if (redirect) return <Navigate to={redirect} replace />;

  const set = (key: keyof typeof form) => (value: string | boolean) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key === 'businessEmail') setEmailTaken(null);
  };
  const blur = (f: Field) => () => setTouched((t) => ({ ...t, [f]: true }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ firstName: true, lastName: true, businessEmail: true, password: true, confirm: true, businessPhone: true, terms: true });
    if (!valid) return;
    try {
      const { data } = await check.mutateAsync(form.businessEmail.trim());
      if (data.email_exists) {
        setEmailTaken(MSG.signupEmailExists);
        return;
      }
    } catch {
      // A failed check keeps step 0; its message shows above the form.
      return;
    }
    storeAccount(
      {
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        businessEmail: form.businessEmail.trim().toLowerCase(),
        businessPhone: form.businessPhone,
        marketingOptIn: form.marketingOptIn,
      },
      form.password,
    );
    reachStep(1);
    navigate(ROUTES['onboarding-connect-social-media'].path);
  };

  const emailError = emailTaken ?? shown('businessEmail');
  return (
    <OnboardingFrame title="Welcome! Start by creating your account." position="Step 1 of 6">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {check.isError && <Banner tone="danger">{errorMessage(check.error)}</Banner>}
        <div className={styles.row}>
          <TextField label="First Name" name="firstName" autoComplete="given-name" value={form.firstName} onChange={(e) => set('firstName')(e.target.value)} onBlur={blur('firstName')} error={shown('firstName')} />
          <TextField label="Last Name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={(e) => set('lastName')(e.target.value)} onBlur={blur('lastName')} error={shown('lastName')} />
        </div>
        <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" value={form.businessEmail} onChange={(e) => set('businessEmail')(e.target.value)} onBlur={blur('businessEmail')} error={emailError} />
        <div className={styles.row}>
          <PasswordField label="Password" name="password" autoComplete="new-password" value={form.password} onChange={(e) => set('password')(e.target.value)} onBlur={blur('password')} error={shown('password')} />
          <PasswordField label="Confirm Password" name="confirm" autoComplete="new-password" value={form.confirm} onChange={(e) => set('confirm')(e.target.value)} onBlur={blur('confirm')} error={shown('confirm')} />
        </div>
        <TextField label="Phone" type="tel" name="phone" autoComplete="tel" inputMode="tel" value={form.businessPhone} onChange={(e) => set('businessPhone')(e.target.value)} onBlur={blur('businessPhone')} error={shown('businessPhone')} />
        <div>
          <label className={styles.check}>
            <input type="checkbox" checked={form.terms} onChange={(e) => { set('terms')(e.target.checked); blur('terms')(); }} />
            <span>
              I agree to the{' '}
              <a href={EXTERNAL_LINKS.terms} target="_blank" rel="noopener noreferrer">
                terms and conditions
              </a>
              .
            </span>
          </label>
          {shown('terms') && <p className={styles.error}>{shown('terms')}</p>}
        </div>
        <label className={styles.check}>
          <input type="checkbox" checked={form.marketingOptIn} onChange={(e) => set('marketingOptIn')(e.target.checked)} />
          <span>I'd like to receive information from the product about products and promotions.</span>
        </label>
        <div className={styles.actions}>
          <a href={ROUTES.login.path}>Already have an account? Log in</a>
          <Button type="submit" size="lg" dimmed={!valid} loading={check.isPending}>
            Next
          </Button>
        </div>
      </form>
    </OnboardingFrame>
  );
}
