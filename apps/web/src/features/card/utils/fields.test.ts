import { describe, expect, it } from 'vitest';
import { MSG, formatPhoneTyping, toE164 } from '@kudo/shared';
import { delayLabel, dollars, parseCardPhone, parseEmail, phoneProblem, splitTerms } from './fields';

describe('card fields', () => {
  it('accepts ten digits with the usual punctuation', () => {
    expect(parseCardPhone('(512) 555-0100')).toEqual({ value: '5125550100' });
    expect(parseCardPhone('512.555.0100')).toEqual({ value: '5125550100' });
    expect(parseCardPhone('+1 512 555 0100')).toEqual({ value: '5125550100' });
  });
  it('refuses other lengths and other characters', () => {
    expect(parseCardPhone('512555010')).toEqual({ error: MSG.cardValidNumber });
    expect(parseCardPhone('25125550100')).toEqual({ error: MSG.cardValidNumber });
    expect(parseCardPhone('512-555-010a')).toEqual({ error: MSG.cardValidNumber });
  });
  it('lets an optional phone stay empty', () => {
    expect(phoneProblem('  ')).toBeNull();
    expect(phoneProblem('123')).toBe(MSG.cardValidNumber);
  });
  it('checks and lower-cases emails', () => {
    expect(parseEmail(' A@B.test ')).toEqual({ value: 'a@b.test' });
    expect(parseEmail('a@b')).toEqual({ error: MSG.validEmail });
  });
  it('sends a typed test number as +1 and its ten digits, and nothing shorter', () => {
    expect(toE164(formatPhoneTyping('5125550199'))).toBe('+15125550199');
    expect(toE164('(512) 555-019')).toBeNull();
    expect(toE164('')).toBeNull();
  });
  it('splits comma-joined terms', () => {
    expect(splitTerms(' plumber, ,drains,plumber ')).toEqual(['plumber', 'drains']);
  });
  it('labels delays and prices', () => {
    expect(delayLabel(1800)).toBe('30 minutes');
    expect(delayLabel(3600)).toBe('1 hour');
    expect(delayLabel(5400)).toBe('90 minutes');
    expect(delayLabel(7200)).toBe('2 hours');
    expect(dollars(123456)).toBe('$1,234.56');
  });
});
