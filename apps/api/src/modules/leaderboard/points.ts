import { CREDIT_POINTS } from '../social-reviews/index.js';

/** A campaign's figures in a range. */
export interface CampaignStats {
  id: number;
  uid: string;
  name: string;
  image: string;
  department: string;
  employeeId: string;
  deleted: boolean;
  responses: number;
  happy: number;
  neutral: number;
  unhappy: number;
  kudoSum: number;
  kudoCount: number;
  reviewLeads: number;
  pchecks: number;
  bios: number;
  credits: number;
}

type Counts = Pick<CampaignStats, 'responses' | 'happy' | 'neutral' | 'unhappy' | 'kudoSum' | 'kudoCount' | 'reviewLeads' | 'pchecks' | 'bios' | 'credits'>;

/** Points (see the scores in decisions): 1 per response, +1 when positive, +2 per review lead, +5 per social credit. */
export function campaignPoints(c: Counts): { pulseCheck: number; leads: number; social: number; total: number } {
  const pulseCheck = c.responses + c.happy;
  const leads = 2 * c.reviewLeads;
  const social = CREDIT_POINTS * c.credits;
  return { pulseCheck, leads, social, total: pulseCheck + leads + social };
}

/** The sums of campaigns' figures: a department's or the company's. */
export function sumStats(list: readonly Counts[]): Counts {
  const keys = ['responses', 'happy', 'neutral', 'unhappy', 'kudoSum', 'kudoCount', 'reviewLeads', 'pchecks', 'bios', 'credits'] as const;
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<(typeof keys)[number], number>;
  for (const c of list) for (const k of keys) out[k] += c[k];
  return out;
}
