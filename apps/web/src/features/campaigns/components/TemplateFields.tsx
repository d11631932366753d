import { SMS_TEMPLATE_MAX, TEMPLATE_PLACEHOLDERS, type MessageTemplates } from '@kudo/shared';
import { TextAreaField } from '../../../components/TextAreaField';
import styles from './CampaignForms.module.css';

export type TemplateKey = keyof MessageTemplates;

const FIELDS: { key: TemplateKey; label: string; sms: boolean }[] = [
  { key: 'pcheckSmsTemplate', label: 'Pulse Check SMS', sms: true },
  { key: 'bioSmsTemplate', label: 'Bio SMS', sms: true },
  { key: 'pcheckEmailTemplate', label: 'Pulse Check email', sms: false },
  { key: 'bioEmailTemplate', label: 'Bio email', sms: false },
];

/** The four message templates, with the placeholders they may use and a counter on the SMS ones. */
export function TemplateFields({
  values,
  onChange,
  errors,
  fallback,
  disabled,
}: {
  values: MessageTemplates;
  onChange: (key: TemplateKey, value: string) => void;
  errors: Partial<Record<TemplateKey, string>>;
  /** What a blank field means: shown as its placeholder text. */
  fallback?: MessageTemplates;
  disabled?: boolean;
}) {
  return (
    <div className={styles.stack}>
      <p className={styles.help}>
        Placeholders: {TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}. They are replaced when a message is sent.
        {fallback ? ' Leave a field blank to use the default template.' : ''}
      </p>
      {FIELDS.map((f) => (
        <TextAreaField
          key={f.key}
          label={f.label}
          value={values[f.key]}
          onChange={(e) => onChange(f.key, e.target.value)}
          error={errors[f.key]}
          maxChars={f.sms ? SMS_TEMPLATE_MAX : undefined}
          rows={f.sms ? 3 : 6}
          placeholder={fallback?.[f.key]}
          disabled={disabled}
        />
      ))}
    </div>
  );
}
