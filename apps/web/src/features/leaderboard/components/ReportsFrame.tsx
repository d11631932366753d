import type { ReactNode } from 'react';
import { Card } from '../../../components/Card';
import { Page } from '../../../components/Page';
import { formatKudoIndex } from '../../../lib/kudoIndex';
import { LeaderboardNav } from './LeaderboardNav';
import { NOT_AVAILABLE } from './ReportTable';

/** A reports tab: the leaderboard's navigation, then the tab's content in a card. */
export function ReportsFrame({ children }: { children: ReactNode }) {
  return (
    <Page title="Reports" lead="Points, Kudo Index and usage per department and technician, for any range of days.">
      <LeaderboardNav reports />
      <Card flush>{children}</Card>
    </Page>
  );
}

export const kudoIndexCell = (value: number | null) => (value === null ? NOT_AVAILABLE : formatKudoIndex(value));
