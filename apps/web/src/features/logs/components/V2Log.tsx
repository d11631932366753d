import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { logsApi } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { DataTable, type Column } from '../../../components/DataTable';
import { datePresets, isoDate } from '../../../components/DateRangeField';
import { useUrlTableState, type PageResult, type TableState } from '../../../components/tableState';
import { httpDate, type V2Page, type V2Request } from '../api/logs';
import styles from './Logs.module.css';
import { LOGS_DEFAULTS } from './V1Log';

type Cursor = { after?: string; before?: string };

const rangeOf = (state: TableState) => {
  const to = state.to ?? isoDate(new Date());
  return { fromDate: httpDate(state.from ?? (LOGS_DEFAULTS.from as string)), toDate: httpDate(to) };
};

/**
 * A log read 100 rows at a time by cursor: Previous and Next are disabled by hasBefore and hasAfter, and a
 * failed answer shows its message in red above the table. The export walks every page of the range.
 */
export function V2Log<Row>({
  name,
  label,
  columns,
  rowKey,
  load,
  filename,
}: {
  name: string;
  label: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  load: (body: V2Request) => Promise<V2Page<Row>>;
  filename: string;
}) {
  const [state, setState] = useUrlTableState(LOGS_DEFAULTS);
  const range = rangeOf(state);
  // A new range starts at its newest rows.
  const [cursor, setCursor] = useState<{ range: string; at: Cursor }>({ range: '', at: {} });
  const rangeKey = `${range.fromDate}|${range.toDate}`;
  const at = cursor.range === rangeKey ? cursor.at : {};
  const log = useQuery({
    queryKey: ['logs', name, range, at],
    queryFn: () => load({ ...range, limit: logsApi.LOGS_V2_LIMIT, ...at }),
    // The table counts what one answer holds; the cursor pages on.
    select: (answer): V2Page<Row> & PageResult<Row> => ({ ...answer, total: answer.rows.length }),
    placeholderData: keepPreviousData,
  });
  const page = log.data;
  const go = (next: Cursor) => setCursor({ range: rangeKey, at: next });
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        query={log}
        rowKey={rowKey}
        state={state}
        onStateChange={setState}
        paged={false}
        dateRange={{ label: 'Date range', presets: datePresets(new Date()) }}
        exportCsv={{
          filename,
          fetchTable: async (s, signal) => {
            const csvColumns = columns.filter((c) => c.csv);
            const rows: Row[] = [];
            let after: string | null = null;
            for (;;) {
              const next: V2Page<Row> = await load({ ...rangeOf(s), limit: logsApi.LOGS_V2_LIMIT, after, export: true });
              signal.throwIfAborted();
              rows.push(...next.rows);
              if (!next.cursor.hasAfter || !next.cursor.after) break;
              after = next.cursor.after;
            }
            return { header: csvColumns.map((c) => c.header), rows: rows.map((r) => csvColumns.map((c) => c.csv!(r))) };
          },
        }}
      />
      <div className={styles.pager}>
        <Button variant="secondary" disabled={!page?.cursor.hasBefore || !page.cursor.before} onClick={() => go({ before: page!.cursor.before! })}>
          Previous
        </Button>
        <Button variant="secondary" disabled={!page?.cursor.hasAfter || !page.cursor.after} onClick={() => go({ after: page!.cursor.after! })}>
          Next
        </Button>
      </div>
    </>
  );
}
