import type { leaderboardApi } from '@kudo/shared';
import { Link, useSearchParams } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { fetchReport } from '../api/leaderboard';
import { kudoIndexCell, ReportsFrame } from '../components/ReportsFrame';
import { NOT_AVAILABLE, ReportTable, type ReportColumn } from '../components/ReportTable';
import styles from '../components/Leaderboard.module.css';

type CampaignRow = leaderboardApi.CampaignRow;

const COLUMNS: ReportColumn<CampaignRow>[] = [
  { field: 'campaign_uid', header: 'Campaign ID' },
  { field: 'campaign_name', header: 'Campaign' },
  { field: 'employee_id', header: 'Employee ID', cell: (r) => r.employee_id || NOT_AVAILABLE },
  { field: 'department_name', header: 'Department' },
  { field: 'total_points', header: 'Total Points', align: 'end' },
  { field: 'kudo_index', header: 'Kudo Index', align: 'end', cell: (r) => kudoIndexCell(r.kudo_index) },
  { field: 'bio_count', header: 'Bios', align: 'end' },
  { field: 'pulse_checks_count', header: 'pulseChecks', align: 'end' },
  { field: 'review_leads', header: 'Review Leads', align: 'end' },
  { field: 'happy_count', header: 'Happy', align: 'end' },
  { field: 'neutral_count', header: 'Neutral', align: 'end' },
  { field: 'unhappy_count', header: 'Unhappy', align: 'end' },
];

/** The campaigns report; `?department=` shows one department's campaigns. */
export default function CampaignsPage() {
  const [params] = useSearchParams();
  const department = params.get('department')?.trim() || null;
  return (
    <ReportsFrame>
      {department && (
        <p className={styles.filter}>
          Department: <strong>{department}</strong> <Link to={pathFor('leaderboard-reports-campaigns')}>Show every department</Link>
        </p>
      )}
      <ReportTable
        label="Campaigns"
        name="campaigns"
        columns={COLUMNS}
        rank="total_points"
        fetchRows={(from, to) => fetchReport.campaigns(from, to, department)}
        extraKey={department}
        rowKey={(r) => r.campaign_uid}
        searchText={(r) => `${r.campaign_uid} ${r.campaign_name} ${r.employee_id} ${r.department_name}`}
        searchLabel="Search campaigns"
        filename={department ? `campaigns-${department.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.csv` : 'campaigns.csv'}
      />
    </ReportsFrame>
  );
}
