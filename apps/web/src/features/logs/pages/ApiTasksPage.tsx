import type { logsApi } from '@kudo/shared';
import type { Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { fetchApiTasks } from '../api/logs';
import { LogsTabs, shownTime } from '../components/LogsTabs';
import { V1Log } from '../components/V1Log';

type Row = logsApi.ApiTaskRow;

const COLUMNS: Column<Row>[] = [
  { id: 'date', header: 'Date', cell: (r) => shownTime(r.date), csv: (r) => r.date },
  { id: 'action', header: 'Action', cell: (r) => r.action, csv: (r) => r.action },
  { id: 'comment', header: 'Comment', cell: (r) => r.comment, csv: (r) => r.comment },
  { id: 'status', header: 'Status', cell: (r) => r.status, csv: (r) => r.status },
];

/** Imports, syncs, exports and report builds with their outcome. */
export default function ApiTasksPage() {
  return (
    <Page title="Logs">
      <LogsTabs />
      <V1Log name="api-tasks" label="Api tasks" columns={COLUMNS} rowKey={(r) => r.id} load={fetchApiTasks} filename="api-task-logs.csv" />
    </Page>
  );
}
