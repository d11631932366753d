import type { logsApi } from '@kudo/shared';
import type { Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { fetchOutbound } from '../api/logs';
import { LogsTabs, shownTime } from '../components/LogsTabs';
import { V1Log } from '../components/V1Log';

type Row = logsApi.OutboundRow;

const COLUMNS: Column<Row>[] = [
  { id: 'id', header: 'ID', cell: (r) => r.id, csv: (r) => r.id },
  { id: 'date', header: 'Date', cell: (r) => shownTime(r.date), csv: (r) => r.date },
  { id: 'campaign', header: 'Campaign', cell: (r) => r.campaign, csv: (r) => r.campaign },
  { id: 'customer', header: 'Customer', cell: (r) => r.customer, csv: (r) => r.customer },
  { id: 'channel', header: 'Channel', cell: (r) => r.channel, csv: (r) => r.channel },
  { id: 'service', header: 'Service', cell: (r) => r.service, csv: (r) => r.service },
  { id: 'status', header: 'Status', cell: (r) => r.status, csv: (r) => r.status },
];

/** Every SMS and email sent for the location, 500 at a time. */
export default function OutboundPage() {
  return (
    <Page title="Logs">
      <LogsTabs />
      <V1Log name="outbound" label="Outbound messages" columns={COLUMNS} rowKey={(r) => r.id} load={fetchOutbound} search="Search ID, customer or channel" filename="outbound-logs.csv" />
    </Page>
  );
}
