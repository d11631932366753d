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

/** A whole file's worth of cells: the header line and the rows. */
export interface CsvTable {
  header: readonly string[];
  rows: readonly (readonly CsvValue[])[];
}

/** Gathers what goes into the file, saying how far it got (total null while unknown). */
export type CsvLoader = (signal: AbortSignal, onProgress: (fetched: number, total: number | null) => void) => Promise<CsvTable>;

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; fetched: number; total: number | null }
  | { status: 'done'; rows: number }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

/** Every page of rows, turned into the given columns. */
export function pagedCsvLoader<Row>(source: Omit<CsvExportSource<Row>, 'filename'>, columns: readonly CsvColumn<Row>[]): CsvLoader {
  return async (signal, onProgress) => {
    const size = source.pageSize ?? 100;
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const result = await source.fetchPage(page, size, signal);
      signal.throwIfAborted();
      rows.push(...result.rows);
      onProgress(rows.length, result.total);
      if (result.rows.length === 0 || rows.length >= result.total) break;
    }
    return { header: columns.map((c) => c.header), rows: rows.map((row) => columns.map((c) => c.value(row))) };
  };
}

/** A file the server builds in one answer (its own columns and rows). */
export function wholeCsvLoader(fetchTable: (signal: AbortSignal) => Promise<CsvTable>): CsvLoader {
  return async (signal, onProgress) => {
    const table = await fetchTable(signal);
    signal.throwIfAborted();
    onProgress(table.rows.length, table.rows.length);
    return table;
  };
}

/** Gathers the file's cells, builds the CSV and downloads it. */
async function exportCsvFile(filename: string, load: CsvLoader, signal: AbortSignal, onProgress: (fetched: number, total: number | null) => void): Promise<number> {
  const table = await load(signal, onProgress);
  downloadText(filename, toCsv(table.header, table.rows));
  return table.rows.length;
}

/** The Export CSV button, with a progress bar of the rows gathered and a Cancel while it runs. */
export function CsvExport({ filename, load, label = 'Export CSV' }: { filename: string; load: CsvLoader; label?: string }) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen stops the requests.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', fetched: 0, total: null });
    try {
      const count = await exportCsvFile(filename, load, abort.signal, (fetched, total) => setState({ status: 'running', fetched, total }));
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
