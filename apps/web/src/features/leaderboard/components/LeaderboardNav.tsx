import { pathFor, type RouteName } from '../../../config/routes';
import { RouteTabs } from '../../../components/RouteTabs';

const SECTIONS = [
  { label: 'Summary', route: 'leaderboard-summary' },
  { label: 'Reports', route: 'leaderboard-reports' },
] as const satisfies readonly { label: string; route: RouteName }[];

const REPORT_TABS = [
  { label: 'Departments', route: 'leaderboard-reports-departments' },
  { label: 'Campaigns', route: 'leaderboard-reports-campaigns' },
  { label: 'Campaign Reviews', route: 'leaderboard-reports-campaign-reviews' },
  { label: 'Field-Ops Usage', route: 'leaderboard-reports-fieldops-usage' },
  { label: 'Projection', route: 'leaderboard-reports-projection' },
] as const satisfies readonly { label: string; route: RouteName }[];

/** Summary and Reports, and on the reports their tabs (every tab has the leaderboard's own rule). */
export function LeaderboardNav({ reports }: { reports?: boolean }) {
  return (
    <>
      <RouteTabs
        label="Leaderboard"
        tabs={SECTIONS.map((s) => ({ label: s.label, to: pathFor(s.route), section: s.route === 'leaderboard-reports' ? pathFor(s.route) : undefined }))}
      />
      {reports && <RouteTabs label="Leaderboard reports" tabs={REPORT_TABS.map((t) => ({ label: t.label, to: pathFor(t.route) }))} />}
    </>
  );
}
