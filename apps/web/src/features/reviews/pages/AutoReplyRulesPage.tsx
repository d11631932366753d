import { RULE_RATING_LABELS, type AutoReplyActivityItem, type ReplyRule } from '@kudo/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { pathFor } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { LoadingState } from '../../../components/States';
import { defaultTableState, type TableState } from '../../../components/tableState';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useAutoReplyActivity, useDeleteRule, useReplyRules } from '../api/replies';
import styles from '../components/ReplySettings.module.css';
import { delayLabel, RuleModal } from '../components/RuleModal';

const STATUS: Record<string, { label: string; tone: string }> = {
  scheduled: { label: 'Scheduled', tone: styles.waiting! },
  posting: { label: 'Posting', tone: styles.waiting! },
  posted: { label: 'Posted', tone: styles.ok! },
  skipped: { label: 'Skipped', tone: styles.neutral! },
  failed: { label: 'Failed', tone: styles.bad! },
};

const when = (iso: string | null, timeZone: string) => (iso ? new Date(iso).toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }) : '—');

function Activity({ locationId, timeZone }: { locationId: number; timeZone: string }) {
  const activity = useAutoReplyActivity(locationId);
  const [state, setState] = useState<TableState>(() => defaultTableState());
  const columns: Column<AutoReplyActivityItem>[] = [
    {
      id: 'review',
      header: 'Review',
      cell: (a) => (
        <Link to={pathFor('analyze-reviews-reply', { id: a.review_id })}>
          {a.author || 'A customer'}, {a.rating} stars
        </Link>
      ),
    },
    { id: 'rule', header: 'Rule', cell: (a) => a.rule_name },
    { id: 'status', header: 'Status', cell: (a) => <span className={`${styles.status} ${STATUS[a.status]?.tone ?? ''}`}>{STATUS[a.status]?.label ?? a.status}</span> },
    { id: 'when', header: 'When', cell: (a) => (a.posted_at ? `Posted ${when(a.posted_at, timeZone)}` : `Due ${when(a.due_at, timeZone)}`) },
    { id: 'detail', header: 'Reply or reason', cell: (a) => <span className={styles.detail}>{a.detail || '—'}</span> },
  ];
  return (
    <Card title="Recent automatic replies" description="The latest 50, newest first." flush>
      <DataTable
        label="Recent automatic replies"
        columns={columns}
        query={{ ...activity, data: activity.data ? { rows: activity.data, total: activity.data.length } : undefined }}
        rowKey={(a) => a.review_id}
        state={state}
        onStateChange={setState}
        paged={false}
        empty={{ title: 'No automatic replies yet', description: 'Google reviews that match a rule are listed here once they arrive.' }}
      />
    </Card>
  );
}

function AutoReplyRules({ locationId, timeZone }: { locationId: number; timeZone: string }) {
  const rules = useReplyRules(locationId);
  const remove = useDeleteRule(locationId);
  const toast = useToast();
  const [editing, setEditing] = useState<ReplyRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReplyRule | null>(null);
  const [state, setState] = useState<TableState>(() => defaultTableState());
  const full = rules.data ? rules.data.rules.length >= rules.data.limit : true;

  const columns = useMemo<Column<ReplyRule>[]>(
    () => [
      { id: 'name', header: 'Rule', cell: (r) => <strong>{r.name}</strong> },
      { id: 'reviews', header: 'Reviews', cell: (r) => `Google, ${RULE_RATING_LABELS[r.rating]}` },
      { id: 'delay', header: 'After', cell: (r) => delayLabel(r.delay_minutes) },
      { id: 'reply', header: 'Reply', cell: (r) => (r.mode === 'draft' ? <em>The review&apos;s draft reply</em> : <span className={styles.detail}>{r.template}</span>) },
      { id: 'status', header: 'Status', cell: (r) => <span className={`${styles.status} ${r.enabled ? styles.ok : styles.neutral}`}>{r.enabled ? 'On' : 'Off'}</span> },
      { id: 'count', header: 'Answered', align: 'end', cell: (r) => `${r.posted}${r.scheduled ? ` (+${r.scheduled} scheduled)` : ''}` },
      {
        id: 'actions',
        header: 'Actions',
        align: 'end',
        cell: (r) => (
          <div className={styles.rowActions}>
            <Button variant="secondary" size="sm" aria-label={`Edit ${r.name}`} onClick={() => setEditing(r)}>
              Edit
            </Button>
            <Button variant="secondary" size="sm" aria-label={`Delete ${r.name}`} onClick={() => setDeleting(r)}>
              Delete
            </Button>
          </div>
        ),
      },
    ],
    [],
  );

  const addButton = (
    <Button onClick={() => setEditing('new')} disabled={full}>
      Add rule
    </Button>
  );

  return (
    <SettingsFrame
      section="settings-reviews"
      title="Auto-reply"
      lead="Rules answer new Google reviews of 4 and 5 stars on their own, after a delay and only inside the sending window, each review once. Reviews of 3 stars or fewer always wait for a person."
      actions={addButton}
    >
      <QueryBoundary query={rules} isEmpty={() => false}>
        {(data) => (
          <div className={styles.stack}>
            {!data.google_connected && (
              <Banner tone="warning" title="Google is not connected">
                Rules post through your Google Business Profile. <Link to={pathFor('settings-general-connect-social-media')}>Connect Google</Link> to let them answer.
              </Banner>
            )}
            <p className={styles.muted}>
              Sending window: {data.send_window.start_hour}:00 to {data.send_window.end_hour}:00 ({data.send_window.time_zone}). {data.rules.length} of {data.limit} rules
              {data.rules.length >= data.limit ? ': delete one to add another.' : '.'}
            </p>
            <Card flush>
              <DataTable
                label="Reply rules"
                columns={columns}
                query={{ ...rules, data: { rows: data.rules, total: data.rules.length } }}
                rowKey={(r) => r.id}
                state={state}
                onStateChange={setState}
                paged={false}
                empty={{ title: 'No reply rules yet', description: 'Add a rule to thank 5-star and 4-star Google reviewers automatically.', actions: addButton }}
              />
            </Card>
            <Activity locationId={locationId} timeZone={timeZone} />
          </div>
        )}
      </QueryBoundary>
      {editing !== null && (
        <RuleModal key={editing === 'new' ? 'new' : editing.id} locationId={locationId} open onOpenChange={(open) => !open && setEditing(null)} rule={editing === 'new' ? null : editing} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this rule?"
        message={deleting ? `${deleting.name} stops answering reviews; the replies it scheduled and has not posted are dropped.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? 'Rule deleted.', description: deleting.name }),
            onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </SettingsFrame>
  );
}

/** Settings › Reviews › Auto-reply. */
export default function AutoReplyRulesPage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <AutoReplyRules key={session.location.location_id} locationId={session.location.location_id} timeZone={session.location.time_zone} />;
}
