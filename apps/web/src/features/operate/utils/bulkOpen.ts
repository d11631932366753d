/**
 * The bulk send whose dialog is open in this tab, kept across a reload: a send that finishes while the
 * page reloads opens again with its results (one still running always does), until the dialog is closed.
 * Other tabs and browsers only reopen a send that is still running.
 */
const KEY = 'kudo.bulk.open';

export function openBulkJob(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberOpenBulkJob(jobId: number | null) {
  try {
    if (jobId === null) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, String(jobId));
  } catch {
    // Storage may be unavailable (private mode): a finished send then simply does not reopen after a reload.
  }
}
