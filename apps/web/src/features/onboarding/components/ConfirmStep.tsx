import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { ProgressTable, type ProgressRow } from '../../../components/ProgressTable';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { errorMessage } from '../../../lib/forms';
import { useBulkProgress, useSendContacts } from '../api/onboarding';
import { readContacts, storeContacts } from '../utils/progress';
import { advance, sendHeadline, STEP_FLOW, type StepMode } from '../utils/steps';
import { OnboardingFrame } from './OnboardingFrame';
import styles from './Onboarding.module.css';
import { useStepData } from './useStepData';

/** Confirm and send: the contacts with their status as the bulk send works through them. */
export function ConfirmStep({ mode }: { mode: StepMode }) {
  const flow = STEP_FLOW[mode];
  const navigate = useNavigate();
  const { query, lite } = useStepData();
  const [contacts] = useState(() => readContacts());
  const send = useSendContacts();
  const [jobId, setJobId] = useState<number | null>(null);
  const progress = useBulkProgress(jobId);
  const job = progress.data ?? send.data ?? null;

  const columns = lite ? ['Name', 'Email'] : ['Name', 'Address', 'Phone #', 'Email'];
  const rows: ProgressRow[] = job
    ? job.rows.map((r, i) => ({
        key: r.row,
        cells: lite ? [r.name, r.email] : [r.name, contacts[i]?.address ?? '', r.phone, r.email],
        status: r.status,
        message: r.message,
      }))
    : contacts.map((c, i) => {
        const name = `${c.first_name} ${c.last_name}`.trim();
        return { key: i + 1, cells: lite ? [name, c.email] : [name, c.address, c.phone, c.email], status: 'standby' as const };
      });

  const done = job?.status === 'done';
  const onClick = async () => {
    if (done) {
      storeContacts(null);
      advance(mode, 5);
      navigate(ROUTES[flow.after].path);
      return;
    }
    try {
      const started = await send.mutateAsync(contacts);
      setJobId(started.id);
    } catch {
      // The reason shows above the table.
    }
  };

  return (
    <OnboardingFrame title="Confirm and send" position={flow.label(4)}>
      <QueryBoundary query={query}>
        {() => (
          <>
            {send.isError && <Banner tone="danger">{errorMessage(send.error)}</Banner>}
            {job?.status === 'waiting' && job.resumes_at && (
              <Banner tone="info">Texts wait for the sending window (8 am to 9 pm your time); they go out at {new Date(job.resumes_at).toLocaleString()}.</Banner>
            )}
            <ProgressTable label="Sent" headline={sendHeadline(job)} columns={columns} rows={rows} />
          </>
        )}
      </QueryBoundary>
      <div className={styles.actions}>
        {!job ? (
          <Button variant="ghost" onClick={() => navigate(ROUTES[flow.contacts].path)}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button size="lg" onClick={onClick} loading={send.isPending || (job !== null && !done)} disabled={contacts.length === 0}>
          {done ? 'Finish' : 'Send'}
        </Button>
      </div>
    </OnboardingFrame>
  );
}
