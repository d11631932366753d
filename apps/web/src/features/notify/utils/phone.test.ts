import { describe, expect, it } from 'vitest';
import { needsVerification } from './phone';

describe('phone helpers', () => {
  it('skips verification for an empty number, the current one, or the other sentiment’s', () => {
    expect(needsVerification('', '+15125550100', null)).toBe(false);
    expect(needsVerification('(512) 555-0100', '+15125550100', null)).toBe(false);
    expect(needsVerification('5125550100', null, '+15125550100')).toBe(false);
    expect(needsVerification('5125550101', '+15125550100', '+15125550100')).toBe(true);
    expect(needsVerification('12', null, null)).toBe(true);
  });
});
