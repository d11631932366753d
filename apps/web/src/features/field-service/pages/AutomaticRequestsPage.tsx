import { FIELD_CHANNELS, FIELD_LIMITS, FS_MSG, type FieldRules } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { SelectField } from '../../../components/SelectField';
import { LoadingState } from '../../../components/States';
import { Switch } from '../../../components/Switch';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useFormErrors } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useFieldRules, useSaveFieldRules } from '../api/fieldService';
import styles from '../components/FieldService.module.css';

const CHANNEL_LABELS: Record<(typeof FIELD_CHANNELS)[number], string> = { sms: 'Text message', email: 'Email', both: 'Text and email' };

function RulesForm({ locationId, rules, window }: { locationId: number; rules: FieldRules; window: { start_hour: number; end_hour: number; time_zone: string } }) {
  const save = useSaveFieldRules(locationId);
  const toast = useToast();
  const [enabled, setEnabled] = useState(rules.enabled);
  const [wait, setWait] = useState(String(rules.wait_minutes));
  const [channel, setChannel] = useState(rules.channel);
  const [repeat, setRepeat] = useState(String(rules.repeat_days));
  const [tags, setTags] = useState(rules.skip_tags.join(', '));
  const { errors, generalError, accept } = useFormErrors(save);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const waitMinutes = Number(wait);
    const repeatDays = Number(repeat);
    if (!/^\d+$/.test(wait.trim()) || waitMinutes > FIELD_LIMITS.waitMinutesMax) found.wait_minutes = FS_MSG.waitMinutes;
    if (!/^\d+$/.test(repeat.trim()) || repeatDays < FIELD_LIMITS.repeatDaysMin || repeatDays > FIELD_LIMITS.repeatDaysMax) found.repeat_days = FS_MSG.repeatDays;
    const skipTags = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (skipTags.length > FIELD_LIMITS.skipTagsMax || skipTags.some((t) => t.length > FIELD_LIMITS.tagMax)) found.skip_tags = FS_MSG.skipTags;
    if (!accept(found)) return;
    save.mutate(
      { enabled, wait_minutes: waitMinutes, channel, repeat_days: repeatDays, skip_tags: skipTags },
      { onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? 'Rules saved.' }) },
    );
  };

  return (
    <Card title="Rules" description="What happens when a job done arrives from a connector, the job webhook or a test job.">
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Automatic request rules">
        {generalError && (
          <Banner tone="danger" title="Oops!">
            {generalError}
          </Banner>
        )}
        <Switch checked={enabled} onCheckedChange={setEnabled} label="Send review requests automatically after a job" />
        <div className={styles.fields}>
          <TextField
            label="Wait after the job (minutes)"
            inputMode="numeric"
            value={wait}
            onChange={(e) => setWait(e.target.value)}
            error={errors.wait_minutes}
            hint={`Then the sending window applies: ${window.start_hour}:00 to ${window.end_hour}:00 (${window.time_zone}). A job closed later is asked at the next opening.`}
          />
          <SelectField label="Channel" value={channel} onChange={setChannel} options={FIELD_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))} error={errors.channel} />
          <TextField
            label="Do not ask the same customer again for (days)"
            inputMode="numeric"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            error={errors.repeat_days}
            hint="By phone or email, whatever sent the last request."
          />
        </div>
        <TextField
          label="Skip jobs tagged"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          error={errors.skip_tags}
          placeholder="no-review, warranty"
          hint="Words separated by commas; a job with any of these tags is skipped."
        />
        <p className={styles.muted}>A job whose technician has no campaign is skipped too (Settings › Integrations › Field service › Technicians).</p>
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            Save rules
          </Button>
        </div>
      </form>
    </Card>
  );
}

function AutomaticRequests({ locationId }: { locationId: number }) {
  const rules = useFieldRules(locationId);
  return (
    <SettingsFrame
      section="settings-integrations"
      title="Automatic requests"
      lead="Review requests sent on their own when a job is done in your field-service software: every job, sent, scheduled or skipped, is listed under Field service."
    >
      <QueryBoundary query={rules} isEmpty={() => false}>
        {(data) => <RulesForm locationId={locationId} rules={data.rules} window={data.send_window} />}
      </QueryBoundary>
    </SettingsFrame>
  );
}

/** Settings › Integrations › Automatic requests (Owner and Admin). */
export default function AutomaticRequestsPage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <AutomaticRequests key={session.location.location_id} locationId={session.location.location_id} />;
}
