import { SettingsFrame } from '../../../app/layout/SettingsFrame';
import { ErrorState, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useBranding } from '../api/branding';
import { BrandingCard } from '../components/BrandingCard';
import styles from '../components/Branding.module.css';
import { CompanyDetailsCard } from '../components/CompanyDetailsCard';

function BrandingContent({ locationId }: { locationId: number }) {
  const branding = useBranding(locationId);
  if (branding.isPending) return <LoadingState />;
  if (branding.isError) {
    return <ErrorState message={errorMessage(branding.error)} onRetry={() => void branding.refetch()} retrying={branding.isFetching} />;
  }
  return (
    <div className={styles.columns}>
      <BrandingCard locationId={locationId} saved={branding.data} />
      <CompanyDetailsCard locationId={locationId} saved={branding.data} />
    </div>
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
