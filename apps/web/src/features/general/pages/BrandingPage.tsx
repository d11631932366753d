import { SettingsFrame } from '../../../components/SettingsFrame';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { LoadingState } from '../../../components/States';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useBranding } from '../api/branding';
import { BrandingCard } from '../components/BrandingCard';
import styles from '../components/Branding.module.css';
import { CompanyDetailsCard } from '../components/CompanyDetailsCard';

function BrandingContent({ locationId }: { locationId: number }) {
  const branding = useBranding(locationId);
  return (
    <QueryBoundary query={branding}>
      {(saved) => (
        <div className={styles.columns}>
          <BrandingCard locationId={locationId} saved={saved} />
          <CompanyDetailsCard locationId={locationId} saved={saved} />
        </div>
      )}
    </QueryBoundary>
  );
}

export default function BrandingPage() {
  const session = useCurrentSession();
  return (
    <SettingsFrame section="settings-general">
      {session ? <BrandingContent key={session.location.location_id} locationId={session.location.location_id} /> : <LoadingState />}
    </SettingsFrame>
  );
}
