import { NavLink } from 'react-router-dom';
import { cx } from '../lib/cx';
import styles from './Tabs.module.css';

export interface RouteTab {
  label: string;
  /** The tab's path; the tab is current when the address is exactly this path. */
  to: string;
}

/**
 * Tabs that are screens of their own: links in a named navigation, the current one marked with
 * aria-current="page", each reachable with Tab and opened with Enter like any link.
 */
export function RouteTabs({ label, tabs, className }: { label: string; tabs: readonly RouteTab[]; className?: string }) {
  return (
    <nav className={cx(styles.list, className)} aria-label={label}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end className={styles.tab}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
