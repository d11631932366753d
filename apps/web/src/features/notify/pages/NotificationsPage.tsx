import { SettingsFrame } from '../../../components/SettingsFrame';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { LoadingState } from '../../../components/States';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useNotifications } from '../api/notifications';
import styles from '../components/Notify.module.css';
import { SentimentCard } from '../components/SentimentCard';

function NotificationCards({ locationId }: { locationId: number }) {
  return (
    <QueryBoundary query={useNotifications(locationId)}>
      {({ positive, neutral, negative }) => (
        <div className={styles.grid}>
          <SentimentCard locationId={locationId} sentiment="positive" emails={positive.email} />
          <SentimentCard
            locationId={locationId}
            sentiment="neutral"
            emails={neutral.email}
            sms={{ current: neutral.sms, otherNumber: negative.sms?.phoneNumber ?? null }}
          />
          <SentimentCard
            locationId={locationId}
            sentiment="negative"
            emails={negative.email}
            sms={{ current: negative.sms, otherNumber: neutral.sms?.phoneNumber ?? null }}
          />
        </div>
      )}
    </QueryBoundary>
  );
}

/** Settings › Dispatch › Notifications: who hears about positive, neutral and negative feedback. */
export default function NotificationsPage() {
  const session = useCurrentSession();
  const locationId = session?.location.location_id;
  return (
    <SettingsFrame section="settings-dispatch">
      {locationId ? <NotificationCards key={locationId} locationId={locationId} /> : <LoadingState />}
    </SettingsFrame>
  );
}
