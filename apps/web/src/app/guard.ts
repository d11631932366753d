import { checkAccess, type LocationItem } from '@kudo/shared';
import type { SessionView } from '../lib/session/hooks';
import { pathFor, ROUTES, routeForPath, safeReturnPath, type RouteAccess, type RouteDef, type RouteName } from '../config/routes';

/** What the router does with a screen, given who is asking. */
export type GuardDecision =
  | { type: 'render' }
  /** The session is still loading: show a spinner, decide later. */
  | { type: 'wait' }
  /** To login, remembering the wanted path; `forget` drops a session that failed to load. */
  | { type: 'login'; forget: boolean }
  | { type: 'select-location' }
  /** A logged-in user on a guest screen (login): on to where they were going. */
  | { type: 'leave' }
  | { type: 'redirect'; to: RouteName }
  | { type: 'not-found' };

const BILLING: RouteName = 'settings-billing-subscriptions';
const WIZARD = new Set<RouteName>(['wizard-pulsecheck', 'wizard-preview-pulsecheck', 'wizard-add-to-contacts', 'wizard-confirm-and-send']);

/** The trial wizard's guard: lite trials pass; otherwise it needs trial days and pulseChecks left. */
export function wizardOpen(location: Pick<LocationItem, 'free_trial' | 'free_trial_type' | 'free_trial_days' | 'pcheck_count'>): boolean {
  if (location.free_trial && location.free_trial_type === 'lite') return true;
  return location.free_trial_days > 0 && location.pcheck_count > 0;
}

export function decideRoute(name: RouteName, access: RouteAccess, session: SessionView): GuardDecision {
  if (access.kind === 'public') {
    if (!access.guestOnly) return { type: 'render' };
    switch (session.status) {
      case 'loading':
        return { type: 'wait' };
      case 'signed-out':
      case 'failed':
        return { type: 'render' };
      default:
        return { type: 'leave' };
    }
  }

  switch (session.status) {
    case 'signed-out':
      return { type: 'login', forget: false };
    case 'loading':
      return { type: 'wait' };
    case 'failed':
      return { type: 'login', forget: true };
  }
  if (access.kind === 'user') return { type: 'render' };
  if (session.status === 'no-location') return { type: 'select-location' };

  const subject = session.subject;
  if (subject === 'loading') return { type: 'wait' };
  if (subject === 'failed') return { type: 'login', forget: true };
  const result = checkAccess(access.rule, subject);
  if (result === 'ok') {
    if (WIZARD.has(name) && !wizardOpen(session.location)) return { type: 'redirect', to: BILLING };
    return { type: 'render' };
  }
  // A trial user who may not even see billing would otherwise bounce between billing and billing.
  if (result === 'billing' && name !== BILLING) return { type: 'redirect', to: BILLING };
  return { type: 'not-found' };
}

/**
 * Where a user goes once logged in: back to the screen they wanted, or the dashboard; through
 * select-location first when that screen needs a location and none is chosen yet.
 */
export function afterLoginTarget(from: unknown, hasLocation: boolean): { path: string; from?: string } {
  const wanted = safeReturnPath(from) ?? pathFor('dashboard');
  const name = routeForPath(wanted.split(/[?#]/)[0] ?? wanted);
  const def: RouteDef | null = name ? ROUTES[name] : null;
  const needsLocation = def === null || def.access.kind === 'location' || def.redirectTo !== undefined;
  if (!hasLocation && needsLocation && name !== 'select-location') return { path: pathFor('select-location'), from: wanted };
  return { path: wanted };
}
