import type { leaderboardApi } from '@kudo/shared';
import { Link } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { fetchReport } from '../api/leaderboard';
import { kudoIndexCell, ReportsFrame } from '../components/ReportsFrame';
import { ReportTable, type ReportColumn } from '../components/ReportTable';

type DepartmentRow = leaderboardApi.DepartmentRow;

const COLUMNS: ReportColumn<DepartmentRow>[] = [
  {
    field: 'department_name',
    header: 'Department',
    cell: (r) => <Link to={`${pathFor('leaderboard-reports-campaigns')}?department=${encodeURIComponent(r.department_name)}`}>{r.department_name}</Link>,
  },
  { field: 'total_points', header: 'Total Points', align: 'end' },
  { field: 'kudo_index', header: 'Kudo Index', align: 'end', cell: (r) => kudoIndexCell(r.kudo_index) },
  { field: 'pulse_checks_count', header: 'pulseChecks', align: 'end' },
  { field: 'pulse_check_points', header: 'pulseCheck Points', align: 'end' },
  { field: 'review_leads', header: 'Review Leads', align: 'end' },
  { field: 'social_points', header: 'Social Points', align: 'end' },
  { field: 'happy_count', header: 'Happy', align: 'end' },
  { field: 'neutral_count', header: 'Neutral', align: 'end' },
  { field: 'unhappy_count', header: 'Unhappy', align: 'end' },
];

export default function DepartmentsPage() {
  return (
    <ReportsFrame>
      <ReportTable
        label="Departments"
        name="departments"
        columns={COLUMNS}
        rank="total_points"
        fetchRows={fetchReport.departments}
        rowKey={(r) => r.department_name}
        searchText={(r) => r.department_name}
        searchLabel="Search departments"
        filename="departments.csv"
      />
    </ReportsFrame>
  );
}
