import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { progressCounts, ProgressTable, type ProgressRow } from './ProgressTable';

const rows: ProgressRow[] = [
  { key: 1, cells: [1, 'Ann Lee'], status: 'success' },
  { key: 2, cells: [2, 'Bob Ray'], status: 'error', message: 'Invalid Phone or Email' },
  { key: 3, cells: [3, 'Cy Fox'], status: 'pending' },
  { key: 4, cells: [4, 'Di Ash'], status: 'standby' },
];

describe('ProgressTable', () => {
  test('counts succeeded, failed and all rows', () => {
    expect(progressCounts(rows)).toEqual({ done: 1, failed: 1, total: 4 });
    expect(progressCounts([])).toEqual({ done: 0, failed: 0, total: 0 });
  });

  test('announces the headline in a polite live region', () => {
    render(<ProgressTable label="Sent" headline="Sending… 2/4" columns={['Row', 'Name']} rows={rows} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Sending… 2/4');
  });

  test('the progress bar is named and at the share of finished rows, with the counts beside it', () => {
    render(<ProgressTable label="Sent" headline="" columns={['Row', 'Name']} rows={rows} />);
    const bar = screen.getByRole('progressbar', { name: 'Sent' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText(/1 done/).parentElement?.textContent).toBe('1 done · 1 failed · 4 total');
  });

  test('each row shows its cells and its status, a failed one its reason', () => {
    render(<ProgressTable label="Saved" headline="" columns={['Row', 'Name']} rows={rows} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Row', 'Name', 'Status']);
    const [, first, second, third, fourth] = screen.getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Ann Lee', 'Success']);
    expect(within(second!).getByText('Invalid Phone or Email')).toBeTruthy();
    expect(within(third!).getByText('Pending')).toBeTruthy();
    expect(within(fourth!).getByText('Standby')).toBeTruthy();
  });

  test('an empty list is complete', () => {
    render(<ProgressTable label="Sent" headline="Nothing to send" columns={['Row']} rows={[]} />);
    expect(screen.getByRole('progressbar', { name: 'Sent' }).getAttribute('aria-valuenow')).toBe('100');
  });
});
