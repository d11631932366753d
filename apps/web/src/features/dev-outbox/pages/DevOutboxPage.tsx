import { useState } from 'react';
import { Button } from '../../../components/Button';
import { RefreshIcon } from '../../../components/icons';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import { cx } from '../../../lib/cx';
import { errorMessage } from '../../../lib/forms';
import { useOutbox, type OutboxChannel } from '../api/outbox';
import { OutboxMessageCard } from '../components/OutboxMessageCard';
import styles from './DevOutboxPage.module.css';

const FILTERS: { value: OutboxChannel | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Email' },
];

export default function DevOutboxPage() {
  const [channel, setChannel] = useState<OutboxChannel | undefined>(undefined);
  const outbox = useOutbox(channel);
  // Newest first whatever order the server keeps.
  const messages = [...(outbox.data?.messages ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1>Dev outbox</h1>
          <p className={styles.lead}>
            Texts and emails the local providers recorded instead of sending. Links open in a new tab.
          </p>
        </div>
        <div className={styles.controls}>
          <div role="radiogroup" aria-label="Channel" className={styles.segmented}>
            {FILTERS.map((f) => (
              <button
                key={f.label}
                type="button"
                role="radio"
                aria-checked={channel === f.value}
                className={cx(styles.segment, channel === f.value && styles.selected)}
                onClick={() => setChannel(f.value)}
              >
                {f.label}
              </button>
            ))}
          </div>
          <Button variant="secondary" icon={<RefreshIcon />} loading={outbox.isFetching} onClick={() => void outbox.refetch()}>
            Refresh
          </Button>
        </div>
      </header>
      {outbox.isPending ? (
        <LoadingState />
      ) : outbox.isError ? (
        <ErrorState message={errorMessage(outbox.error)} onRetry={() => void outbox.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyState
          title="The outbox is empty"
          description="Messages appear here as soon as the app sends a text or an email."
        />
      ) : (
        <ol className={styles.list} aria-label="Messages, newest first">
          {messages.map((m) => (
            <li key={m.id}>
              <OutboxMessageCard message={m} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
