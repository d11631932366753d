import { WEBHOOK_EVENT_INFO, WEBHOOK_EVENTS, WEBHOOK_LIMITS, WEBHOOK_MSG, type WebhookEventType } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { ChoiceFieldset } from '../../../components/ChoiceFieldset';
import { CopyField } from '../../../components/CopyField';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { useFormErrors, type FieldErrors } from '../../../lib/forms';
import { useCreateWebhook } from '../api/webhooks';
import styles from './Webhooks.module.css';

/**
 * Add webhook: the address and its events, then the signing secret, shown this once with a Copy button. Closing
 * the dialog forgets it.
 */
export function AddWebhookModal({ open, onOpenChange, locationId }: { open: boolean; onOpenChange: (open: boolean) => void; locationId: number }) {
  const create = useCreateWebhook(locationId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [made, setMade] = useState<{ secret: string; url: string } | null>(null);
  const { errors, generalError, accept, clear } = useFormErrors(create);

  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      setUrl('');
      setEvents([]);
      setMade(null);
      clear();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const trimmed = url.trim();
    if (!trimmed || trimmed.length > WEBHOOK_LIMITS.urlMax) found.url = WEBHOOK_MSG.url;
    if (events.length === 0) found.events = WEBHOOK_MSG.events;
    if (!accept(found)) return;
    create.mutate({ url: trimmed, events }, { onSuccess: ({ data }) => setMade({ secret: data.secret, url: data.url }) });
  };

  if (made) {
    return (
      <Modal
        open={open}
        onOpenChange={close}
        title="Webhook added"
        description="Copy the signing secret now and give it to the receiving system: it is shown only this once. The receiver checks each event's webhook-signature with it."
        footer={<Button onClick={() => close(false)}>Done</Button>}
      >
        <div className={styles.form}>
          <p className={styles.code}>{made.url}</p>
          <CopyField label="Signing secret" value={made.secret} noun="secret" />
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Add webhook"
      description="Each event you choose is sent to this address as a signed JSON POST."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="add-webhook-form" loading={create.isPending}>
            Add webhook
          </Button>
        </>
      }
    >
      <form id="add-webhook-form" className={styles.form} onSubmit={onSubmit} noValidate>
        {generalError && (
          <Banner tone="danger" title="Oops!">
            {generalError}
          </Banner>
        )}
        <TextField
          label="URL"
          type="url"
          inputMode="url"
          value={url}
          maxLength={WEBHOOK_LIMITS.urlMax}
          placeholder="https://"
          onChange={(e) => setUrl(e.target.value)}
          error={errors.url}
          hint="A public https address, e.g. a Zapier catch hook."
          autoFocus
        />
        <ChoiceFieldset
          legend="Events"
          idPrefix="webhook-event"
          choices={WEBHOOK_EVENTS.map((type) => ({ value: type, ...WEBHOOK_EVENT_INFO[type] }))}
          selected={events}
          onChange={setEvents}
          error={errors.events}
        />
      </form>
    </Modal>
  );
}
