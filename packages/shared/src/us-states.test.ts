import { describe, expect, it } from 'vitest';
import { isUsStateCode, US_STATES } from './us-states.js';

describe('US_STATES', () => {
  it('lists the 50 states once each by a two-letter code', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES.map(([code]) => code)).size).toBe(50);
    expect(US_STATES.every(([code]) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(isUsStateCode('TX')).toBe(true);
    expect(isUsStateCode('DC')).toBe(false);
  });
});
