import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import type { CsvValue } from '../lib/csv';
import { CsvExport, pagedCsvLoader, wholeCsvLoader, type CsvTable } from './CsvExport';
import styles from './DataTable.module.css';
import { DateRangeField, type DatePreset } from './DateRangeField';
import { ChevronDownIcon } from './icons';
import { Pagination } from './Pagination';
import { QueryBoundary, settledQuery, type EmptyProps, type QueryLike } from './QueryBoundary';
import { SelectField } from './SelectField';
import { DEFAULT_PAGE_SIZES, defaultTableState, type PageResult, type TableSort, type TableState } from './tableState';
import table from './Table.module.css';
import { SearchField } from './TextField';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's name for ordering by this column; without it the column is not sortable. */
  sortKey?: string;
  /** The column's value in a CSV export; without it the column is left out of the file. */
  csv?: (row: Row) => CsvValue;
  align?: 'start' | 'center' | 'end';
  /** The header is read by screen readers only (a column of row actions). */
  hideHeader?: boolean;
  /** The column names its row: its cells are row headers (`<th scope="row">`). */
  rowHeader?: boolean;
  /** A class for the column's cells. */
  className?: string;
}

export type RowKey = string | number;

/** The rows come from the server page by page, for `state`. */
interface ServerSource<Row> {
  /** The current page, fetched by the caller for `state` (keep the previous page while the next loads). */
  query: QueryLike<PageResult<Row>>;
  state: TableState;
  onStateChange: (next: TableState) => void;
  rows?: never;
  sort?: never;
  onSortChange?: never;
}

/** Every row is already at hand (a part of a loaded answer): shown whole, ordered by the caller. */
interface LocalSource<Row> {
  rows: readonly Row[];
  /** The order the rows are in, shown on the headers; columns with a `sortKey` are clickable with `onSortChange`. */
  sort?: TableSort | null;
  onSortChange?: (next: TableSort) => void;
  query?: never;
  state?: never;
  onStateChange?: never;
}

export type DataTableProps<Row> = DataTableLook<Row> & (ServerSource<Row> | LocalSource<Row>);

interface DataTableLook<Row> {
  /** Names the table for assistive technology ('Reviews'); a `caption` names it instead when given. */
  label: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => RowKey;
  /** A caption above the rows; `hideCaption` keeps it for screen readers only. */
  caption?: ReactNode;
  hideCaption?: boolean;
  /** A last row under the others (totals), one cell per column id; missing ids stay blank. */
  totals?: Partial<Record<string, ReactNode>>;
  /** A test id for each row (journeys find a row by it). */
  rowTestId?: (row: Row) => string;
  /** A class for a row that stands out (the location itself among its competitors). */
  rowClassName?: (row: Row) => string | undefined;
  /** Tighter cells and no scrolling frame, for a chart's figures in words. */
  compact?: boolean;
  /** The column headers are read by screen readers only (a card of labelled figures, one a row). */
  hideHeaders?: boolean;
  pageSizes?: readonly number[];
  /** A debounced search box with this label; none without it. */
  search?: { label: string; placeholder?: string };
  /** A date range filter; none without it. */
  dateRange?: { label?: string; presets?: readonly DatePreset[] };
  /** Checkboxes on each row and a select-all for the page; selected keys are kept across pages. */
  selection?: { selected: ReadonlySet<RowKey>; onChange: (next: Set<RowKey>) => void; rowLabel: (row: Row) => string };
  /**
   * An Export CSV button that fetches every matching row through `fetchPage` (in the table's columns), or
   * the whole file through `fetchTable` when the server builds it (its own columns and rows).
   */
  exportCsv?: { filename: string } & (
    | { fetchPage: (state: TableState, signal: AbortSignal) => Promise<PageResult<Row>>; pageSize?: number }
    | { fetchTable: (state: TableState, signal: AbortSignal) => Promise<CsvTable> }
  );
  /** What the empty table says (the global 'No data could be found!' by default). */
  empty?: EmptyProps;
  /** The error state's headline ('Oops!' by default). */
  errorTitle?: string;
  /** False for a short list shown whole: no page links, no page size. */
  paged?: boolean;
  /** Buttons beside the filters (bulk actions on the selection). */
  actions?: ReactNode;
}

export const SEARCH_DEBOUNCE_MS = 300;

