import type { BulkJobView } from '@kudo/shared';
import type { RouteName } from '../../../config/routes';
import { reachStep } from './progress';

/** The onboarding steps' screens, by step number. */
export const STEP_ROUTES: readonly RouteName[] = [
  'onboarding-account-details',
  'onboarding-connect-social-media',
  'onboarding-preview-pulsecheck',
  'onboarding-add-to-contacts',
  'onboarding-confirm-and-send',
  'onboarding-finish',
];

/** The pulseCheck steps run in onboarding (steps 2–4, then the finish) or in the trial wizard (steps 1–3, then the dashboard). */
export type StepMode = 'onboarding' | 'wizard';

export const STEP_FLOW: Record<StepMode, { preview: RouteName; contacts: RouteName; confirm: RouteName; after: RouteName; label: (n: 2 | 3 | 4) => string }> = {
  onboarding: {
    preview: 'onboarding-preview-pulsecheck',
    contacts: 'onboarding-add-to-contacts',
    confirm: 'onboarding-confirm-and-send',
    after: 'onboarding-finish',
    label: (n) => `Step ${n + 1} of 6`,
  },
  wizard: {
    preview: 'wizard-preview-pulsecheck',
    contacts: 'wizard-add-to-contacts',
    confirm: 'wizard-confirm-and-send',
    after: 'dashboard',
    label: (n) => `Step ${n - 1} of 3`,
  },
};

/** 'Ready to send?', then 'Sending...', then 'All sent!' or 'X/Y pulseChecks sent'. */
export function sendHeadline(job: Pick<BulkJobView, 'status' | 'total' | 'counts'> | null): string {
  if (!job) return 'Ready to send?';
  if (job.status !== 'done') return 'Sending...';
  return job.counts.success === job.total ? 'All sent!' : `${job.counts.success}/${job.total} pulseChecks sent`;
}

/** Records an onboarding step as reached before moving to it (the trial wizard keeps no progress). */
export function advance(mode: StepMode, step: number) {
  if (mode === 'onboarding') reachStep(step);
}
