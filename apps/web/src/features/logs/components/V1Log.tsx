import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { logsApi } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { DataTable, type Column } from '../../../components/DataTable';
import { datePresets, isoDate } from '../../../components/DateRangeField';
import type { QueryLike } from '../../../components/QueryBoundary';
import { defaultTableState, useUrlTableState, type PageResult, type TableState } from '../../../components/tableState';
import type { V1Page, V1Request } from '../api/logs';
import styles from './Logs.module.css';

const today = new Date();
/** The month up to today, as the server takes a range left open. */
export const LOGS_DEFAULTS = defaultTableState({
  from: isoDate(new Date(today.getFullYear(), today.getMonth() - 1, today.getDate())),
  to: isoDate(today),
  pageSize: logsApi.LOGS_PAGE,
});

const rangeOf = (state: TableState) => ({ ...(state.from ? { from_date: state.from } : {}), ...(state.to ? { to_date: state.to } : {}) });

/**
 * A log that grows 500 rows at a time: 'Pull next 500 logs' appends the next rows while fewer than the total
 * are shown, and 'Loaded X of Y entries' says how far it got. The range (and the search, where there is one)
 * starts over; the export fetches every row of the range with contacts as the user may take them away.
 */
export function V1Log<Row>({
  name,
  label,
  columns,
  rowKey,
  load,
  search,
  filename,
}: {
  name: string;
  label: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  load: (body: V1Request) => Promise<V1Page<Row>>;
  search?: string;
  filename: string;
}) {
  const [state, setState] = useUrlTableState(LOGS_DEFAULTS);
  const filters = { ...rangeOf(state), ...(search ? { search: state.search } : {}) };
  const log = useInfiniteQuery({
    queryKey: ['logs', name, filters],
    queryFn: ({ pageParam }) => load({ ...filters, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.meta.shown < last.meta.total && last.rows.length > 0 ? last.meta.shown : undefined),
    placeholderData: keepPreviousData,
  });
  const pages = log.data?.pages ?? [];
  const last = pages.at(-1);
  const table: QueryLike<PageResult<Row>> = {
    isPending: log.isPending,
    isError: log.isError,
    isFetching: log.isFetching,
    error: log.error,
    data: last ? { rows: pages.flatMap((p) => p.rows), total: last.meta.total } : undefined,
    refetch: () => log.refetch(),
  };
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        query={table}
        rowKey={rowKey}
        state={state}
        onStateChange={setState}
        paged={false}
        {...(search ? { search: { label: search } } : {})}
        dateRange={{ label: 'Date range', presets: datePresets(new Date()) }}
        exportCsv={{
          filename,
          pageSize: logsApi.LOGS_PAGE,
          fetchPage: async (s) => {
            const page = await load({ ...filters, offset: (s.page - 1) * logsApi.LOGS_PAGE, export: true });
            return { rows: page.rows, total: page.meta.total };
          },
        }}
      />
      {last && (
        <div className={styles.more}>
          <p className={styles.count} aria-live="polite">
            Loaded {last.meta.shown} of {last.meta.total} entries
          </p>
          {last.meta.shown < last.meta.total && (
            <Button variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              Pull next 500 logs
            </Button>
          )}
        </div>
      )}
    </>
  );
}
