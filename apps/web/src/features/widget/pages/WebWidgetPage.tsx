import { SettingsFrame } from '../../../components/SettingsFrame';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { LoadingState } from '../../../components/States';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useWebWidget } from '../api/widget';
import { ChatWidgetCard } from '../components/ChatWidgetCard';
import { InstallationCard } from '../components/InstallationCard';
import { ReviewWidgetCard } from '../components/ReviewWidgetCard';
import styles from '../components/Widget.module.css';

function WebWidgetContent({ locationId, businessName }: { locationId: number; businessName: string }) {
  const widget = useWebWidget(locationId);
  return (
    <QueryBoundary query={widget}>
      {(loaded) => (
        <div className={styles.stack}>
          <InstallationCard locationId={locationId} loaded={loaded} />
          <ReviewWidgetCard key={loaded.widgetSetting.widgetKey} locationId={locationId} loaded={loaded} businessName={businessName} />
          <ChatWidgetCard locationId={locationId} loaded={loaded} />
        </div>
      )}
    </QueryBoundary>
  );
}

export default function WebWidgetPage() {
  const session = useCurrentSession();
  return (
    <SettingsFrame section="settings-dispatch">
      {session ? (
        <WebWidgetContent key={session.location.location_id} locationId={session.location.location_id} businessName={session.location.name} />
      ) : (
        <LoadingState />
      )}
    </SettingsFrame>
  );
}
