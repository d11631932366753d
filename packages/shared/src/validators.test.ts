import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { emailSchema, isValidEmail, newPasswordSchema, passwordProblem, personNameSchema } from './validators.js';

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

describe('names', () => {
  it('accepts names with accents, apostrophes and hyphens, not digits', () => {
    const first = personNameSchema(MSG.validFirstName);
    expect(first.parse(" Zoë O'Neil-Smith ")).toBe("Zoë O'Neil-Smith");
    expect(first.safeParse('R2D2').error?.issues[0]?.message).toBe(MSG.validFirstName);
    expect(first.safeParse('').success).toBe(false);
  });
});

