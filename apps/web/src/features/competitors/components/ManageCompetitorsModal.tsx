import { MSG, PLACE_ID_RE, type CompetitorData, type PlaceItem } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { PlaceMap } from '../../../components/PlaceMap';
import { PlaceSearch } from '../../../components/PlaceSearch';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useAddCompetitor, useRemoveCompetitor } from '../api/competitors';
import { formatAddress } from '../utils/leaderboard';
import styles from './Competitors.module.css';

/** 'Manage Competitors': find businesses on the map (or by place id), add them, and remove added ones. */
export function ManageCompetitorsModal({
  locationId,
  data,
  open,
  onOpenChange,
}: {
  locationId: number;
  data: CompetitorData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [picked, setPicked] = useState<PlaceItem | null>(null);
  const [byId, setById] = useState(false);
  const [placeId, setPlaceId] = useState('');
  const [idError, setIdError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddCompetitor(locationId);
  const remove = useRemoveCompetitor(locationId);
  const toast = useToast();
  const count = data.competitor_list.length;
  const full = count >= data.max_competitor;
  const added = new Set(data.competitor_list.map((c) => c.place_id));

  const reset = () => {
    setPicked(null);
    setById(false);
    setPlaceId('');
    setIdError(null);
    setError(null);
    add.reset();
    remove.reset();
  };

  const addPlace = (id: string, then?: () => void) => {
    setError(null);
    add.mutate(id, {
      onSuccess: ({ message }) => {
        toast.show({ tone: 'success', title: message ?? MSG.competitorAdded });
        then?.();
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  const submitId = (e: FormEvent) => {
    e.preventDefault();
    const id = placeId.trim();
    if (!PLACE_ID_RE.test(id)) {
      setIdError(MSG.competitorPlaceRequired);
      return;
    }
    setIdError(null);
    addPlace(id, () => setPlaceId(''));
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Manage Competitors"
      size="lg"
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <div className={styles.manage}>
        <p className={styles.counter} role="status">
          {count} of {data.max_competitor} competitors have been added
        </p>
        {full && <p className={styles.muted}>Remove a competitor to add another.</p>}

        <PlaceSearch
          scope="competitors"
          label="Search for a competitor"
          placeholder="Search 'ABC Plumbing'"
          notFound="No businesses found. Try another name or enter its placeId."
          disabled={full}
          onPick={(place) => {
            setPicked(place);
            setError(null);
          }}
        />
        <PlaceMap lat={picked?.lat ?? null} lng={picked?.lng ?? null} name={picked?.name ?? ''} emptyText="Search for a business to see it on the map." />
        {picked && (
          <div className={styles.picked}>
            <div>
              <p className={styles.name}>{picked.name}</p>
              <p className={styles.muted}>{picked.address}</p>
            </div>
            {picked.placeId === data.self?.place_id ? (
              <p className={styles.muted}>This is your own business.</p>
            ) : added.has(picked.placeId) ? (
              <p className={styles.muted}>Already added</p>
            ) : (
              <Button onClick={() => addPlace(picked.placeId, () => setPicked(null))} loading={add.isPending && !byId} disabled={full}>
                Add Competitor
              </Button>
            )}
          </div>
        )}

        {byId ? (
          <form className={styles.byId} onSubmit={submitId} noValidate>
            <TextField
              label="Enter placeId"
              value={placeId}
              onChange={(e) => {
                setPlaceId(e.target.value);
                setIdError(null);
              }}
              error={idError}
              placeholder="ChIJ…"
              autoComplete="off"
              spellCheck={false}
              disabled={full}
              autoFocus
            />
            <Button type="submit" variant="secondary" loading={add.isPending && byId} disabled={full}>
              Submit
            </Button>
          </form>
        ) : (
          <Button variant="link" className={styles.start} onClick={() => setById(true)}>
            Can&apos;t find the location?
          </Button>
        )}

        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}

        <section aria-labelledby="added-competitors">
          <h3 id="added-competitors" className={styles.subheading}>
            Added competitors
          </h3>
          {count === 0 ? (
            <p className={styles.muted}>None yet.</p>
          ) : (
            <ul className={styles.list}>
              {data.competitor_list.map((c) => (
                <li key={c.competitor.competitor_id} className={styles.item}>
                  <div>
                    <p className={styles.name}>{c.name || c.place_id}</p>
                    <p className={styles.muted}>{formatAddress(c.address) || '—'}</p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove ${c.name || c.place_id}`}
                    loading={remove.isPending && remove.variables === c.competitor.competitor_id}
                    onClick={() => {
                      setError(null);
                      remove.mutate(c.competitor.competitor_id, {
                        onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? MSG.competitorRemoved }),
                        onError: (err) => setError(errorMessage(err)),
                      });
                    }}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
}
