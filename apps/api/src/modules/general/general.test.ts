import { describe, expect, it } from 'vitest';
import { logoAllowed } from './branding.js';
import { reportKinds } from './reporting.js';
import { effectiveFlags, isLocked } from './users.js';

describe('users', () => {
  it('locks Owner-role and Account-access members only', () => {
    expect(isLocked({ role: 'Owner', accessType: 'Location' })).toBe(true);
    expect(isLocked({ role: 'User', accessType: 'Account' })).toBe(true);
    expect(isLocked({ role: 'Admin', accessType: 'Location' })).toBe(false);
  });
  it('turns Chat off without kudoPro and leaves the other flags', () => {
    const all = { twm: true, dispatch: true, analytics: false, settings: true };
    expect(effectiveFlags(all, ['web-chat'])).toEqual({ ...all, twm: false });
    expect(effectiveFlags(all, ['kudoPro'])).toEqual(all);
  });
});

describe('branding', () => {
  const owns = (u: string) => u.startsWith('http://localhost:3000/api/images/') || u.startsWith('/api/images/');
  it('accepts our uploads and https addresses, refuses plain http elsewhere', () => {
    expect(logoAllowed('http://localhost:3000/api/images/kudo/x.png', owns)).toBe(true);
    expect(logoAllowed('/api/images/kudo/x.png', owns)).toBe(true);
    expect(logoAllowed('https://cdn.example.com/x.png', owns)).toBe(true);
    expect(logoAllowed('http://cdn.example.com/x.png', owns)).toBe(false);
    expect(logoAllowed('/other/x.png', owns)).toBe(false);
  });
});

describe('reporting', () => {
  it('names the reports a recipient chose', () => {
    expect(reportKinds(true, true)).toBe('weekly and monthly performance reports');
    expect(reportKinds(true, false)).toBe('weekly performance reports');
    expect(reportKinds(false, true)).toBe('monthly performance reports');
    expect(reportKinds(false, false)).toBe('performance reports');
  });
});
