import { MSG, PLACE_ID_RE, type PlaceItem } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/forms';
import { usePlaceDetails } from '../../../lib/places';
import styles from './Social.module.css';

/** 'Can't find your business?': look a business up by its Google Place ID. */
export function FindBusinessModal({
  open,
  onOpenChange,
  onUse,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUse: (place: PlaceItem) => void;
}) {
  const [placeId, setPlaceId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const details = usePlaceDetails();
  const found = details.data?.place ?? null;

  const close = (next: boolean) => {
    if (!next) {
      setPlaceId('');
      setError(null);
      details.reset();
    }
    onOpenChange(next);
  };

  const find = (e: FormEvent) => {
    e.preventDefault();
    const id = placeId.trim();
    if (!PLACE_ID_RE.test(id)) {
      setError(MSG.placeNotFound);
      return;
    }
    setError(null);
    details.mutate(id, { onError: (err) => setError(errorMessage(err)) });
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Can't find your business?"
      description="Enter your Google Place ID to look your business up directly."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={!found}
            onClick={() => {
              if (!found) return;
              onUse(found);
              close(false);
            }}
          >
            Use This Business
          </Button>
        </>
      }
    >
      <form className={styles.form} onSubmit={find}>
        <div className={styles.row} style={{ alignItems: 'flex-end' }}>
          <TextField
            label="Google Place ID"
            value={placeId}
            onChange={(e) => {
              setPlaceId(e.target.value);
              setError(null);
              details.reset();
            }}
            error={error}
            placeholder="ChIJ…"
            autoComplete="off"
            spellCheck={false}
            style={{ minWidth: 0 }}
            className={styles.spacer}
          />
          <Button type="submit" variant="secondary" loading={details.isPending} disabled={!placeId.trim()}>
            Find Business
          </Button>
        </div>
        {found && (
          <div className={styles.pending} role="status">
            <strong>{found.name}</strong>
            <div>{found.address}</div>
          </div>
        )}
        <p className={styles.muted}>
          Google&apos;s{' '}
          <a href="https://developers.google.com/maps/documentation/places/web-service/place-id" target="_blank" rel="noreferrer">
            Place ID Finder
          </a>{' '}
          shows the ID of any business on the map.
        </p>
      </form>
    </Modal>
  );
}
