import { describe, expect, it } from 'vitest';
import { canChangePassword, passwordChangeChecks } from './passwordChecks';

const fields = (currentPassword: string, newPassword: string, confirmPassword = newPassword) => ({
  currentPassword,
  newPassword,
  confirmPassword,
});

describe('password change requirements', () => {
  it('allows a change when all four requirements hold', () => {
    expect(canChangePassword(fields('demo1234', 'better1'))).toBe(true);
  });

  it('names the requirement that fails', () => {
    const unmet = (f: ReturnType<typeof fields>) => passwordChangeChecks(f).filter((c) => !c.met).map((c) => c.id);
    expect(unmet(fields('demo1234', 'short'))).toEqual(['length']);
    expect(unmet(fields('demo1234', 'has space'))).toEqual(['spaces']);
    expect(unmet(fields('demo1234', 'better1', 'better2'))).toEqual(['match']);
    expect(unmet(fields('', 'better1'))).toEqual(['current']);
    expect(unmet(fields('', ''))).toEqual(['length', 'spaces', 'match', 'current']);
  });
});
