import { useState } from 'react';
import { inboxApi } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { ProgressBar } from '../../../components/ProgressBar';
import { TextField } from '../../../components/TextField';
import { callRaw } from '../../../lib/api';
import { downloadText } from '../../../lib/csv';
import { errorMessage } from '../../../lib/forms';
import { isoDay } from '../utils/time';
import styles from './Inbox.module.css';

const lastMonth = () => {
  const d = new Date();
  d.setMonth(d.getMonth() - 1);
  return isoDay(d);
};

/**
 * Export Transcripts: the range's messages in the export's CSV form (the file as it is saved, nothing to convert),
 * read as the server streams it, with progress.
 */
export function ExportModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [from, setFrom] = useState(lastMonth);
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [progress, setProgress] = useState<{ rows: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    setProgress({ rows: 0, total: 0 });
    try {
      const response = await callRaw(inboxApi.exportTranscripts, { from_date: from, to_date: to }, 'text/csv');
      const total = Number(response.headers.get('x-total-messages') ?? 0);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += value;
        setProgress({ rows: Math.max(0, (text.match(/\r\n/g)?.length ?? 1) - 1), total });
      }
      downloadText(inboxApi.transcriptsFileName(from, to), text.replace(/^\uFEFF/, ''));
      setProgress(null);
      onOpenChange(false);
    } catch (e) {
      setProgress(null);
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Export Transcripts"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void run()} loading={progress !== null}>
            Export
          </Button>
        </>
      }
    >
      <div className={styles.exportRange}>
        <TextField label="From" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
      </div>
      {progress && (
        <div role="status">
          <ProgressBar label="Exported" percent={progress.total ? (progress.rows / progress.total) * 100 : 0} />
          <p>
            {progress.rows} of {progress.total} messages
          </p>
        </div>
      )}
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
