import { MSG, type DispatchResult } from '@kudo/shared';

export interface ResultNotice {
  tone: 'success' | 'error' | 'info';
  title: string;
  lines: string[];
}

/**
 * The result notification of a send (3§4): success when every attempted part went, a warning when one
 * of two failed, a failure when nothing went; one line per channel attempted.
 */
export function dispatchNotice(kind: 'bio' | 'pcheck', r: DispatchResult): ResultNotice {
  const lines: string[] = [];
  if (r.phone_status !== null) lines.push(r.phone_status === 1 ? MSG.dispatchSmsSent : `SMS ${r.phone_message ?? ''}`.trim());
  if (r.email_status !== null) lines.push(r.email_status === 1 ? MSG.dispatchEmailSent : `Email ${r.email_message ?? ''}`.trim());
  const attempted = [r.phone_status, r.email_status].filter((s) => s !== null);
  const ok = attempted.filter((s) => s === 1).length;
  if (r.status !== 1 || ok === 0) return { tone: 'error', title: MSG.dispatchFailed, lines };
  if (ok < attempted.length) return { tone: 'info', title: MSG.dispatchWarning, lines };
  return { tone: 'success', title: kind === 'bio' ? MSG.dispatchBioSent : MSG.dispatchPcheckSent, lines };
}

/** Inputs filter special characters (3§5): names and addresses keep letters, digits and light punctuation. */
export const cleanText = (value: string) => value.replace(/[^\p{L}\p{N} .,'#&/-]/gu, '');
export const cleanEmail = (value: string) => value.replace(/[^\w.@+-]/g, '');
