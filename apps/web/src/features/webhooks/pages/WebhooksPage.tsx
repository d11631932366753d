import { WEBHOOK_EVENT_INFO, WEBHOOK_LIMITS, type WebhookDeliveryItem, type WebhookItem } from '@kudo/shared';
import { useMemo, useState } from 'react';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { SelectField } from '../../../components/SelectField';
import { LoadingState } from '../../../components/States';
import { defaultTableState, type TableState } from '../../../components/tableState';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useDeleteWebhook, useEnableWebhook, useRedeliver, useWebhookDeliveries, useWebhooks } from '../api/webhooks';
import { AddWebhookModal } from '../components/AddWebhookModal';
import styles from '../components/Webhooks.module.css';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function SubscriptionStatus({ w }: { w: WebhookItem }) {
  if (w.status === 'disabled') {
    return (
      <>
        <span className={`${styles.status} ${styles.bad}`}>Switched off</span>
        {w.disabled_at && <div className={styles.muted}>since {when(w.disabled_at)}</div>}
      </>
    );
  }
  return (
    <>
      <span className={`${styles.status} ${styles.ok}`}>Active</span>
      {w.failing_since && <div className={styles.muted}>failing since {when(w.failing_since)}</div>}
    </>
  );
}

const DELIVERY_STATUS: Record<WebhookDeliveryItem['status'], { label: string; tone: string }> = {
  succeeded: { label: 'Delivered', tone: styles.ok! },
  pending: { label: 'Waiting', tone: styles.waiting! },
  delivering: { label: 'Sending', tone: styles.waiting! },
  failed: { label: 'Failed', tone: styles.bad! },
};

