import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { canEnter, SETTINGS_SECTIONS, visibleSettingsSections, type SettingsSection } from '../config/menu';
import { pathFor } from '../config/routes';
import { useCurrentSession } from '../lib/session/hooks';
import { Page } from './Page';
import { RouteTabs } from './RouteTabs';
import styles from './SettingsFrame.module.css';

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
