import { WEBHOOK_EVENT_INFO, WEBHOOK_EVENTS, WEBHOOK_LIMITS, WEBHOOK_MSG, type WebhookEventType } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
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
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const { errors, generalError, accept, clear } = useFormErrors(create);

  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      setUrl('');
      setEvents([]);
      setMade(null);
      setCopied(null);
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

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
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
          <div className={styles.secretRow}>
            <TextField label="Signing secret" value={made.secret} readOnly className={styles.secretInput} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="secondary" onClick={() => void copy()}>
              Copy
            </Button>
          </div>
          <p role="status" className={styles.muted}>
            {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Copying was refused by the browser: select the secret and copy it.' : ''}
          </p>
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
        <fieldset className={styles.events} aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((type) => {
            const id = `webhook-event-${type.replace(/[^a-z]/g, '-')}`;
            return (
              <div key={type} className={styles.event}>
                <input
                  id={id}
                  type="checkbox"
                  checked={events.includes(type)}
                  aria-describedby={`${id}-hint`}
                  onChange={(e) => setEvents((cur) => (e.target.checked ? [...cur, type] : cur.filter((t) => t !== type)))}
                />
                <label htmlFor={id}>
                  <span className={styles.eventName}>{WEBHOOK_EVENT_INFO[type].label}</span> <code className={styles.code}>{type}</code>
                </label>
                <span id={`${id}-hint`} className={styles.eventHint}>
                  {WEBHOOK_EVENT_INFO[type].description}
                </span>
              </div>
            );
          })}
          {errors.events && (
            <p id="webhook-events-error" className={styles.error}>
              {errors.events}
            </p>
          )}
        </fieldset>
      </form>
    </Modal>
  );
}
