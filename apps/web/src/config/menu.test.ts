import type { AccessSubject } from '@kudo/shared';
import { describe, expect, it } from 'vitest';
import type { RouteName } from './routes';
import {
  analyzeSectionOf,
  buildAccountMenu,
  buildMainMenu,
  visibleAnalyzeSections,
  visibleSettingsSections,
  type MenuEntry,
  type MenuLeaf,
} from './menu';

const ALL_SUBS = ['kudoPro', 'web-chat', 'contact-card', 'employee-rewards'];
const owner = (over: Partial<AccessSubject> = {}): AccessSubject => ({
  role: 'Owner',
  permissions: { twm: 1, dispatch: 1, analytics: 1, settings: 1 },
  subscriptions: ALL_SUBS,
  freeTrial: false,
  freeTrialType: null,
  ...over,
});
const staff = owner({ role: 'User', permissions: { twm: 0, dispatch: 1, analytics: 1, settings: 0 } });
const trial = owner({ freeTrial: true, subscriptions: [] });

const summary = (entries: MenuEntry[]) =>
  entries.map((e) => (e.kind === 'locked' ? `${e.label} (locked)` : e.label));
const labels = (items: MenuLeaf[]): string[] =>
  items.map((i) => (i.kind === 'submenu' ? `${i.label}[${labels(i.items).join(',')}]` : i.label));
const dropdown = (entries: MenuEntry[], id: string) => {
  const entry = entries.find((e) => e.id === id);
  return entry?.kind === 'dropdown' ? labels(entry.items) : null;
};

describe('buildMainMenu', () => {
  it('gives an owner with every subscription the full menu and no marketplace when the partner is on', () => {
    const menu = buildMainMenu({ subject: owner(), crossSell: { enabled: true, external_customer_id: 'c-1' } });
    expect(summary(menu)).toEqual(['Dashboard', 'Operate', 'Message', 'Analyze', 'Leaderboard', 'Referrals', 'Marketing']);
    expect(dropdown(menu, 'analyze')).toEqual([
      'Overview',
      'Reviews',
      'Insights',
      'Competitor Analysis',
      'Dispatching',
      'Two-Way Messaging',
      'Employee Rewards',
    ]);
    const marketing = menu.find((e) => e.id === 'marketing');
    expect(marketing?.kind === 'dropdown' && marketing.items[0]).toMatchObject({
      kind: 'external',
      href: expect.stringContaining('customer=c-1'),
    });
  });

  it("offers the partner's Marketing in the marketplace while the integration is off", () => {
    const menu = buildMainMenu({ subject: owner(), crossSell: { enabled: false, external_customer_id: null } });
    expect(dropdown(menu, 'marketplace')).toEqual(['Marketing']);
    expect(menu.some((e) => e.id === 'marketing')).toBe(false);
  });

  it('shows staff only what their permissions open', () => {
    const menu = buildMainMenu({ subject: staff, crossSell: { enabled: false, external_customer_id: null } });
    expect(summary(menu)).toEqual(['Dashboard', 'Operate', 'Analyze', 'Leaderboard', 'Referrals']);
  });

  it('hides the Message entry without kudoPro even with the twm permission', () => {
    const menu = buildMainMenu({ subject: owner({ subscriptions: ['web-chat'] }), crossSell: null });
    expect(summary(menu)).not.toContain('Message');
    expect(dropdown(menu, 'analyze')).toContain('Two-Way Messaging');
    expect(dropdown(menu, 'analyze')).not.toContain('Employee Rewards');
    expect(dropdown(menu, 'marketplace')).toEqual([
      'Customer Retention',
      'Lead Generation[Two Way Messaging,Chat Widget]',
      'Employee Retention',
    ]);
  });

  it('shows trial users locked entries leading to the plans page and the analyze basics', () => {
    const menu = buildMainMenu({ subject: trial, crossSell: { enabled: false, external_customer_id: null } });
    expect(summary(menu)).toEqual([
      'Dashboard',
      'Operate (locked)',
      'Message (locked)',
      'Analyze',
      'Leaderboard (locked)',
      'Marketplace',
      'Referrals (locked)',
    ]);
    for (const entry of menu) if (entry.kind === 'locked') expect(entry.route).toBe('settings-billing-subscriptions');
    expect(dropdown(menu, 'analyze')).toEqual(['Overview', 'Reviews', 'Insights', 'Competitor Analysis', 'Dispatching']);
  });
});

