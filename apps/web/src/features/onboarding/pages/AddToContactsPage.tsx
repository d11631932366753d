import { Navigate } from 'react-router-dom';
import { ContactsStep } from '../components/ContactsStep';
import { useStepGuard } from '../utils/useStep';

/** Onboarding step 3. */
export default function AddToContactsPage() {
  const redirect = useStepGuard(3);
  if (redirect) return <Navigate to={redirect} replace />;
  return <ContactsStep mode="onboarding" skipTo="after" />;
}
