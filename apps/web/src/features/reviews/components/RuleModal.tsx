import {
  REPLY_LIMITS,
  REPLY_MSG,
  REPLY_PLACEHOLDERS,
  RULE_DELAYS,
  RULE_RATING_LABELS,
  RULE_RATINGS,
  replyProblemMessage,
  unknownReplyPlaceholder,
  type ReplyRule,
  type RuleMode,
  type RuleRating,
} from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { SelectField } from '../../../components/SelectField';
import { Switch } from '../../../components/Switch';
import { TextAreaField } from '../../../components/TextAreaField';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useFormErrors, type FieldErrors } from '../../../lib/forms';
import { useCreateRule, useUpdateRule } from '../api/replies';
import styles from './ReplySettings.module.css';

/** A delay as a person reads it: 5 minutes, 1 hour, 24 hours. */
export function delayLabel(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const MODES: { value: RuleMode; label: string }[] = [
  { value: 'template', label: 'A template of mine' },
  { value: 'draft', label: "The review's draft reply" },
];

const DEFAULT_TEMPLATE = 'Thank you, {first_name}! We are glad {technician} could help.\n\n{sign_off}';

/** Add or change an automatic reply rule; the server checks it again (and the limit of ten). */
export function RuleModal({ locationId, open, onOpenChange, rule }: { locationId: number; open: boolean; onOpenChange: (open: boolean) => void; rule: ReplyRule | null }) {
  const create = useCreateRule(locationId);
  const update = useUpdateRule(locationId);
  const mutation = rule ? update : create;
  const toast = useToast();
  const [name, setName] = useState(rule?.name ?? '');
  const [rating, setRating] = useState<RuleRating>(rule?.rating ?? 'five_with_text');
  const [delay, setDelay] = useState(String(rule?.delay_minutes ?? 30));
  const [mode, setMode] = useState<RuleMode>(rule?.mode ?? 'template');
  const [template, setTemplate] = useState(rule?.template || DEFAULT_TEMPLATE);
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const { errors, generalError, accept, clear } = useFormErrors(mutation);

  const close = (next: boolean) => {
    if (mutation.isPending) return;
    if (!next) clear();
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const trimmedName = name.trim();
    const trimmed = template.trim();
    if (!trimmedName || trimmedName.length > REPLY_LIMITS.ruleName) found.name = REPLY_MSG.ruleName;
    if (mode === 'template') {
      const unknown = unknownReplyPlaceholder(trimmed);
      const problem = replyProblemMessage(trimmed, 'A reply template');
      if (!trimmed || trimmed.length > REPLY_LIMITS.template) found.template = REPLY_MSG.template;
      else if (unknown) found.template = REPLY_MSG.templatePlaceholder(unknown);
      else if (problem) found.template = problem;
    }
    if (!accept(found)) return;
    const body = { name: trimmedName, enabled, source: 'google' as const, rating, delay_minutes: Number(delay), mode, template: mode === 'template' ? trimmed : '' };
    const done = {
      onSuccess: ({ message }: { message?: string | undefined }) => {
        toast.show({ tone: 'success', title: message ?? REPLY_MSG.ruleSaved });
        close(false);
      },
    };
    if (rule) update.mutate({ id: rule.id, body }, done);
    else create.mutate(body, done);
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={rule ? 'Edit reply rule' : 'Add reply rule'}
      description="Answers Google reviews that arrive from now on. Reviews of 3 stars or fewer are never answered automatically."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="reply-rule-form" loading={mutation.isPending}>
            {rule ? 'Save rule' : 'Add rule'}
          </Button>
        </>
      }
    >
      <form id="reply-rule-form" className={styles.form} onSubmit={onSubmit} noValidate aria-label="Reply rule">
        {generalError && (
          <Banner tone="danger" title="Oops!">
            {generalError}
          </Banner>
        )}
        <TextField label="Rule name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={REPLY_LIMITS.ruleName + 20} hint="Replies it posts are listed as “Auto-reply rule <name>”." />
        <div className={styles.fields}>
          <SelectField label="Reviews" value={rating} onChange={setRating} options={RULE_RATINGS.map((r) => ({ value: r, label: `Google, ${RULE_RATING_LABELS[r]}` }))} error={errors.rating} />
          <SelectField
            label="Reply after"
            value={delay}
            onChange={setDelay}
            options={[...new Set<number>([...RULE_DELAYS, Number(delay)])].sort((a, b) => a - b).map((m) => ({ value: String(m), label: delayLabel(m) }))}
            error={errors.delay_minutes}
            hint="Then only inside the sending window."
          />
        </div>
        <SelectField label="Reply with" value={mode} onChange={setMode} options={MODES} error={errors.mode} />
        {mode === 'template' ? (
          <TextAreaField
            label="Template"
            value={template}
            onChange={(e) => setTemplate(e.target.value)}
            rows={5}
            maxChars={REPLY_LIMITS.template}
            error={errors.template}
            hint={`Placeholders: ${REPLY_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}. No offers, no rating requests, no phone numbers.`}
          />
        ) : (
          <p className={styles.muted}>Each review gets its own draft, written from its words in your reply voice.</p>
        )}
        <Switch checked={enabled} onCheckedChange={setEnabled} label="Rule is on" />
      </form>
    </Modal>
  );
}
