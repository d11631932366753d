/** Figures as the report screens and panels show them (Analyze, the dashboard). */

const WHOLE = new Intl.NumberFormat('en-US');

/** A count with thousands separators; '—' when unknown. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : WHOLE.format(value);
}

/** A rating with one decimal ('4.6'); '—' when unknown. */
export function formatRating(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(1);
}

/** A gain with its sign ('+12', '+0.3', '−2'); the unit's decimals. */
export function formatGain(value: number, decimals = 0): string {
  const rounded = Number(value.toFixed(decimals));
  const abs = Math.abs(rounded).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  if (rounded > 0) return `+${abs}`;
  if (rounded < 0) return `−${abs}`;
  return abs;
}

/** The largest share a progress bar shows: a full bar would claim a perfect score. */
export const BAR_MAX = 99.99;

/** A rating as a share of 5 stars for a progress bar, in percent, at most 99.99. */
export function ratingPercent(rating: number | null | undefined): number {
  if (rating === null || rating === undefined || !Number.isFinite(rating) || rating <= 0) return 0;
  return Math.min(BAR_MAX, (rating / 5) * 100);
}

/** What part of today's count came since joining, in percent (0 when nothing is known), at most 99.99. */
export function gainPercent(gain: number, latest: number): number {
  if (!(latest > 0) || !(gain > 0)) return 0;
  return Math.min(BAR_MAX, (gain / latest) * 100);
}

/**
 * A percentage with two decimals ('45.50%'), from a number or the server's text ('45.5%', '45.5').
 * Unreadable input gives '0.00%'.
 */
export function formatPercent(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number.parseFloat(value.replace('%', '')) : value;
  return `${(n !== null && n !== undefined && Number.isFinite(n) ? n : 0).toFixed(2)}%`;
}
