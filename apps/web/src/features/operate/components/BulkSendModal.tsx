import { MSG, type BulkJobView } from '@kudo/shared';
import { useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { ProgressTable } from '../../../components/ProgressTable';
import { SelectField } from '../../../components/SelectField';
import { errorMessage } from '../../../lib/forms';
import { useBulkJob, useStartBulk } from '../api/bulk';
import type { DispatchCampaign } from './DispatchRow';
import styles from './BulkSendModal.module.css';

const ACCEPT = '.xls,.xlsx,.csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
const COLUMNS = ['Row', 'Name', 'Phone', 'Email'];

/**
 * Send to Multiple Customers: choose a spreadsheet and a campaign, then watch each row go Standby →
 * Pending → Success (or its error). The sending happens on the server, so closing or reloading the page
 * does not stop it; reopening shows where it is.
 */
export function BulkSendModal({
  open,
  onOpenChange,
  campaigns,
  jobId,
  onJob,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaigns: readonly DispatchCampaign[];
  jobId: number | null;
  onJob: (id: number | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [campaignUid, setCampaignUid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartBulk();
  const job = useBulkJob(jobId);

  const send = (kind: 'bio' | 'pcheck') => {
    if (!file) return setProblem(MSG.bulkFileRequired);
    if (!campaignUid) return setProblem(MSG.dispatchCampaignRequired);
    setProblem(null);
    start.mutate({ file, campaignUid, kind }, { onSuccess: (j) => onJob(j.id), onError: (e) => setProblem(errorMessage(e)) });
  };
  const reset = () => {
    onJob(null);
    setFile(null);
    setCampaignUid('');
    setProblem(null);
    onOpenChange(false);
  };

  const view: BulkJobView | undefined = jobId !== null ? job.data : undefined;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Send to Multiple Customers"
      size="lg"
      description={view ? undefined : 'Upload an Excel or CSV file: row 1 is the header, names in columns 1 and 2, the phone in column 4 and the email in column 5.'}
      footer={
        view ? (
          <Button onClick={reset} disabled={view.status !== 'done'}>
            Done
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={reset}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => send('bio')} loading={start.isPending && start.variables?.kind === 'bio'} disabled={start.isPending}>
              Send Bio
            </Button>
            <Button onClick={() => send('pcheck')} loading={start.isPending && start.variables?.kind === 'pcheck'} disabled={start.isPending}>
              Send Pulse Check
            </Button>
          </>
        )
      }
    >
      {view ? (
        <Progress view={view} />
      ) : jobId !== null ? (
        <p>Loading…</p>
      ) : (
        <div className={styles.form}>
          <div className={styles.file}>
            <span className={styles.label}>Spreadsheet</span>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              aria-label="Spreadsheet (.xls, .xlsx or .csv)"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                if (chosen && !/\.(xlsx?|csv)$/i.test(chosen.name)) {
                  setProblem(MSG.bulkExcelOnly);
                  setFile(null);
                  e.target.value = '';
                  return;
                }
                setProblem(null);
                setFile(chosen);
              }}
            />
          </div>
          <SelectField
            label="Campaign"
            value={campaignUid}
            onChange={setCampaignUid}
            options={[{ value: '', label: 'Choose Campaign' }, ...campaigns.map((c) => ({ value: c.uid, label: `${c.name} · ${c.department}` }))]}
          />
          {problem && (
            <p className={styles.error} role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}

function Progress({ view }: { view: BulkJobView }) {
  const finished = view.counts.success + view.counts.error;
  const headline =
    view.status === 'done'
      ? `${view.counts.success}/${view.total} sent`
      : view.status === 'waiting'
        ? `Waiting for the sending window (08:00–21:00): resumes ${view.resumes_at ? new Date(view.resumes_at).toLocaleString() : 'soon'}`
        : `Sending… ${finished}/${view.total}`;
  return (
    <ProgressTable
      label="Sent"
      headline={`${view.kind === 'bio' ? 'Bios' : 'pulseChecks'} from ${view.campaign_name}: ${headline}`}
      columns={COLUMNS}
      rows={view.rows.map((r) => ({ key: r.row, cells: [r.row, r.name || '—', r.phone || '—', r.email || '—'], status: r.status, message: r.message }))}
    />
  );
}
