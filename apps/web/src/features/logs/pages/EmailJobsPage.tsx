import type { logsApi } from '@kudo/shared';
import type { Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { listEmailJobs } from '../api/logs';
import { LogsTabs, shownTime } from '../components/LogsTabs';
import { V2Log } from '../components/V2Log';

type Row = logsApi.EmailJobRow;

const COLUMNS: Column<Row>[] = [
  { id: 'jobId', header: 'jobId', cell: (r) => r.jobId, csv: (r) => r.jobId },
  { id: 'app', header: 'app', cell: (r) => r.app, csv: (r) => r.app },
  { id: 'status', header: 'status', cell: (r) => r.status, csv: (r) => r.status },
  { id: 'userEmail', header: 'userEmail', cell: (r) => r.userEmail, csv: (r) => r.userEmail },
  { id: 'subject', header: 'subject', cell: (r) => r.subject, csv: (r) => r.subject },
  { id: 'template', header: 'template', cell: (r) => r.template, csv: (r) => r.template },
  { id: 'campaignUid', header: 'campaignUid', cell: (r) => r.campaignUid ?? '', csv: (r) => r.campaignUid ?? '' },
  { id: 'campaignName', header: 'campaignName', cell: (r) => r.campaignName ?? '', csv: (r) => r.campaignName ?? '' },
  { id: 'mandrillId', header: 'mandrillId', cell: (r) => r.mandrillId ?? '', csv: (r) => r.mandrillId ?? '' },
  { id: 'timestamp', header: 'timestamp', cell: (r) => shownTime(r.timestamp), csv: (r) => r.timestamp },
];

/** Every email with the provider's message id, 100 at a time by cursor. */
export default function EmailJobsPage() {
  return (
    <Page title="Logs">
      <LogsTabs />
      <V2Log name="email-jobs" label="Email jobs" columns={COLUMNS} rowKey={(r) => r.jobId} load={listEmailJobs} filename="email-jobs.csv" />
    </Page>
  );
}
