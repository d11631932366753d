import type { logsApi } from '@kudo/shared';
import type { Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { fetchOptOuts } from '../api/logs';
import { LogsTabs, shownTime } from '../components/LogsTabs';
import styles from '../components/Logs.module.css';
import { V1Log } from '../components/V1Log';

type Row = logsApi.OptOutRow;

const COLUMNS: Column<Row>[] = [
  { id: 'number', header: 'Number', cell: (r) => r.number, csv: (r) => r.number },
  { id: 'date', header: 'Date', cell: (r) => shownTime(r.date), csv: (r) => r.date },
  {
    id: 'application',
    header: 'Application',
    cell: (r) => (
      <>
        {r.application}
        <span className={styles.muted}>{r.source}</span>
      </>
    ),
    csv: (r) => `${r.application} (${r.source})`,
  },
];

/** The opt-outs of the location with what they cover and how they came. */
export default function OptOutsPage() {
  return (
    <Page title="Logs">
      <LogsTabs />
      <V1Log name="opt-outs" label="Opt-outs" columns={COLUMNS} rowKey={(r) => r.id} load={fetchOptOuts} filename="opt-out-logs.csv" />
    </Page>
  );
}
