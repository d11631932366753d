/**
 * The Kudo Index (0 to 10) as screens show it: whole numbers as they are, others with one decimal, and a
 * colour band per value (9 or more green, 7 to under 9 blue, 4 to under 7 yellow, under 4 red). Slider
 * answers share the scale and the bands.
 */
export type ScoreBand = 'green' | 'blue' | 'yellow' | 'red';

export function scoreBand(value: number): ScoreBand {
  if (value >= 9) return 'green';
  if (value >= 7) return 'blue';
  if (value >= 4) return 'yellow';
  return 'red';
}

export function formatKudoIndex(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}
