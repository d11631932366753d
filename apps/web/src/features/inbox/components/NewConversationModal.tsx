import { useEffect, useRef, useState } from 'react';
import { formatPhoneTyping, INBOX_LIMITS, INBOX_MSG, inboxApi, operateApi, phoneAddress, type AssigneeView, type NewConversationJob } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { ProgressTable } from '../../../components/ProgressTable';
import { SelectField } from '../../../components/SelectField';
import { Tabs } from '../../../components/Tabs';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { call, callUpload } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { MessageBox } from './Composer';
import { TemplatesModal, type TemplateCategory } from './TemplatesModal';
import styles from './Inbox.module.css';

type Rule = 'self' | 'unassigned' | 'users';

/** New Conversation: one customer, or every customer of a spreadsheet (sent by the job worker). */
export function NewConversationModal({
  open,
  onOpenChange,
  assignees,
  templates,
  existingNumbers,
  me,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  assignees: AssigneeView[];
  templates: TemplateCategory[];
  existingNumbers: Set<string>;
  /** The signed-in user: who calls, as the call says it. */
  me: number;
  onCreated: (conversationId: number | null) => void;
}) {
  const toast = useToast();
  const [tab, setTab] = useState<'single' | 'multiple'>('single');
  const [number, setNumber] = useState('');
  const [lookup, setLookup] = useState<{ state: 'idle' | 'checking' | 'ok' | 'blocked'; message?: string }>({ state: 'idle' });
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [body, setBody] = useState('');
  const [terms, setTerms] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [job, setJob] = useState<NewConversationJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [sendFor, setSendFor] = useState(false);
  const [rule, setRule] = useState<Rule>('self');
  const [selected, setSelected] = useState('');

  const reset = () => {
    setNumber('');
    setLookup({ state: 'idle' });
    setName('');
    setAddress('');
    setBody('');
    setTerms(false);
    setFile(null);
    setJob(null);
    setErrors({});
    setRule('self');
    setSelected('');
  };
  const close = () => {
    if (job) onCreated(null);
    reset();
    onOpenChange(false);
  };

  // At 14 characters, '(512) 555-0100', the number's consent is looked up (and known numbers refused).
  const lookupSeq = useRef(0);
  const numberChanged = (value: string) => {
    const formatted = formatPhoneTyping(value);
    setNumber(formatted);
    const seq = ++lookupSeq.current;
    if (formatted.length !== 14) return setLookup({ state: 'idle' });
    if (existingNumbers.has(phoneAddress(formatted))) return setLookup({ state: 'blocked', message: INBOX_MSG.numberExists });
    setLookup({ state: 'checking' });
    call(operateApi.lookupPhoneConsent, { body: { phone: formatted, app_code: 'CNXN' } })
      .then((r) => {
        if (seq !== lookupSeq.current) return;
        if (!r.check) setLookup({ state: 'blocked', message: INBOX_MSG.optedOut });
        else {
          setLookup({ state: 'ok' });
          if (r.contact?.name) setName((n) => n || r.contact!.name);
          if (r.contact?.address_line) setAddress((a) => a || r.contact!.address_line);
        }
      })
      .catch((e: unknown) => seq === lookupSeq.current && setLookup({ state: 'blocked', message: errorMessage(e) }));
  };

  // A running spreadsheet send: its rows' statuses until every row is done.
  useEffect(() => {
    if (!job || job.status === 'done') return;
    const timer = window.setInterval(async () => {
      try {
        setJob(await call(inboxApi.newConversationBulkStatus, { params: { id: job.id } }));
      } catch {
        // Keep the last statuses; the next turn tries again.
      }
    }, 1500);
    return () => window.clearInterval(timer);
  }, [job]);

  const singleReady = number.length === 14 && lookup.state === 'ok' && body.trim() !== '' && !busy;
  const multipleReady = file !== null && !busy && body.trim() !== '';
  const ready = tab === 'single' ? singleReady : multipleReady;
  const incomplete = !ready || !terms;

  /** Whether the form can be sent; if not, everything missing shows at once (the fields' messages and the terms'). */
  const validate = (): boolean => {
    const e: Record<string, string> = {};
    if (tab === 'single' && number.length !== 14) e.number = INBOX_MSG.numberRequired;
    if (tab === 'multiple' && !file) e.file = INBOX_MSG.fileRequired;
    if (!body.trim()) e.body = INBOX_MSG.messageRequired;
    if (body.length > INBOX_LIMITS.hardChars) e.body = INBOX_MSG.overHardTyping;
    setErrors(e);
    if (!terms) toast.show({ tone: 'error', title: INBOX_MSG.termsTitle, description: INBOX_MSG.termsBody });
    if (Object.keys(e).length || !terms) return false;
    return tab === 'single' ? lookup.state === 'ok' : true;
  };

  const send = async (assignment: Rule, users: string) => {
    if (!validate()) return;
    setBusy(true);
    try {
      if (tab === 'single') {
        const created = await call(inboxApi.newConversation, {
          body: {
            assignment_rule: assignment,
            type: 'single',
            customer_number: number,
            customer_name: name,
            customer_address: address,
            body,
            channel: 'sms',
            media_url: null,
            timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            user_id: me,
            current_user: me,
            selected_users: assignment === 'users' ? Number(users) : null,
          },
        });
        reset();
        onOpenChange(false);
        onCreated(created.conversation_id);
      } else {
        const form = new FormData();
        form.set('body', body);
        form.set('assignment_rule', assignment);
        if (assignment === 'users') form.set('selected_users', users);
        form.set('file', file!);
        setJob(await callUpload(inboxApi.newConversationBulk, form));
      }
    } catch (e) {
      toast.show({ tone: 'error', title: 'Error', description: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  const finished = job ? job.rows.filter((r) => r.status === 'success' || r.status === 'error').length : 0;
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title="New Conversation"
      size="lg"
      footer={
        job ? (
          <Button onClick={close} disabled={job.status !== 'done'}>
            Done
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            {/* Send for... always opens its dialog; Send only looks disabled, and pressed says what is missing. */}
            <Button variant="secondary" onClick={() => setSendFor(true)}>
              Send for...
            </Button>
            <Button onClick={() => void send('self', '')} loading={busy} aria-disabled={incomplete} className={incomplete ? styles.looksDisabled : undefined}>
              Send
            </Button>
          </>
        )
      }
    >
      {job ? (
        <ProgressTable
          label="Sent"
          headline={job.status === 'done' ? `All done: ${finished}/${job.total}` : `Sending… ${finished}/${job.total}`}
          columns={['Row', 'Name', 'Phone']}
          rows={job.rows.map((r) => ({ key: r.row, cells: [r.row, r.name, r.phone], status: r.status, message: r.message }))}
        />
      ) : (
        <Tabs
          label="Conversation type"
          tabs={[
            { key: 'single', label: 'Single Conversation' },
            { key: 'multiple', label: 'Multiple Conversations' },
          ]}
          value={tab}
          onChange={(t) => (setTab(t), setErrors({}))}
        >
          <div className={styles.newForm}>
            {tab === 'single' ? (
              <>
                <TextField
                  label="Contact number"
                  inputMode="tel"
                  placeholder="(000) 000-0000"
                  value={number}
                  onChange={(e) => numberChanged(e.target.value)}
                  error={errors.number ?? (lookup.state === 'blocked' ? lookup.message : null)}
                  hint={lookup.state === 'checking' ? 'Checking this number…' : undefined}
                />
                <TextField label="Name (optional)" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
                <TextField label="Address (optional)" value={address} maxLength={255} onChange={(e) => setAddress(e.target.value)} />
              </>
            ) : (
              <div className={styles.fileRow}>
                <label className={styles.fileLabel}>
                  Spreadsheet (.xls, .xlsx or .csv) with the columns First Name, Last Name, Address, Phone Number
                  <input
                    type="file"
                    accept=".xls,.xlsx,.csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  />
                </label>
                <a href="/samples/new-conversations-sample.xlsx" download>
                  Download a sample
                </a>
                {errors.file && (
                  <p className={styles.fieldError} role="alert">
                    {errors.file}
                  </p>
                )}
              </div>
            )}
            <MessageBox label="Message" value={body} onChange={setBody} onTemplates={() => setTemplatesOpen(true)} rows={4} error={errors.body ?? null} />
            <label className={styles.terms}>
              <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
              {INBOX_MSG.terms}
            </label>
          </div>
        </Tabs>
      )}
      <TemplatesModal open={templatesOpen} onOpenChange={setTemplatesOpen} categories={templates} onCopy={setBody} />
      <Modal
        open={sendFor}
        onOpenChange={setSendFor}
        title="Send for..."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setSendFor(false)}>
              Cancel
            </Button>
            <Button
              disabled={rule === 'users' && !selected}
              aria-disabled={incomplete}
              className={incomplete ? styles.looksDisabled : undefined}
              onClick={() => {
                setSendFor(false);
                void send(rule, selected);
              }}
            >
              Send
            </Button>
          </>
        }
      >
        <fieldset className={styles.sendFor}>
          <legend className="visually-hidden">Assign the new conversation to</legend>
          <label>
            <input type="radio" name="send-for" checked={rule === 'self'} onChange={() => setRule('self')} /> Myself
          </label>
          <label>
            <input type="radio" name="send-for" checked={rule === 'unassigned'} onChange={() => setRule('unassigned')} /> Unassigned
          </label>
          <label>
            <input type="radio" name="send-for" checked={rule === 'users'} onChange={() => setRule('users')} /> A user
          </label>
          <SelectField
            label="User"
            value={selected}
            onChange={(v) => (setSelected(v), setRule('users'))}
            options={[{ value: '', label: 'None Selected' }, ...assignees.map((a) => ({ value: String(a.id), label: a.user_email }))]}
          />
          {rule === 'self' && <p>{INBOX_MSG.assignedToYou}</p>}
        </fieldset>
      </Modal>
    </Modal>
  );
}
