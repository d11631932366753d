import { describe, expect, it } from 'vitest';
import { filterLocations, recentLocations } from './locations';

const loc = (id: number, name: string, address: string[], last: string | null = null) => ({
  location_id: id,
  name,
  address,
  last_selected_at: last,
});

const austin = loc(1, 'Demo Plumbing Austin', ['1 Congress Ave', 'Austin, TX 78701'], '2025-03-01T10:00:00Z');
const dallas = loc(2, 'Demo Plumbing Dallas', ['200 Main St', 'Dallas, TX 75201'], '2025-03-05T10:00:00Z');
const houston = loc(3, 'Bayou Drains', ['9 Westheimer Rd', 'Houston, TX 77006']);
const elPaso = loc(4, 'Élite Pipes', ['5 Mesa St', 'El Paso, TX 79901'], '2025-02-01T10:00:00Z');
const waco = loc(5, 'Waco Rooter', ['77 Elm Ave', 'Waco, TX 76701'], '2025-01-01T10:00:00Z');

describe('recentLocations', () => {
  it('lists the most recently chosen first and leaves out never-chosen locations', () => {
    expect(recentLocations([austin, houston, dallas]).map((l) => l.name)).toEqual([
      'Demo Plumbing Dallas',
      'Demo Plumbing Austin',
    ]);
  });

  it('keeps at most three', () => {
    expect(recentLocations([waco, austin, elPaso, dallas, houston]).map((l) => l.location_id)).toEqual([2, 1, 4]);
  });
});

describe('filterLocations', () => {
  const all = [dallas, waco, houston, austin, elPaso];

  it('returns every location alphabetically for an empty query', () => {
    expect(filterLocations(all, '  ').map((l) => l.name)).toEqual([
      'Bayou Drains',
      'Demo Plumbing Austin',
      'Demo Plumbing Dallas',
      'Élite Pipes',
      'Waco Rooter',
    ]);
  });

  it('matches the name, either address line, case- and accent-insensitively', () => {
    expect(filterLocations(all, 'DALLAS').map((l) => l.location_id)).toEqual([2]);
    expect(filterLocations(all, 'westheimer').map((l) => l.location_id)).toEqual([3]);
    expect(filterLocations(all, '76701').map((l) => l.location_id)).toEqual([5]);
    expect(filterLocations(all, 'elite').map((l) => l.location_id)).toEqual([4]);
  });

  it('needs every word of the query, in any field', () => {
    expect(filterLocations(all, 'plumbing congress').map((l) => l.location_id)).toEqual([1]);
    expect(filterLocations(all, 'plumbing houston')).toEqual([]);
  });
});
