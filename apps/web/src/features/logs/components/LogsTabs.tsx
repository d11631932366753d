import { canEnter } from '../../../config/menu';
import { pathFor, type RouteName } from '../../../config/routes';
import { RouteTabs } from '../../../components/RouteTabs';
import { useCurrentSession } from '../../../lib/session/hooks';

const TABS = [
  { label: 'Outbound', route: 'logs-outbound' },
  { label: 'Opt-Outs', route: 'logs-opt-outs' },
  { label: 'Api Tasks', route: 'logs-api-tasks' },
  { label: 'Api Tasks v2', route: 'logs-api-tasks-v2' },
  { label: 'Email Jobs', route: 'logs-email-jobs' },
  { label: 'SMS Jobs', route: 'logs-sms-jobs' },
] as const satisfies readonly { label: string; route: RouteName }[];

/** The six logs, each a screen of its own. */
export function LogsTabs() {
  const session = useCurrentSession();
  const tabs = TABS.filter(({ route }) => !session || canEnter(route, session.subject)).map((t) => ({ label: t.label, to: pathFor(t.route) }));
  return <RouteTabs label="Logs" tabs={tabs} />;
}

/** A log time as the user's clock shows it. */
export const shownTime = (iso: string): string => new Date(iso).toLocaleString();
