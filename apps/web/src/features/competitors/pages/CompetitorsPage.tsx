import { useMemo, useState } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { LoadingState } from '../../../components/States';
import { StarRating } from '../../../components/StarRating';
import { defaultTableState, type TableState } from '../../../components/tableState';
import { ordinal } from '../../../lib/ordinal';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useCompetitors } from '../api/competitors';
import styles from '../components/Competitors.module.css';
import { ManageCompetitorsModal } from '../components/ManageCompetitorsModal';
import { leaderboardRows, type LeaderboardRow } from '../utils/leaderboard';

const DEFAULTS = defaultTableState({ sort: { key: 'count', dir: 'desc' } });

const COLUMNS: Column<LeaderboardRow>[] = [
  { id: 'rank', header: 'Rank', cell: (r) => <span className={styles.rank}>{ordinal(r.rank)}</span> },
  {
    id: 'business',
    header: 'Business',
    cell: (r) => (
      <span className={styles.business}>
        <span className={styles.name}>
          {r.name}
          {r.self && <span className={styles.you}> (You)</span>}
        </span>
        {r.address && <span className={styles.muted}>{r.address}</span>}
      </span>
    ),
  },
  { id: 'count', header: 'Review Count', sortKey: 'count', align: 'end', cell: (r) => (r.count === null ? '—' : r.count.toLocaleString()) },
  { id: 'rating', header: 'Rating', cell: (r) => (r.rating === null ? <span className={styles.muted}>No rating yet</span> : <StarRating value={r.rating} showValue />) },
];

function Leaderboard({ locationId }: { locationId: number }) {
  const competitors = useCompetitors(locationId);
  const [state, setState] = useState<TableState>(DEFAULTS);
  const [managing, setManaging] = useState(false);
  const data = competitors.data;
  // No competitors yet: the table shows how to start, even though the location itself is known.
  const rows = useMemo(() => (data && data.competitor_list.length > 0 ? leaderboardRows(data, state.sort) : []), [data, state.sort]);
  const manage = (
    <Button onClick={() => setManaging(true)} disabled={!data}>
      Manage Competitors
    </Button>
  );

  return (
    <Page title="Competitor Leaderboard" lead="How your business compares with the competitors you follow, by Google reviews." actions={manage}>
      <Card flush>
        <DataTable
          label="Competitor Leaderboard"
          columns={COLUMNS}
          query={{ ...competitors, data: data ? { rows, total: rows.length } : undefined }}
          rowKey={(r) => r.key}
          state={state}
          onStateChange={setState}
          paged={false}
          errorTitle="Can't Get Data!"
          empty={{ title: 'Add a competitor to get started!', actions: <Button onClick={() => setManaging(true)}>Manage Competitors</Button> }}
        />
      </Card>
      {data && <ManageCompetitorsModal locationId={locationId} data={data} open={managing} onOpenChange={setManaging} />}
    </Page>
  );
}

export default function CompetitorsPage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <Leaderboard key={session.location.location_id} locationId={session.location.location_id} />;
}
