import type { ReactNode } from 'react';
import { errorMessage as defaultErrorMessage } from '../lib/forms';
import { EmptyState, ErrorState, LoadingState } from './States';

/** The part of a react-query result the boundary reads (a query, or anything shaped like one). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** A query-shaped wrapper for data already at hand (a part of a larger answer), for parts that take a query. */
export function settledQuery<T>(data: T, refetch: () => unknown = () => undefined): QueryLike<T> {
  return { isPending: false, isError: false, isFetching: false, error: null, data, refetch };
}

export interface EmptyProps {
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
}

/**
 * The same states told directly, for what is not a query (a mutation that loads when a dialog opens):
 * `pending` while it works, `error` when it failed (null or undefined when not), `onRetry` to run it again.
 */
export interface BoundaryStatus<T> {
  pending: boolean;
  error?: unknown;
  data: T | undefined;
  onRetry: () => unknown;
  retrying?: boolean;
}

export type QueryBoundaryProps<T> = BoundaryLook<T> & ({ query: QueryLike<T>; status?: never } | { status: BoundaryStatus<T>; query?: never });

interface BoundaryLook<T> {
  children: (data: T) => ReactNode;
  /** When the data counts as empty; by default an empty array (or no data at all). */
  isEmpty?: (data: T) => boolean;
  /** What the empty state says; the global 'No data could be found!' by default. */
  empty?: EmptyProps;
  /** A whole state of its own instead (a chart's 'Collecting Data'). */
  emptyContent?: ReactNode;
  /** Text under the spinner ('Loading…' by default). */
  loadingLabel?: string;
  /** The error state's title ('Oops!' by default). */
  errorTitle?: string;
  /** The error's message for a person; the server's message by default. */
  errorMessage?: (error: unknown) => string;
  /** Replaces the error state for errors that mean something else (a 404 that says "off"); undefined keeps it. */
  renderError?: (error: unknown) => ReactNode | undefined;
  /** Extra buttons beside Retry. */
  errorActions?: ReactNode;
  /** False for an error that retrying cannot mend (a 404): no Retry button then. */
  canRetry?: (error: unknown) => boolean;
  /** Smaller padding, for panels and table bodies. */
  compact?: boolean;
  /** The loading and error states fill the screen (a page drawn only once its data is here). */
  fullPage?: boolean;
  /** A failed refetch keeps the data on screen (a wall display with nobody to press Retry). */
  keepDataOnError?: boolean;
}

const statusOf = <T,>(query: QueryLike<T>): BoundaryStatus<T> => ({
  pending: query.isPending,
  error: query.isError ? (query.error ?? new Error('The request failed')) : null,
  data: query.data,
  onRetry: query.refetch,
  retrying: query.isFetching,
});

const emptyByDefault = (data: unknown) => data == null || (Array.isArray(data) && data.length === 0);

/**
 * The loading / error / empty ladder every screen shows around its data, written once: children get the
 * data only when there is some to show. Retry refetches the query.
 */
export function QueryBoundary<T>({
  query,
  status = statusOf(query!),
  children,
  isEmpty = emptyByDefault,
  empty,
  emptyContent,
  loadingLabel,
  errorTitle,
  errorMessage = defaultErrorMessage,
  renderError,
  errorActions,
  canRetry = () => true,
  compact,
  fullPage,
  keepDataOnError,
}: QueryBoundaryProps<T>) {
  if (status.pending) return <LoadingState compact={compact} fullPage={fullPage} label={loadingLabel} />;
  const failed = status.error !== null && status.error !== undefined;
  if (failed && !(keepDataOnError && status.data !== undefined)) {
    const custom = renderError?.(status.error);
    if (custom !== undefined) return <>{custom}</>;
    return (
      <ErrorState
        compact={compact}
        fullPage={fullPage}
        title={errorTitle}
        message={errorMessage(status.error)}
        onRetry={canRetry(status.error) ? () => void status.onRetry() : undefined}
        retrying={status.retrying}
        actions={errorActions}
      />
    );
  }
  const data = status.data as T;
  if (isEmpty(data)) return <>{emptyContent ?? <EmptyState compact={compact} {...empty} />}</>;
  return <>{children(data)}</>;
}
