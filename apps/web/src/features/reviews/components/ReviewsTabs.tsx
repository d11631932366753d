import { canEnter } from '../../../app/layout/menu';
import { pathFor, type RouteName } from '../../../app/routes';
import { RouteTabs } from '../../../components/RouteTabs';
import { useCurrentSession } from '../../../lib/session/hooks';

const TABS = [
  { label: 'Reviews', route: 'analyze-reviews-customer-reviews' },
  { label: 'Social Reviews', route: 'analyze-reviews-social-reviews' },
] as const satisfies readonly { label: string; route: RouteName }[];

/** The two review screens, each with its own address. */
export function ReviewsTabs() {
  const session = useCurrentSession();
  const tabs = TABS.filter(({ route }) => !session || canEnter(route, session.subject)).map((t) => ({ label: t.label, to: pathFor(t.route) }));
  return <RouteTabs label="Reviews" tabs={tabs} />;
}
