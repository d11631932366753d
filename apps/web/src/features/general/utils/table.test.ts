import { describe, expect, it } from 'vitest';
import { pageOf, searchRows, sortRows } from './table';

const rows = [{ e: 'bob@x.com', n: 2 }, { e: 'Ann@x.com', n: 1 }, { e: 'carl@y.com', n: 2 }];

describe('table helpers', () => {
  it('searches without case and keeps everything for an empty search', () => {
    expect(searchRows(rows, 'ANN', (r) => r.e)).toEqual([rows[1]]);
    expect(searchRows(rows, ' y.com', (r) => r.e)).toEqual([rows[2]]);
    expect(searchRows(rows, '  ', (r) => r.e)).toHaveLength(3);
  });
  it('sorts text without case, both ways, and keeps ties in order', () => {
    expect(sortRows(rows, (r) => r.e, 'asc').map((r) => r.e)).toEqual(['Ann@x.com', 'bob@x.com', 'carl@y.com']);
    expect(sortRows(rows, (r) => r.e, 'desc').map((r) => r.e)).toEqual(['carl@y.com', 'bob@x.com', 'Ann@x.com']);
    expect(sortRows(rows, (r) => r.n, 'desc').map((r) => r.e)).toEqual(['bob@x.com', 'carl@y.com', 'Ann@x.com']);
  });
  it('pages 10 at a time and keeps the page in range', () => {
    const many = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(many, 1, 10)).toMatchObject({ page: 1, pageCount: 3, rows: many.slice(0, 10) });
    expect(pageOf(many, 3, 10).rows).toEqual([20, 21, 22]);
    expect(pageOf(many, 9, 10).page).toBe(3);
    expect(pageOf([], 1, 10)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });
});
