import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import { ProgressBar } from './ProgressBar';
import styles from './ProgressTable.module.css';
import table from './Table.module.css';

export type ProgressStatus = 'standby' | 'pending' | 'success' | 'error';

const STATUS_LABEL: Record<ProgressStatus, string> = { standby: 'Standby', pending: 'Pending', success: 'Success', error: 'Error' };

export interface ProgressRow {
  key: string | number;
  /** One cell per column, in the columns' order. */
  cells: readonly ReactNode[];
  status: ProgressStatus;
  /** Shown instead of 'Error' for a failed row (why it failed). */
  message?: string | null;
}

export interface ProgressCounts {
  done: number;
  failed: number;
  total: number;
}

/** How many rows succeeded, failed, and exist. */
export function progressCounts(rows: readonly Pick<ProgressRow, 'status'>[]): ProgressCounts {
  let done = 0;
  let failed = 0;
  for (const r of rows) {
    if (r.status === 'success') done++;
    else if (r.status === 'error') failed++;
  }
  return { done, failed, total: rows.length };
}

/**
 * A list of rows worked through one by one (a bulk send, a bulk opt-in): a headline that screen readers
 * hear as it changes, a progress bar, the counts, and each row's status.
 */
export function ProgressTable({
  label,
  headline,
  columns,
  rows,
}: {
  /** The progress bar's name ('Sent', 'Saved'). */
  label: string;
  /** The sentence announced as the work goes on ('Sending… 3/50'). */
  headline: ReactNode;
  columns: readonly string[];
  rows: readonly ProgressRow[];
}) {
  const { done, failed, total } = progressCounts(rows);
  const percent = total === 0 ? 100 : ((done + failed) / total) * 100;
  return (
    <div className={styles.wrap}>
      <p className={styles.headline} role="status" aria-live="polite">
        {headline}
      </p>
      <ProgressBar label={label} percent={percent} />
      <p className={styles.counts}>
        <span className={styles.success}>{done} done</span> · <span className={failed > 0 ? styles.error : undefined}>{failed} failed</span> · {total} total
      </p>
      <div className={cx(table.scroll, styles.tall)}>
        <table className={table.table}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                {r.cells.map((cell, i) => (
                  <td key={columns[i] ?? i}>{cell}</td>
                ))}
                <td className={cx(styles.status, styles[r.status])}>{r.status === 'error' ? (r.message ?? STATUS_LABEL.error) : STATUS_LABEL[r.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
