import { checkAccess } from '@kudo/shared';
import { NavLink } from 'react-router-dom';
import { pathFor, ROUTES, type RouteName } from '../../../app/routes';
import { useCurrentSession } from '../../../lib/session/hooks';
import styles from './OperateTabs.module.css';

const TABS = [
  { label: 'Dispatch', route: 'operate-dispatch' },
  { label: 'Contact Card', route: 'operate-contact-card' },
  { label: 'Quick Actions', route: 'operate-quick-actions' },
] as const satisfies readonly { label: string; route: RouteName }[];

/** Operate's pages; Contact Card shows only with the contact-card add-on (its route's rule). */
export function OperateTabs() {
  const session = useCurrentSession();
  const visible = TABS.filter(({ route }) => {
    const access = ROUTES[route].access;
    return !session || access.kind !== 'location' || checkAccess(access.rule, session.subject) === 'ok';
  });
  return (
    <nav className={styles.tabs} aria-label="Operate">
      {visible.map((t) => (
        <NavLink key={t.route} to={pathFor(t.route)} end className={styles.tab}>
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
