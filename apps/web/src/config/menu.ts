import { checkAccess, type AccessSubject } from '@kudo/shared';
import { EXTERNAL_LINKS, partnerCampaignsUrl } from './links';
import { ROUTES, type RouteDef, type RouteName } from './routes';

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
  /** Whether a screen has a page yet (app/pages.ts); every screen counts as built when left out. */
  isBuilt?: IsBuilt;
  /** The partner integration (E016); null while unknown, which shows neither of its entries. */
  crossSell: { enabled: boolean; external_customer_id: string | null } | null;
}

/** A menu entry is shown exactly when its screen's own rule lets the user in. */
export function canEnter(name: RouteName, subject: AccessSubject): boolean {
  const def: RouteDef = ROUTES[name];
  if (def.access.kind !== 'location') return true;
  return checkAccess(def.access.rule, subject) === 'ok';
}

/**
 * The Analyze area's screens, in the order of its menu and its navigation. A section with tabs is a
 * parent whose screens are its tabs (Reviews, Two-Way Messaging).
 */
export const ANALYZE_SECTIONS = [
  { label: 'Overview', route: 'analyze-overview', tabs: [] },
  { label: 'Reviews', route: 'analyze-reviews', tabs: [
    { label: 'Reviews', route: 'analyze-reviews-customer-reviews' },
    { label: 'Social Reviews', route: 'analyze-reviews-social-reviews' },
  ] },
  { label: 'Insights', route: 'analyze-insights', tabs: [] },
  { label: 'Competitor Analysis', route: 'analyze-comp-analysis', tabs: [] },
  { label: 'Dispatching', route: 'analyze-dispatching', tabs: [] },
  { label: 'Two-Way Messaging', route: 'analyze-twm', tabs: [
    { label: 'Messaging', route: 'analyze-twm-messaging' },
    { label: 'Chat Widget', route: 'analyze-twm-chat-widget' },
  ] },
  { label: 'Employee Rewards', route: 'analyze-employee-rewards', tabs: [] },
] as const satisfies readonly { label: string; route: RouteName; tabs: readonly { label: string; route: RouteName }[] }[];

export interface AnalyzeLink {
  label: string;
  route: RouteName;
}

export interface AnalyzeSection extends AnalyzeLink {
  /** Where the section's entry leads: its first open tab, or its own screen. */
  target: RouteName;
  tabs: AnalyzeLink[];
}

/** Whether a screen has a page yet; screens without one are left out instead of leading to not-found. */
export type IsBuilt = (name: RouteName) => boolean;

/**
 * The sections a subject may open and that exist, each with the tabs it may open. A section whose tabs
 * are all closed to the subject (a Two-Way Messaging without the matching subscription) is left out.
 */
export function visibleAnalyzeSections(subject: AccessSubject, isBuilt: IsBuilt): AnalyzeSection[] {
  const open = (route: RouteName) => canEnter(route, subject) && isBuilt(route);
  return ANALYZE_SECTIONS.flatMap((section): AnalyzeSection[] => {
    if (!open(section.route)) return [];
    const tabs: AnalyzeLink[] = section.tabs.filter((tab) => open(tab.route)).map((tab) => ({ ...tab }));
    if (section.tabs.length > 0 && tabs.length === 0) return [];
    return [{ label: section.label, route: section.route, target: tabs[0]?.route ?? section.route, tabs }];
  });
}

/** The Analyze section a screen belongs to, if any. */
export function analyzeSectionOf(name: RouteName): (typeof ANALYZE_SECTIONS)[number]['route'] | null {
  for (const section of ANALYZE_SECTIONS) {
    if (section.route === name || section.tabs.some((tab: AnalyzeLink) => tab.route === name)) return section.route;
  }
  return null;
}

/** The settings side navigation ('Manage Your Account'): each entry shows when its screen's rule passes. */
export const SETTINGS_SECTIONS = [
  { label: 'General', route: 'settings-general', tabs: [
    { label: 'Connect Social Media', route: 'settings-general-connect-social-media' },
    { label: 'Logo & Color', route: 'settings-general-branding' },
    { label: 'Users', route: 'settings-general-users' },
    { label: 'Reporting', route: 'settings-general-reporting' },
  ] },
  { label: 'Dispatch', route: 'settings-dispatch', tabs: [
    { label: 'Campaigns', route: 'settings-dispatch-campaigns' },
    { label: 'Notifications', route: 'settings-dispatch-notifications' },
    { label: 'Web Widget', route: 'settings-dispatch-web-widget' },
  ] },
  { label: 'Reviews', route: 'settings-reviews', tabs: [
    { label: 'Reply voice', route: 'settings-reviews-voice' },
    { label: 'Auto-reply', route: 'settings-reviews-auto-reply' },
  ] },
  { label: 'Messaging', route: 'settings-messaging', tabs: [
    { label: 'Notifications', route: 'settings-messaging-notifications' },
    { label: 'Auto-Reply', route: 'settings-messaging-auto-reply' },
    { label: 'Texting Registration', route: 'settings-messaging-registration' },
  ] },
  { label: 'Contact Card', route: 'settings-contact-card', tabs: [
    { label: 'Contact Information', route: 'settings-contact-card-contact-information' },
    { label: 'Templates', route: 'settings-contact-card-templates' },
  ] },
  { label: 'Employee Rewards', route: 'settings-employee-rewards', tabs: [] },
  { label: 'Integrations', route: 'settings-integrations', tabs: [
    { label: 'API keys', route: 'settings-integrations-api-keys' },
    { label: 'API docs', route: 'settings-integrations-api-docs' },
    { label: 'Webhooks', route: 'settings-integrations-webhooks' },
    { label: 'Field service', route: 'settings-integrations-field-service' },
    { label: 'Automatic requests', route: 'settings-integrations-automatic-requests' },
  ] },
  { label: 'Billing', route: 'settings-billing', tabs: [{ label: 'Subscriptions', route: 'settings-billing-subscriptions' }] },
] as const satisfies readonly { label: string; route: RouteName; tabs: readonly { label: string; route: RouteName }[] }[];

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['route'];

/** The sections a subject may open, in the side navigation's order. */
export function visibleSettingsSections(subject: AccessSubject) {
  return SETTINGS_SECTIONS.filter((section) => canEnter(section.route, subject));
}

const LOCKED_TARGET: RouteName = 'settings-billing-subscriptions';

export function buildMainMenu({ subject, crossSell, isBuilt = () => true }: MenuContext): MenuEntry[] {
  const trial = subject.freeTrial;
  const has = (code: string) => subject.subscriptions.includes(code);
  const entries: MenuEntry[] = [{ kind: 'route', id: 'dashboard', label: 'Dashboard', route: 'dashboard' }];

  const gated = (id: string, label: string, route: RouteName) => {
    if (trial) entries.push({ kind: 'locked', id, label, route: LOCKED_TARGET });
    else if (canEnter(route, subject)) entries.push({ kind: 'route', id, label, route });
  };

  gated('operate', 'Operate', 'operate');
  gated('message', 'Message', 'message');

  const analyze: MenuLeaf[] = visibleAnalyzeSections(subject, isBuilt).map((section) => ({
    kind: 'route',
    label: section.label,
    route: section.target,
  }));
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