function csvLoader<Row>(exportCsv: NonNullable<DataTableProps<Row>['exportCsv']>, state: TableState, columns: { header: string; value: (row: Row) => CsvValue }[]) {
  if ('fetchTable' in exportCsv) return wholeCsvLoader((signal) => exportCsv.fetchTable(state, signal));
  return pagedCsvLoader({ pageSize: exportCsv.pageSize, fetchPage: (page, pageSize, signal) => exportCsv.fetchPage({ ...state, page, pageSize }, signal) }, columns);
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Clicking a column orders by it ascending, a second click descending, a third ascending again. */
export const nextSort = (current: TableSort | null, key: string): TableSort =>
  current?.key === key && current.dir === 'asc' ? { key, dir: 'desc' } : { key, dir: 'asc' };

/**
 * The table of every list screen: the server sorts, filters and pages (the caller fetches one page for
 * `state`), the table draws the controls and keeps `state` wherever the caller wants it (the address).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  if (props.rows === undefined) return <Table {...props} />;
  const { rows, sort = null, onSortChange, ...look } = props;
  const state = defaultTableState({ sort, pageSize: Math.max(rows.length, 1) });
  return (
    <Table
      {...look}
      query={settledQuery({ rows, total: rows.length })}
      state={state}
      onStateChange={(next) => next.sort && onSortChange?.(next.sort)}
      sortable={onSortChange !== undefined}
      paged={false}
    />
  );
}

function Table<Row>({
  label,
  columns,
  query,
  rowKey,
  state,
  onStateChange,
  caption,
  hideCaption,
  totals,
  rowTestId,
  rowClassName,
  compact,
  hideHeaders,
  sortable = true,
  pageSizes = DEFAULT_PAGE_SIZES,
  search,
  dateRange,
  selection,
  exportCsv,
  empty,
  errorTitle,
  paged = true,
  actions,
}: DataTableLook<Row> & ServerSource<Row> & { sortable?: boolean }) {
  // Filters and sizes change which rows exist: back to the first page.
  const update = (patch: Partial<TableState>) => onStateChange({ ...state, page: 1, ...patch });
  const csvColumns = columns.flatMap((c) => (c.csv ? [{ header: c.header, value: c.csv }] : []));

  return (
    <div className={styles.wrap}>
      {(search || dateRange || exportCsv || actions) && (
        <div className={styles.toolbar}>
          {search && <SearchBox label={search.label} placeholder={search.placeholder} value={state.search} onSearch={(text) => update({ search: text })} />}
          {dateRange && (
            <DateRangeField label={dateRange.label} presets={dateRange.presets} value={{ from: state.from, to: state.to }} onChange={(range) => update(range)} />
          )}
          <div className={styles.toolbarEnd}>
            {actions}
            {exportCsv && (
              <CsvExport filename={exportCsv.filename} load={csvLoader(exportCsv, state, csvColumns)} />
            )}
          </div>
        </div>
      )}
      <QueryBoundary query={query} isEmpty={(d) => d.rows.length === 0} empty={empty} errorTitle={errorTitle} compact>
        {(data) => (
          <>
            {/* A compact summary (a chart's figures, read by screen readers) does not scroll: nothing to reach by keyboard. */}
            <div className={compact ? undefined : table.scroll}>
              <table className={cx(table.table, compact && table.compact)} aria-label={caption ? undefined : label} aria-busy={query.isFetching || undefined}>
                {caption && <caption className={hideCaption ? 'visually-hidden' : table.caption}>{caption}</caption>}
                <thead className={hideHeaders ? 'visually-hidden' : undefined}>
                  <tr>
                    {selection && (
                      <th scope="col" className={styles.check}>
                        <SelectAll rows={data.rows} rowKey={rowKey} selection={selection} />
                      </th>
                    )}
                    {columns.map((c) => (
                      <HeaderCell key={c.id} column={c} sortable={sortable} sort={state.sort} onSort={(key) => update({ sort: nextSort(state.sort, key) })} />
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((row) => {
                    const key = rowKey(row);
                    const checked = selection?.selected.has(key) ?? false;
                    return (
                      <tr key={key} className={cx(checked && styles.selected, rowClassName?.(row))} data-testid={rowTestId?.(row)}>
                        {selection && (
                          <td className={styles.check}>
                            <input
                              type="checkbox"
                              aria-label={`Select ${selection.rowLabel(row)}`}
                              checked={checked}
                              onChange={() => {
                                const next = new Set(selection.selected);
                                if (checked) next.delete(key);
                                else next.add(key);
                                selection.onChange(next);
                              }}
                            />
                          </td>
                        )}
                        {columns.map((c) => (
                          <Cell key={c.id} column={c}>
                            {c.cell(row)}
                          </Cell>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
                {totals && (
                  <tfoot>
                    <tr>
                      {selection && <td />}
                      {columns.map((c, i) => (
                        <Cell key={c.id} column={c} header={i === 0}>
                          {totals[c.id]}
                        </Cell>
                      ))}
                    </tr>
                  </tfoot>
                )}
              </table>
            </div>
            {paged && <Footer total={data.total} state={state} pageSizes={pageSizes} onPage={(page) => onStateChange({ ...state, page })} onSize={(pageSize) => update({ pageSize })} label={label} />}
          </>
        )}
      </QueryBoundary>
    </div>
  );
}

const alignClass = (align: Column<unknown>['align']) => cx(align === 'end' && table.end, align === 'center' && table.center);

/** A body or totals cell: a row header in the column that names its row (or the totals' label). */
function Cell<Row>({ column, header = column.rowHeader, children }: { column: Column<Row>; header?: boolean; children: ReactNode }) {
  const className = cx(alignClass(column.align), column.className) || undefined;
  return header ? (
    <th scope="row" className={className}>
      {children}
    </th>
  ) : (
    <td className={className}>{children}</td>
  );
}

function HeaderCell<Row>({ column, sortable, sort, onSort }: { column: Column<Row>; sortable: boolean; sort: TableSort | null; onSort: (key: string) => void }) {
  const { sortKey } = column;
  const text = column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header;
  const dir = sortKey && sort?.key === sortKey ? sort.dir : null;
  if (!sortKey || !sortable) {
    return (
      <th scope="col" aria-sort={dir ? ARIA_SORT[dir] : undefined} className={alignClass(column.align) || undefined}>
        {text}
      </th>
    );
  }
  return (
    <th scope="col" aria-sort={dir ? ARIA_SORT[dir] : 'none'} className={alignClass(column.align) || undefined}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(sortKey)}>
        {column.header}
        <ChevronDownIcon size={14} aria-hidden className={cx(styles.sortIcon, dir && styles.sortActive, dir === 'asc' && styles.sortUp)} />
      </button>
    </th>
  );
}

function SelectAll<Row>({ rows, rowKey, selection }: { rows: readonly Row[]; rowKey: (row: Row) => RowKey; selection: NonNullable<DataTableProps<Row>['selection']> }) {
  const keys = rows.map(rowKey);
  const count = keys.filter((k) => selection.selected.has(k)).length;
  const all = count > 0 && count === keys.length;
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all rows on this page"
      checked={all}
      onChange={() => {
        const next = new Set(selection.selected);
        for (const k of keys) {
          if (all) next.delete(k);
          else next.add(k);
        }
        selection.onChange(next);
      }}
    />
  );
}

/** Typing waits for a pause before it asks the server; the box shows the typed text at once. */
function SearchBox({ label, placeholder, value, onSearch }: { label: string; placeholder?: string; value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  // The address (Back, a link) may change the search from outside: the box follows it.
  const [outside, setOutside] = useState(value);
  if (value !== outside) {
    setOutside(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <SearchField
      className={styles.search}
      label={label}
      placeholder={placeholder ?? label}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

function Footer({
  total,
  state,
  pageSizes,
  onPage,
  onSize,
  label,
}: {
  total: number;
  state: TableState;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  label: string;
}) {
  const first = (state.page - 1) * state.pageSize + 1;
  const last = Math.min(total, state.page * state.pageSize);
  return (
    <div className={styles.footer}>
      <p className={styles.count}>{total === 0 ? '0 rows' : `${first}–${last} of ${total}`}</p>
      <SelectField
        className={styles.size}
        label="Rows per page"
        value={String(state.pageSize)}
        onChange={(v) => onSize(Number(v))}
        options={pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
      />
      <Pagination page={state.page} pageCount={Math.ceil(total / state.pageSize)} onPage={onPage} label={`${label} pages`} edges />
    </div>
  );
}
