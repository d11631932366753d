import { useMemo, useState, type FormEvent } from 'react';
import { CARD_LIMITS, CARD_PLACEHOLDERS, MSG, formatPhoneTyping, toE164, unknownCardPlaceholder, type CardCommType } from '@kudo/shared';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { SelectField } from '../../../components/SelectField';
import { TextAreaField } from '../../../components/TextAreaField';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useCardTemplates, useSaveCardTemplates, useSendDemo } from '../api/card';
import styles from './TemplatesPage.module.css';

type Categories = { name: string; templates: { commType: string; templateName: string; smsBody: string }[] }[];

export default function TemplatesPage() {
  const templates = useCardTemplates();
  return (
    <SettingsFrame section="settings-contact-card" lead="The texts that carry your contact card to customers.">
      <QueryBoundary query={templates} isEmpty={(data) => data.categories.every((c) => c.templates.length === 0)}>
        {(data) => <TemplatesForm key={templates.dataUpdatedAt} categories={data.categories} />}
      </QueryBoundary>
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

type Errors = Partial<Record<'template' | 'body' | 'phone', string>>;

/**
 * One template at a time: the 'Demo SMS Template' dropdown picks it, its SMS body is edited in place, and
 * 'Send test SMS' texts the body as it stands to the test number. 'Save Templates' keeps every edited body.
 */
function TemplatesForm({ categories: saved }: { categories: Categories }) {
  const toast = useToast();
  const save = useSaveCardTemplates();
  const send = useSendDemo();
  const all = useMemo(() => saved.flatMap((c) => c.templates), [saved]);
  const [commType, setCommType] = useState(all[0]?.commType ?? '');
  const [bodies, setBodies] = useState<Record<string, string>>(() => Object.fromEntries(all.map((t) => [t.commType, t.smsBody])));
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const chosen = all.find((t) => t.commType === commType);
  const body = bodies[commType] ?? '';
  const dirty = all.some((t) => bodies[t.commType] !== t.smsBody);
  const clear = (field: keyof Errors) => errors[field] && setErrors(({ [field]: _, ...rest }) => rest);

  const onSend = (e: FormEvent) => {
    e.preventDefault();
    const phoneNumber = toE164(phone);
    const found: Errors = {};
    if (!chosen) found.template = MSG.cardChooseTemplate;
    else {
      const problem = bodyProblem(body);
      if (problem) found.body = problem;
    }
    if (!phoneNumber) found.phone = MSG.validPhone;
    setErrors(found);
    if (Object.keys(found).length || !phoneNumber) return;
    send.mutate(
      { commType: commType as CardCommType, phoneNumber, smsBody: body },
      {
        onSuccess: ({ message }) => toast.show({ title: message ?? MSG.cardDemoSent, tone: 'success' }),
        onError: (error) => toast.show({ title: 'Error', description: errorMessage(error), tone: 'error' }),
      },
    );
  };

  const onSave = () => {
    const broken = all.find((t) => bodyProblem(bodies[t.commType] ?? ''));
    if (broken) {
      // Show the template that needs fixing, with its problem.
      setCommType(broken.commType);
      setErrors({ body: bodyProblem(bodies[broken.commType] ?? '')! });
      return;
    }
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
    <Card title="Templates">
      <form className={styles.form} onSubmit={onSend} noValidate>
        <SelectField
          label="Demo SMS Template"
          value={commType}
          onChange={(value) => {
            setCommType(value);
            clear('template');
            clear('body');
          }}
          options={all.map((t) => ({ value: t.commType, label: t.templateName }))}
          error={errors.template}
        />
        <TextAreaField
          label="SMS body"
          value={body}
          onChange={(e) => {
            const value = e.target.value;
            setBodies((b) => ({ ...b, [commType]: value }));
            clear('body');
          }}
          rows={4}
          maxChars={CARD_LIMITS.smsBodyMax}
          error={errors.body}
        />
        <p className={styles.placeholders}>
          Placeholders filled in for each customer:{' '}
          {CARD_PLACEHOLDERS.map((p) => (
            <code key={p} className={styles.code}>{`{${p}}`}</code>
          ))}
        </p>
        <TextField
          label="Test phone number"
          value={phone}
          onChange={(e) => {
            setPhone(formatPhoneTyping(e.target.value));
            clear('phone');
          }}
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(512) 555-0100"
          leading={<span className={styles.prefix}>+1</span>}
          hint="The test is filled in with a sample customer and the text as it stands above, saved or not."
          error={errors.phone}
        />
        <div className={styles.footer}>
          {dirty && <span className={styles.unsaved}>You have unsaved changes.</span>}
          <Button variant="secondary" onClick={onSave} loading={save.isPending} disabled={!dirty}>
            Save Templates
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send test SMS
          </Button>
        </div>
      </form>
    </Card>
  );
}
