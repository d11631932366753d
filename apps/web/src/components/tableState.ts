import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SortDir = 'asc' | 'desc';

export interface TableSort {
  key: string;
  dir: SortDir;
}

/** What a server-side table asks the server for: one page, in an order, filtered. */
export interface TableState {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: TableSort | null;
  search: string;
  /** ISO dates (YYYY-MM-DD), both ends included; null leaves that end open. */
  from: string | null;
  to: string | null;
}

/** One page of rows and how many rows match in all. */
export interface PageResult<Row> {
  rows: readonly Row[];
  total: number;
}

export const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;

export const defaultTableState = (over: Partial<TableState> = {}): TableState => ({
  page: 1,
  pageSize: DEFAULT_PAGE_SIZES[0],
  sort: null,
  search: '',
  from: null,
  to: null,
  ...over,
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * Reads a table's state from the address (`page`, `size`, `sort` as `key` or `-key`, `q`, `from`, `to`,
 * each behind `prefix` when a screen has two tables); anything missing or malformed keeps its default.
 */
export function tableStateFromParams(params: URLSearchParams, defaults: TableState, prefix = ''): TableState {
  const get = (name: string) => params.get(prefix + name);
  const sort = get('sort');
  const date = (name: string) => {
    const value = get(name);
    return value && ISO_DATE.test(value) ? value : defaults[name as 'from' | 'to'];
  };
  return {
    page: positive(get('page')) ?? defaults.page,
    pageSize: positive(get('size')) ?? defaults.pageSize,
    sort: sort ? (sort.startsWith('-') ? { key: sort.slice(1), dir: 'desc' } : { key: sort, dir: 'asc' }) : defaults.sort,
    search: get('q') ?? defaults.search,
    from: date('from'),
    to: date('to'),
  };
}

/** Writes a table's state into the address, leaving out what equals the defaults so links stay short. */
export function tableStateToParams(state: TableState, defaults: TableState, base: URLSearchParams, prefix = ''): URLSearchParams {
  const params = new URLSearchParams(base);
  const put = (name: string, value: string | null, fallback: string | null) => {
    if (value === null || value === '' || value === fallback) params.delete(prefix + name);
    else params.set(prefix + name, value);
  };
  const sortText = (s: TableSort | null) => (s ? `${s.dir === 'desc' ? '-' : ''}${s.key}` : null);
  put('page', String(state.page), String(defaults.page));
  put('size', String(state.pageSize), String(defaults.pageSize));
  put('sort', sortText(state.sort), sortText(defaults.sort));
  put('q', state.search, defaults.search);
  put('from', state.from, defaults.from);
  put('to', state.to, defaults.to);
  return params;
}

/** A table's state kept in the address, so a reload, a shared link or Back shows the same rows. */
export function useUrlTableState(defaults: TableState, prefix = ''): [TableState, (next: TableState) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => tableStateFromParams(params, defaults, prefix), [params, defaults, prefix]);
  const set = useCallback(
    (next: TableState) => setParams((current) => tableStateToParams(next, defaults, current, prefix), { replace: true }),
    [setParams, defaults, prefix],
  );
  return [state, set];
}

/** A value of a row for ordering: numbers by size, text alphabetically, empty values (null, '') first. */
function compareValues(x: unknown, y: unknown): number {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(x) || empty(y)) return Number(!empty(x)) - Number(!empty(y));
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y));
}

/** How to order by a sort key that is not a field of the row (a role by its rank), by key. */
export type SortValues<Row> = Partial<Record<string, (row: Row) => unknown>>;

/** Rows ordered by a key of theirs, or by its entry in `values` (ties keep their order). */
export function sortRows<Row>(rows: readonly Row[], sort: TableSort | null, values: SortValues<Row> = {}): Row[] {
  if (!sort) return [...rows];
  const value = values[sort.key] ?? ((row: Row) => (row as Record<string, unknown>)[sort.key]);
  return [...rows].sort((a, b) => (sort.dir === 'asc' ? 1 : -1) * compareValues(value(a), value(b)));
}

/**
 * One page of a list the server answers whole (a report of a few hundred rows at most): searched, ordered by
 * the column keys and sliced here, so the table behaves exactly as with a paging server.
 */
export function localPage<Row>(rows: readonly Row[], state: TableState, searchText: (row: Row) => string, values?: SortValues<Row>): PageResult<Row> {
  const q = state.search.trim().toLowerCase();
  const found = q ? rows.filter((r) => searchText(r).toLowerCase().includes(q)) : rows;
  const sorted = sortRows(found, state.sort, values);
  const start = (state.page - 1) * state.pageSize;
  return { rows: sorted.slice(start, start + state.pageSize), total: sorted.length };
}
