import type { PlaceItem } from '@kudo/shared';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../lib/forms';
import { usePlaceSearch, type PlaceSearchSource } from '../lib/places';
import { SearchIcon } from './icons';
import styles from './PlaceSearch.module.css';
import { TextField } from './TextField';

/** Waits this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * A business search on the map (a combobox): results appear as you type; arrow keys move through them,
 * Enter picks one and Escape closes the list.
 */
export function PlaceSearch({
  onPick,
  label = 'Search for your business',
  placeholder = "Search 'ABC Kitchens'",
  notFound = 'No businesses found. Try another name or enter your Place ID.',
  disabled,
  source = 'location',
}: {
  onPick: (place: PlaceItem) => void;
  /** Sign-up searches before the account exists. */
  source?: PlaceSearchSource;
  label?: string;
  placeholder?: string;
  /** What the list says when nothing matches. */
  notFound?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const search = usePlaceSearch(query, source);
  const listId = useId();
  const places = search.data?.places ?? [];
  const current = Math.min(active, Math.max(0, places.length - 1));
  const typing = text.trim() !== query.trim();
  const showList = open && text.trim().length >= 2;

  const pick = (place: PlaceItem) => {
    onPick(place);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive(places.length ? (current + 1) % places.length : 0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(places.length ? (current - 1 + places.length) % places.length : 0);
    } else if (e.key === 'Enter' && showList && places[current]) {
      e.preventDefault();
      pick(places[current]);
    } else if (e.key === 'Escape' && showList) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className={styles.combo}>
      <TextField
        label={label}
        placeholder={placeholder}
        disabled={disabled}
        leading={<SearchIcon />}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && places[current] ? `${listId}-${current}` : undefined}
        autoComplete="off"
      />
      {showList && (
        <ul className={styles.options} id={listId} role="listbox" aria-label="Businesses found">
          {search.isError ? (
            <li className={styles.optionNote} role="presentation">
              {errorMessage(search.error)}
            </li>
          ) : places.length === 0 ? (
            <li className={styles.optionNote} role="presentation">
              {typing || search.isFetching ? 'Searching…' : notFound}
            </li>
          ) : (
            places.map((place, index) => (
              <li
                key={place.placeId}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === current}
                className={styles.option}
                // Picked on mouse down, before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(place);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className={styles.optionName}>{place.name}</span>
                <span className={styles.optionAddress}>{place.address}</span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
