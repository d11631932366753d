import { describe, expect, test } from 'vitest';
import { defaultTableState, tableStateFromParams, tableStateToParams } from './tableState';

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
