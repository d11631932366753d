import { SettingsFrame } from '../../../components/SettingsFrame';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { LoadingState } from '../../../components/States';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useSocial } from '../api/social';
import { ConnectionsCard } from '../components/ConnectionsCard';
import { LinksCard } from '../components/LinksCard';
import { PlaceCard } from '../components/PlaceCard';
import styles from '../components/Social.module.css';

function ConnectSocialMedia({ locationId }: { locationId: number }) {
  const social = useSocial(locationId);
  return (
    <QueryBoundary query={social}>
      {(data) => (
        <div className={styles.stack}>
          <PlaceCard locationId={locationId} saved={data.place} />
          <ConnectionsCard locationId={locationId} google={data.google} facebook={data.facebook} />
          <LinksCard locationId={locationId} data={data} />
        </div>
      )}
    </QueryBoundary>
  );
}

export default function ConnectSocialMediaPage() {
  const session = useCurrentSession();
  const locationId = session?.location.location_id;
  return (
    <SettingsFrame section="settings-general">
      {locationId ? <ConnectSocialMedia key={locationId} locationId={locationId} /> : <LoadingState />}
    </SettingsFrame>
  );
}
