export type SortDir = 'asc' | 'desc';

/** Rows whose text contains the search (case-insensitive); an empty search keeps every row. */
export function searchRows<T>(rows: readonly T[], search: string, text: (row: T) => string): T[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...rows];
  return rows.filter((row) => text(row).toLowerCase().includes(q));
}

/** A stable sort by one key, ascending or descending; text compares without case. */
export function sortRows<T>(rows: readonly T[], key: (row: T) => string | number, dir: SortDir): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = key(a.row);
      const y = key(b.row);
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), undefined, { sensitivity: 'base' });
      return c !== 0 ? c * sign : a.index - b.index;
    })
    .map(({ row }) => row);
}

/** One page of rows (1-based), the page actually shown (kept in range) and the number of pages. */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(Math.max(1, page), pageCount);
  return { rows: rows.slice((current - 1) * perPage, current * perPage), page: current, pageCount };
}
