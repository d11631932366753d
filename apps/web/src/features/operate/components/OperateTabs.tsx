import { canEnter } from '../../../config/menu';
import { pathFor, type RouteName } from '../../../config/routes';
import { RouteTabs } from '../../../components/RouteTabs';
import { useCurrentSession } from '../../../lib/session/hooks';

const TABS = [
  { label: 'Dispatch', route: 'operate-dispatch' },
  { label: 'Contact Card', route: 'operate-contact-card' },
  { label: 'Quick Actions', route: 'operate-quick-actions' },
  { label: 'Activity', route: 'operate-activity' },
] as const satisfies readonly { label: string; route: RouteName }[];

/** Operate's pages; Contact Card shows only with the contact-card add-on (its route's rule). */
export function OperateTabs() {
  const session = useCurrentSession();
  const tabs = TABS.filter(({ route }) => !session || canEnter(route, session.subject)).map((t) => ({ label: t.label, to: pathFor(t.route) }));
  return <RouteTabs label="Operate" tabs={tabs} />;
}
