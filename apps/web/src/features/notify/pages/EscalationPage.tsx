import { formatPhone, isValidEmail, isValidPhone, MSG, notifyApi, type EscalationContactItem } from '@kudo/shared';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CheckIcon, CloseIcon, UserIcon } from '../../../components/icons';
import { SelectField } from '../../../components/SelectField';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, LoadingState } from '../../../components/States';
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

function ContactRow({
  contact,
  contacts,
  locationId,
  onDelete,
}: {
  contact: EscalationContactItem;
  contacts: EscalationContactItem[];
  locationId: number;
  onDelete: (c: EscalationContactItem) => void;
}) {
  const update = useUpdateContact(locationId);
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const label = contact.name || contact.email || formatPhone(contact.phone_number);

  const startEdit = () => {
    setDraft({ name: contact.name, email: contact.email, phone: formatPhone(contact.phone_number), delay: String(contact.delay) });
    setProblem(null);
  };

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (!draft) return;
    const found = draftProblem(draft, contacts, { requireName: true, exceptId: contact.contact_id });
    setProblem(found);
    if (found) return;
    update.mutate(
      { contact_id: contact.contact_id, name: draft.name, email: draft.email, phone_number: draft.phone, delay: Number(draft.delay) },
      {
        onSuccess: ({ message }) => {
          toast.show({ tone: 'success', title: message ?? MSG.escalationSaved, description: draft.name });
          setDraft(null);
        },
        onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  if (!draft) {
    return (
      <tr data-testid={`escalation-row-${contact.contact_id}`}>
        <td className={styles.strong}>{contact.name || <span className={styles.muted}>—</span>}</td>
        <td>{contact.phone_number ? formatPhone(contact.phone_number) : <span className={styles.muted}>—</span>}</td>
        <td>{contact.email || <span className={styles.muted}>—</span>}</td>
        <td>{contact.delay} min</td>
        <td>
          <div className={styles.rowActions}>
            <Button variant="ghost" size="sm" icon={<PencilIcon />} aria-label={`Edit ${label}`} onClick={startEdit} />
            <Button variant="ghost" size="sm" icon={<TrashIcon />} aria-label={`Delete ${label}`} onClick={() => onDelete(contact)} />
          </div>
        </td>
      </tr>
    );
  }

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const err = (field: string) => (problem?.field === field ? problem.message : undefined);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') save();
    if (e.key === 'Escape') setDraft(null);
  };

  return (
    <tr data-testid={`escalation-row-${contact.contact_id}`} className={styles.editing} onKeyDown={onKeyDown}>
      <td>
        <TextField label={`Name of ${label}`} hideLabel value={draft.name} maxLength={100} autoFocus onChange={(e) => set({ name: e.target.value })} error={err('name')} />
      </td>
      <td>
        <TextField label={`Phone of ${label}`} hideLabel type="tel" value={draft.phone} maxLength={20} onChange={(e) => set({ phone: e.target.value })} error={err('phone_number')} />
      </td>
      <td>
        <TextField label={`Email of ${label}`} hideLabel type="email" value={draft.email} onChange={(e) => set({ email: e.target.value })} error={err('email')} />
      </td>
      <td>
        <SelectField label={`Delay of ${label}`} hideLabel value={draft.delay} onChange={(delay) => set({ delay })} options={DELAY_OPTIONS} />
      </td>
      <td>
        <div className={styles.rowActions}>
          <Button variant="ghost" size="sm" icon={<CheckIcon />} aria-label={`Save ${label}`} loading={update.isPending} onClick={() => save()} />
          <Button variant="ghost" size="sm" icon={<CloseIcon />} aria-label={`Cancel editing ${label}`} disabled={update.isPending} onClick={() => setDraft(null)} />
        </div>
      </td>
    </tr>
  );
}

function ContactsTable({ locationId, contacts }: { locationId: number; contacts: EscalationContactItem[] }) {
  const remove = useDeleteContact(locationId);
  const toast = useToast();
  const [confirming, setConfirming] = useState<EscalationContactItem | null>(null);

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

  return (
    <Card flush title="Escalation contacts">
      {contacts.length === 0 ? (
        <EmptyState compact icon={<UserIcon size={22} />} title={MSG.noEscalationContacts} description="Add someone above to be alerted about waiting customers." />
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <colgroup>
              <col />
              <col />
              <col />
              <col className={styles.colDelay} />
              <col className={styles.colActions} />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
                <th scope="col">Email</th>
                <th scope="col">Delay</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {contacts.map((c) => (
                <ContactRow key={c.contact_id} contact={c} contacts={contacts} locationId={locationId} onDelete={setConfirming} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete contact?"
        message={confirming ? `${confirming.name || confirming.email || formatPhone(confirming.phone_number)} will no longer be alerted.` : ''}
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
