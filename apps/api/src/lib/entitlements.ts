import { BILLING, SUBSCRIPTIONS, type BillingStatus, type BillingTerm, type SubscriptionCode } from '@kudo/shared';
import type { Db } from './db.js';

const DAY = 24 * 60 * 60 * 1000;

/** The location's own trial fields (written at sign-up) that stand in for a subscription it does not have yet. */
export interface TrialFields {
  freeTrial: boolean;
  freeTrialType: string | null;
  trialEndsAt: Date | null;
  planCode: string | null;
}

/** The location's subscription record, as far as entitlements go. */
export interface BillingRecord {
  status: string;
  planCode: string | null;
  addons: string[];
  term: string;
  currentPeriodEnd: Date | null;
  pastDueSince: Date | null;
}

/** What a location may do, derived from its one subscription record (or its trial fields without one). */
export interface Entitlements {
  status: BillingStatus;
  planCode: string | null;
  term: BillingTerm;
  /** The add-ons that are live now: menus, route rules and server gates read these. */
  addons: SubscriptionCode[];
  trialing: boolean;
  trialEndsAt: Date | null;
  /** The end of the grace period after a failed payment, while it lasts. */
  graceEndsAt: Date | null;
  /** False once the trial ended, the subscription was canceled or the grace period ran out: nothing is sent. */
  canSend: boolean;
}

const isAddon = (code: string): code is SubscriptionCode => (SUBSCRIPTIONS as readonly string[]).includes(code);
const asStatus = (s: string): BillingStatus => (s === 'trialing' || s === 'active' || s === 'past_due' || s === 'canceled' ? s : 'canceled');

export function entitlementsOf(location: TrialFields, sub: BillingRecord | null, now = new Date()): Entitlements {
  const status: BillingStatus = sub ? asStatus(sub.status) : location.freeTrial ? 'trialing' : 'active';
  const addons = (sub?.addons ?? []).filter(isAddon);
  const trialEndsAt = status === 'trialing' ? location.trialEndsAt : null;
  const graceEndsAt = status === 'past_due' && sub?.pastDueSince ? new Date(sub.pastDueSince.getTime() + BILLING.graceDays * DAY) : null;
  const inGrace = graceEndsAt !== null && graceEndsAt > now;
  const live = status === 'active' || status === 'trialing' || (status === 'past_due' && inGrace);
  return {
    status,
    planCode: sub?.planCode ?? location.planCode,
    term: sub?.term === 'month' ? 'month' : 'year',
    addons: live ? addons : [],
    trialing: status === 'trialing',
    trialEndsAt,
    graceEndsAt: inGrace ? graceEndsAt : null,
    canSend: status === 'trialing' ? trialEndsAt !== null && trialEndsAt > now : live,
  };
}

/** Days left until a moment, in whole days, never below zero. */
export const daysUntil = (end: Date | null, now = new Date()): number => (end ? Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY)) : 0);

export const ENTITLEMENT_SELECT = {
  freeTrial: true,
  freeTrialType: true,
  trialEndsAt: true,
  planCode: true,
  subscription: { select: { status: true, planCode: true, addons: true, term: true, currentPeriodEnd: true, pastDueSince: true } },
} as const;

/** The entitlements of one location, read now. */
export async function loadEntitlements(db: Pick<Db, 'location'>, locationId: number, now = new Date()): Promise<Entitlements | null> {
  const location = await db.location.findUnique({ where: { id: locationId }, select: ENTITLEMENT_SELECT });
  return location ? entitlementsOf(location, location.subscription, now) : null;
}

export async function hasAddon(db: Pick<Db, 'location'>, locationId: number, code: SubscriptionCode, now = new Date()): Promise<boolean> {
  return (await loadEntitlements(db, locationId, now))?.addons.includes(code) ?? false;
}
