import { MSG, type PlaceItem } from '@kudo/shared';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useSelectPlace } from '../api/social';
import { CopyButton } from './CopyButton';
import { FindBusinessModal } from './FindBusinessModal';
import { PlaceMap } from '../../../components/PlaceMap';
import { PlaceSearch } from '../../../components/PlaceSearch';
import styles from './Social.module.css';

/** Google Place ID card: find the business on the map (or by ID) and save it. */
export function PlaceCard({ locationId, saved }: { locationId: number; saved: PlaceItem | null }) {
  const [pending, setPending] = useState<PlaceItem | null>(null);
  const [finding, setFinding] = useState(false);
  const select = useSelectPlace(locationId);
  const toast = useToast();
  const shown = pending ?? saved;
  const changed = pending !== null && pending.placeId !== saved?.placeId;

  const save = () => {
    if (!pending) return;
    select.mutate(pending.placeId, {
      onSuccess: ({ message }) => {
        toast.show({ tone: 'success', title: message ?? MSG.placeSaved });
        setPending(null);
      },
      onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
    });
  };

  return (
    <Card title="Google Place ID" description="The Google listing your review links and reports use.">
      <div className={styles.placeLayout}>
        <div className={styles.stack} style={{ gap: 'var(--space-4)' }}>
          <PlaceSearch onPick={setPending} />
          <button type="button" className={styles.linkButton} style={{ alignSelf: 'flex-start' }} onClick={() => setFinding(true)}>
            Can&apos;t find your business?
          </button>
          {shown ? (
            <dl className={styles.facts} aria-label={changed ? 'Selected business (not saved yet)' : 'Saved business'}>
              <dt>Name</dt>
              <dd>{shown.name}</dd>
              <dt>Address</dt>
              <dd>{shown.address || '—'}</dd>
              <dt>Place ID</dt>
              <dd>
                <span className={styles.row} style={{ gap: 'var(--space-2)' }}>
                  <span className={styles.mono} data-testid="place-id">
                    {shown.placeId}
                  </span>
                  <CopyButton value={shown.placeId} label="Copy Place ID" />
                </span>
              </dd>
              {shown.rating !== null && (
                <>
                  <dt>Rating</dt>
                  <dd>
                    {shown.rating.toFixed(1)} ★{shown.reviewCount !== null ? ` (${shown.reviewCount.toLocaleString()} reviews)` : ''}
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p className={styles.muted}>No business saved yet. Search for it above or enter its Place ID.</p>
          )}
          {changed && <p className={styles.pending}>This business is not saved yet. Save Google Data to use it.</p>}
          <div className={styles.row}>
            <Button onClick={save} disabled={!changed} loading={select.isPending}>
              Save Google Data
            </Button>
            {changed && (
              <Button variant="ghost" onClick={() => setPending(null)}>
                Cancel
              </Button>
            )}
          </div>
        </div>
        <PlaceMap lat={shown?.lat ?? null} lng={shown?.lng ?? null} name={shown?.name ?? ''} />
      </div>
      <FindBusinessModal open={finding} onOpenChange={setFinding} onUse={setPending} />
    </Card>
  );
}
