import { Link } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { buttonClass } from '../../../components/Button';
import { ReportsFrame } from '../components/ReportsFrame';
import styles from '../components/Leaderboard.module.css';

/** Reports › Projection: the full-screen shop display, here or in a tab of its own (for the TV). */
export default function ProjectionTabPage() {
  const path = pathFor('leaderboard-projection');
  return (
    <ReportsFrame>
      <div className={styles.projectionTab}>
        <h2>Projection</h2>
        <p>
          The leaderboard as a full-screen display for the TV in your shop: this period&apos;s totals, the departments ranked by points, your
          best technicians and the words of your fans, rotating by themselves and refreshed every few minutes.
        </p>
        <div className={styles.projectionActions}>
          <Link className={buttonClass('primary')} to={path}>
            Open the projection display
          </Link>
          <a className={buttonClass('secondary')} href={path} target="_blank" rel="noopener">
            Open in a new tab
          </a>
        </div>
      </div>
    </ReportsFrame>
  );
}
