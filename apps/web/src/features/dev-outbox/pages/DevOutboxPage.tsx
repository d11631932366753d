import { useState } from 'react';
import { Button } from '../../../components/Button';
import { RefreshIcon } from '../../../components/icons';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState } from '../../../components/States';
import { ApiError } from '../../../lib/api';
import { cx } from '../../../lib/cx';
import { useOutbox, type OutboxChannel } from '../api/outbox';
import { OutboxMessageCard } from '../components/OutboxMessageCard';
import styles from './DevOutboxPage.module.css';
import { Page } from '../../../components/Page';

const FILTERS: { value: OutboxChannel | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Email' },
];

export default function DevOutboxPage() {
  const [channel, setChannel] = useState<OutboxChannel | undefined>(undefined);
  const outbox = useOutbox(channel);
  // Only a refresh the user asked for shows a spinner; the background polling stays quiet.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void outbox.refetch().finally(() => setRefreshing(false));
  };
  // Newest first whatever order the server keeps.
  const messages = [...(outbox.data?.messages ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);

  return (
    <Page
      title="Dev outbox"
      lead="Texts and emails the local providers recorded instead of sending. Links open in a new tab."
      actions={
        <>
          <fieldset className={styles.segmented}>
            <legend className="visually-hidden">Channel</legend>
            {FILTERS.map((f) => (
              <label key={f.label} className={cx(styles.segment, channel === f.value && styles.selected)}>
                <input
                  type="radio"
                  name="outbox-channel"
                  className="visually-hidden"
                  checked={channel === f.value}
                  onChange={() => setChannel(f.value)}
                />
                {f.label}
              </label>
            ))}
          </fieldset>
          <Button variant="secondary" icon={<RefreshIcon />} loading={refreshing} onClick={refresh}>
            Refresh
          </Button>
        </>
      }
    >
      <QueryBoundary
        // Retry spins only for the refresh asked for, not for the background polling.
        query={{ ...outbox, refetch: refresh, isFetching: refreshing }}
        renderError={(error) =>
          error instanceof ApiError && error.status === 404 ? (
            <EmptyState
              title="The dev outbox is off"
              description="This server sends texts and emails through the real providers, so nothing is recorded here."
            />
          ) : undefined
        }
        isEmpty={() => messages.length === 0}
        empty={{ title: 'The outbox is empty', description: 'Messages appear here as soon as the app sends a text or an email.' }}
      >
        {() => (
          <ol className={styles.list} aria-label="Messages, newest first">
            {messages.map((m) => (
              <li key={m.id}>
                <OutboxMessageCard message={m} />
              </li>
            ))}
          </ol>
        )}
      </QueryBoundary>
    </Page>
  );
}
