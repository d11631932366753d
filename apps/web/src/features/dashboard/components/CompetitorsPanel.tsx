import type { AccessSubject } from '@kudo/shared';
import { Link } from 'react-router-dom';
import { canEnter } from '../../../config/menu';
import { pathFor } from '../../../config/routes';
import { buttonClass } from '../../../components/Button';
import { DataTable, type Column } from '../../../components/DataTable';
import { StarRating } from '../../../components/StarRating';
import { ordinal } from '../../../lib/ordinal';
import { useDashboardCompetitors } from '../api/panels';
import { rankBusinesses } from '../lib/competitors';
import styles from './Panels.module.css';
import { DashboardPanel } from './DashboardPanel';

const NUMBER = new Intl.NumberFormat('en-US');

const COLUMNS: Column<ReturnType<typeof rankBusinesses>[number]>[] = [
  { id: 'rank', header: 'Rank', cell: (b) => ordinal(b.rank), className: styles.rank },
  {
    id: 'business',
    header: 'Business',
    cell: (b) => (
      <>
        {b.name}
        {b.self && <strong className={styles.you}> (You)</strong>}
      </>
    ),
  },
  { id: 'rating', header: 'Rating', cell: (b) => (b.rating === null ? <span className={styles.muted}>No rating</span> : <StarRating value={b.rating} showValue />) },
  { id: 'reviews', header: 'Reviews', align: 'end', cell: (b) => (b.count === null ? '—' : NUMBER.format(b.count)) },
];

/** The location ranked among the competitors it follows, by review count. */
export function CompetitorsPanel({ locationId, subject, className }: { locationId: number; subject: AccessSubject; className?: string }) {
  const query = useDashboardCompetitors(locationId);
  const addLink = canEnter('analyze-comp-analysis', subject) && (
    <Link to={pathFor('analyze-comp-analysis')} className={buttonClass('secondary', 'sm')}>
      + Add competitors
    </Link>
  );
  return (
    <DashboardPanel
      title="Competitors"
      query={query}
      className={className}
      isEmpty={(data) => data.competitor_list.length === 0}
      empty={{ title: 'You are not tracking any competitors', actions: addLink }}
    >
      {(data) => (
        <DataTable
          label="Competitors by review count"
          columns={COLUMNS}
          rows={rankBusinesses(data)}
          rowKey={(b) => `${b.self ? 'self' : 'competitor'}-${b.place_id ?? b.name}`}
          rowClassName={(b) => (b.self ? styles.self : undefined)}
        />
      )}
    </DashboardPanel>
  );
}
