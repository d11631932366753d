import { MSG, type ReportingRecipient } from '@kudo/shared';
import { useState } from 'react';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { MailIcon } from '../../../components/icons';
import { LoadingState } from '../../../components/States';
import { Switch } from '../../../components/Switch';
import { defaultTableState, localPage, type SortValues } from '../../../components/tableState';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useDeleteRecipient, useEditRecipient, useReporting, useResendRecipient } from '../api/reporting';
import { AddRecipientForm } from '../components/AddRecipientForm';
import { SampleReportCard } from '../components/SampleReportCard';
import reportingStyles from '../components/Reporting.module.css';
import styles from '../components/Table.module.css';

const SORT_VALUES: SortValues<ReportingRecipient> = {
  name: (r) => r.name.toLowerCase(),
  email: (r) => r.email.toLowerCase(),
  status: (r) => (r.verified ? 1 : 0),
};
/** Every recipient on one page: a location has a handful. */
const FIRST_STATE = defaultTableState({ sort: { key: 'name', dir: 'asc' }, pageSize: Number.MAX_SAFE_INTEGER });

function RecipientsCard({ locationId }: { locationId: number }) {
  const recipients = useReporting(locationId);
  const edit = useEditRecipient(locationId);
  const resend = useResendRecipient(locationId);
  const remove = useDeleteRecipient(locationId);
  const toast = useToast();
  const [state, setState] = useState(FIRST_STATE);
  const [confirming, setConfirming] = useState<ReportingRecipient | null>(null);

  const table = { ...recipients, data: recipients.data ? localPage(recipients.data, state, (r) => `${r.name} ${r.email}`, SORT_VALUES) : undefined };

  const failed = (error: unknown) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) });

  const toggle = (r: ReportingRecipient, change: { weekly?: boolean; monthly?: boolean }) =>
    edit.mutate(
      { email: r.email, weekly: change.weekly ?? r.weekly === 1, monthly: change.monthly ?? r.monthly === 1 },
      { onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? MSG.emailSaved }), onError: failed },
    );

  const doDelete = (r: ReportingRecipient) =>
    remove.mutate(r, {
      onSuccess: ({ message }) => {
        toast.show({ tone: 'success', title: message ?? MSG.emailDeleted, description: r.email });
        setConfirming(null);
      },
      onError: (error) => {
        failed(error);
        setConfirming(null);
      },
    });

  const columns: Column<ReportingRecipient>[] = [
    { id: 'name', header: 'Name', sortKey: 'name', className: styles.email, cell: (r) => r.name },
    { id: 'email', header: 'Email', sortKey: 'email', cell: (r) => r.email },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      cell: (r) =>
        r.verified ? (
          <span className={`${styles.badge} ${styles.badgeSuccess}`}>Verified</span>
        ) : (
          <span className={`${styles.badge} ${styles.badgeWarning}`}>Pending verification</span>
        ),
    },
    {
      id: 'weekly',
      header: 'Weekly',
      align: 'center',
      cell: (r) => (
        <span className={styles.switchCell}>
          <Switch label={`Weekly reports: ${r.email}`} hideLabel checked={r.weekly === 1} onCheckedChange={(v) => toggle(r, { weekly: v })} />
        </span>
      ),
    },
    {
      id: 'monthly',
      header: 'Monthly',
      align: 'center',
      cell: (r) => (
        <span className={styles.switchCell}>
          <Switch label={`Monthly reports: ${r.email}`} hideLabel checked={r.monthly === 1} onCheckedChange={(v) => toggle(r, { monthly: v })} />
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      cell: (r) => (
        <div className={styles.rowActions}>
          {!r.verified && (
            <Button
              variant="secondary"
              size="sm"
              loading={resend.isPending && resend.variables === r.email}
              onClick={() =>
                resend.mutate(r.email, {
                  onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? MSG.verificationResent, description: r.email }),
                  onError: failed,
                })
              }
              aria-label={`Resend verification to ${r.email}`}
            >
              Resend
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            loading={!r.verified && remove.isPending && remove.variables?.email === r.email}
            onClick={() => (r.verified ? setConfirming(r) : doDelete(r))}
            aria-label={`Delete ${r.email}`}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Card flush title="Reporting Emails">
      <DataTable
        label="Reporting emails"
        columns={columns}
        query={table}
        rowKey={(r) => r.id}
        rowTestId={(r) => `recipient-row-${r.email}`}
        state={state}
        onStateChange={setState}
        paged={false}
        search={{ label: 'Search reporting emails', placeholder: 'Search by name or email' }}
        empty={{ icon: <MailIcon size={22} />, title: 'No emails found...', description: state.search ? 'Try another name or email.' : 'Add an email above to start sending reports.' }}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete email?"
        message={confirming ? `${confirming.email} will no longer receive reports. To add it back, it has to be confirmed again.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => confirming && doDelete(confirming)}
      />
    </Card>
  );
}

export default function ReportingPage() {
  const session = useCurrentSession();
  const locationId = session?.location.location_id;
  return (
    <SettingsFrame section="settings-general">
      {locationId ? (
        <div className={reportingStyles.stack} key={locationId}>
          <AddRecipientForm locationId={locationId} />
          <RecipientsCard locationId={locationId} />
          <SampleReportCard />
        </div>
      ) : (
        <LoadingState />
      )}
    </SettingsFrame>
  );
}
