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

export interface QueryBoundaryProps<T> {
  query: QueryLike<T>;
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
  /** Smaller padding, for panels and table bodies. */
  compact?: boolean;
}

const emptyByDefault = (data: unknown) => data == null || (Array.isArray(data) && data.length === 0);

/**
 * The loading / error / empty ladder every screen shows around its data, written once: children get the
 * data only when there is some to show. Retry refetches the query.
 */
export function QueryBoundary<T>({
  query,
  children,
  isEmpty = emptyByDefault,
  empty,
  emptyContent,
  loadingLabel,
  errorTitle,
  errorMessage = defaultErrorMessage,
  renderError,
  errorActions,
  compact,
}: QueryBoundaryProps<T>) {
  if (query.isPending) return <LoadingState compact={compact} label={loadingLabel} />;
  if (query.isError) {
    const custom = renderError?.(query.error);
    if (custom !== undefined) return <>{custom}</>;
    return (
      <ErrorState
        compact={compact}
        title={errorTitle}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        actions={errorActions}
      />
    );
  }
  const data = query.data as T;
  if (isEmpty(data)) return <>{emptyContent ?? <EmptyState compact={compact} {...empty} />}</>;
  return <>{children(data)}</>;
}