function Deliveries({ locationId, webhooks }: { locationId: number; webhooks: readonly WebhookItem[] }) {
  const [webhookId, setWebhookId] = useState<number | null>(null);
  const [state, setState] = useState<TableState>(() => defaultTableState({ pageSize: WEBHOOK_LIMITS.deliveriesPage }));
  const deliveries = useWebhookDeliveries(locationId, webhookId, state.page);
  const redeliver = useRedeliver(locationId);
  const toast = useToast();
  const active = new Set(webhooks.filter((w) => w.status === 'active').map((w) => w.id));

  const columns: Column<WebhookDeliveryItem>[] = [
    { id: 'time', header: 'Time', cell: (d) => when(d.last_attempt_at ?? d.created_at) },
    { id: 'event', header: 'Event', cell: (d) => <code className={styles.nowrap}>{d.event}</code> },
    { id: 'url', header: 'Webhook', cell: (d) => <span className={styles.code}>{d.url}</span> },
    {
      id: 'status',
      header: 'Status',
      cell: (d) => (
        <>
          <span className={`${styles.status} ${DELIVERY_STATUS[d.status].tone}`}>{DELIVERY_STATUS[d.status].label}</span>
          {d.status === 'pending' && d.next_attempt_at && d.attempts > 0 && <div className={styles.muted}>next try {when(d.next_attempt_at)}</div>}
        </>
      ),
    },
    { id: 'answer', header: 'Answer', cell: (d) => (d.status_code !== null ? String(d.status_code) : (d.error ?? '—')) },
    { id: 'attempts', header: 'Attempts', cell: (d) => String(d.attempts), align: 'end' },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (d) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Redeliver ${d.event} ${d.event_id}`}
          disabled={!active.has(d.webhook_id) || d.status === 'delivering' || redeliver.isPending}
          onClick={() =>
            redeliver.mutate(d.id, {
              onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? 'Queued again.', description: d.event }),
              onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
            })
          }
        >
          Redeliver
        </Button>
      ),
    },
  ];

  const options = [{ value: '', label: 'All webhooks' }, ...webhooks.map((w) => ({ value: String(w.id), label: w.url }))];
  return (
    <section aria-labelledby="webhook-deliveries-title">
      <h2 id="webhook-deliveries-title" className={styles.sectionTitle}>
        Deliveries
      </h2>
      <div className={styles.filter}>
        <SelectField
          label="Webhook"
          value={webhookId ? String(webhookId) : ''}
          options={options}
          onChange={(v) => {
            setWebhookId(v ? Number(v) : null);
            setState((s) => ({ ...s, page: 1 }));
          }}
        />
      </div>
      <Card flush>
        <DataTable
          label="Webhook deliveries"
          columns={columns}
          query={{ ...deliveries, data: deliveries.data ? { rows: deliveries.data.deliveries, total: deliveries.data.total } : undefined }}
          rowKey={(d) => d.id}
          state={state}
          onStateChange={(next) => setState({ ...next, pageSize: WEBHOOK_LIMITS.deliveriesPage })}
          pageSizes={[WEBHOOK_LIMITS.deliveriesPage]}
          empty={{ title: 'No deliveries yet', description: 'Each event sent to a webhook is listed here with the answer it got.' }}
        />
      </Card>
    </section>
  );
}

function Webhooks({ locationId }: { locationId: number }) {
  const webhooks = useWebhooks(locationId);
  const remove = useDeleteWebhook(locationId);
  const enable = useEnableWebhook(locationId);
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<WebhookItem | null>(null);
  const [state, setState] = useState<TableState>(() => defaultTableState());

  const columns = useMemo<Column<WebhookItem>[]>(
    () => [
      { id: 'url', header: 'URL', cell: (w) => <span className={styles.code}>{w.url}</span> },
      {
        id: 'events',
        header: 'Events',
        cell: (w) => (
          <ul className={styles.tags}>
            {w.events.map((e) => (
              <li key={e} className={styles.tag} title={WEBHOOK_EVENT_INFO[e].label}>
                {e}
              </li>
            ))}
          </ul>
        ),
      },
      { id: 'status', header: 'Status', cell: (w) => <SubscriptionStatus w={w} /> },
      { id: 'created', header: 'Added', cell: (w) => `${when(w.created_at)}${w.created_by ? ` by ${w.created_by}` : ''}` },
      {
        id: 'actions',
        header: 'Actions',
        align: 'end',
        cell: (w) => (
          <div className={styles.actions}>
            {w.status === 'disabled' && (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Switch on ${w.url}`}
                disabled={enable.isPending}
                onClick={() =>
                  enable.mutate(w.id, {
                    onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? 'Webhook switched back on.', description: w.url }),
                    onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
                  })
                }
              >
                Switch on
              </Button>
            )}
            <Button variant="secondary" size="sm" aria-label={`Remove ${w.url}`} onClick={() => setConfirming(w)}>
              Remove
            </Button>
          </div>
        ),
      },
    ],
    [enable, toast],
  );

  const doRemove = (w: WebhookItem) =>
    remove.mutate(w.id, {
      onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? 'Webhook removed.', description: w.url }),
      onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
      onSettled: () => setConfirming(null),
    });

  return (
    <SettingsFrame
      section="settings-integrations"
      title="Webhooks"
      lead="Webhooks send events (new reviews, answered pulseChecks, customer messages, assignments, opt-outs) to your other systems as they happen, signed with each webhook's secret. Failed deliveries are retried for about a day."
      actions={<Button onClick={() => setAdding(true)}>Add webhook</Button>}
    >
      <div className={styles.stack}>
        <Card flush>
          <DataTable
            label="Webhooks"
            columns={columns}
            query={{ ...webhooks, data: webhooks.data ? { rows: webhooks.data, total: webhooks.data.length } : undefined }}
            rowKey={(w) => w.id}
            state={state}
            onStateChange={setState}
            paged={false}
            empty={{
              title: 'No webhooks yet',
              description: 'Add a webhook to send events to Zapier, a field-service system or your own server.',
              actions: <Button onClick={() => setAdding(true)}>Add webhook</Button>,
            }}
          />
        </Card>
        {webhooks.data && webhooks.data.length > 0 && <Deliveries locationId={locationId} webhooks={webhooks.data} />}
      </div>
      <AddWebhookModal open={adding} onOpenChange={setAdding} locationId={locationId} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Remove webhook?"
        message={confirming ? `Nothing more will be sent to ${confirming.url}, and its deliveries are removed with it.` : ''}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => confirming && doRemove(confirming)}
      />
    </SettingsFrame>
  );
}

/** Settings › Integrations › Webhooks (Owner and Admin). */
export default function WebhooksPage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <Webhooks key={session.location.location_id} locationId={session.location.location_id} />;
}
