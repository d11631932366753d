import type { analyticsApi } from '@kudo/shared';

/** Kudo Index (DECISIONS.md): 0 to 10, an integer when whole, else one decimal; null without answers. */
export function kudoIndex(sum: number, count: number): number | null {
  if (count === 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

/** A share as the screen shows it: "12.34%" (2 decimals); "0.00%" of nothing. */
export function percent(part: number, whole: number): string {
  if (whole === 0) return '0.00%';
  return `${((part / whole) * 100).toFixed(2)}%`;
}

/** A mean slider answer (0 to 10) on the 5-star scale, one decimal; null without answers. */
export function halvedStars(sum: number, count: number): number | null {
  if (count === 0) return null;
  return Math.round((sum / count / 2) * 10) / 10;
}

/** The stars of a review added by hand, from its sentiment. */
export const starsFromSentiment = (sentiment: analyticsApi.ReviewSentiment): number =>
  sentiment === 'positive' ? 5 : sentiment === 'neutral' ? 3 : 1;

/** A rating rounded to 2 decimals (null stays null). */
export const round2 = (n: number | null): number | null => (n === null ? null : Math.round(n * 100) / 100);

/** Latest minus joining; null when either rating is unknown. */
export function gain(latest: { count: number; ratings: number | null }, oldest: { count: number; ratings: number | null }) {
  return {
    count: latest.count - oldest.count,
    ratings: latest.ratings === null || oldest.ratings === null ? null : round2(latest.ratings - oldest.ratings),
  };
}
