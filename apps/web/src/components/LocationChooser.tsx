import type { LocationItem } from '@kudo/shared';
import { useId, useMemo, useState } from 'react';
import { cx } from '../lib/cx';
import { filterLocations, recentLocations } from '../lib/locations';
import { CheckIcon } from './icons';
import styles from './LocationChooser.module.css';
import { Spinner } from './Spinner';
import { SearchField } from './TextField';

interface LocationChooserProps {
  locations: readonly LocationItem[];
  onChoose: (location: LocationItem) => void;
  currentId?: number | null;
  /** The location being switched to: its row shows a spinner and the others wait. */
  pendingId?: number | null;
  searchPlaceholder: string;
  autoFocusSearch?: boolean;
}

/** A location's name over the first two lines of its address, styled by the caller. */
export function LocationLines({ location, classes }: { location: LocationItem; classes: { root?: string; name?: string; address?: string } }) {
  return (
    <span className={classes.root}>
      <span className={classes.name}>{location.name}</span>
      {location.address.slice(0, 2).map((line, i) => (
        <span key={i} className={classes.address}>
          {line}
        </span>
      ))}
    </span>
  );
}

/** Recent locations, a search over name and address, and the whole list in alphabetical order. */
export function LocationChooser({
  locations,
  onChoose,
  currentId = null,
  pendingId = null,
  searchPlaceholder,
  autoFocusSearch,
}: LocationChooserProps) {
  const [query, setQuery] = useState('');
  const recent = useMemo(() => recentLocations(locations), [locations]);
  const matching = useMemo(() => filterLocations(locations, query), [locations, query]);
  const recentId = useId();
  const allId = useId();
  const searching = query.trim() !== '';

  const row = (location: LocationItem) => {
    const current = location.location_id === currentId;
    const pending = location.location_id === pendingId;
    return (
      <li key={location.location_id}>
        <button
          type="button"
          className={cx(styles.option, current && styles.current)}
          onClick={() => onChoose(location)}
          disabled={pendingId !== null}
          aria-current={current ? 'true' : undefined}
          aria-busy={pending || undefined}
        >
          <LocationLines location={location} classes={{ root: styles.text, name: styles.name, address: styles.address }} />
          {pending ? <Spinner size="sm" label="Switching" /> : current && <CheckIcon className={styles.check} />}
        </button>
      </li>
    );
  };

  return (
    <div className={styles.chooser}>
      {!searching && recent.length > 0 && (
        <section aria-labelledby={recentId}>
          <h3 id={recentId} className={styles.heading}>
            Recent Locations
          </h3>
          <ul className={styles.list}>{recent.map(row)}</ul>
        </section>
      )}
      <SearchField
        label="Search locations"
        placeholder={searchPlaceholder}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoFocus={autoFocusSearch}
        autoComplete="off"
      />
      <section aria-labelledby={allId}>
        <h3 id={allId} className={styles.heading}>
          {searching ? `${matching.length} matching` : 'All Locations'}
        </h3>
        {matching.length ? (
          <ul className={cx(styles.list, styles.scroll)}>{matching.map(row)}</ul>
        ) : (
          <p className={styles.none}>No locations match your search.</p>
        )}
      </section>
    </div>
  );
}
