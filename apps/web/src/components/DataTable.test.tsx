import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DataTable, nextSort, type Column, type RowKey } from './DataTable';
import { datePresets } from './DateRangeField';
import type { QueryLike } from './QueryBoundary';
import { defaultTableState, type PageResult, type TableState } from './tableState';

interface Person {
  id: number;
  name: string;
  note: string;
  joined: string;
}

const PEOPLE: Person[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  note: i === 0 ? 'Said "great", then left\nearly' : `note ${i + 1}`,
  joined: `2026-01-${String(i + 1).padStart(2, '0')}`,
}));

/** What a server would answer for a table state. */
function serve(state: TableState): PageResult<Person> {
  let rows = PEOPLE.filter((p) => p.name.toLowerCase().includes(state.search.toLowerCase()));
  if (state.from) rows = rows.filter((p) => p.joined >= state.from!);
  if (state.to) rows = rows.filter((p) => p.joined <= state.to!);
  if (state.sort) {
    const { key, dir } = state.sort;
    rows = [...rows].sort((a, b) => String(a[key as keyof Person]).localeCompare(String(b[key as keyof Person])) * (dir === 'asc' ? 1 : -1));
  }
  const start = (state.page - 1) * state.pageSize;
  return { rows: rows.slice(start, start + state.pageSize), total: rows.length };
}

const COLUMNS: Column<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortKey: 'name', csv: (p) => p.name },
  { id: 'note', header: 'Note', cell: (p) => p.note, csv: (p) => p.note },
  { id: 'joined', header: 'Joined', cell: (p) => p.joined, sortKey: 'joined' },
];

const loaded = <T,>(data: T): QueryLike<T> => ({ isPending: false, isError: false, isFetching: false, error: null, data, refetch: () => undefined });

function Harness({
  onState,
  fetchPage,
  initial = defaultTableState(),
}: {
  onState?: (s: TableState) => void;
  fetchPage?: (s: TableState, signal: AbortSignal) => Promise<PageResult<Person>>;
  initial?: TableState;
}) {
  const [state, setState] = useState(initial);
  const [selected, setSelected] = useState<Set<RowKey>>(new Set());
  return (
    <>
      <DataTable
        label="People"
        columns={COLUMNS}
        query={loaded(serve(state))}
        rowKey={(p) => p.id}
        state={state}
        onStateChange={(s) => {
          onState?.(s);
          setState(s);
        }}
        search={{ label: 'Search people' }}
        dateRange={{ label: 'Joined', presets: datePresets(new Date(2026, 0, 23)) }}
        selection={{ selected, onChange: setSelected, rowLabel: (p) => p.name }}
        exportCsv={fetchPage ? { filename: 'people.csv', fetchPage, pageSize: 10 } : undefined}
      />
      <p data-testid="selected">{[...selected].join(',')}</p>
    </>
  );
}

const names = () => within(screen.getByRole('table', { name: 'People' })).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1]!.textContent);

