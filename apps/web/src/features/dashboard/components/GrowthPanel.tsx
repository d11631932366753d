import type { AccessSubject, analyticsApi, EndpointData } from '@kudo/shared';
import { Link } from 'react-router-dom';
import { canEnter } from '../../../config/menu';
import { pathFor, ROUTES } from '../../../config/routes';
import { buttonClass } from '../../../components/Button';
import { StarRating } from '../../../components/StarRating';
import { CollectingDataState } from '../../../components/States';
import table from '../../../components/Table.module.css';
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
  const rows = PLATFORMS.flatMap(([key, name]) => {
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
        <div className={table.scroll}>
          <table className={table.table}>
            <caption className="visually-hidden">Reviews and rating per platform, with the gain since joining</caption>
            <thead>
              <tr>
                <th scope="col">Platform</th>
                <th scope="col" className={table.end}>
                  Reviews
                </th>
                <th scope="col" className={table.end}>
                  Since joining
                </th>
                <th scope="col" className={table.end}>
                  Rating
                </th>
                <th scope="col" className={table.end}>
                  Since joining
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ key, name, figures }) => (
                <tr key={key}>
                  <th scope="row">{name}</th>
                  <td className={table.end}>{formatCount(figures.latest.count)}</td>
                  <td className={table.end}>{formatGain(figures.kudo_effect.count)}</td>
                  <td className={table.end}>{formatRating(figures.latest.ratings)}</td>
                  <td className={table.end}>{figures.kudo_effect.ratings === null ? '—' : formatGain(figures.kudo_effect.ratings, 2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
