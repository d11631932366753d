/**
 * The public pulseCheck flow's constants and pure rules, without zod: the customer pages import them
 * and must stay small.
 */
export const MOODS = ['negative', 'neutral', 'positive'] as const;
export type Mood = (typeof MOODS)[number];
export const FLOW_MODES = ['sentimentOnly-ungated', 'sliderFirst-ungated'] as const;
export type FlowMode = (typeof FLOW_MODES)[number];
export const REVIEW_MAX = 255;
export const SLIDER = { min: 0, max: 10, step: 1, default: 8 } as const;
/** The rating step's sliders unless a location sets its own (analytics reads them in this order). */
export const DEFAULT_SLIDER_TITLES = [
  'How likely are you to recommend us to a friend?',
  'How professional was your technician?',
  'How would you rate the quality of the work?',
] as const;

export type FlowStep = 'mood' | 'social-media' | 'rating' | 'review' | 'thank-you';

/**
 * The public flow's next page (3§4). Both modes are ungated: every mood reaches the review sites.
 * - sentimentOnly-ungated: mood → social-media (rating when there are no sites) → rating → review → thank-you
 * - sliderFirst-ungated: mood → rating → review → social-media (thank-you when there are no sites) → thank-you
 */
export function nextStep(mode: FlowMode, current: FlowStep, hasSocialMedia: boolean): FlowStep {
  if (mode === 'sliderFirst-ungated') {
    switch (current) {
      case 'mood':
        return 'rating';
      case 'rating':
        return 'review';
      case 'review':
        return hasSocialMedia ? 'social-media' : 'thank-you';
      default:
        return 'thank-you';
    }
  }
  switch (current) {
    case 'mood':
      return hasSocialMedia ? 'social-media' : 'rating';
    case 'social-media':
      return 'rating';
    case 'rating':
      return 'review';
    default:
      return 'thank-you';
  }
}

/** 'just now', '5 minutes ago', '3 months ago': a year is 365 days and a month 30 days (3§9). */
export function timeAgo(then: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  const units: [number, string][] = [
    [365 * 86_400, 'year'],
    [30 * 86_400, 'month'],
    [7 * 86_400, 'week'],
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  if (seconds < 5) return 'just now';
  for (const [size, name] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** The mood a set of answers stands for, as a 1–5 star rating for reviews written in the flow. */
export function starsFor(mood: Mood | null, sliderMean: number | null): number {
  if (sliderMean !== null) return Math.min(5, Math.max(1, Math.round(sliderMean / 2)));
  return mood === 'positive' ? 5 : mood === 'neutral' ? 3 : 1;
}

/** The slider track colour rule (3§9): red below 7, green above 8, blue otherwise. */
export const sliderTone = (value: number): 'red' | 'green' | 'blue' => (value < 7 ? 'red' : value > 8 ? 'green' : 'blue');
