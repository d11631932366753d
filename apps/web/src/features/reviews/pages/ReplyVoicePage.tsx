import { REPLY_LIMITS, REPLY_MSG, REPLY_TONE_LABELS, REPLY_TONES, replyProblemMessage, type ReplyTone } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { canEnter } from '../../../config/menu';
import { pathFor } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { SelectField } from '../../../components/SelectField';
import { LoadingState } from '../../../components/States';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useFormErrors, type FieldErrors } from '../../../lib/forms';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useReplyVoice, useSaveReplyVoice } from '../api/replies';
import styles from '../components/ReplySettings.module.css';

type VoiceData = NonNullable<ReturnType<typeof useReplyVoice>['data']>;

const TONE_HINTS: Record<ReplyTone, string> = {
  friendly: 'Warm and personal, a few short sentences.',
  professional: 'Courteous and measured.',
  brief: 'One or two short sentences.',
};

function VoiceForm({ locationId, data }: { locationId: number; data: VoiceData }) {
  const save = useSaveReplyVoice(locationId);
  const toast = useToast();
  const [tone, setTone] = useState<ReplyTone>(data.settings.tone);
  const [signOff, setSignOff] = useState(data.settings.sign_off);
  const { errors, generalError, accept } = useFormErrors(save);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const trimmed = signOff.trim();
    if (trimmed.length > REPLY_LIMITS.signOff) found.sign_off = REPLY_MSG.signOff;
    const problem = replyProblemMessage(trimmed, 'The sign-off');
    if (problem) found.sign_off = problem;
    if (!accept(found)) return;
    save.mutate({ tone, sign_off: trimmed }, { onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? REPLY_MSG.settingsSaved }) });
  };

  return (
    <Card title="Voice" description="How the draft replies to your reviews sound. Every draft can be edited before it is posted.">
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Reply voice">
        {generalError && (
          <Banner tone="danger" title="Oops!">
            {generalError}
          </Banner>
        )}
        <div className={styles.fields}>
          <SelectField
            label="Tone"
            value={tone}
            onChange={setTone}
            options={REPLY_TONES.map((t) => ({ value: t, label: REPLY_TONE_LABELS[t] }))}
            hint={TONE_HINTS[tone]}
            error={errors.tone}
          />
          <TextField
            label="Sign-off"
            value={signOff}
            onChange={(e) => setSignOff(e.target.value)}
            placeholder={data.default_sign_off}
            hint={`The last line of every draft. Empty: "${data.default_sign_off}". Names only: no phone numbers, emails or links.`}
            error={errors.sign_off}
            maxLength={REPLY_LIMITS.signOff + 20}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            Save voice
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Samples({ data }: { data: VoiceData }) {
  return (
    <Card title="Sample drafts" description="Three made-up reviews and their drafts in the saved voice.">
      <ul className={styles.samples}>
        {data.samples.map((s) => (
          <li key={s.rating} className={styles.sample}>
            <p className={styles.sampleReview}>
              <span className={styles.stars}>{s.rating} stars</span> “{s.review}”
            </p>
            <p className={styles.sampleReply}>{s.reply}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function AlertContacts({ data }: { data: VoiceData }) {
  const session = useCurrentSession();
  const canEdit = session ? canEnter('settings-messaging-notifications', session.subject) : false;
  const where = canEdit ? <Link to={pathFor('settings-messaging-notifications')}>Settings › Messaging › Notifications</Link> : 'Settings › Messaging › Notifications';
  return (
    <Card
      title="Bad-review alerts"
      description="A review of 2 stars or fewer, or one whose words read as clearly negative, from any site, is sent within a minute to your escalation contacts, once, with a link to the review and its draft reply. Emails go at once; texts wait for the sending window."
    >
      {data.alert_contacts.length === 0 ? (
        <p className={styles.muted}>No escalation contacts yet: add them in {where}.</p>
      ) : (
        <>
          <ul className={styles.contacts} aria-label="Escalation contacts">
            {data.alert_contacts.map((c, i) => (
              <li key={i}>
                <strong>{c.name || 'Contact'}</strong>
                {c.email && <span> · {c.email}</span>}
                {c.phone && <span> · {c.phone}</span>}
              </li>
            ))}
          </ul>
          <p className={styles.muted}>Change them in {where}.</p>
        </>
      )}
    </Card>
  );
}

function ReplyVoice({ locationId }: { locationId: number }) {
  const voice = useReplyVoice(locationId);
  return (
    <SettingsFrame section="settings-reviews" title="Reply voice" lead="Every Google, Facebook and bio-page review gets a draft reply in Analyze › Reviews, written from the review itself.">
      <QueryBoundary query={voice} isEmpty={() => false}>
        {(data) => (
          <div className={styles.stack}>
            <VoiceForm key={`${data.settings.tone}|${data.settings.sign_off}`} locationId={locationId} data={data} />
            <Samples data={data} />
            <AlertContacts data={data} />
          </div>
        )}
      </QueryBoundary>
    </SettingsFrame>
  );
}

/** Settings › Reviews › Reply voice. */
export default function ReplyVoicePage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <ReplyVoice key={session.location.location_id} locationId={session.location.location_id} />;
}
