import type { AccessSubject } from '@kudo/shared';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Page } from './Page';
import { RouteTabs } from './RouteTabs';
import { useCurrentSession } from '../lib/session/hooks';
import { pathFor, type RouteName } from '../config/routes';
import { canEnter } from '../config/menu';
import styles from './SettingsFrame.module.css';

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

/**
 * The frame of every settings screen: the side navigation, the section's title and its tabs. Each
 * settings page renders its content inside it.
 */
export function SettingsFrame({
  section,
  title,
  lead,
  actions,
  children,
}: {
  section: SettingsSection;
  title?: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const session = useCurrentSession();
  const sections = session ? visibleSettingsSections(session.subject) : [];
  const current = SETTINGS_SECTIONS.find((s) => s.route === section);
  // A section's tabs are the screens the subject may open (the registration is for Owners and Admins).
  const tabs = (current?.tabs ?? []).filter((tab) => session && canEnter(tab.route, session.subject));
  return (
    <div className={styles.frame}>
      <nav className={styles.side} aria-label="Settings">
        <h2 className={styles.sideTitle}>Manage Your Account</h2>
        <ul className={styles.sideList}>
          {sections.map((s) => (
            <li key={s.route}>
              <NavLink
                to={pathFor(s.route)}
                className={styles.sideLink}
                aria-current={s.route === section ? 'page' : undefined}
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Page title={title ?? current?.label ?? 'Settings'} lead={lead} actions={actions}>
          {tabs.length > 1 && (
            <RouteTabs label={`${current?.label ?? ''} settings`} tabs={tabs.map((tab) => ({ label: tab.label, to: pathFor(tab.route) }))} />
          )}
          {children}
        </Page>
      </div>
    </div>
  );
}