describe('the Analyze sections', () => {
  const builtOnly =
    (...names: RouteName[]) =>
    (name: RouteName) =>
      names.includes(name);

  it('leave out screens without a page, in the menu as in the navigation', () => {
    const isBuilt = builtOnly('analyze-overview', 'analyze-dispatching', 'analyze-reviews-social-reviews');
    const menu = buildMainMenu({ subject: owner(), crossSell: null, isBuilt });
    expect(dropdown(menu, 'analyze')).toEqual(['Overview', 'Dispatching']);
    const reviews = builtOnly('analyze-reviews', 'analyze-reviews-social-reviews');
    expect(visibleAnalyzeSections(owner(), reviews)).toEqual([
      {
        label: 'Reviews',
        route: 'analyze-reviews',
        target: 'analyze-reviews-social-reviews',
        tabs: [{ label: 'Social Reviews', route: 'analyze-reviews-social-reviews' }],
      },
    ]);
  });

  it('lead a section to its first tab the subject may open', () => {
    const all = () => true;
    const webChatOnly = visibleAnalyzeSections(owner({ subscriptions: ['web-chat'] }), all);
    expect(webChatOnly.find((s) => s.route === 'analyze-twm')).toMatchObject({
      target: 'analyze-twm-chat-widget',
      tabs: [{ label: 'Chat Widget', route: 'analyze-twm-chat-widget' }],
    });
    const menu = buildMainMenu({ subject: owner({ subscriptions: ['web-chat'] }), crossSell: null });
    const analyze = menu.find((e) => e.id === 'analyze');
    expect(analyze?.kind === 'dropdown' && analyze.items.find((i) => i.label === 'Two-Way Messaging')).toMatchObject({
      route: 'analyze-twm-chat-widget',
    });
  });

  it('are closed to a user without the analytics permission', () => {
    const noAnalytics = owner({ role: 'User', permissions: { twm: 1, dispatch: 1, analytics: 0, settings: 1 } });
    expect(visibleAnalyzeSections(noAnalytics, () => true)).toEqual([]);
    expect(buildMainMenu({ subject: noAnalytics, crossSell: null }).some((e) => e.id === 'analyze')).toBe(false);
  });

  it('name the section of each Analyze screen, and none for others', () => {
    expect(analyzeSectionOf('analyze-reviews-social-reviews')).toBe('analyze-reviews');
    expect(analyzeSectionOf('analyze-dispatching')).toBe('analyze-dispatching');
    expect(analyzeSectionOf('dashboard')).toBeNull();
  });
});

describe('buildAccountMenu', () => {
  it('hides logs from trial users and settings from staff without the permission', () => {
    expect(buildAccountMenu(owner(), false)).toEqual(['my-profile', 'settings', 'logs', 'logout']);
    expect(buildAccountMenu(trial, false)).toEqual(['my-profile', 'settings', 'logout']);
    expect(buildAccountMenu(staff, true)).toEqual(['my-profile', 'logs', 'dev-outbox', 'logout']);
    expect(buildAccountMenu(null, true)).toEqual(['my-profile', 'dev-outbox', 'logout']);
  });
});

describe('the settings sections', () => {
  const sectionLabels = (subject: AccessSubject) => visibleSettingsSections(subject).map((s) => s.label);

  it('shows an owner with every subscription every section, in the side navigation order', () => {
    expect(sectionLabels(owner())).toEqual([
      'General',
      'Dispatch',
      'Reviews',
      'Messaging',
      'Contact Card',
      'Employee Rewards',
      'Integrations',
      'Billing',
    ]);
  });

  it('leaves out the sections of subscriptions the location lacks, and everything but billing for a trial', () => {
    expect(sectionLabels(owner({ subscriptions: ['kudoPro'] }))).toEqual(['General', 'Dispatch', 'Reviews', 'Messaging', 'Integrations', 'Billing']);
    expect(sectionLabels(trial)).toEqual(['Billing']);
  });

  it('keeps integrations to owners and admins, and every section from a user without the settings permission', () => {
    const manager = owner({ role: 'User' });
    expect(sectionLabels(manager)).not.toContain('Integrations');
    expect(sectionLabels(manager)).toContain('General');
    expect(sectionLabels(staff)).toEqual([]);
  });
});
