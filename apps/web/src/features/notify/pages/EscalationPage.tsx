import { formatPhone, isValidEmail, isValidPhone, MSG, notifyApi, type EscalationContactItem } from '@kudo/shared';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { CheckIcon, CloseIcon, UserIcon } from '../../../components/icons';
import { SelectField } from '../../../components/SelectField';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { LoadingState } from '../../../components/States';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { apiFieldErrors, errorMessage } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useAddContact, useDeleteContact, useEscalationContacts, useUpdateContact } from '../api/messaging';
import { PencilIcon, TrashIcon } from '../../../components/icons';
import styles from '../components/Messaging.module.css';

const DELAY_OPTIONS = notifyApi.ESCALATION_DELAYS.map((d) => ({ value: String(d), label: `${d} min` }));

interface Draft {
  name: string;
  email: string;
  phone: string;
  delay: string;
}

/** The form's first problem, checked as the server does: one valid channel, a free email, a name when asked. */
function draftProblem(draft: Draft, contacts: EscalationContactItem[], opts: { requireName: boolean; exceptId?: number }) {
  if (opts.requireName && !draft.name.trim()) return { field: 'name', message: MSG.escalationName };
  const email = draft.email.trim().toLowerCase();
  const emailOk = email !== '' && isValidEmail(email);
  const phoneOk = isValidPhone(draft.phone);
  if (!emailOk && !phoneOk) return { field: 'email', message: MSG.escalationNoContact };
  if (email && !emailOk) return { field: 'email', message: MSG.validEmail };
  if (draft.phone.trim() && !phoneOk) return { field: 'phone_number', message: MSG.validPhone };
  if (email && contacts.some((c) => c.email === email && c.contact_id !== opts.exceptId)) return { field: 'email', message: MSG.emailAlreadyAdded };
  return null;
}

const emptyDraft: Draft = { name: '', email: '', phone: '', delay: String(notifyApi.DEFAULT_ESCALATION_DELAY) };

