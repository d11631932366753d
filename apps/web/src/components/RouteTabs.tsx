import { Link, useLocation } from 'react-router-dom';
import { cx } from '../lib/cx';
import styles from './Tabs.module.css';

export interface RouteTab {
  label: string;
  /** The tab's path; the tab is current when the address is exactly this path. */
  to: string;
  /**
   * A section whose screens live under this path (its link may lead to one of them): the tab is current on
   * any address under `section` as well.
   */
  section?: string;
}

/**
 * Tabs that are screens of their own: links in a named navigation, the current one marked with
 * aria-current="page", each reachable with Tab and opened with Enter like any link.
 */
export function RouteTabs({ label, tabs, className }: { label: string; tabs: readonly RouteTab[]; className?: string }) {
  const { pathname } = useLocation();
  return (
    <nav className={cx(styles.list, className)} aria-label={label}>
      {tabs.map((tab) => {
        const current = pathname === tab.to || (tab.section !== undefined && isUnder(pathname, tab.section));
        return (
          <Link key={tab.to} to={tab.to} className={styles.tab} aria-current={current ? 'page' : undefined}>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}

const isUnder = (pathname: string, section: string) => pathname === section || pathname.startsWith(`${section}/`);
