import type { Permission, RoleName, SubscriptionCode } from './constants.js';

/**
 * What a route or an endpoint requires. The SPA's route guard and the API's authorization check both
 * evaluate these rules with `checkAccess`, so a screen and the calls behind it never disagree.
 */
export interface AccessRule {
  /** A permission flag; Owner and Admin pass every permission check. */
  permission?: Permission;
  /** Passes when the location has any one of these subscriptions. */
  subscriptions?: readonly SubscriptionCode[];
  /** Free-trial locations pass only when this is set (or when `allowLite` applies). */
  allowTrial?: boolean;
  /** Free-trial locations of the lite trial type pass (settings-general). */
  allowLite?: boolean;
  /** Roles that pass; others fail even with the permission (creating users: Owner, Admin). */
  roles?: readonly RoleName[];
  /** Where a failing trial user goes: billing (default) or not-found (settings-general, -dispatch). */
  trialFailure?: 'billing' | 'not-found';
}

export interface AccessSubject {
  role: RoleName;
  permissions: Readonly<Record<Permission, 0 | 1>>;
  subscriptions: readonly string[];
  freeTrial: boolean;
  freeTrialType: string | null;
}

export type AccessResult = 'ok' | 'billing' | 'not-found';

export function hasPermission(subject: AccessSubject, permission: Permission): boolean {
  return subject.role === 'Owner' || subject.role === 'Admin' || subject.permissions[permission] === 1;
}

export function checkAccess(rule: AccessRule, subject: AccessSubject): AccessResult {
  const failure: AccessResult = subject.freeTrial ? (rule.trialFailure ?? 'billing') : 'not-found';
  if (subject.freeTrial) {
    const liteOk = rule.allowLite === true && subject.freeTrialType === 'lite';
    if (!rule.allowTrial && !liteOk) return failure;
  }
  if (rule.roles && !rule.roles.includes(subject.role)) return failure;
  if (rule.permission && !hasPermission(subject, rule.permission)) return failure;
  if (rule.subscriptions && !rule.subscriptions.some((s) => subject.subscriptions.includes(s))) return failure;
  return 'ok';
}
