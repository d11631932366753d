import type { leaderboardApi } from '@kudo/shared';
import { fetchReport } from '../api/leaderboard';
import { ReportsFrame } from '../components/ReportsFrame';
import { ReportTable, type ReportColumn } from '../components/ReportTable';

type FieldOpsRow = leaderboardApi.FieldOpsRow;

const COLUMNS: ReportColumn<FieldOpsRow>[] = [
  { field: 'campaignUid', header: 'Campaign ID' },
  { field: 'name', header: 'Campaign' },
  { field: 'pcheck', header: 'pulseChecks', align: 'end' },
  { field: 'bio', header: 'Bios', align: 'end' },
  { field: 'total', header: 'Total', align: 'end' },
];

export default function FieldOpsUsagePage() {
  return (
    <ReportsFrame>
      <ReportTable
        label="Field-ops usage"
        name="fieldops-usage"
        columns={COLUMNS}
        rank="total"
        fetchRows={fetchReport.fieldOps}
        rowKey={(r) => r.campaignUid}
        searchText={(r) => `${r.campaignUid} ${r.name}`}
        searchLabel="Search campaigns"
        filename="fieldops-usage.csv"
      />
    </ReportsFrame>
  );
}
