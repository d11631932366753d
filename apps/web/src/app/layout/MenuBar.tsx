import type { AccessSubject } from '@kudo/shared';
import type { CSSProperties } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Dropdown, DropdownItem, DropdownSub } from '../../components/DropdownMenu';
import { ChevronDownIcon, ExternalLinkIcon, LockIcon } from '../../components/icons';
import { useCurrentBranding } from '../../features/general/api/branding';
import { readableTextOn } from '../../lib/contrast';
import { cx } from '../../lib/cx';
import { useCrossSell } from '../../lib/session/hooks';
import { isBuilt } from '../pages';
import { ROUTES, type RouteName } from '../../config/routes';
import { buildMainMenu, type MenuLeaf } from '../../config/menu';
import styles from './MenuBar.module.css';

const pathOf = (name: RouteName): string => ROUTES[name].path;

/** Whether the current page lies under one of the dropdown's screens (to mark the dropdown active). */
function containsCurrent(items: MenuLeaf[], pathname: string): boolean {
  return items.some((item) => {
    if (item.kind === 'submenu') return containsCurrent(item.items, pathname);
    if (item.kind !== 'route') return false;
    const path = pathOf(item.route);
    return pathname === path || pathname.startsWith(`${path}/`);
  });
}

function Leaf({ item }: { item: MenuLeaf }) {
  if (item.kind === 'submenu') {
    return (
      <DropdownSub label={item.label}>
        {item.items.map((child) => (
          <Leaf key={child.label} item={child} />
        ))}
      </DropdownSub>
    );
  }
  if (item.kind === 'external') {
    return (
      <DropdownItem asChild>
        <a href={item.href} target="_blank" rel="noopener noreferrer">
          {item.label}
          <ExternalLinkIcon className={styles.external} aria-hidden />
        </a>
      </DropdownItem>
    );
  }
  return (
    <DropdownItem asChild>
      <Link to={pathOf(item.route)}>{item.label}</Link>
    </DropdownItem>
  );
}

export function MenuBar({ subject, locationId }: { subject: AccessSubject; locationId: number }) {
  const crossSell = useCrossSell(locationId);
  const { pathname } = useLocation();
  const entries = buildMainMenu({ subject, crossSell: crossSell.data ?? null, isBuilt });
  // The location's brand (settings › general › Logo & Color) colours the bar and puts its logo first.
  const branding = useCurrentBranding(locationId).data;
  const brandStyle = branding
    ? ({ '--menu-bg': branding.navBkgColor, '--menu-fg': readableTextOn(branding.navBkgColor) } as CSSProperties)
    : undefined;

  return (
    <div className={cx(styles.band, branding && styles.branded)} style={brandStyle} data-testid="menu-bar">
      <nav className={styles.bar} aria-label="Main">
        <ul className={styles.list}>
          {branding?.navLogoUrl && (
            <li className={styles.brandLogo}>
              <img src={branding.navLogoUrl} alt="Company logo" />
            </li>
          )}
          {entries.map((entry) => (
            <li key={entry.id}>
              {entry.kind === 'route' && (
                <NavLink to={pathOf(entry.route)} className={({ isActive }) => cx(styles.item, isActive && styles.active)}>
                  {entry.label}
                </NavLink>
              )}
              {entry.kind === 'locked' && (
                <Link to={pathOf(entry.route)} className={cx(styles.item, styles.locked)} title="Upgrade to unlock">
                  <LockIcon size={14} />
                  {entry.label}
                  <span className="visually-hidden"> (locked: upgrade to unlock)</span>
                </Link>
              )}
              {entry.kind === 'external' && (
                <a href={entry.href} target="_blank" rel="noopener noreferrer" className={styles.item}>
                  {entry.label}
                  <ExternalLinkIcon size={13} className={styles.external} />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              )}
              {entry.kind === 'dropdown' && (
                <Dropdown
                  trigger={
                    <button
                      type="button"
                      className={cx(styles.item, containsCurrent(entry.items, pathname) && styles.active)}
                    >
                      {entry.label}
                      <ChevronDownIcon size={14} className={styles.chevron} />
                    </button>
                  }
                >
                  {entry.items.map((item) => (
                    <Leaf key={item.label} item={item} />
                  ))}
                </Dropdown>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
