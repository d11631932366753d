import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../lib/forms';
import { downloadText, toCsv, type CsvValue } from '../lib/csv';
import { Button } from './Button';
import styles from './DataTable.module.css';
import { ProgressBar } from './ProgressBar';
import type { PageResult } from './tableState';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

export interface CsvExportSource<Row> {
  filename: string;
  /** One page of every matching row; `page` is 1-based. Called until all rows are in, or the export is cancelled. */
  fetchPage: (page: number, pageSize: number, signal: AbortSignal) => Promise<PageResult<Row>>;
  /** Rows per request (100 by default). */
  pageSize?: number;
}

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; fetched: number; total: number | null }
  | { status: 'done'; rows: number }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

/** Gathers every page of rows, builds a CSV of the given columns and downloads it. */
export async function exportRows<Row>(
  source: CsvExportSource<Row>,
  columns: readonly CsvColumn<Row>[],
  signal: AbortSignal,
  onProgress: (fetched: number, total: number) => void,
): Promise<number> {
  const size = source.pageSize ?? 100;
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const result = await source.fetchPage(page, size, signal);
    signal.throwIfAborted();
    rows.push(...result.rows);
    onProgress(rows.length, result.total);
    if (result.rows.length === 0 || rows.length >= result.total) break;
  }
  downloadText(
    source.filename,
    toCsv(
      columns.map((c) => c.header),
      rows.map((row) => columns.map((c) => c.value(row))),
    ),
  );
  return rows.length;
}

/** The Export CSV button, with a progress bar of the rows gathered and a Cancel while it runs. */
export function CsvExport<Row>({ source, columns, label = 'Export CSV' }: { source: CsvExportSource<Row>; columns: readonly CsvColumn<Row>[]; label?: string }) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen stops the requests.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', fetched: 0, total: null });
    try {
      const count = await exportRows(source, columns, abort.signal, (fetched, total) => setState({ status: 'running', fetched, total }));
      setState({ status: 'done', rows: count });
    } catch (error) {
      setState(abort.signal.aborted ? { status: 'cancelled' } : { status: 'failed', message: errorMessage(error) });
    } finally {
      controller.current = null;
    }
  };

  const running = state.status === 'running';
  const percent = running && state.total ? (state.fetched / state.total) * 100 : 0;
  return (
    <div className={styles.export}>
      {running ? (
        <>
          <ProgressBar className={styles.exportBar} label="Export" percent={percent} />
          <Button variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
            Cancel export
          </Button>
        </>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => void start()}>
          {label}
        </Button>
      )}
      <p className={styles.exportStatus} role="status" aria-live="polite">
        {running
          ? `Exporting… ${state.fetched}${state.total !== null ? `/${state.total}` : ''} rows`
          : state.status === 'done'
            ? `Exported ${state.rows} rows`
            : state.status === 'cancelled'
              ? 'Export cancelled'
              : ''}
      </p>
      {state.status === 'failed' && (
        <p className={styles.exportError} role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
