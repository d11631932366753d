import { describe, expect, it, test } from 'vitest';
import { defaultTableState, localPage, sortRows, tableStateFromParams, tableStateToParams, type TableState } from './tableState';

const defaults = defaultTableState({ pageSize: 25, sort: { key: 'date', dir: 'desc' } });

describe('table state in the address', () => {
  test('round-trips every part', () => {
    const state = { page: 3, pageSize: 50, sort: { key: 'rating', dir: 'asc' as const }, search: 'a&b c', from: '2026-01-01', to: '2026-02-01' };
    const params = tableStateToParams(state, defaults, new URLSearchParams());
    expect(params.toString()).toBe('page=3&size=50&sort=rating&q=a%26b+c&from=2026-01-01&to=2026-02-01');
    expect(tableStateFromParams(params, defaults)).toEqual(state);
  });

  test('leaves defaults out and keeps unrelated parameters', () => {
    const params = tableStateToParams(defaults, defaults, new URLSearchParams('tab=reviews&page=4'));
    expect(params.toString()).toBe('tab=reviews');
  });

  test('a descending sort is written with a minus', () => {
    const params = tableStateToParams({ ...defaults, sort: { key: 'name', dir: 'desc' } }, defaults, new URLSearchParams());
    expect(params.get('sort')).toBe('-name');
  });

  test('malformed values fall back to the defaults', () => {
    const state = tableStateFromParams(new URLSearchParams('page=-2&size=abc&from=yesterday&to=2026-13'), defaults);
    expect(state).toEqual(defaults);
  });

  test('a prefix keeps two tables of one screen apart', () => {
    const params = tableStateToParams({ ...defaults, page: 2 }, defaults, new URLSearchParams('page=5'), 'logs.');
    expect(params.toString()).toBe('page=5&logs.page=2');
    expect(tableStateFromParams(params, defaults, 'logs.').page).toBe(2);
    expect(tableStateFromParams(params, defaults).page).toBe(5);
  });
});

describe('localPage', () => {
  const rows = [
    { name: 'Drains', points: 12, index: null },
    { name: 'Plumbing', points: 30, index: 7.5 },
    { name: 'Heating', points: 12, index: 9 },
    { name: 'Roofing', points: 0, index: 3 },
  ];
  const state = (over: Partial<TableState>) => ({ ...defaultTableState({ pageSize: 2 }), ...over });

  it('searches, orders by a key (empty values lowest) and slices one page with the total', () => {
    const byPoints = localPage(rows, state({ sort: { key: 'points', dir: 'desc' } }), (r) => r.name);
    expect(byPoints).toEqual({ rows: [rows[1], rows[0]], total: 4 });
    expect(localPage(rows, state({ sort: { key: 'points', dir: 'desc' }, page: 2 }), (r) => r.name).rows).toEqual([rows[2], rows[3]]);
    expect(localPage(rows, state({ sort: { key: 'index', dir: 'asc' }, pageSize: 10 }), (r) => r.name).rows.map((r) => r.name)).toEqual(['Drains', 'Roofing', 'Plumbing', 'Heating']);
    expect(localPage(rows, state({ sort: { key: 'name', dir: 'desc' }, search: 'ING' }), (r) => r.name)).toEqual({ rows: [rows[3], rows[1]], total: 3 });
  });

  it('keeps the original order without a sort, and sortRows leaves its input alone', () => {
    expect(localPage(rows, state({ pageSize: 10 }), (r) => r.name).rows).toEqual(rows);
    const copy = [...rows];
    sortRows(rows, { key: 'points', dir: 'asc' });
    expect(rows).toEqual(copy);
  });

  it('orders by a value given for a key that is not a field of the row', () => {
    const byLength = { nameLength: (r: (typeof rows)[number]) => r.name.length };
    expect(localPage(rows, state({ sort: { key: 'nameLength', dir: 'asc' }, pageSize: 10 }), (r) => r.name, byLength).rows.map((r) => r.name.length)).toEqual(
      [...rows].map((r) => r.name.length).sort((a, b) => a - b),
    );
  });
});

