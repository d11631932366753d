import type { AccessSubject, LocationItem } from '@kudo/shared';
import { describe, expect, it } from 'vitest';
import type { SessionView } from '../lib/session/hooks';
import { afterLoginTarget, decideRoute } from './guard';
import { ROUTES, type RouteName } from '../config/routes';

const subject = (over: Partial<AccessSubject> = {}): AccessSubject => ({
  role: 'Owner',
  permissions: { twm: 1, dispatch: 1, analytics: 1, settings: 1 },
  subscriptions: ['kudoPro', 'web-chat', 'contact-card', 'employee-rewards'],
  freeTrial: false,
  freeTrialType: null,
  ...over,
});

const location = {
  location_id: 1,
  name: 'Austin',
  address: [],
  free_trial: false,
  free_trial_type: null,
  free_trial_days: 0,
  pcheck_count: 0,
  twilio_verified: 'verified',
  hs_10dlc: false,
  enabled_features: [],
  time_zone: 'America/Chicago',
  google_connected: false,
  last_selected_at: null,
};

const located = (s: AccessSubject | 'loading' | 'failed'): SessionView => ({ status: 'located', location, subject: s });
const decide = (name: RouteName, session: SessionView) => decideRoute(name, ROUTES[name].access, session);

describe('decideRoute', () => {
  it('sends a logged-out visitor to login from any guarded screen', () => {
    expect(decide('dashboard', { status: 'signed-out' })).toEqual({ type: 'login', forget: false });
    expect(decide('user-preferences', { status: 'signed-out' })).toEqual({ type: 'login', forget: false });
  });

  it('drops a session whose data failed to load and goes to login', () => {
    expect(decide('dashboard', { status: 'failed' })).toEqual({ type: 'login', forget: true });
    expect(decide('dashboard', located('failed'))).toEqual({ type: 'login', forget: true });
  });

  it('waits while the session loads', () => {
    expect(decide('dashboard', { status: 'loading' })).toEqual({ type: 'wait' });
    expect(decide('dashboard', located('loading'))).toEqual({ type: 'wait' });
  });

  it('asks a user without a current location to choose one, except on screens that need none', () => {
    expect(decide('dashboard', { status: 'no-location' })).toEqual({ type: 'select-location' });
    expect(decide('select-location', { status: 'no-location' })).toEqual({ type: 'render' });
    expect(decide('magic-login', { status: 'no-location' })).toEqual({ type: 'render' });
  });

  it('moves a logged-in user off the login screen, and shows it to everyone else', () => {
    expect(decide('login', located(subject()))).toEqual({ type: 'leave' });
    expect(decide('login', { status: 'no-location' })).toEqual({ type: 'leave' });
    expect(decide('login', { status: 'signed-out' })).toEqual({ type: 'render' });
    expect(decide('login', { status: 'failed' })).toEqual({ type: 'render' });
  });

  it('sends a trial user who fails a rule to billing and anyone else to not-found', () => {
    const trial = subject({ freeTrial: true, subscriptions: [] });
    expect(decide('operate-dispatch', located(trial))).toEqual({ type: 'redirect', to: 'settings-billing-subscriptions' });
    expect(decide('logs-outbound', located(trial))).toEqual({ type: 'redirect', to: 'settings-billing-subscriptions' });
    const staff = subject({ role: 'User', permissions: { twm: 0, dispatch: 1, analytics: 1, settings: 0 } });
    expect(decide('message', located(staff))).toEqual({ type: 'not-found' });
    expect(decide('operate-dispatch', located(staff))).toEqual({ type: 'render' });
  });

  it('gives trial users not-found on general and dispatch settings, except lite trials on general', () => {
    const trial = subject({ freeTrial: true, subscriptions: [] });
    expect(decide('settings-general-users', located(trial))).toEqual({ type: 'not-found' });
    expect(decide('settings-dispatch-campaigns', located(trial))).toEqual({ type: 'not-found' });
    const lite = subject({ freeTrial: true, freeTrialType: 'lite', subscriptions: [] });
    expect(decide('settings-general-users', located(lite))).toEqual({ type: 'render' });
    expect(decide('settings-dispatch-campaigns', located(lite))).toEqual({ type: 'not-found' });
  });

  it('lets trial users into the dashboard and analyze, and never loops on billing itself', () => {
    const trial = subject({ freeTrial: true, subscriptions: [] });
    expect(decide('dashboard', located(trial))).toEqual({ type: 'render' });
    expect(decide('analyze-overview', located(trial))).toEqual({ type: 'render' });
    const trialStaff = subject({
      role: 'User',
      freeTrial: true,
      subscriptions: [],
      permissions: { twm: 0, dispatch: 0, analytics: 0, settings: 0 },
    });
    expect(decide('settings-billing-subscriptions', located(trialStaff))).toEqual({ type: 'not-found' });
  });

  it('renders public screens whatever the session', () => {
    expect(decide('password-recovery', located(subject()))).toEqual({ type: 'render' });
    expect(decide('view-bio', { status: 'signed-out' })).toEqual({ type: 'render' });
  });
});

