import type { ReactNode } from 'react';
import { Card } from '../../../components/Card';
import { CollectingDataState, ErrorState, LoadingState } from '../../../components/States';
import { cx } from '../../../lib/cx';
import styles from './DashboardPanel.module.css';

/**
 * What a panel can show. Panels whose data source is not connected yet stay in `collecting`; once
 * their query exists they map its states onto loading, error and ready.
 */
export type PanelState =
  | { status: 'loading' }
  | { status: 'error'; message: string; onRetry?: () => void; retrying?: boolean }
  | { status: 'collecting' }
  | { status: 'ready' };

interface DashboardPanelProps {
  title: string;
  state: PanelState;
  /** Header controls (View all). */
  actions?: ReactNode;
  /** Offered beside Retry in the error state (Connect). */
  errorActions?: ReactNode;
  /** The data view, drawn only in the ready state. */
  children?: ReactNode;
  className?: string;
}

export function DashboardPanel({ title, state, actions, errorActions, children, className }: DashboardPanelProps) {
  return (
    <Card title={title} actions={actions} className={cx(styles.panel, className)} aria-busy={state.status === 'loading'}>
      {state.status === 'loading' && <LoadingState compact />}
      {state.status === 'error' && (
        <ErrorState compact message={state.message} onRetry={state.onRetry} retrying={state.retrying} actions={errorActions} />
      )}
      {state.status === 'collecting' && (
        <CollectingDataState compact description="We're collecting data for this panel. Check back soon!" />
      )}
      {state.status === 'ready' && children}
    </Card>
  );
}
