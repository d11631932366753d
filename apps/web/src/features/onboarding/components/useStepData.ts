import { useCurrentSession } from '../../../lib/session/hooks';
import { useOnboardingData } from '../api/onboarding';

/** What the pulseCheck steps show, for the session's location; `lite` for the email-only trial. */
export function useStepData() {
  const session = useCurrentSession();
  const locationId = session?.location.location_id ?? 0;
  const query = useOnboardingData(locationId);
  const lite = query.data?.free_trial === true && query.data.free_trial_type === 'lite';
  return { query, lite, locationId };
}
