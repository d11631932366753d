import { Navigate } from 'react-router-dom';
import { pathFor } from '../../config/routes';
import { LoadingState } from '../../components/States';
import { useCurrentSession } from '../../lib/session/hooks';

/** /settings: trial users go to the subscriptions page, everyone else to Connect Social Media. */
export default function SettingsIndexPage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  const target = session.subject.freeTrial ? 'settings-billing-subscriptions' : 'settings-general-connect-social-media';
  return <Navigate to={pathFor(target)} replace />;
}