describe('the trial wizard guard', () => {
  const at = (over: Partial<LocationItem>, sub: Partial<AccessSubject> = {}): SessionView => ({
    status: 'located',
    location: { ...location, ...over } as LocationItem,
    subject: subject(sub),
  });
  const trial = { freeTrial: true, freeTrialType: 'mvo' };

  it('lets a trial with days and pulseChecks left in', () => {
    expect(decide('wizard-preview-pulsecheck', at({ free_trial: true, free_trial_type: 'mvo', free_trial_days: 9, pcheck_count: 25 }, trial))).toEqual({ type: 'render' });
  });

  it('sends a trial without days or without pulseChecks left to billing', () => {
    const billing = { type: 'redirect', to: 'settings-billing-subscriptions' };
    expect(decide('wizard-preview-pulsecheck', at({ free_trial: true, free_trial_type: 'mvo', free_trial_days: 0, pcheck_count: 25 }, trial))).toEqual(billing);
    expect(decide('wizard-add-to-contacts', at({ free_trial: true, free_trial_type: 'mvo', free_trial_days: 9, pcheck_count: 0 }, trial))).toEqual(billing);
    expect(decide('wizard-confirm-and-send', at({ free_trial: true, free_trial_type: 'mvo', free_trial_days: -1, pcheck_count: 3 }, trial))).toEqual(billing);
  });

  it('lets lite trials straight through', () => {
    expect(decide('wizard-preview-pulsecheck', at({ free_trial: true, free_trial_type: 'lite', free_trial_days: 0, pcheck_count: 0 }, { freeTrial: true, freeTrialType: 'lite' }))).toEqual({ type: 'render' });
  });
});

describe('afterLoginTarget', () => {
  it('returns to the wanted screen, or the dashboard', () => {
    expect(afterLoginTarget('/analyze/overview', true)).toEqual({ path: '/analyze/overview' });
    expect(afterLoginTarget(undefined, true)).toEqual({ path: '/dashboard' });
    expect(afterLoginTarget('https://evil.example', true)).toEqual({ path: '/dashboard' });
  });

  it('goes through select-location when the wanted screen needs a location and none is chosen', () => {
    expect(afterLoginTarget(undefined, false)).toEqual({ path: '/select-location', from: '/dashboard' });
    expect(afterLoginTarget('/message', false)).toEqual({ path: '/select-location', from: '/message' });
  });

  it('goes straight to screens that need no location', () => {
    expect(afterLoginTarget('/internal/abracadabra/12', false)).toEqual({ path: '/internal/abracadabra/12' });
    expect(afterLoginTarget('/user-preferences', false)).toEqual({ path: '/user-preferences' });
  });
});
