import { MSG } from '@kudo/shared';
import { useLocation, useNavigate } from 'react-router-dom';
import { pathFor, safeReturnPath, type ReturnState } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { LocationChooser } from '../../../components/LocationChooser';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { errorMessage } from '../../../lib/forms';
import { useLocations, useLogout } from '../../../lib/session/hooks';
import { useChooseLocation } from '../api/auth';
import { AuthFrame } from '../components/AuthFrame';
import styles from '../components/AuthForm.module.css';

export default function SelectLocationPage() {
  const locations = useLocations();
  const choose = useChooseLocation();
  const logout = useLogout();
  const navigate = useNavigate();
  const from = safeReturnPath((useLocation().state as ReturnState | null)?.from);

  const onChoose = (locationId: number) =>
    choose.mutate(locationId, { onSuccess: () => navigate(from ?? pathFor('dashboard'), { replace: true }) });


  return (
    <AuthFrame width="wide">
      <h1 className={styles.title}>Choose a location</h1>
      <p className={styles.lead}>Pick the business location you want to work on.</p>
      {choose.isError && (
        <Banner tone="danger" className={styles.alert}>
          {errorMessage(choose.error)}
        </Banner>
      )}
      <QueryBoundary
        query={locations}
        compact
        errorMessage={() => MSG.couldNotFindLocations}
        isEmpty={(d) => d.locations.length === 0}
        empty={{
          title: MSG.couldNotFindLocations,
          description: 'You are not a member of any location. Support staff open an account through magic login.',
        }}
      >
        {(data) => (
          <LocationChooser
            locations={data.locations}
            currentId={data.current_location?.location_id ?? null}
            pendingId={choose.isPending ? (choose.variables ?? null) : null}
            onChoose={(location) => onChoose(location.location_id)}
            searchPlaceholder="Search by Name or Address..."
            autoFocusSearch
          />
        )}
      </QueryBoundary>
      <div className={styles.footer}>
        <Button variant="ghost" onClick={() => void logout()}>
          Logout
        </Button>
      </div>
    </AuthFrame>
  );
}
