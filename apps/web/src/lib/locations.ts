import type { LocationItem } from '@kudo/shared';

type Pickable = Pick<LocationItem, 'location_id' | 'name' | 'address' | 'last_selected_at'>;

export const RECENT_LOCATIONS_MAX = 3;

/** The locations the user switched to most recently, newest first; never-chosen ones are left out. */
export function recentLocations<T extends Pickable>(locations: readonly T[], max = RECENT_LOCATIONS_MAX): T[] {
  return locations
    .filter((l): l is T & { last_selected_at: string } => !!l.last_selected_at && !Number.isNaN(Date.parse(l.last_selected_at)))
    .sort((a, b) => Date.parse(b.last_selected_at) - Date.parse(a.last_selected_at))
    .slice(0, max);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function sortLocationsByName<T extends Pickable>(locations: readonly T[]): T[] {
  return [...locations].sort((a, b) => collator.compare(a.name, b.name));
}

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Locations whose name or address lines contain every word of the query, in alphabetical order.
 * Words may match different fields ("austin main" finds Austin at 1 Main St).
 */
export function filterLocations<T extends Pickable>(locations: readonly T[], query: string): T[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  const matching = words.length
    ? locations.filter((l) => {
        const haystack = normalize([l.name, ...l.address.slice(0, 2)].join(' \n '));
        return words.every((w) => haystack.includes(w));
      })
    : locations;
  return sortLocationsByName(matching);
}
