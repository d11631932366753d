import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { QueryBoundary, type QueryLike } from './QueryBoundary';
import { STATE_TEXT } from './States';

const query = <T,>(over: Partial<QueryLike<T>>): QueryLike<T> => ({
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...over,
});

describe('QueryBoundary', () => {
  test('shows the loading state with its label while the query is pending', () => {
    render(<QueryBoundary query={query({ isPending: true })} loadingLabel="Loading campaigns…">{() => 'data'}</QueryBoundary>);
    expect(screen.getByRole('status').textContent).toContain('Loading campaigns…');
    expect(screen.queryByText('data')).toBeNull();
  });

  test('shows the error with the global title and a Retry that refetches', async () => {
    const q = query<string[]>({ isError: true, error: new Error('The server is down') });
    render(<QueryBoundary query={q}>{() => 'data'}</QueryBoundary>);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(STATE_TEXT.error);
    expect(alert.textContent).toContain('The server is down');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  test('a screen may title its errors and word their message itself', () => {
    const q = query<string[]>({ isError: true, error: new Error('socket hang up') });
    render(
      <QueryBoundary query={q} errorTitle="We ran into an Error" errorMessage={() => 'Please try again later'}>
        {() => 'data'}
      </QueryBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We ran into an Error');
    expect(alert.textContent).toContain('Please try again later');
    expect(alert.textContent).not.toContain(STATE_TEXT.error);
  });

  test('lets a screen show its own state for an error that means something else', () => {
    render(
      <QueryBoundary query={query({ isError: true, error: new Error('404') })} renderError={(e) => ((e as Error).message === '404' ? 'Switched off' : undefined)}>
        {() => 'data'}
      </QueryBoundary>,
    );
    expect(screen.getByText('Switched off')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  test('an empty array shows the global empty text', () => {
    render(<QueryBoundary query={query({ data: [] as number[] })}>{(d) => `rows ${d.length}`}</QueryBoundary>);
    expect(screen.getByText(STATE_TEXT.empty)).toBeTruthy();
    expect(screen.queryByText(/rows/)).toBeNull();
  });

  test('a predicate decides emptiness and the empty text is the screen’s', () => {
    render(
      <QueryBoundary query={query({ data: { items: [] as string[] } })} isEmpty={(d) => d.items.length === 0} empty={{ title: 'No campaigns yet', description: 'Create one.' }}>
        {() => 'list'}
      </QueryBoundary>,
    );
    expect(screen.getByText('No campaigns yet')).toBeTruthy();
    expect(screen.getByText('Create one.')).toBeTruthy();
  });

  test('renders the children with the data otherwise', () => {
    render(<QueryBoundary query={query({ data: ['a', 'b'] })}>{(d) => <p>{d.join(', ')}</p>}</QueryBoundary>);
    expect(screen.getByText('a, b')).toBeTruthy();
  });

  test('a failed refetch keeps the data on screen with keepDataOnError, but a first failure still shows the error', () => {
    const { rerender } = render(
      <QueryBoundary query={query({ isError: true, error: new Error('offline'), data: ['a'] })} keepDataOnError>
        {(d) => <p>{d.join(', ')}</p>}
      </QueryBoundary>,
    );
    expect(screen.getByText('a')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <QueryBoundary query={query<string[]>({ isError: true, error: new Error('offline') })} keepDataOnError>
        {(d) => <p>{d.join(', ')}</p>}
      </QueryBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('offline');
  });

  test('the status form tells the same states without a query, and Retry runs onRetry', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<QueryBoundary status={{ pending: true, data: undefined, onRetry }}>{() => 'code'}</QueryBoundary>);
    expect(screen.getByRole('status')).toBeTruthy();
    rerender(<QueryBoundary status={{ pending: false, error: new Error('No widget yet'), data: undefined, onRetry }} errorTitle="Widget error">{() => 'code'}</QueryBoundary>);
    expect(screen.getByRole('alert').textContent).toContain('Widget error');
    expect(screen.getByRole('alert').textContent).toContain('No widget yet');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<QueryBoundary status={{ pending: false, error: null, data: 'snippet', onRetry }}>{(d) => <p>{d}</p>}</QueryBoundary>);
    expect(screen.getByText('snippet')).toBeTruthy();
  });

  test('an error that retrying cannot mend shows no Retry', () => {
    render(
      <QueryBoundary query={query<string[]>({ isError: true, error: new Error('Not found') })} canRetry={() => false}>
        {() => 'data'}
      </QueryBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Not found');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

