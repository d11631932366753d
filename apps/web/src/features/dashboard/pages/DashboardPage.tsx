import { Page } from '../../../components/Page';
import { useCurrentSession, useIdentity } from '../../../lib/session/hooks';
import { CompetitorsPanel } from '../components/CompetitorsPanel';
import { ConnectionNotices } from '../components/ConnectionNotices';
import { GrowthPanel } from '../components/GrowthPanel';
import { LatestReviewsPanel } from '../components/LatestReviewsPanel';
import styles from './DashboardPage.module.css';

export default function DashboardPage() {
  const session = useCurrentSession();
  const firstName = useIdentity().data?.metadata.profile.name.first;

  return (
    <Page title={firstName ? `Welcome back, ${firstName}` : 'Dashboard'} lead={session?.location.name}>
      <ConnectionNotices />
      {session && (
        <div className={styles.grid}>
          <GrowthPanel locationId={session.location.location_id} subject={session.subject} className={styles.growth} />
          <LatestReviewsPanel locationId={session.location.location_id} subject={session.subject} className={styles.latest} />
          <CompetitorsPanel locationId={session.location.location_id} subject={session.subject} className={styles.competitors} />
        </div>
      )}
    </Page>
  );
}
