import type { AccessSubject, analyticsApi, EndpointData } from '@kudo/shared';
import { Link } from 'react-router-dom';
import { canEnter } from '../../../config/menu';
import { pathFor, ROUTES } from '../../../config/routes';
import { buttonClass } from '../../../components/Button';
import { DataTable, type Column } from '../../../components/DataTable';
import { StarRating } from '../../../components/StarRating';
import { CollectingDataState } from '../../../components/States';
import { useDashboardRatings } from '../api/panels';
import { connectRoute } from '../lib/connect';
import { formatCount, formatGain, formatRating } from '../../../lib/figures';
import { DashboardPanel } from './DashboardPanel';
import styles from './Panels.module.css';

type Ratings = EndpointData<typeof analyticsApi.dashboardRatings>;
type Figures = Ratings['total'];

const PLATFORMS = [
  ['google', 'Google'],
  ['facebook', 'Facebook'],
] as const;

interface PlatformRow {
  key: (typeof PLATFORMS)[number][0];
  name: string;
  figures: Figures;
}

const PLATFORM_COLUMNS: Column<PlatformRow>[] = [
  { id: 'platform', header: 'Platform', cell: (r) => r.name, rowHeader: true },
  { id: 'reviews', header: 'Reviews', align: 'end', cell: (r) => formatCount(r.figures.latest.count) },
  { id: 'reviews-gain', header: 'Since joining', align: 'end', cell: (r) => formatGain(r.figures.kudo_effect.count) },
  { id: 'rating', header: 'Rating', align: 'end', cell: (r) => formatRating(r.figures.latest.ratings) },
  {
    id: 'rating-gain',
    header: 'Since joining',
    align: 'end',
    cell: (r) => (r.figures.kudo_effect.ratings === null ? '—' : formatGain(r.figures.kudo_effect.ratings, 2)),
  },
];

/** Reviews and rating today, and what they gained since the location joined. */
export function GrowthPanel({ locationId, subject, className }: { locationId: number; subject: AccessSubject; className?: string }) {
  const query = useDashboardRatings(locationId);
  const connect = connectRoute(subject);
  return (
    <DashboardPanel
      title="Reviews & Ratings Growth"
      query={query}
      className={className}
      isEmpty={(data) => data.google === null && data.facebook === null}
      emptyContent={<CollectingDataState compact description="Your first review figures arrive with the next sync. Check back soon!" />}
      actions={canEnter('analyze-overview', subject) && <Link to={pathFor('analyze-overview')}>View growth</Link>}
      errorActions={
        connect && (
          <Link to={ROUTES[connect].path} className={buttonClass('primary', 'sm')}>
            Connect
          </Link>
        )
      }
    >
      {(data) => <GrowthFigures data={data} />}
    </DashboardPanel>
  );
}

function Headline({ label, figures }: { label: 'Reviews' | 'Rating'; figures: Figures }) {
  const reviews = label === 'Reviews';
  const gain = reviews ? figures.kudo_effect.count : figures.kudo_effect.ratings;
  return (
    <div className={styles.headline}>
      <p className={styles.headlineLabel}>{label}</p>
      <p className={styles.headlineValue}>
        {reviews ? formatCount(figures.latest.count) : formatRating(figures.latest.ratings)}
        {!reviews && figures.latest.ratings !== null && <StarRating value={figures.latest.ratings} />}
      </p>
      {gain !== null && <p className={styles.gain}>{formatGain(gain, reviews ? 0 : 2)} since joining</p>}
    </div>
  );
}

function GrowthFigures({ data }: { data: Ratings }) {
  const rows = PLATFORMS.flatMap(([key, name]): PlatformRow[] => {
    const figures = data[key];
    return figures ? [{ key, name, figures }] : [];
  });
  return (
    <div className={styles.growth}>
      <div className={styles.headlines}>
        <Headline label="Reviews" figures={data.total} />
        <Headline label="Rating" figures={data.total} />
      </div>
      {rows.length > 0 && (
        <DataTable
          label="Reviews and rating per platform"
          caption="Reviews and rating per platform, with the gain since joining"
          hideCaption
          columns={PLATFORM_COLUMNS}
          rows={rows}
          rowKey={(r) => r.key}
        />
      )}
    </div>
  );
}
