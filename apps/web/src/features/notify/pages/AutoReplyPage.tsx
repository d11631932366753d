import { MSG, notifyApi, type AutoReplyData } from '@kudo/shared';
import { useId, useState, type FormEvent } from 'react';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { SelectField } from '../../../components/SelectField';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { LoadingState } from '../../../components/States';
import { Switch } from '../../../components/Switch';
import { useToast } from '../../../components/Toast';
import { cx } from '../../../lib/cx';
import { errorMessage, zodFieldErrors, type FieldErrors } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useAutoReply, useSaveAutoReply } from '../api/messaging';
import styles from '../components/Messaging.module.css';

const DELAY_OPTIONS = notifyApi.AUTO_REPLY_DELAYS.map((d) => ({ value: String(d), label: d === 1 ? '1 minute' : `${d} minutes` }));

function ReplyText({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  return (
    <div className={styles.textareaField}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={cx(styles.textarea, error && styles.invalid)}
        value={value}
        maxLength={notifyApi.AUTO_REPLY_TEXT_MAX}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-count`}
      />
      <div className={styles.fieldFoot}>
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
        <span id={`${id}-count`}>
          {value.length}/{notifyApi.AUTO_REPLY_TEXT_MAX}
        </span>
      </div>
    </div>
  );
}

function AutoReplyForm({ locationId, initial }: { locationId: number; initial: AutoReplyData }) {
  const save = useSaveAutoReply(locationId);
  const toast = useToast();
  const [form, setForm] = useState<AutoReplyData>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = notifyApi.saveAutoReply.body.safeParse(form);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: ({ data, message }) => {
        setForm(data);
        toast.show({ tone: 'success', title: message ?? MSG.autoReplySaved });
      },
      onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
    });
  };

  const first = form.firstReply;
  const second = form.secondReply;
  return (
    <Card title="Auto-reply" description="Automatic text answers to a customer who messages you: one right away, and one more if nobody has replied after the delay.">
      <form className={styles.replyForm} onSubmit={onSubmit} noValidate aria-label="Auto-reply settings">
        <section className={styles.reply} aria-label="First Reply">
          <div className={styles.replyHeader}>
            <h3 className={styles.replyTitle}>First Reply</h3>
            <Switch label="Enable first reply" checked={first.enable} onCheckedChange={(enable) => setForm({ ...form, firstReply: { ...first, enable } })} />
          </div>
          <ReplyText
            label="First reply text"
            value={first.text}
            onChange={(text) => setForm({ ...form, firstReply: { ...first, text } })}
            error={errors['firstReply.text']}
          />
        </section>
        <section className={styles.reply} aria-label="Second Reply">
          <div className={styles.replyHeader}>
            <h3 className={styles.replyTitle}>Second Reply</h3>
            <Switch label="Enable second reply" checked={second.enable} onCheckedChange={(enable) => setForm({ ...form, secondReply: { ...second, enable } })} />
          </div>
          <ReplyText
            label="Second reply text"
            value={second.text}
            onChange={(text) => setForm({ ...form, secondReply: { ...second, text } })}
            error={errors['secondReply.text']}
          />
          <SelectField
            label="Send the second reply after"
            className={styles.delay}
            value={String(second.delay)}
            onChange={(v) => setForm({ ...form, secondReply: { ...second, delay: Number(v) } })}
            options={DELAY_OPTIONS}
            error={errors['secondReply.delay']}
          />
        </section>
        <div className={styles.formActions}>
          <Button type="submit" loading={save.isPending}>
            Update
          </Button>
        </div>
      </form>
    </Card>
  );
}

function AutoReply({ locationId }: { locationId: number }) {
  return <QueryBoundary query={useAutoReply(locationId)}>{(settings) => <AutoReplyForm locationId={locationId} initial={settings} />}</QueryBoundary>;
}

/** Settings › Messaging › Auto-reply. */
export default function AutoReplyPage() {
  const session = useCurrentSession();
  const locationId = session?.location.location_id;
  return (
    <SettingsFrame section="settings-messaging">
      {locationId ? <AutoReply key={locationId} locationId={locationId} /> : <LoadingState />}
    </SettingsFrame>
  );
}
