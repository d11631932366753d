import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { formatPhoneTyping } from './phone.js';
import { emailSchema, formatPhone, isValidEmail, newPasswordSchema, passwordProblem, personNameSchema, phone10Schema } from './validators.js';

describe('passwordProblem', () => {
  it('reports the first problem in the order the forms show them', () => {
    expect(passwordProblem('')).toBe(MSG.enterPassword);
    expect(passwordProblem('abc')).toBe(MSG.passwordMin);
    expect(passwordProblem('abc def')).toBe(MSG.passwordInvalidChars);
    expect(passwordProblem('pässwörd')).toBe(MSG.passwordInvalidChars);
    expect(passwordProblem('abcdef', 'abcdeg')).toBe(MSG.passwordsDoNotMatch);
    expect(passwordProblem('Ab3$%^&*', 'Ab3$%^&*')).toBeNull();
  });

  it('agrees with the schema the server validates with', () => {
    for (const p of ['', 'abc', 'abc def', 'abcdef', 'x'.repeat(129)]) {
      const parsed = newPasswordSchema.safeParse(p);
      const problem = passwordProblem(p);
      expect(parsed.success).toBe(problem === null && p.length <= 128);
      if (!parsed.success && problem) expect(parsed.error.issues[0]?.message).toBe(problem);
    }
  });
});

describe('emails', () => {
  it('accepts ordinary addresses and lower-cases them', () => {
    expect(isValidEmail('a.b+c@example.co')).toBe(true);
    expect(emailSchema().parse('  Owner@Kudo.TEST ')).toBe('owner@kudo.test');
  });
  it('rejects addresses without a domain, with spaces, or too long', () => {
    for (const bad of ['a@b', 'a b@c.com', '@c.com', 'a@.', `${'x'.repeat(250)}@a.com`]) expect(isValidEmail(bad)).toBe(false);
    expect(emailSchema().safeParse('nope').error?.issues[0]?.message).toBe(MSG.validEmail);
  });
});

describe('names and phones', () => {
  it('accepts names with accents, apostrophes and hyphens, not digits', () => {
    const first = personNameSchema(MSG.validFirstName);
    expect(first.parse(" Zoë O'Neil-Smith ")).toBe("Zoë O'Neil-Smith");
    expect(first.safeParse('R2D2').error?.issues[0]?.message).toBe(MSG.validFirstName);
    expect(first.safeParse('').success).toBe(false);
  });
  it('keeps the ten digits of a US phone and formats them', () => {
    expect(phone10Schema().parse('(512) 555-0100')).toBe('5125550100');
    expect(phone10Schema().safeParse('555-0100').success).toBe(false);
    expect(formatPhone('5125550100')).toBe('(512) 555-0100');
    expect(formatPhone('12')).toBe('12');
  });
});

describe('formatPhoneTyping', () => {
  it('formats as the digits come', () => {
    expect(formatPhoneTyping('512')).toBe('512');
    expect(formatPhoneTyping('51255')).toBe('(512) 55');
    expect(formatPhoneTyping('5125550100')).toBe('(512) 555-0100');
    expect(formatPhoneTyping('(512) 555-01009')).toBe('(512) 555-0100');
  });
});
