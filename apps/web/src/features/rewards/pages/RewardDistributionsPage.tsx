import type { reportsApi } from '@kudo/shared';
import { useMemo, useState } from 'react';
import { Card } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { LoadingState } from '../../../components/States';
import { defaultTableState, type TableState } from '../../../components/tableState';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useRewardDistributions } from '../api/rewards';

type Row = reportsApi.RewardDistribution;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "October 2026" from "2026-10". */
const monthName = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1] ?? ''} ${ym.slice(0, 4)}`;
const STATUS: Record<Row['status'], string> = { pending: 'Pending', fulfilled: 'Fulfilled' };

const DEFAULTS = defaultTableState({ sort: { key: 'date', dir: 'desc' } });

const COLUMNS: Column<Row>[] = [
  { id: 'date', header: 'Distribution Month', sortKey: 'date', cell: (r) => monthName(r.date) },
  { id: 'status', header: 'Status', sortKey: 'status', cell: (r) => STATUS[r.status] },
  {
    id: 'report',
    header: 'Report',
    cell: (r) => (
      <a href={r.fulfillmentReportUrl} download aria-label={`Download Report, ${monthName(r.date)}`}>
        Download Report
      </a>
    ),
  },
];

function Distributions({ locationId }: { locationId: number }) {
  const distributions = useRewardDistributions(locationId);
  const [state, setState] = useState<TableState>(DEFAULTS);
  const rows = useMemo(() => {
    const list = [...(distributions.data ?? [])];
    const { key, dir } = state.sort ?? { key: 'date', dir: 'desc' };
    list.sort((a, b) => (key === 'status' ? a.status.localeCompare(b.status) || b.date.localeCompare(a.date) : a.date.localeCompare(b.date)) * (dir === 'asc' ? 1 : -1));
    return list;
  }, [distributions.data, state.sort]);
  return (
    <Page title="Reward Distributions" lead="Each closed month of employee rewards: your technicians' points and rewards.">
      <Card flush>
        <DataTable
          label="Reward Distributions"
          columns={COLUMNS}
          query={{ ...distributions, data: distributions.data ? { rows, total: rows.length } : undefined }}
          rowKey={(r) => r.id}
          state={state}
          onStateChange={setState}
          paged={false}
        />
      </Card>
    </Page>
  );
}

export default function RewardDistributionsPage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <Distributions key={session.location.location_id} locationId={session.location.location_id} />;
}
