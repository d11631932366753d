/** A plan as the product ships it; the plans table holds these rows (and billing may change prices). */
export interface PlanDefinition {
  code: string;
  name: string;
  description: string;
  maxCampaign: number;
  monthlyPriceCents: number;
  yearlyPriceCents: number;
  customPricing: boolean;
  selectable: boolean;
  sortOrder: number;
}

export const TRIAL_PLAN_CODE = 'trial';
export const FALLBACK_PLAN_CODE = 'starter';

export const PLANS: readonly PlanDefinition[] = [
  {
    code: 'trial',
    name: 'Free Trial',
    description: 'Try every dispatch feature with up to 3 technicians.',
    maxCampaign: 3,
    monthlyPriceCents: 0,
    yearlyPriceCents: 0,
    customPricing: false,
    selectable: false,
    sortOrder: 0,
  },
  {
    code: 'starter',
    name: 'Starter',
    description: 'For small teams: up to 5 technicians.',
    maxCampaign: 5,
    monthlyPriceCents: 9900,
    yearlyPriceCents: 100980,
    customPricing: false,
    selectable: true,
    sortOrder: 1,
  },
  {
    code: 'pro',
    name: 'Pro',
    description: 'For growing companies: up to 25 technicians.',
    maxCampaign: 25,
    monthlyPriceCents: 24900,
    yearlyPriceCents: 253980,
    customPricing: false,
    selectable: true,
    sortOrder: 2,
  },
  {
    code: 'enterprise',
    name: 'Enterprise',
    description: 'Custom quote for large fleets: up to 100 technicians.',
    maxCampaign: 100,
    monthlyPriceCents: 0,
    yearlyPriceCents: 0,
    customPricing: true,
    selectable: true,
    sortOrder: 3,
  },
];

/** The plan a location without one is on: the trial plan while on trial, otherwise starter. */
export const implicitPlanCode = (freeTrial: boolean): string => (freeTrial ? TRIAL_PLAN_CODE : FALLBACK_PLAN_CODE);
