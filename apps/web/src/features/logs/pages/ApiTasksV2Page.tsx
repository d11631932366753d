import type { logsApi } from '@kudo/shared';
import type { Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { listApiTasks } from '../api/logs';
import { LogsTabs, shownTime } from '../components/LogsTabs';
import { V2Log } from '../components/V2Log';

type Row = logsApi.ApiTaskV2Row;

const COLUMNS: Column<Row>[] = [
  { id: 'id', header: 'id', cell: (r) => r.id, csv: (r) => r.id },
  { id: 'status', header: 'status', cell: (r) => r.status, csv: (r) => r.status },
  { id: 'app', header: 'app', cell: (r) => r.app, csv: (r) => r.app },
  { id: 'task', header: 'task', cell: (r) => r.task, csv: (r) => r.task },
  { id: 'message', header: 'message', cell: (r) => r.message, csv: (r) => r.message },
  { id: 'timestamp', header: 'timestamp', cell: (r) => shownTime(r.timestamp), csv: (r) => r.timestamp },
];

/** The tasks, 100 at a time by cursor. */
export default function ApiTasksV2Page() {
  return (
    <Page title="Logs">
      <LogsTabs />
      <V2Log name="api-tasks-v2" label="Api tasks v2" columns={COLUMNS} rowKey={(r) => r.id} load={listApiTasks} filename="api-tasks-v2.csv" />
    </Page>
  );
}
