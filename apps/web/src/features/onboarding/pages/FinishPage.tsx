import { Navigate, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { Button } from '../../../components/Button';
import { CarrierRegistrationForm } from '../../../components/CarrierRegistrationForm';
import { CheckIcon } from '../../../components/icons';
import { OnboardingFrame } from '../components/OnboardingFrame';
import styles from '../components/Onboarding.module.css';
import { useStepGuard } from '../utils/useStep';

/** Step 5: done; the business details carriers need for texting can be given here or later from the banner. */
export default function FinishPage() {
  const redirect = useStepGuard(5);
  const navigate = useNavigate();
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <OnboardingFrame title="It's sent! Congratulations!" position="Step 6 of 6">
      <p>You will be notified of your first reviews with the product via email.</p>
      <ul className={styles.done}>
        {['Account Setup', 'Onboarding Complete'].map((t) => (
          <li key={t}>
            <CheckIcon className={styles.doneIcon} aria-hidden="true" /> {t}
          </li>
        ))}
      </ul>
      <Button size="lg" onClick={() => navigate(ROUTES.dashboard.path)}>
        Go to Dashboard
      </Button>
      <section aria-labelledby="carrier-heading" className={styles.section}>
        <h2 id="carrier-heading">Get your texts delivered</h2>
        <p className={styles.muted}>
          US carriers block business texts from unregistered senders (10DLC). Give us your business details now so your registration can go ahead.
        </p>
        <CarrierRegistrationForm />
      </section>
    </OnboardingFrame>
  );
}
