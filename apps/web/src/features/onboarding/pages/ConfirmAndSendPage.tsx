import { Navigate } from 'react-router-dom';
import { ConfirmStep } from '../components/ConfirmStep';
import { useStepGuard } from '../utils/useStep';

/** Onboarding step 4. */
export default function ConfirmAndSendPage() {
  const redirect = useStepGuard(4);
  if (redirect) return <Navigate to={redirect} replace />;
  return <ConfirmStep mode="onboarding" />;
}
