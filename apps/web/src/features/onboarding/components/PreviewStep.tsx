import { isValidEmail, isValidPhone, samplePath } from '@kudo/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { ImageUpload } from '../../../components/ImageUpload';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { SentimentFace } from '../../../components/Sentiment';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/forms';
import { useDemoSend, useSaveLogo } from '../api/onboarding';
import { advance, STEP_FLOW, type StepMode } from '../utils/steps';
import { OnboardingFrame } from './OnboardingFrame';
import styles from './Onboarding.module.css';
import { useStepData } from './useStepData';

/** How long a demo send's result stays on screen. */
const NOTICE_MS = 5000;

/** Preview pulseCheck: a demo send to yourself (flagged as a test), by text or email (lite: email only). */
export function PreviewStep({ mode }: { mode: StepMode }) {
  const flow = STEP_FLOW[mode];
  const navigate = useNavigate();
  const { query, lite, locationId } = useStepData();
  const send = useDemoSend();
  const logo = useSaveLogo(locationId);
  const [channel, setChannel] = useState<'text' | 'email'>('text');
  const [to, setTo] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const by = lite ? 'email' : channel;
  const ready = by === 'text' ? isValidPhone(to) : isValidEmail(to.trim());

  const onSend = async (event: FormEvent, campaignUid: string) => {
    event.preventDefault();
    // Nothing is sent without a phone or an email.
    if (!ready) return;
    try {
      const { data, message } = await send.mutateAsync({ campaignUid, phone: by === 'text' ? to : '', email: by === 'email' ? to.trim() : '' });
      const ok = data.status === 1;
      const part = by === 'text' ? data.phone_message : data.email_message;
      setNotice({ ok, text: message ?? (ok ? 'Your demo pulseCheck is on its way.' : part || 'Send Failed') });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    }
  };

  return (
    <OnboardingFrame title="Turn happy customers into great reviews." position={flow.label(2)}>
      <QueryBoundary query={query}>
        {(data) => (
          <>
            <p className={styles.muted}>Send yourself the pulseCheck your customers will get{lite ? ' by email' : ''}.</p>
            {!data.campaign ? (
              <Banner tone="danger">This location has no campaign to send from.</Banner>
            ) : (
              <form className={styles.form} onSubmit={(e) => onSend(e, data.campaign!.uid)} noValidate>
                {!lite && (
                  <fieldset className={styles.choices}>
                    <legend>Send the demo by</legend>
                    <div className={styles.row}>
                      {(['text', 'email'] as const).map((c) => (
                        <label key={c} className={styles.choice}>
                          <input type="radio" name="channel" checked={channel === c} onChange={() => { setChannel(c); setTo(''); }} />
                          <span>{c === 'text' ? 'Text' : 'Email'}</span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                )}
                <TextField
                  label={by === 'text' ? 'Your mobile phone' : 'Your email'}
                  type={by === 'text' ? 'tel' : 'email'}
                  inputMode={by === 'text' ? 'tel' : 'email'}
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                  placeholder={by === 'text' ? data.user_phone : data.user_email}
                />
                <Button type="submit" variant="secondary" disabled={!ready} loading={send.isPending}>
                  Send demo pulseCheck
                </Button>
                {notice && (
                  <Banner tone={notice.ok ? 'info' : 'danger'}>{notice.text}</Banner>
                )}
              </form>
            )}
            <div className={styles.phone} aria-label="Phone preview: the first page your customers see">
              {data.logo_url && <img src={data.logo_url} alt="" className={styles.logo} />}
              <p className={styles.bubble}>How was your experience with {data.location_name}?</p>
              <p className={styles.moods} aria-hidden="true">
                <SentimentFace sentiment="negative" size={36} decorative />
                <SentimentFace sentiment="neutral" size={36} decorative />
                <SentimentFace sentiment="positive" size={36} decorative />
              </p>
              {data.campaign && (
                <a href={samplePath(data.campaign.uid)} target="_blank" rel="noopener noreferrer">
                  Open the sample pulseCheck
                </a>
              )}
            </div>
            <ImageUpload
              label="Upload a new logo"
              value={data.logo_url}
              onChange={(url) => logo.mutate(url)}
              error={logo.isError ? errorMessage(logo.error) : null}
              disabled={logo.isPending}
            />
          </>
        )}
      </QueryBoundary>
      <div className={styles.actions}>
        <a href={ROUTES.dashboard.path}>Back to Dashboard</a>
        <Button
          size="lg"
          onClick={() => {
            advance(mode, 3);
            navigate(ROUTES[flow.contacts].path);
          }}
        >
          Next
        </Button>
      </div>
    </OnboardingFrame>
  );
}
