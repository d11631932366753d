import type { AccessSubject } from '@kudo/shared';
import { describe, expect, it } from 'vitest';
import { connectRoute } from './connect';

const subject = (over: Partial<AccessSubject>): AccessSubject => ({
  role: 'Owner',
  permissions: { twm: 1, dispatch: 1, analytics: 1, settings: 1 },
  subscriptions: [],
  freeTrial: false,
  freeTrialType: null,
  ...over,
});

describe('connectRoute', () => {
  it('leads to Connect Social Media in settings for those who may open it', () => {
    expect(connectRoute(subject({}))).toBe('settings-general-connect-social-media');
    expect(connectRoute(subject({ freeTrial: true, freeTrialType: 'lite' }))).toBe('settings-general-connect-social-media');
  });

  it('offers nothing where settings would not open (a free trial, a user without settings)', () => {
    expect(connectRoute(subject({ freeTrial: true }))).toBeNull();
    expect(connectRoute(subject({ role: 'User', permissions: { twm: 0, dispatch: 1, analytics: 1, settings: 0 } }))).toBeNull();
  });
});
