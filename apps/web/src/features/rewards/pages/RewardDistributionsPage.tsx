import { checkAccess, RULES, type AccessSubject, type reportsApi } from '@kudo/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { LoadingState } from '../../../components/States';
import { defaultTableState, type TableState } from '../../../components/tableState';
import { useCurrentSession } from '../../../lib/session/hooks';
import { errorMessage } from '../../../lib/forms';
import { useRewardDistributions, useSetDistributionStatus } from '../api/rewards';
import styles from './RewardDistributionsPage.module.css';

type Row = reportsApi.RewardDistribution;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "October 2026" from "2026-10". */
const monthName = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1] ?? ''} ${ym.slice(0, 4)}`;
const STATUS: Record<Row['status'], string> = { pending: 'Pending', fulfilled: 'Fulfilled' };

const DEFAULTS = defaultTableState({ sort: { key: 'date', dir: 'desc' } });

/** The table's columns; the Status cell carries the action that changes it for those who manage rewards. */
function columnsFor(action: ((row: Row) => ReactNode) | null): Column<Row>[] {
  return [
    { id: 'date', header: 'Distribution Month', sortKey: 'date', cell: (r) => monthName(r.date) },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      cell: (r) => (
        <span className={styles.status}>
          <span>{STATUS[r.status]}</span>
          {action?.(r)}
        </span>
      ),
    },
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
}

function Distributions({ locationId, subject }: { locationId: number; subject: AccessSubject }) {
  const distributions = useRewardDistributions(locationId);
  const setStatus = useSetDistributionStatus(locationId);
  // Who manages employee rewards in settings marks a month paid out; others see the status only.
  const canMark = checkAccess(RULES.settingsEmployeeRewards, subject) === 'ok';
  const columns = useMemo(
    () =>
      columnsFor(
        canMark
          ? (r) => {
              const next = r.status === 'pending' ? 'fulfilled' : 'pending';
              return (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={setStatus.isPending}
                  aria-label={`${next === 'fulfilled' ? 'Mark Fulfilled' : 'Mark Pending'}, ${monthName(r.date)}`}
                  onClick={() => setStatus.mutate({ id: r.id, status: next })}
                >
                  {next === 'fulfilled' ? 'Mark Fulfilled' : 'Mark Pending'}
                </Button>
              );
            }
          : null,
      ),
    [canMark, setStatus],
  );
  const [state, setState] = useState<TableState>(DEFAULTS);
  const rows = useMemo(() => {
    const list = [...(distributions.data ?? [])];
    const { key, dir } = state.sort ?? { key: 'date', dir: 'desc' };
    list.sort((a, b) => (key === 'status' ? a.status.localeCompare(b.status) || b.date.localeCompare(a.date) : a.date.localeCompare(b.date)) * (dir === 'asc' ? 1 : -1));
    return list;
  }, [distributions.data, state.sort]);
  return (
    <Page title="Reward Distributions" lead="Each closed month of employee rewards: your technicians' points and rewards.">
      {setStatus.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(setStatus.error)}
        </p>
      )}
      <Card flush>
        <DataTable
          label="Reward Distributions"
          columns={columns}
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
  return <Distributions key={session.location.location_id} locationId={session.location.location_id} subject={session.subject} />;
}
