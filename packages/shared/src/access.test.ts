import { describe, expect, it } from 'vitest';
import { checkAccess, type AccessSubject } from './access.js';

const subject = (over: Partial<AccessSubject> = {}): AccessSubject => ({
  role: 'User',
  permissions: { twm: 0, dispatch: 1, analytics: 1, settings: 0 },
  subscriptions: [],
  freeTrial: false,
  freeTrialType: null,
  ...over,
});

describe('checkAccess', () => {
  it('lets Owner and Admin pass every permission check, and Users only with the flag', () => {
    expect(checkAccess({ permission: 'settings' }, subject())).toBe('not-found');
    expect(checkAccess({ permission: 'dispatch' }, subject())).toBe('ok');
    expect(checkAccess({ permission: 'settings' }, subject({ role: 'Admin' }))).toBe('ok');
    expect(checkAccess({ permission: 'twm' }, subject({ role: 'Owner' }))).toBe('ok');
  });

  it('needs any one of the listed subscriptions, even for owners', () => {
    const rule = { subscriptions: ['kudoPro', 'web-chat'] as const };
    expect(checkAccess(rule, subject({ role: 'Owner' }))).toBe('not-found');
    expect(checkAccess(rule, subject({ subscriptions: ['web-chat'] }))).toBe('ok');
  });

  it('sends trial users to billing unless the rule allows trials', () => {
    const trial = subject({ role: 'Owner', freeTrial: true, freeTrialType: 'mvo' });
    expect(checkAccess({ permission: 'dispatch' }, trial)).toBe('billing');
    expect(checkAccess({ permission: 'analytics', allowTrial: true }, trial)).toBe('ok');
    expect(checkAccess({ allowTrial: true, subscriptions: ['kudoPro'] }, trial)).toBe('billing');
  });

  it('lets lite trials into rules that allow lite, and sends other trials to not-found where asked', () => {
    const rule = { permission: 'settings' as const, allowLite: true, trialFailure: 'not-found' as const };
    expect(checkAccess(rule, subject({ role: 'Owner', freeTrial: true, freeTrialType: 'lite' }))).toBe('ok');
    expect(checkAccess(rule, subject({ role: 'Owner', freeTrial: true, freeTrialType: 'mvo' }))).toBe('not-found');
  });

  it('limits a rule to roles', () => {
    expect(checkAccess({ roles: ['Owner', 'Admin'] }, subject({ permissions: { twm: 1, dispatch: 1, analytics: 1, settings: 1 } }))).toBe('not-found');
    expect(checkAccess({ roles: ['Owner', 'Admin'] }, subject({ role: 'Admin' }))).toBe('ok');
  });
});
