import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataTable, type Column } from '../../../components/DataTable';
import { datePresets, isoDate } from '../../../components/DateRangeField';
import { defaultTableState, localPage, sortRows, useUrlTableState, type TableState } from '../../../components/tableState';
import type { CsvValue } from '../../../lib/csv';
import { useCurrentSession } from '../../../lib/session/hooks';

/** One column of a report: its header on screen, its field (the CSV header and the sort key) and its cell. */
export interface ReportColumn<Row> {
  field: keyof Row & string;
  header: string;
  cell?: (row: Row) => ReactNode;
  align?: 'start' | 'end';
}

/** 20 rows a page, from a month ago to today. */
export const REPORT_PAGE_SIZES = [20, 50, 100] as const;

function reportDefaults(rank: string): TableState {
  const today = new Date();
  return defaultTableState({
    pageSize: REPORT_PAGE_SIZES[0],
    sort: { key: rank, dir: 'desc' },
    from: isoDate(new Date(today.getFullYear(), today.getMonth() - 1, today.getDate())),
    to: isoDate(today),
  });
}
const defaultsByRank = new Map<string, TableState>();
const defaultsFor = (rank: string) => defaultsByRank.get(rank) ?? defaultsByRank.set(rank, reportDefaults(rank)).get(rank)!;

/** The usual ranges; every report has both ends (no 'All time': at most 36 months back). */
const RANGE_PRESETS = () => datePresets(new Date()).filter((p) => p.from !== null);

/** What an export writes for an empty value. */
export const NOT_AVAILABLE = 'N/A';
const csvValue = (v: unknown): CsvValue => (v === null || v === undefined || v === '' ? NOT_AVAILABLE : (v as CsvValue));

/**
 * A leaderboard report: the whole list of a range from the server, searched, sorted and paged in the
 * table; its CSV holds every matching row, highest `rank` first, with 'N/A' for empty values.
 */
export function ReportTable<Row>({
  label,
  name,
  columns,
  rank,
  fetchRows,
  rowKey,
  searchText,
  searchLabel,
  filename,
  extraKey,
}: {
  label: string;
  /** Names the report in the query cache. */
  name: string;
  columns: readonly ReportColumn<Row>[];
  /** The field the report ranks by: the default order and the order of the export. */
  rank: keyof Row & string;
  fetchRows: (from: string, to: string) => Promise<readonly Row[]>;
  rowKey: (row: Row) => string;
  searchText: (row: Row) => string;
  searchLabel: string;
  filename: string;
  /** Anything else the rows depend on (the campaigns' department). */
  extraKey?: string | null;
}) {
  const defaults = defaultsFor(rank);
  const [state, setState] = useUrlTableState(defaults);
  const from = state.from ?? defaults.from!;
  const to = state.to ?? defaults.to!;
  const locationId = useCurrentSession()?.location.location_id ?? 0;
  const key = (f: string, t: string): QueryKey => ['leaderboard', locationId, 'report', name, f, t, extraKey ?? null];
  const queryClient = useQueryClient();
  const rows = useQuery({ queryKey: key(from, to), queryFn: () => fetchRows(from, to), placeholderData: keepPreviousData });
  const table = { ...rows, data: rows.data ? localPage(rows.data, state, searchText) : undefined };
  const dataColumns: Column<Row>[] = columns.map((c) => ({
    id: c.field,
    header: c.header,
    sortKey: c.field,
    align: c.align,
    cell: c.cell ?? ((row: Row) => String(row[c.field] ?? NOT_AVAILABLE)),
  }));

  return (
    <DataTable
      label={label}
      columns={dataColumns}
      query={table}
      rowKey={rowKey}
      state={state}
      onStateChange={setState}
      pageSizes={REPORT_PAGE_SIZES}
      search={{ label: searchLabel }}
      dateRange={{ label: 'Date range', presets: RANGE_PRESETS() }}
      exportCsv={{
        filename,
        fetchTable: async (s) => {
          const f = s.from ?? defaults.from!;
          const t = s.to ?? defaults.to!;
          const all = await queryClient.fetchQuery({ queryKey: key(f, t), queryFn: () => fetchRows(f, t) });
          const found = localPage(all, { ...s, page: 1, pageSize: all.length || 1, sort: null }, searchText).rows;
          return {
            header: columns.map((c) => c.field),
            rows: sortRows(found, { key: rank, dir: 'desc' }).map((row) => columns.map((c) => csvValue(row[c.field]))),
          };
        },
      }}
    />
  );
}
