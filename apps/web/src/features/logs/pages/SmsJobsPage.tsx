import type { logsApi } from '@kudo/shared';
import type { Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { listSmsJobs } from '../api/logs';
import styles from '../components/Logs.module.css';
import { LogsTabs, shownTime } from '../components/LogsTabs';
import { V2Log } from '../components/V2Log';

type Row = logsApi.SmsJobRow;

const COLUMNS: Column<Row>[] = [
  { id: 'jobId', header: 'jobId', cell: (r) => r.jobId, csv: (r) => r.jobId },
  { id: 'app', header: 'app', cell: (r) => r.app, csv: (r) => r.app },
  { id: 'status', header: 'status', cell: (r) => r.status, csv: (r) => r.status },
  { id: 'kudoNumber', header: 'kudoNumber', cell: (r) => r.kudoNumber, csv: (r) => r.kudoNumber },
  { id: 'userNumber', header: 'userNumber', cell: (r) => r.userNumber, csv: (r) => r.userNumber },
  { id: 'body', header: 'body', cell: (r) => <span className={styles.body}>{r.body}</span>, csv: (r) => r.body },
  { id: 'campaignUid', header: 'campaignUid', cell: (r) => r.campaignUid ?? '', csv: (r) => r.campaignUid ?? '' },
  { id: 'campaignName', header: 'campaignName', cell: (r) => r.campaignName ?? '', csv: (r) => r.campaignName ?? '' },
  { id: 'twilioSid', header: 'twilioSid', cell: (r) => r.twilioSid ?? '', csv: (r) => r.twilioSid ?? '' },
  { id: 'timestamp', header: 'timestamp', cell: (r) => shownTime(r.timestamp), csv: (r) => r.timestamp },
];

/** Every SMS with Twilio's SID, 100 at a time by cursor. */
export default function SmsJobsPage() {
  return (
    <Page title="Logs">
      <LogsTabs />
      <V2Log name="sms-jobs" label="SMS jobs" columns={COLUMNS} rowKey={(r) => r.jobId} load={listSmsJobs} filename="sms-jobs.csv" />
    </Page>
  );
}
