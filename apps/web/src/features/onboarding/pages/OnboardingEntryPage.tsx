import { Navigate, useSearchParams } from 'react-router-dom';
import { STEP_ROUTES } from '../utils/steps';
import { readProgress, storeSource } from '../utils/progress';
import { ROUTES } from '../../../config/routes';

/** /onboarding: stores the source, then sends the user to the furthest step reached. */
export default function OnboardingEntryPage() {
  const [params] = useSearchParams();
  const source = params.get('source');
  if (source !== null) storeSource(source.slice(0, 40));
  const { furthest } = readProgress();
  return <Navigate to={ROUTES[STEP_ROUTES[furthest] ?? 'onboarding-account-details'].path} replace />;
}
