import { describe, expect, it } from 'vitest';
import { formatCount, formatGain, formatPercent, formatRating, gainPercent, ratingPercent } from './figures';

describe('report figures', () => {
  it('write counts, ratings and gains as people read them', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(null)).toBe('—');
    expect(formatRating(4.26)).toBe('4.3');
    expect(formatRating(undefined)).toBe('—');
    expect(formatGain(12)).toBe('+12');
    expect(formatGain(-2)).toBe('−2');
    expect(formatGain(0.04, 1)).toBe('0.0');
    expect(formatGain(0.26, 1)).toBe('+0.3');
  });

  it('fill a rating bar out of 5 and never to 100%', () => {
    expect(ratingPercent(4)).toBe(80);
    expect(ratingPercent(5)).toBe(99.99);
    expect(ratingPercent(null)).toBe(0);
    expect(ratingPercent(-1)).toBe(0);
  });

  it('show the gain since joining as a part of the latest count', () => {
    expect(gainPercent(25, 100)).toBe(25);
    expect(gainPercent(100, 100)).toBe(99.99);
    expect(gainPercent(5, 0)).toBe(0);
    expect(gainPercent(-3, 10)).toBe(0);
  });

  it('give sentiment percentages two decimals, from numbers or text', () => {
    expect(formatPercent('45.5%')).toBe('45.50%');
    expect(formatPercent(33.3333)).toBe('33.33%');
    expect(formatPercent('n/a')).toBe('0.00%');
    expect(formatPercent(null)).toBe('0.00%');
  });
});
