import { describe, expect, it } from 'vitest';
import { displayPhone, needsVerification, normalizePhone } from './phone';

describe('phone helpers', () => {
  it('shows a stored number in the usual US format', () => {
    expect(displayPhone('+15125550100')).toBe('(512) 555-0100');
    expect(displayPhone('')).toBe('');
  });

  it('normalizes typed numbers like the server does', () => {
    expect(normalizePhone('512-555-0100')).toBe('+15125550100');
    expect(normalizePhone('555')).toBeNull();
  });

  it('skips verification for an empty number, the current one, or the other sentiment’s', () => {
    expect(needsVerification('', '+15125550100', null)).toBe(false);
    expect(needsVerification('(512) 555-0100', '+15125550100', null)).toBe(false);
    expect(needsVerification('5125550100', null, '+15125550100')).toBe(false);
    expect(needsVerification('5125550101', '+15125550100', '+15125550100')).toBe(true);
    expect(needsVerification('12', null, null)).toBe(true);
  });
});
