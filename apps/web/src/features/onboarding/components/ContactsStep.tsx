import { contactProblem, MSG, parsePastedContacts, type ContactRow } from '@kudo/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { Tabs } from '../../../components/Tabs';
import { TextAreaField } from '../../../components/TextAreaField';
import { errorMessage } from '../../../lib/forms';
import { useReadContacts } from '../api/onboarding';
import { readContacts, storeContacts } from '../utils/progress';
import { advance, STEP_FLOW, type StepMode } from '../utils/steps';
import { OnboardingFrame } from './OnboardingFrame';
import styles from './Onboarding.module.css';
import { useStepData } from './useStepData';

const SHEET_TYPES = /\.(xlsx|xls|csv)$/i;

/** The contacts read so far, each with its place (the problems are listed by place). */
const contactColumns = (lite: boolean, problems: readonly (string | null | undefined)[]): Column<{ row: ContactRow; index: number }>[] => [
  { id: 'name', header: 'Name', cell: ({ row }) => `${row.first_name} ${row.last_name}`.trim() },
  ...(lite ? [] : [{ id: 'phone', header: 'Phone #', cell: ({ row }: { row: ContactRow }) => row.phone }]),
  { id: 'email', header: 'Email', cell: ({ row }) => row.email },
  { id: 'problem', header: 'Problem', cell: ({ index }) => problems[index] ? <span className={styles.error}>{problems[index]}</span> : '' },
];

/** Add contacts: an Excel or CSV file read on the server, or pasted lines; checked against the pulseChecks left. */
export function ContactsStep({ mode, skipTo }: { mode: StepMode; skipTo: 'after' | 'dashboard' }) {
  const flow = STEP_FLOW[mode];
  const navigate = useNavigate();
  const { query, lite } = useStepData();
  const read = useReadContacts();
  const [tab, setTab] = useState<'upload' | 'paste'>('upload');
  const [rows, setRows] = useState<ContactRow[]>(() => readContacts());
  const [pasted, setPasted] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (!SHEET_TYPES.test(file.name)) {
      setFileError(MSG.contactsFileType);
      return;
    }
    try {
      const result = await read.mutateAsync(file);
      setRows(result.rows.map(({ error: _error, ...row }) => row));
    } catch (error) {
      setFileError(errorMessage(error));
    }
  };

  const onPaste = (text: string) => {
    setPasted(text);
    setRows(parsePastedContacts(text, lite));
  };

  const remaining = query.data?.pcheck_count ?? 0;
  const limited = query.data?.free_trial === true && !lite;
  const tooMany = limited && rows.length > remaining;
  const problems = rows.map((r) => contactProblem(lite ? { phone: '', email: r.email } : r));

  const next = () => {
    if (rows.length === 0) {
      storeContacts(null);
      advance(mode, 5);
      navigate(skipTo === 'dashboard' ? ROUTES.dashboard.path : ROUTES[flow.after].path);
      return;
    }
    if (tooMany) return;
    storeContacts(rows);
    advance(mode, 4);
    navigate(ROUTES[flow.confirm].path);
  };

  return (
    <OnboardingFrame title="Reach more customers in just a few clicks." position={flow.label(3)}>
      <QueryBoundary query={query}>
        {() => (
          <div className={styles.form}>
            {limited && (
              <p className={styles.muted} role="status">
                <strong>{remaining}</strong> pulseChecks remaining
              </p>
            )}
            <Tabs
              label="How to add contacts"
              tabs={[
                { key: 'upload', label: 'Upload a file' },
                { key: 'paste', label: 'Paste Data' },
              ]}
              value={tab}
              onChange={setTab}
            >
              {tab === 'upload' ? (
                <div className={styles.form}>
                  <label className={styles.form}>
                    <span>Excel or CSV file with the columns First Name, Last Name{lite ? '' : ', Address, Phone Number'}, Email</span>
                    <input type="file" accept=".xlsx,.xls,.csv" onChange={(e) => void onFile(e.target.files?.[0])} disabled={read.isPending} />
                  </label>
                  <a href={lite ? '/samples/onboarding-contacts-sample-lite.xlsx' : '/samples/onboarding-contacts-sample.xlsx'} download>
                    Download a sample .xlsx
                  </a>
                  {fileError && (
                    <Banner tone="danger">{fileError}</Banner>
                  )}
                </div>
              ) : (
                <TextAreaField
                  label={`One contact per line: ${lite ? 'first name, last name, email' : 'first name, last name, address, phone, email'}`}
                  rows={5}
                  value={pasted}
                  onChange={(e) => onPaste(e.target.value)}
                  placeholder={lite ? 'Jane, Smith, jane@example.com' : 'Jane, Smith, 123 Main St, (512) 555-0123, jane@example.com'}
                />
              )}
            </Tabs>
            {tooMany && (
              <p className={styles.error} role="alert">
                {MSG.contactsExceedRemaining}
              </p>
            )}
            {rows.length > 0 && (
              <DataTable
                label="Contacts"
                caption={<span className={styles.muted}>{rows.length} contacts</span>}
                columns={contactColumns(lite, problems)}
                rows={rows.map((row, index) => ({ row, index }))}
                rowKey={(r) => r.index}
              />
            )}
          </div>
        )}
      </QueryBoundary>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={() => navigate(ROUTES[flow.preview].path)}>
          Back
        </Button>
        <Button size="lg" onClick={next} disabled={tooMany}>
          {rows.length > 0 ? 'Next' : 'Skip'}
        </Button>
      </div>
    </OnboardingFrame>
  );
}
