import { Link } from 'react-router-dom';
import { pathFor } from '../../../app/routes';
import { useCurrentSession, useIdentity } from '../../../lib/session/hooks';
import { ConnectionNotices } from '../components/ConnectionNotices';
import { DashboardPanel, type PanelState } from '../components/DashboardPanel';
import styles from './DashboardPage.module.css';
import { Page } from '../../../components/Page';

// The reviews, growth and competitor data arrive with the analytics area; until then the panels say so.
const NOT_CONNECTED: PanelState = { status: 'collecting' };

export default function DashboardPage() {
  const session = useCurrentSession();
  const firstName = useIdentity().data?.metadata.profile.name.first;

  return (
    <Page title={firstName ? `Welcome back, ${firstName}` : 'Dashboard'} lead={session?.location.name}>
      <ConnectionNotices />
      <div className={styles.grid}>
        <DashboardPanel title="Reviews & Ratings Growth" state={NOT_CONNECTED} className={styles.growth} />
        <DashboardPanel
          title="Latest Reviews"
          state={NOT_CONNECTED}
          className={styles.latest}
          actions={<Link to={pathFor('analyze-reviews-social-reviews')}>View all</Link>}
        />
        <DashboardPanel title="Competitors" state={NOT_CONNECTED} className={styles.competitors} />
      </div>
    </Page>
  );
}
