import type { leaderboardApi } from '@kudo/shared';
import { formatRating } from '../../../lib/figures';
import { fetchReport } from '../api/leaderboard';
import { ReportsFrame } from '../components/ReportsFrame';
import { NOT_AVAILABLE, ReportTable, type ReportColumn } from '../components/ReportTable';

type CampaignReviewRow = leaderboardApi.CampaignReviewRow;

type Row = CampaignReviewRow & { totalReviews: number };

const rating = (v: number | null) => (v === null ? NOT_AVAILABLE : formatRating(v));

const COLUMNS: ReportColumn<Row>[] = [
  { field: 'campaignUid', header: 'Campaign ID' },
  { field: 'campaignName', header: 'Campaign' },
  { field: 'department', header: 'Department', cell: (r) => r.department || NOT_AVAILABLE },
  { field: 'googleReviews', header: 'Google Reviews', align: 'end' },
  { field: 'googleRating', header: 'Google Rating', align: 'end', cell: (r) => rating(r.googleRating) },
  { field: 'facebookReviews', header: 'Facebook Reviews', align: 'end' },
  { field: 'facebookRating', header: 'Facebook Rating', align: 'end', cell: (r) => rating(r.facebookRating) },
];

/** Ranked (and exported) by all credited reviews, Google and Facebook together. */
const withTotal = (rows: readonly CampaignReviewRow[]): Row[] => rows.map((r) => ({ ...r, totalReviews: r.googleReviews + r.facebookReviews }));

export default function CampaignReviewsPage() {
  return (
    <ReportsFrame>
      <ReportTable
        label="Campaign reviews"
        name="campaign-reviews"
        columns={COLUMNS}
        rank="totalReviews"
        fetchRows={async (from, to) => withTotal(await fetchReport.campaignReviews(from, to))}
        rowKey={(r) => r.campaignUid}
        searchText={(r) => `${r.campaignUid} ${r.campaignName} ${r.department}`}
        searchLabel="Search campaigns"
        filename="campaign-reviews.csv"
      />
    </ReportsFrame>
  );
}
