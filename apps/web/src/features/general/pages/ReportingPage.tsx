import { MSG, type ReportingRecipient } from '@kudo/shared';
import { useMemo, useState } from 'react';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MailIcon } from '../../../components/icons';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { LoadingState } from '../../../components/States';
import { Switch } from '../../../components/Switch';
import { SearchField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useDeleteRecipient, useEditRecipient, useReporting, useResendRecipient } from '../api/reporting';
import { AddRecipientForm } from '../components/AddRecipientForm';
import { SampleReportCard } from '../components/SampleReportCard';
import reportingStyles from '../components/Reporting.module.css';
import { SortHeader } from '../components/SortHeader';
import styles from '../components/Table.module.css';
import { searchRows, sortRows, type SortDir } from '../utils/table';

type SortKey = 'name' | 'email' | 'status';

function RecipientsCard({ locationId }: { locationId: number }) {
  const recipients = useReporting(locationId);
  const edit = useEditRecipient(locationId);
  const resend = useResendRecipient(locationId);
  const remove = useDeleteRecipient(locationId);
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; dir: SortDir }>({ key: 'name', dir: 'asc' });
  const [confirming, setConfirming] = useState<ReportingRecipient | null>(null);

  const visible = useMemo(() => {
    const found = searchRows(recipients.data ?? [], search, (r) => `${r.name} ${r.email}`);
    const key = (r: ReportingRecipient) => (sort.key === 'name' ? r.name : sort.key === 'email' ? r.email : r.verified ? 1 : 0);
    return sortRows(found, key, sort.dir);
  }, [recipients.data, search, sort]);

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

  return (
    <Card flush title="Reporting Emails">
      <div className={styles.toolbar}>
        <SearchField
          label="Search reporting emails"
          placeholder="Search by name or email"
          className={styles.search}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <QueryBoundary
        query={recipients}
        compact
        isEmpty={() => visible.length === 0}
        empty={{ icon: <MailIcon size={22} />, title: 'No emails found...', description: search ? 'Try another name or email.' : 'Add an email above to start sending reports.' }}
      >
        {() => (
          <div className={styles.scroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <SortHeader label="Name" column="name" sort={sort} onSort={setSort} />
                  <SortHeader label="Email" column="email" sort={sort} onSort={setSort} />
                  <SortHeader label="Status" column="status" sort={sort} onSort={setSort} />
                  <th scope="col" className={styles.center}>
                    Weekly
                  </th>
                  <th scope="col" className={styles.center}>
                    Monthly
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {visible.map((r) => (
                  <tr key={r.id} data-testid={`recipient-row-${r.email}`}>
                    <td className={styles.email}>{r.name}</td>
                    <td>{r.email}</td>
                    <td>
                      {r.verified ? (
                        <span className={`${styles.badge} ${styles.badgeSuccess}`}>Verified</span>
                      ) : (
                        <span className={`${styles.badge} ${styles.badgeWarning}`}>Pending verification</span>
                      )}
                    </td>
                    <td className={styles.center}>
                      <span className={styles.switchCell}>
                        <Switch label={`Weekly reports: ${r.email}`} hideLabel checked={r.weekly === 1} onCheckedChange={(v) => toggle(r, { weekly: v })} />
                      </span>
                    </td>
                    <td className={styles.center}>
                      <span className={styles.switchCell}>
                        <Switch label={`Monthly reports: ${r.email}`} hideLabel checked={r.monthly === 1} onCheckedChange={(v) => toggle(r, { monthly: v })} />
                      </span>
                    </td>
                    <td>
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
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryBoundary>
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
