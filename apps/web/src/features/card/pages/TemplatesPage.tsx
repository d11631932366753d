import { useMemo, useState, type FormEvent } from 'react';
import { CARD_LIMITS, CARD_PLACEHOLDERS, MSG, formatPhoneTyping, toE164, unknownCardPlaceholder, type CardCommType } from '@kudo/shared';
import { SettingsFrame } from '../../../app/layout/SettingsFrame';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Modal } from '../../../components/Modal';
import { SelectField } from '../../../components/SelectField';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCardTemplates, useSaveCardTemplates, useSendDemo } from '../api/card';
import { TextAreaField } from '../../../components/TextAreaField';
import styles from './TemplatesPage.module.css';

type Categories = { name: string; templates: { commType: string; templateName: string; smsBody: string }[] }[];

export default function TemplatesPage() {
  const templates = useCardTemplates();
  return (
    <SettingsFrame section="settings-contact-card" lead="The texts that carry your contact card to customers.">
      {templates.isPending ? (
        <LoadingState />
      ) : templates.isError ? (
        <ErrorState message={errorMessage(templates.error)} onRetry={() => void templates.refetch()} retrying={templates.isFetching} />
      ) : templates.data.categories.length === 0 ? (
        <EmptyState />
      ) : (
        <TemplatesForm key={templates.dataUpdatedAt} categories={templates.data.categories} />
      )}
    </SettingsFrame>
  );
}

/** The problem of one SMS text, checked as the server does. */
function bodyProblem(body: string): string | null {
  if (!body.trim()) return MSG.cardSmsBodyRequired;
  if (body.trim().length > CARD_LIMITS.smsBodyMax) return MSG.cardSmsBodyTooLong;
  const unknown = unknownCardPlaceholder(body);
  return unknown ? `${MSG.cardUnknownPlaceholder} ${unknown}` : null;
}

function TemplatesForm({ categories: saved }: { categories: Categories }) {
  const toast = useToast();
  const save = useSaveCardTemplates();
  const [bodies, setBodies] = useState<Record<string, string>>(() =>
    Object.fromEntries(saved.flatMap((c) => c.templates.map((t) => [t.commType, t.smsBody]))),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [demoFor, setDemoFor] = useState<string | null>(null);
  const all = useMemo(() => saved.flatMap((c) => c.templates), [saved]);
  const dirty = all.some((t) => bodies[t.commType] !== t.smsBody);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const t of all) {
      const problem = bodyProblem(bodies[t.commType] ?? '');
      if (problem) found[t.commType] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      {
        categories: saved.map((c) => ({
          name: c.name,
          templates: c.templates.map((t) => ({ commType: t.commType as CardCommType, templateName: t.templateName, smsBody: bodies[t.commType] ?? '' })),
        })),
      },
      {
        onSuccess: ({ message }) => toast.show({ title: 'Success!', description: message ?? MSG.templatesUpdated, tone: 'success' }),
        onError: (error) => toast.show({ title: 'Error', description: errorMessage(error), tone: 'error' }),
      },
    );
  };

  return (
    <>
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.placeholders}>
        Placeholders filled in for each customer:{' '}
        {CARD_PLACEHOLDERS.map((p) => (
          <code key={p} className={styles.code}>{`{${p}}`}</code>
        ))}
      </p>
      {saved.map((category) => (
        <Card key={category.name} title={category.name}>
          <div className={styles.templates}>
            {category.templates.map((t) => (
              <div key={t.commType} className={styles.template}>
                <TextAreaField
                  label={t.templateName}
                  value={bodies[t.commType] ?? ''}
                  onChange={(e) => {
                    const value = e.target.value;
                    setBodies((b) => ({ ...b, [t.commType]: value }));
                    if (errors[t.commType]) setErrors(({ [t.commType]: _, ...rest }) => rest);
                  }}
                  rows={3}
                  maxChars={CARD_LIMITS.smsBodyMax}
                  error={errors[t.commType]}
                />
                <div className={styles.templateActions}>
                  <Button variant="ghost" size="sm" onClick={() => setDemoFor(t.commType)}>
                    Send test SMS
                  </Button>
                </div>
              </div>
            ))}
          </div>
        </Card>
      ))}
      <div className={styles.footer}>
        {dirty && <span className={styles.unsaved}>You have unsaved changes.</span>}
        <Button type="submit" loading={save.isPending} disabled={!dirty}>
          Save Templates
        </Button>
      </div>
    </form>
      <DemoModal
        open={demoFor !== null}
        onOpenChange={(open) => !open && setDemoFor(null)}
        templates={all}
        initial={demoFor ?? all[0]?.commType ?? ''}
        unsaved={dirty}
      />
    </>
  );
}

function DemoModal({
  open,
  onOpenChange,
  templates,
  initial,
  unsaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  templates: { commType: string; templateName: string; smsBody: string }[];
  initial: string;
  unsaved: boolean;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Send a test SMS" size="sm">
      {open && <DemoForm key={initial} templates={templates} initial={initial} unsaved={unsaved} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function DemoForm({
  templates,
  initial,
  unsaved,
  onDone,
}: {
  templates: { commType: string; templateName: string; smsBody: string }[];
  initial: string;
  unsaved: boolean;
  onDone: () => void;
}) {
  const toast = useToast();
  const send = useSendDemo();
  const [commType, setCommType] = useState(initial);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = templates.find((t) => t.commType === commType);
  const e164 = toE164(phone);

  const onSend = () => {
    if (!chosen) return setError(MSG.cardChooseTemplate);
    if (e164 === null) return setError(MSG.validPhone);
    setError(null);
    send.mutate(
      { commType: commType as CardCommType, phoneNumber: e164 },
      {
        onSuccess: ({ message }) => {
          toast.show({ title: message ?? MSG.cardDemoSent, tone: 'success' });
          onDone();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <div className={styles.demo}>
      <SelectField
        label="Demo SMS Template"
        value={commType}
        onChange={setCommType}
        options={templates.map((t) => ({ value: t.commType, label: t.templateName }))}
      />
      {chosen && (
        <figure className={styles.previewFigure}>
          <figcaption className={styles.previewCaption}>Saved text</figcaption>
          <p className={styles.preview}>{chosen.smsBody}</p>
        </figure>
      )}
      {unsaved && (
        <Banner tone="info">The test uses the saved text. Save your changes first to test them.</Banner>
      )}
      <TextField
        label="Test phone number"
        value={phone}
        onChange={(e) => {
          setPhone(formatPhoneTyping(e.target.value));
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSend();
          }
        }}
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(512) 555-0100"
        leading={<span className={styles.prefix}>+1</span>}
        error={error}
      />
      <div className={styles.demoActions}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={onSend} loading={send.isPending} disabled={!chosen || e164 === null}>
          Send test SMS
        </Button>
      </div>
    </div>
  );
}
