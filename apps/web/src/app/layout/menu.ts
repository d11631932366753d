import { checkAccess, type AccessSubject } from '@kudo/shared';
import { EXTERNAL_LINKS, partnerCampaignsUrl } from '../../lib/links';
import { ROUTES, type RouteDef, type RouteName } from '../routes';

/** One entry of a dropdown: a screen of ours, an outside page, or a nested menu. */
export type MenuLeaf =
  | { kind: 'route'; label: string; route: RouteName }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'submenu'; label: string; items: MenuLeaf[] };

/** One entry of the menu bar. Locked entries are shown to trial users and lead to the plans page. */
export type MenuEntry =
  | { kind: 'route'; id: string; label: string; route: RouteName }
  | { kind: 'locked'; id: string; label: string; route: RouteName }
  | { kind: 'external'; id: string; label: string; href: string }
  | { kind: 'dropdown'; id: string; label: string; items: MenuLeaf[] };

export interface MenuContext {
  subject: AccessSubject;
  /** The partner integration (E016); null while unknown, which shows neither of its entries. */
  crossSell: { enabled: boolean; external_customer_id: string | null } | null;
}

/** A menu entry is shown exactly when its screen's own rule lets the user in. */
export function canEnter(name: RouteName, subject: AccessSubject): boolean {
  const def: RouteDef = ROUTES[name];
  if (def.access.kind !== 'location') return true;
  return checkAccess(def.access.rule, subject) === 'ok';
}

const LOCKED_TARGET: RouteName = 'settings-billing-subscriptions';

export function buildMainMenu({ subject, crossSell }: MenuContext): MenuEntry[] {
  const trial = subject.freeTrial;
  const has = (code: string) => subject.subscriptions.includes(code);
  const entries: MenuEntry[] = [{ kind: 'route', id: 'dashboard', label: 'Dashboard', route: 'dashboard' }];

  const gated = (id: string, label: string, route: RouteName) => {
    if (trial) entries.push({ kind: 'locked', id, label, route: LOCKED_TARGET });
    else if (canEnter(route, subject)) entries.push({ kind: 'route', id, label, route });
  };

  gated('operate', 'Operate', 'operate');
  gated('message', 'Message', 'message');

  const analyze: MenuLeaf[] = (
    [
      ['Overview', 'analyze-overview'],
      ['Reviews', 'analyze-reviews'],
      ['Competitor Analysis', 'analyze-comp-analysis'],
      ['Dispatching', 'analyze-dispatching'],
      ['Two-Way Messaging', 'analyze-twm'],
      ['Employee Rewards', 'analyze-employee-rewards'],
    ] as const
  )
    .filter(([, route]) => canEnter(route, subject))
    .map(([label, route]) => ({ kind: 'route', label, route }));
  if (analyze.length) entries.push({ kind: 'dropdown', id: 'analyze', label: 'Analyze', items: analyze });

  if (trial) {
    entries.push({ kind: 'locked', id: 'leaderboard', label: 'Leaderboard', route: LOCKED_TARGET });
  } else if (canEnter('leaderboard', subject)) {
    entries.push({
      kind: 'dropdown',
      id: 'leaderboard',
      label: 'Leaderboard',
      items: [
        { kind: 'route', label: 'Summary', route: 'leaderboard-summary' },
        { kind: 'route', label: 'Reports', route: 'leaderboard-reports' },
      ],
    });
  }

  // The marketplace advertises what the location does not own yet, to those who manage the account.
  if (canEnter('settings', subject)) {
    const links = EXTERNAL_LINKS.marketplace;
    const offers: MenuLeaf[] = [];
    if (!has('contact-card')) offers.push({ kind: 'external', label: 'Customer Retention', href: links.customerRetention });
    if (!has('kudoPro') || !has('web-chat')) {
      offers.push({
        kind: 'submenu',
        label: 'Lead Generation',
        items: [
          { kind: 'external', label: 'Two Way Messaging', href: links.twoWayMessaging },
          { kind: 'external', label: 'Chat Widget', href: links.chatWidget },
        ],
      });
    }
    if (crossSell && !crossSell.enabled) offers.push({ kind: 'external', label: 'Marketing', href: links.marketing });
    if (!has('employee-rewards')) offers.push({ kind: 'external', label: 'Employee Retention', href: links.employeeRetention });
    if (offers.length) entries.push({ kind: 'dropdown', id: 'marketplace', label: 'Marketplace', items: offers });
  }

  if (trial) entries.push({ kind: 'locked', id: 'referrals', label: 'Referrals', route: LOCKED_TARGET });
  else entries.push({ kind: 'external', id: 'referrals', label: 'Referrals', href: EXTERNAL_LINKS.referrals });

  if (crossSell?.enabled) {
    entries.push({
      kind: 'dropdown',
      id: 'marketing',
      label: 'Marketing',
      items: [{ kind: 'external', label: 'Campaign Management', href: partnerCampaignsUrl(crossSell.external_customer_id) }],
    });
  }
  return entries;
}

export type AccountMenuEntry = 'my-profile' | 'settings' | 'logs' | 'dev-outbox' | 'logout';

/**
 * The account menu. Without a location (support staff) only the profile and logout apply; the dev
 * outbox appears while the server writes messages to it instead of sending them.
 */
export function buildAccountMenu(subject: AccessSubject | null, localProviders: boolean): AccountMenuEntry[] {
  const entries: AccountMenuEntry[] = ['my-profile'];
  if (subject && canEnter('settings', subject)) entries.push('settings');
  if (subject && canEnter('logs', subject)) entries.push('logs');
  if (localProviders) entries.push('dev-outbox');
  entries.push('logout');
  return entries;
}