function AddContactForm({ locationId, contacts }: { locationId: number; contacts: EscalationContactItem[] }) {
  const add = useAddContact(locationId);
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const serverErrors = apiFieldErrors(add.error);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblem(draft, contacts, { requireName: false });
    setProblem(found);
    if (found) {
      add.reset();
      return;
    }
    add.mutate(
      { name: draft.name, email: draft.email, phone_number: draft.phone, delay: Number(draft.delay) },
      {
        onSuccess: ({ message }) => {
          toast.show({ tone: 'success', title: message ?? MSG.escalationAdded, description: draft.name || draft.email || draft.phone });
          setDraft(emptyDraft);
        },
        onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  const fieldError = (field: string) => (problem?.field === field ? problem.message : serverErrors[field]);
  const general = problem?.message === MSG.escalationNoContact ? problem.message : null;

  return (
    <Card title="Escalation" description="When a customer's message waits for an answer, these people are alerted after the delay you choose.">
      <form className={styles.addForm} onSubmit={onSubmit} noValidate aria-label="Add escalation contact">
        {general && <Banner tone="danger">{general}</Banner>}
        <div className={styles.addFields}>
          <TextField label="Name" autoComplete="name" maxLength={100} value={draft.name} onChange={(e) => set({ name: e.target.value })} error={fieldError('name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={draft.email}
            onChange={(e) => set({ email: e.target.value })}
            error={general ? null : fieldError('email')}
          />
          <TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(512) 555-0100"
            maxLength={20}
            value={draft.phone}
            onChange={(e) => set({ phone: e.target.value })}
            error={fieldError('phone_number')}
          />
          <SelectField label="Delay" value={draft.delay} onChange={(delay) => set({ delay })} options={DELAY_OPTIONS} />
        </div>
        <div className={styles.formActions}>
          <Button type="submit" loading={add.isPending}>
            Add User
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The contact being edited in its row: one at a time, with the form's first problem. */
interface Editing {
  contact: EscalationContactItem;
  draft: Draft;
  problem: { field: string; message: string } | null;
}

const labelOf = (c: EscalationContactItem) => c.name || c.email || formatPhone(c.phone_number);
const dash = <span className={styles.muted}>—</span>;

function ContactsTable({ locationId, contacts }: { locationId: number; contacts: EscalationContactItem[] }) {
  const update = useUpdateContact(locationId);
  const remove = useDeleteContact(locationId);
  const toast = useToast();
  const [confirming, setConfirming] = useState<EscalationContactItem | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);

  const startEdit = (c: EscalationContactItem) =>
    setEditing({ contact: c, draft: { name: c.name, email: c.email, phone: formatPhone(c.phone_number), delay: String(c.delay) }, problem: null });
  const set = (patch: Partial<Draft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (!editing) return;
    const { contact, draft } = editing;
    const found = draftProblem(draft, contacts, { requireName: true, exceptId: contact.contact_id });
    setEditing({ ...editing, problem: found });
    if (found) return;
    update.mutate(
      { contact_id: contact.contact_id, name: draft.name, email: draft.email, phone_number: draft.phone, delay: Number(draft.delay) },
      {
        onSuccess: ({ message }) => {
          toast.show({ tone: 'success', title: message ?? MSG.escalationSaved, description: draft.name });
          setEditing(null);
        },
        onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  const doDelete = (c: EscalationContactItem) =>
    remove.mutate(c.contact_id, {
      onSuccess: ({ message }) => {
        toast.show({ tone: 'success', title: message ?? MSG.escalationDeleted, description: c.name || c.email });
        setConfirming(null);
      },
      onError: (error) => {
        toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) });
        setConfirming(null);
      },
    });

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') save();
    if (e.key === 'Escape') setEditing(null);
  };
  const err = (field: string) => (editing?.problem?.field === field ? editing.problem.message : undefined);
  /** The row's cell as shown, or its field while the row is edited. */
  const editable = (show: (c: EscalationContactItem) => ReactNode, field: (draft: Draft, label: string) => ReactNode) => (c: EscalationContactItem) =>
    editing?.contact.contact_id === c.contact_id ? <div onKeyDown={onKeyDown}>{field(editing.draft, labelOf(c))}</div> : show(c);

  const columns: Column<EscalationContactItem>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: editable(
        (c) => <span className={styles.strong}>{c.name || dash}</span>,
        (draft, label) => <TextField label={`Name of ${label}`} hideLabel value={draft.name} maxLength={100} autoFocus onChange={(e) => set({ name: e.target.value })} error={err('name')} />,
      ),
    },
    {
      id: 'phone',
      header: 'Phone',
      cell: editable(
        (c) => (c.phone_number ? formatPhone(c.phone_number) : dash),
        (draft, label) => <TextField label={`Phone of ${label}`} hideLabel type="tel" value={draft.phone} maxLength={20} onChange={(e) => set({ phone: e.target.value })} error={err('phone_number')} />,
      ),
    },
    {
      id: 'email',
      header: 'Email',
      cell: editable(
        (c) => c.email || dash,
        (draft, label) => <TextField label={`Email of ${label}`} hideLabel type="email" value={draft.email} onChange={(e) => set({ email: e.target.value })} error={err('email')} />,
      ),
    },
    {
      id: 'delay',
      header: 'Delay',
      className: styles.colDelay,
      cell: editable(
        (c) => `${c.delay} min`,
        (draft, label) => <SelectField label={`Delay of ${label}`} hideLabel value={draft.delay} onChange={(delay) => set({ delay })} options={DELAY_OPTIONS} />,
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      className: styles.colActions,
      cell: (c) => {
        const label = labelOf(c);
        return editing?.contact.contact_id === c.contact_id ? (
          <div className={styles.rowActions}>
            <Button variant="ghost" size="sm" icon={<CheckIcon />} aria-label={`Save ${label}`} loading={update.isPending} onClick={() => save()} />
            <Button variant="ghost" size="sm" icon={<CloseIcon />} aria-label={`Cancel editing ${label}`} disabled={update.isPending} onClick={() => setEditing(null)} />
          </div>
        ) : (
          <div className={styles.rowActions}>
            <Button variant="ghost" size="sm" icon={<PencilIcon />} aria-label={`Edit ${label}`} onClick={() => startEdit(c)} />
            <Button variant="ghost" size="sm" icon={<TrashIcon />} aria-label={`Delete ${label}`} onClick={() => setConfirming(c)} />
          </div>
        );
      },
    },
  ];

  return (
    <Card flush title="Escalation contacts">
      <DataTable
        label="Escalation contacts"
        columns={columns}
        rows={contacts}
        rowKey={(c) => c.contact_id}
        rowTestId={(c) => `escalation-row-${c.contact_id}`}
        rowClassName={(c) => (editing?.contact.contact_id === c.contact_id ? styles.editing : undefined)}
        empty={{ icon: <UserIcon size={22} />, title: MSG.noEscalationContacts, description: 'Add someone above to be alerted about waiting customers.' }}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete contact?"
        message={confirming ? `${labelOf(confirming)} will no longer be alerted.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => confirming && doDelete(confirming)}
      />
    </Card>
  );
}

function Escalation({ locationId }: { locationId: number }) {
  // No contacts still shows the form to add one; the table says it is empty itself.
  return (
    <QueryBoundary query={useEscalationContacts(locationId)} isEmpty={() => false}>
      {(contacts) => (
        <div className={styles.stack}>
          <AddContactForm locationId={locationId} contacts={contacts} />
          <ContactsTable locationId={locationId} contacts={contacts} />
        </div>
      )}
    </QueryBoundary>
  );
}

/** Settings › Messaging › Notifications: the escalation contacts. */
export default function EscalationPage() {
  const session = useCurrentSession();
  const locationId = session?.location.location_id;
  return (
    <SettingsFrame section="settings-messaging">
      {locationId ? <Escalation key={locationId} locationId={locationId} /> : <LoadingState />}
    </SettingsFrame>
  );
}
