import { useQuery } from '@tanstack/react-query';
import { onboardingApi } from '@kudo/shared';
import type { z } from 'zod';
import { call } from '../lib/api';
import styles from './CarrierRegistrationForm.module.css';

export type CarrierStatus = z.output<typeof onboardingApi.carrierStatusView>;

export const CARRIER_STATUS_KEY = ['carrier-registration-status'] as const;

/** Between checks of a registration under review: soon after the worker's next look, never more often than this. */
const MIN_REFRESH_MS = 2_000;
const MAX_REFRESH_MS = 60_000;

const active = (s: CarrierStatus | undefined) => s?.status === 'pending' || s?.status === 'in_review';

/** The location's registration, refreshed right after the worker's next check while the carriers review it. */
export function useCarrierStatus(enabled = true) {
  return useQuery({
    queryKey: CARRIER_STATUS_KEY,
    queryFn: () => call(onboardingApi.carrierRegistrationStatus),
    enabled,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!active(data)) return false;
      const due = data?.next_check_at ? Date.parse(data.next_check_at) - Date.now() + 1_000 : MAX_REFRESH_MS;
      return Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, due));
    },
  });
}

const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const count = (n: number) => n.toLocaleString('en-US');

/** The registration's state in a few words: what the banner and the settings screen call it. */
export function carrierHeadline(s: CarrierStatus): string {
  switch (s.status) {
    case 'approved':
      return 'Registered';
    case 'failed':
      return `Failed: ${s.failure?.reason ?? 'the carriers did not accept the registration'}`;
    case 'pending':
    case 'in_review':
      return s.updating ? 'Registered — new details in review' : 'In review (usually days)';
    default:
      return 'Not registered';
  }
}

export const CARRIER_WAIT_TEXT =
  'Carriers usually decide within a few days; it can take up to four weeks. Your texts keep going meanwhile, but carriers may filter them until the registration is approved.';

const STEP_LABELS: Record<CarrierStatus['steps'][number]['step'], string> = {
  profile: 'Business profile',
  brand: 'Brand',
  service: 'Messaging service',
  campaign: 'Campaign',
};
const STEP_STATUS_LABELS: Record<CarrierStatus['steps'][number]['status'], string> = {
  draft: 'Not started',
  pending: 'Submitted',
  in_review: 'In review',
  approved: 'Approved',
  failed: 'Failed',
};

/** What registering costs the business and what its trust score allows, in the configured figures. */
export function CarrierFees({ status }: { status: CarrierStatus }) {
  const { fees, daily_limits: tiers } = status;
  const tierText = tiers
    .map((t, i) => {
      const upper = i > 0 ? tiers[i - 1]!.min_score - 1 : null;
      const range = upper === null ? `${t.min_score} or more` : `${t.min_score}–${upper}`;
      return `${range}: ${count(t.limit)}`;
    })
    .join('; ');
  return (
    <div className={styles.facts}>
      <p>
        Registering costs the business {money(fees.brand)} for the brand, {money(fees.vetting)} for its vetting and{' '}
        {money(fees.campaign_vetting)} for the campaign&apos;s review, then {money(fees.campaign_monthly)} a month for the campaign. These are the
        carriers&apos; and Twilio&apos;s fees, passed on as they are.
      </p>
      <p>
        {status.trust_score !== null && status.daily_limit !== null
          ? `Your brand's trust score is ${status.trust_score}: carriers allow up to ${count(status.daily_limit)} texts a day.`
          : `Carriers allow a number of texts a day by the brand's trust score (${tierText}).`}
      </p>
    </div>
  );
}

/** Each part of the registration with its state. */
export function CarrierSteps({ status }: { status: CarrierStatus }) {
  return (
    <ol className={styles.steps} aria-label="Registration steps">
      {status.steps.map((s) => (
        <li key={s.step} data-status={s.status}>
          <span>{STEP_LABELS[s.step]}</span> <span className={styles.stepStatus}>{STEP_STATUS_LABELS[s.status]}</span>
        </li>
      ))}
    </ol>
  );
}
