import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { inboxApi, type UsageRow } from '@kudo/shared';
import { Card } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { datePresets, isoDate } from '../../../components/DateRangeField';
import { Page } from '../../../components/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { defaultTableState, localPage, useUrlTableState } from '../../../components/tableState';
import { call } from '../../../lib/api';
import { closeTime } from '../utils/time';
import styles from './Reports.module.css';

type Key = keyof UsageRow;

/** Whether any conversation was closed in the dates: one counted for a user, or an average above zero. */
const anyClosed = (d: { data: { average_conversation_time: { value: number } }; rows: UsageRow[] }) =>
  d.data.average_conversation_time.value > 0 || d.rows.some((r) => r.conversation_closed_count > 0);

const COLUMNS: { id: Key; header: string; cell: (r: UsageRow) => string | number }[] = [
  { id: 'email', header: 'Email', cell: (r) => r.email },
  { id: 'conversation_count', header: 'Conversations', cell: (r) => r.conversation_count },
  { id: 'conversation_closed_count', header: 'Closed', cell: (r) => r.conversation_closed_count },
  { id: 'message_count', header: 'Messages', cell: (r) => r.message_count },
  { id: 'conversation_time', header: 'Time to Close', cell: (r) => closeTime(r.conversation_time, r.conversation_closed_count > 0) },
  { id: 'outbound_message_count', header: 'Outbound Messages', cell: (r) => r.outbound_message_count },
  { id: 'inbound_message_count', header: 'Inbound Messages', cell: (r) => r.inbound_message_count },
];

const today = new Date();
const DEFAULTS = defaultTableState({ from: isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)), to: isoDate(today), pageSize: 25 });

export default function MessagingUsagePage() {
  const [state, setState] = useUrlTableState(DEFAULTS);
  const [hidden, setHidden] = useState<Set<Key>>(new Set());
  const from = state.from ?? '2000-01-01';
  const to = state.to ?? isoDate(new Date());
  const usage = useQuery({
    queryKey: ['twm-usage', from, to],
    queryFn: () => call(inboxApi.twmUsage, { body: { from_date: from, to_date: to } }),
    placeholderData: keepPreviousData,
  });
  // A location has a handful of users: the email search, the sort and the pages are done here.
  const table = { ...usage, data: usage.data ? localPage(usage.data.rows, state, (r) => r.email) : undefined };
  const columns: Column<UsageRow>[] = COLUMNS.filter((c) => !hidden.has(c.id)).map((c) => ({ id: c.id, header: c.header, cell: c.cell, sortKey: c.id, csv: c.cell }));
  return (
    <Page title="Two-Way Messaging">
      <h2 className={styles.heading}>Overall Summary</h2>
      <QueryBoundary query={usage} isEmpty={() => false} compact>
        {(d) => (
          <div className={styles.cards}>
            <Card className={styles.stat}>
              <span>Total Messages</span>
              <strong>{d.data.total_messages.value}</strong>
            </Card>
            <Card className={styles.stat}>
              <span>Messages Sent</span>
              <strong>{d.data.messages_sent.value}</strong>
            </Card>
            <Card className={styles.stat}>
              <span>Messages Received</span>
              <strong>{d.data.messages_received.value}</strong>
            </Card>
            <Card className={styles.stat}>
              <span>Avg. Conversation Time</span>
              <strong>{closeTime(d.data.average_conversation_time.value, anyClosed(d))}</strong>
              {!anyClosed(d) && <small>No conversation closed in these dates</small>}
            </Card>
          </div>
        )}
      </QueryBoundary>
      <fieldset className={styles.toggles}>
        <legend>Columns</legend>
        {COLUMNS.map((c) => (
          <label key={c.id}>
            <input
              type="checkbox"
              checked={!hidden.has(c.id)}
              onChange={() => {
                const next = new Set(hidden);
                if (next.has(c.id)) next.delete(c.id);
                else next.add(c.id);
                setHidden(next);
              }}
            />
            {c.header}
          </label>
        ))}
      </fieldset>
      <DataTable
        label="Messaging usage per user"
        columns={columns}
        query={table}
        rowKey={(r) => r.email}
        state={state}
        onStateChange={setState}
        search={{ label: 'Search by email' }}
        dateRange={{ label: 'Date range', presets: datePresets(new Date()) }}
        empty={{ title: 'No data found' }}
      />
    </Page>
  );
}
