import type { ReviewRow } from '../api/reviews';

/**
 * What pressing Approve/Approved does: a positive review toggles; a review that is not positive may only
 * lose an approval it already has, anything else is refused ('Approval Denied!').
 */
export function approvalChange(row: Pick<ReviewRow, 'sentiment' | 'approved'>): { approved: boolean } | 'denied' {
  if (row.approved) return { approved: false };
  return row.sentiment === 'Positive' ? { approved: true } : 'denied';
}

/**
 * Batch approve: the ticked positive reviews are approved one after another (a failure does not stop the
 * others); already approved ones count as approved. Answers how many of the ticked reviews are approved.
 */
export async function approveInTurn(
  rows: readonly Pick<ReviewRow, 'transaction_id' | 'sentiment' | 'approved'>[],
  approve: (transactionId: number) => Promise<unknown>,
): Promise<{ approved: number; of: number }> {
  let approved = 0;
  for (const row of rows) {
    if (row.sentiment !== 'Positive') continue;
    if (!row.approved) {
      try {
        await approve(row.transaction_id);
      } catch {
        continue;
      }
    }
    approved++;
  }
  return { approved, of: rows.length };
}
