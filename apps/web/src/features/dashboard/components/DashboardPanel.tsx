import type { ReactNode } from 'react';
import { Card } from '../../../components/Card';
import { QueryBoundary, type EmptyProps, type QueryLike } from '../../../components/QueryBoundary';
import { cx } from '../../../lib/cx';
import styles from './DashboardPanel.module.css';

interface DashboardPanelProps<T> {
  title: string;
  /** The panel's data: loading, 'Oops!' with the error and Retry, or the data view. */
  query: QueryLike<T>;
  /** Header controls (View all). */
  actions?: ReactNode;
  /** Offered beside Retry in the error state (Connect). */
  errorActions?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: EmptyProps;
  children: (data: T) => ReactNode;
  className?: string;
}

/** One panel of the dashboard: a card around a query's states. */
export function DashboardPanel<T>({ title, query, actions, errorActions, isEmpty, empty, children, className }: DashboardPanelProps<T>) {
  return (
    <Card title={title} actions={actions} className={cx(styles.panel, className)} aria-busy={query.isPending || undefined}>
      <QueryBoundary query={query} compact errorActions={errorActions} isEmpty={isEmpty ?? (() => false)} empty={empty}>
        {children}
      </QueryBoundary>
    </Card>
  );
}
