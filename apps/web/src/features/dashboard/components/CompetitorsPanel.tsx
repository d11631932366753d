import type { AccessSubject } from '@kudo/shared';
import { Link } from 'react-router-dom';
import { canEnter } from '../../../config/menu';
import { pathFor } from '../../../config/routes';
import { buttonClass } from '../../../components/Button';
import { StarRating } from '../../../components/StarRating';
import table from '../../../components/Table.module.css';
import { ordinal } from '../../../lib/ordinal';
import { useDashboardCompetitors } from '../api/panels';
import { rankBusinesses } from '../lib/competitors';
import styles from './Panels.module.css';
import { DashboardPanel } from './DashboardPanel';

const NUMBER = new Intl.NumberFormat('en-US');

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
        <div className={table.scroll}>
          <table className={table.table}>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Business</th>
                <th scope="col">Rating</th>
                <th scope="col" className={table.end}>
                  Reviews
                </th>
              </tr>
            </thead>
            <tbody>
              {rankBusinesses(data).map((b) => (
                <tr key={`${b.self ? 'self' : 'competitor'}-${b.place_id ?? b.name}`} className={b.self ? styles.self : undefined}>
                  <td className={styles.rank}>{ordinal(b.rank)}</td>
                  <td>
                    {b.name}
                    {b.self && <strong className={styles.you}> (You)</strong>}
                  </td>
                  <td>{b.rating === null ? <span className={styles.muted}>No rating</span> : <StarRating value={b.rating} showValue />}</td>
                  <td className={table.end}>{b.count === null ? '—' : NUMBER.format(b.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DashboardPanel>
  );
}