describe('DataTable', () => {
  test('sortable headers are buttons whose column says how it is sorted', async () => {
    const user = userEvent.setup();
    render(<Harness initial={defaultTableState({ page: 2 })} />);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Note' }).getAttribute('aria-sort')).toBeNull();
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();

    await user.click(within(name).getByRole('button', { name: 'Name' }));
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(names()[0]).toBe('Person 01');
    expect(screen.getByText('1–10 of 23')).toBeTruthy();

    await user.click(within(name).getByRole('button', { name: 'Name' }));
    expect(name.getAttribute('aria-sort')).toBe('descending');
    expect(names()[0]).toBe('Person 23');
    expect(nextSort({ key: 'name', dir: 'desc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'joined')).toEqual({ key: 'joined', dir: 'asc' });
  });

  test('pages through the rows and changes the page size from the first page', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(names()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(names()).toEqual(['Person 21', 'Person 22', 'Person 23']);
    expect(screen.getByText('21–23 of 23')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Last page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(names()[0]).toBe('Person 01');
    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(names()).toEqual(['Person 21', 'Person 22', 'Person 23']);
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(names()).toHaveLength(23);
    expect(screen.getByText('1–23 of 23')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'People pages' })).toBeNull();
  });

  test('a short list shown whole has no page links and no page size', () => {
    const rows = PEOPLE.slice(0, 3);
    render(
      <DataTable label="Few" columns={COLUMNS} query={loaded({ rows, total: rows.length })} rowKey={(p) => p.id} state={defaultTableState()} onStateChange={() => undefined} paged={false} />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    expect(screen.queryByText('1–3 of 3')).toBeNull();
  });

  test('the labelled search asks once typing pauses, from the first page', async () => {
    const user = userEvent.setup();
    const onState = vi.fn();
    render(<Harness onState={onState} initial={defaultTableState({ page: 2 })} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'n 0');
    expect(onState).not.toHaveBeenCalled();
    await waitFor(() => expect(onState).toHaveBeenCalledOnce());
    expect(onState.mock.calls[0]![0]).toMatchObject({ search: 'n 0', page: 1 });
    expect(names()).toHaveLength(9);
  });

  test('the date range emits ISO dates from a preset or from the two labelled inputs', async () => {
    const user = userEvent.setup();
    const onState = vi.fn();
    render(<Harness onState={onState} />);
    await user.selectOptions(screen.getByLabelText('Joined'), 'Last 7 days');
    expect(onState.mock.lastCall![0]).toMatchObject({ from: '2026-01-17', to: '2026-01-23' });
    expect(screen.getByText('1–7 of 7')).toBeTruthy();
    const from = screen.getByLabelText('From') as HTMLInputElement;
    await user.clear(from);
    await user.type(from, '2026-01-20');
    expect(onState.mock.lastCall![0]).toMatchObject({ from: '2026-01-20', to: '2026-01-23' });
    expect((screen.getByLabelText('Joined') as HTMLSelectElement).value).toBe('Custom');
    await user.selectOptions(screen.getByLabelText('Joined'), 'All time');
    expect(onState.mock.lastCall![0]).toMatchObject({ from: null, to: null });
  });

  test('presets end today and count today in', () => {
    expect(datePresets(new Date(2026, 2, 1))).toEqual([
      { label: 'Last 7 days', from: '2026-02-23', to: '2026-03-01' },
      { label: 'Last 30 days', from: '2026-01-31', to: '2026-03-01' },
      { label: 'Last 12 months', from: '2025-03-02', to: '2026-03-01' },
      { label: 'All time', from: null, to: null },
    ]);
  });

  test('rows are selected one by one or all on the page, kept across pages', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 02' }));
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    expect(screen.getByTestId('selected').textContent).toBe('2,1,3,4,5,6,7,8,9,10');
    expect(all.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect((screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByTestId('selected').textContent).toBe('');
  });

  test('works from the keyboard: Tab reaches the controls, Enter sorts, Space selects', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab(); // search
    await user.tab(); // range preset
    await user.tab(); // from
    await user.tab(); // to
    await user.tab(); // select all
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Name' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    await user.tab(); // Joined
    await user.tab(); // first row
    await user.keyboard(' ');
    expect(screen.getByTestId('selected').textContent).toBe('1');
  });

  test('an empty answer shows the empty state, an unanswered one the loading state', () => {
    const common = { label: 'People', columns: COLUMNS, rowKey: (p: Person) => p.id, state: defaultTableState(), onStateChange: () => undefined };
    const { unmount } = render(<DataTable {...common} query={loaded({ rows: [], total: 0 })} empty={{ title: 'No people yet' }} />);
    expect(screen.getByText('No people yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    render(<DataTable {...common} query={{ ...loaded(undefined as unknown as PageResult<Person>), isPending: true }} />);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });
});

// jsdom's Blob has no text(): read it the way older browsers did.
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('DataTable CSV export', () => {
  let blobs: Blob[];
  let clicked: string[];
  beforeEach(() => {
    blobs = [];
    clicked = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:people';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  test('fetches every page with the table’s filters, shows its progress, and downloads a quoted CSV', async () => {
    const user = userEvent.setup();
    const gates: (() => void)[] = [];
    const fetchPage = vi.fn((s: TableState) => new Promise<PageResult<Person>>((resolve) => gates.push(() => resolve(serve(s)))));
    render(<Harness fetchPage={fetchPage} initial={defaultTableState({ sort: { key: 'name', dir: 'asc' } })} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('progressbar', { name: 'Export' }).getAttribute('aria-valuenow')).toBe('0');
    await act(async () => gates.shift()!());
    expect(screen.getByText('Exporting… 10/23 rows')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Export' }).getAttribute('aria-valuenow')).toBe('43');
    await act(async () => gates.shift()!());
    await act(async () => gates.shift()!());
    expect(screen.getByText('Exported 23 rows')).toBeTruthy();
    expect(fetchPage.mock.calls.map(([s]) => [s.page, s.pageSize, s.sort?.key])).toEqual([
      [1, 10, 'name'],
      [2, 10, 'name'],
      [3, 10, 'name'],
    ]);
    expect(clicked).toEqual(['people.csv']);
    const text = (await readBlob(blobs[0]!)).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Name,Note');
    expect(lines[1]).toBe('Person 01,"Said ""great"", then left\nearly"');
    expect(lines[2]).toBe('Person 02,note 2');
    expect(lines).toHaveLength(25);
  });

  test('Cancel stops the export without a download', async () => {
    const user = userEvent.setup();
    const fetchPage = vi.fn(
      (_: TableState, signal: AbortSignal) =>
        new Promise<PageResult<Person>>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    );
    render(<Harness fetchPage={fetchPage} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(screen.getByText('Export cancelled')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Export' })).toBeNull();
    expect(clicked).toEqual([]);
  });

  test('a file the server builds whole is downloaded with its own columns and the table’s filters', async () => {
    const user = userEvent.setup();
    const fetchTable = vi.fn((s: TableState) => Promise.resolve({ header: ['Who', 'When'], rows: serve({ ...s, page: 1, pageSize: 100 }).rows.map((p) => [p.name, p.joined]) }));
    render(
      <DataTable
        label="People"
        columns={COLUMNS}
        query={loaded(serve(defaultTableState()))}
        rowKey={(p) => p.id}
        state={defaultTableState({ search: 'Person 1' })}
        onStateChange={() => undefined}
        exportCsv={{ filename: 'people-2026-01.csv', fetchTable }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 10 rows')).toBeTruthy();
    expect(fetchTable.mock.calls[0]![0].search).toBe('Person 1');
    expect(clicked).toEqual(['people-2026-01.csv']);
    const lines = (await readBlob(blobs[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Who,When');
    expect(lines[1]).toBe('Person 10,2026-01-10');
    expect(lines).toHaveLength(12);
  });

  test('a failed page shows why', async () => {
    const user = userEvent.setup();
    render(<Harness fetchPage={() => Promise.reject(new Error('The server is busy'))} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The server is busy');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  test('rows at hand: shown whole with a caption, row headers, totals and row test ids, ordered from outside', async () => {
    const user = userEvent.setup();
    const columns: Column<Person>[] = [
      { id: 'name', header: 'Name', cell: (p) => p.name, rowHeader: true, sortKey: 'name' },
      { id: 'joined', header: 'Joined', cell: (p) => p.joined, align: 'end' },
      { id: 'actions', header: 'Actions', cell: (p) => <button type="button">Edit {p.name}</button>, hideHeader: true },
    ];
    const onSortChange = vi.fn();
    render(
      <DataTable
        label="People"
        caption="Three people"
        columns={columns}
        rows={PEOPLE.slice(0, 3)}
        rowKey={(p) => p.id}
        sort={{ key: 'name', dir: 'asc' }}
        onSortChange={onSortChange}
        rowTestId={(p) => `person-${p.id}`}
        totals={{ name: 'Total', joined: '3 people' }}
      />,
    );
    const tableEl = screen.getByRole('table', { name: 'Three people' });
    expect(within(tableEl).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Person 01', 'Person 02', 'Person 03', 'Total']);
    expect(within(screen.getByTestId('person-2')).getByRole('cell', { name: '2026-01-02' })).toBeTruthy();
    expect(tableEl.querySelector('tfoot')?.textContent).toBe('Total3 people');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Actions' }).querySelector('.visually-hidden')).toBeTruthy();
    // No page links for rows shown whole.
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'name', dir: 'desc' });
  });

  test('rows at hand without onSortChange: sort keys are shown but not clickable, and no rows show the empty state', () => {
    const { rerender } = render(
      <DataTable label="People" columns={COLUMNS} rows={PEOPLE.slice(0, 2)} rowKey={(p) => p.id} sort={{ key: 'joined', dir: 'desc' }} />,
    );
    expect(screen.queryByRole('button', { name: 'Name' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Joined' }).getAttribute('aria-sort')).toBe('descending');
    rerender(<DataTable label="People" columns={COLUMNS} rows={[]} rowKey={(p) => p.id} empty={{ title: 'Nobody yet' }} />);
    expect(screen.getByText('Nobody yet')).toBeTruthy();
  });
});

