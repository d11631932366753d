import { Navigate } from 'react-router-dom';
import { PreviewStep } from '../components/PreviewStep';
import { useStepGuard } from '../utils/useStep';

/** Onboarding step 2. */
export default function PreviewPulseCheckPage() {
  const redirect = useStepGuard(2);
  if (redirect) return <Navigate to={redirect} replace />;
  return <PreviewStep mode="onboarding" />;
}
