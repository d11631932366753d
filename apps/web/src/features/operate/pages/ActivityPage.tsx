import { ACTIVITY_LIMIT, type ActivityItem } from '@kudo/shared';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { LoadingState } from '../../../components/States';
import { defaultTableState, type TableState } from '../../../components/tableState';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useActivity } from '../api/activity';
import { OperateTabs } from '../components/OperateTabs';
import styles from './ActivityPage.module.css';

const KIND: Record<ActivityItem['kind'], string> = { pcheck: 'pulseCheck', bio: 'Bio' };

const channel = (name: string, status: 0 | 1 | null) => (status === null ? null : `${name} ${status === 1 ? 'sent' : 'failed'}`);

const COLUMNS: Column<ActivityItem>[] = [
  { id: 'date', header: 'Date', cell: (r) => new Date(r.sent_at).toLocaleString() },
  { id: 'kind', header: 'Sent', cell: (r) => KIND[r.kind] },
  { id: 'campaign', header: 'Campaign', cell: (r) => r.campaign },
  { id: 'customer', header: 'Customer', cell: (r) => [r.customer, r.contact].filter(Boolean).join(' · ') },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => (
      <>
        <span className={styles.status}>{[channel('SMS', r.sms_status), channel('Email', r.email_status)].filter(Boolean).join(', ') || 'Not sent'}</span>
        {r.problem && <span className={styles.problem}>{r.problem}</span>}
      </>
    ),
  },
  { id: 'by', header: 'Sent by', cell: (r) => r.sent_by },
];

function Activity({ locationId }: { locationId: number }) {
  const activity = useActivity(locationId);
  const [state, setState] = useState<TableState>(() => defaultTableState());
  const query = useMemo(() => ({ ...activity, data: activity.data ? { rows: activity.data, total: activity.data.length } : undefined }), [activity]);
  return (
    <Page
      title="Activity"
      lead={`The latest ${ACTIVITY_LIMIT} bios and pulseChecks sent from Dispatch, spreadsheets, Kudo Boost and the API, newest first.`}
      actions={
        <Button variant="secondary" onClick={() => void activity.refetch()} loading={activity.isFetching && !activity.isPending} className={styles.refresh}>
          Refresh
        </Button>
      }
    >
      <OperateTabs />
      <Card flush>
        <DataTable
          label="Sends"
          columns={COLUMNS}
          query={query}
          rowKey={(r) => r.id}
          state={state}
          onStateChange={setState}
          paged={false}
          empty={{ title: 'Nothing sent yet', description: 'Bios and pulseChecks appear here as they go out.' }}
        />
      </Card>
    </Page>
  );
}

/** Operate › Activity: what went out lately, and who or what sent it. */
export default function ActivityPage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <Activity key={session.location.location_id} locationId={session.location.location_id} />;
}
