import { MSG } from '@kudo/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { progressCounts, ProgressTable, type ProgressStatus } from '../../../components/ProgressTable';
import { errorMessage } from '../../../lib/forms';
import { readConsentSheet, recordConsent, type ConsentAction } from '../api/consent';
import styles from './BulkSendModal.module.css';

const COLUMNS = ['Row', 'Name', 'Phone'];

interface Row {
  row: number;
  name: string;
  phone: string;
  valid: boolean;
  status: ProgressStatus;
}

/** Messaging Homeowner Consent: a spreadsheet of customers opted in or out one row at a time. */
export function BulkConsentModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const radio = useId();
  const [file, setFile] = useState<File | null>(null);
  const [action, setAction] = useState<ConsentAction | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (running) return;
    setFile(null);
    setAction(null);
    setRows(null);
    setProblem(null);
    onOpenChange(false);
  };

  const submit = async () => {
    if (!file) return setProblem('Please upload a valid file');
    if (!action) return setProblem(MSG.consentActionRequired);
    setProblem(null);
    setRunning(true);
    try {
      const read = await readConsentSheet(file);
      let list: Row[] = read.rows.map((r) => ({ ...r, status: r.valid ? 'standby' : 'error' }));
      setRows(list);
      for (const r of read.rows) {
        if (!r.valid) continue;
        const mark = (status: Row['status']) => {
          list = list.map((x) => (x.row === r.row ? { ...x, status } : x));
          setRows(list);
        };
        mark('pending');
        try {
          await recordConsent(action, { app_code: 'CNXN', phone: r.phone, name: r.name, source: 'bulk' });
          mark('success');
        } catch {
          mark('error');
        }
      }
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setRunning(false);
    }
  };

  const done = rows !== null && !running;
  return (
    <Modal
      open={open}
      onOpenChange={(v) => (v ? onOpenChange(true) : close())}
      title="Messaging Homeowner Consent"
      size="lg"
      footer={
        done ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={close} disabled={running}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={running}>
              Submit
            </Button>
          </>
        )
      }
    >
      {rows === null ? (
        <div className={styles.form}>
          <div className={styles.file}>
            <span className={styles.label}>Spreadsheet with a Phone Number column (and First Name, Last Name)</span>
            <input type="file" accept=".xls,.xlsx,.csv" aria-label="Consent spreadsheet" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </div>
          <fieldset className={styles.form}>
            <legend className={styles.label}>Action</legend>
            <label>
              <input type="radio" name={radio} checked={action === 'opt_in'} onChange={() => setAction('opt_in')} /> Opt-in
            </label>
            <label>
              <input type="radio" name={radio} checked={action === 'opt_out'} onChange={() => setAction('opt_out')} /> Opt-out
            </label>
          </fieldset>
          {problem && (
            <p className={styles.error} role="alert">
              {problem}
            </p>
          )}
        </div>
      ) : (
        <ProgressTable
          label="Saved"
          headline={consentHeadline(rows, running)}
          columns={COLUMNS}
          rows={rows.map((r) => ({ key: r.row, cells: [r.row, r.name || '—', r.phone || '—'], status: r.status }))}
        />
      )}
    </Modal>
  );
}

function consentHeadline(rows: readonly Row[], running: boolean) {
  const { done, failed, total } = progressCounts(rows);
  return running ? `Saving… ${done + failed}/${total}` : `${done}/${total} saved`;
}
