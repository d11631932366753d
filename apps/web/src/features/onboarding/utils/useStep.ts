import { useEffect, useState } from 'react';
import { ROUTES } from '../../../config/routes';
import { allowedStep, reachStep, readProgress } from './progress';
import { STEP_ROUTES } from './steps';

/**
 * An onboarding step's guard: the path to go to instead when the step may not be shown (beyond the furthest
 * reached, or back from the finish), else null once the step is recorded as the current one.
 */
export function useStepGuard(step: number): string | null {
  const [redirect] = useState(() => {
    const allowed = allowedStep(step, readProgress());
    return allowed === step ? null : ROUTES[STEP_ROUTES[allowed]!].path;
  });
  useEffect(() => {
    if (redirect === null) reachStep(step);
  }, [redirect, step]);
  return redirect;
}
