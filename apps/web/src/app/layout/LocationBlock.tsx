import * as Popover from '@radix-ui/react-popover';
import { useMutation } from '@tanstack/react-query';
import { sessionApi, type LocationItem } from '@kudo/shared';
import { useState } from 'react';
import { ChevronDownIcon, MapPinIcon } from '../../components/icons';
import { LocationChooser, LocationLines } from '../../components/LocationChooser';
import { useToast } from '../../components/Toast';
import { call } from '../../lib/api';
import { useLocations } from '../../lib/session/hooks';
import styles from './LocationBlock.module.css';

function Summary({ location }: { location: LocationItem }) {
  return <LocationLines location={location} classes={{ root: styles.summary, name: styles.name, address: styles.address }} />;
}

/** The current location; with several, a picker that switches and reloads the whole app for the new one. */
export function LocationBlock({ current }: { current: LocationItem }) {
  const locations = useLocations().data?.locations ?? [];
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const switchLocation = useMutation({
    mutationFn: (location: LocationItem) => call(sessionApi.selectLocation, { body: { location_id: location.location_id } }),
    // Every cached answer belongs to the old location: a full reload is the simplest complete reset.
    onSuccess: () => window.location.reload(),
    onError: (error) => toast.show({ tone: 'error', title: 'Could not switch location', description: error.message }),
  });

  if (locations.length < 2) {
    return (
      <div className={styles.block}>
        <MapPinIcon className={styles.pin} />
        <Summary location={current} />
      </div>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {/* Named by what it shows (name and address) with hidden words around it: voice control users say what they see. */}
      <Popover.Trigger className={styles.trigger}>
        <MapPinIcon className={styles.pin} />
        <span className="visually-hidden">Location: </span>
        <Summary location={current} />
        <span className="visually-hidden">. Change location</span>
        <ChevronDownIcon className={styles.chevron} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.popover} align="start" sideOffset={8} aria-label="Choose a location">
          <LocationChooser
            locations={locations}
            currentId={current.location_id}
            pendingId={switchLocation.isPending ? (switchLocation.variables?.location_id ?? null) : null}
            onChoose={(location) => {
              if (location.location_id === current.location_id) setOpen(false);
              else switchLocation.mutate(location);
            }}
            searchPlaceholder="Search by Name or Address"
            autoFocusSearch
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
