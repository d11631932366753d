/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { formatPhoneTyping, MSG, REVIEW_MAX, parsePhone } from '@kudo/shared';
import type { StepProps } from './step';

const PROMPT = {
  positive: 'What did you like most about your experience?',
  neutral: 'How could we have made your experience better?',
  negative: 'We are sorry. What went wrong?',
} as const;

export function ReviewStep({ location, mood, submit, record, next, answered }: StepProps) {
  const [voice, setVoice] = useState(false);
  const [text, setText] = useState('');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [calling, setCalling] = useState(false);

  const send = async (e: Event) => {
    e.preventDefault();
    if (answered.includes('review')) return next();
    const value = voice ? (parsePhone(phone) ?? '') : text.trim();
    if (value.length === 0) {
      setError(voice ? MSG.pcheckReviewNumber : MSG.pcheckReviewMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (voice) {
        // The call is placed at once; the page moves on after 2.5 seconds, while the phone rings.
        await record('review', { method: 'audio', value });
        setCalling(true);
        setTimeout(next, 2500);
      } else {
        await submit('review', { method: 'text', value });
      }
    } catch {
      setError(MSG.pcheckSubmitFailed);
      setBusy(false);
    }
  };

  return (
    <form class="step" onSubmit={send} noValidate>
      <h1>{PROMPT[mood ?? 'neutral']}</h1>
      {!location.whitelabel && (
        <label class="switch">
          <input type="checkbox" role="switch" checked={voice} onChange={(e) => setVoice((e.target as HTMLInputElement).checked)} />
          <span>Eh, I'd rather speak</span>
        </label>
      )}
      {voice ? (
        <>
          <label for="review-phone">Your phone number</label>
          <input
            id="review-phone"
            class="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(000) 000-0000"
            value={phone}
            maxLength={14}
            onInput={(e) => setPhone(formatPhoneTyping((e.target as HTMLInputElement).value))}
            aria-invalid={error ? true : undefined}
          />
          <p class="hint">You will receive a call from a fixed support number</p>
        </>
      ) : (
        <>
          <label for="review-text" class="visually-hidden">
            Your feedback
          </label>
          <textarea
            id="review-text"
            class="input"
            rows={5}
            placeholder="Type your feedback"
            maxLength={REVIEW_MAX}
            value={text}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="review-count"
          />
          <p id="review-count" class="counter">
            {text.length}/{REVIEW_MAX}
          </p>
        </>
      )}
      {calling && (
        <p class="notice" role="status">
          Calling you now…
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="button primary block" disabled={busy}>
        {voice ? 'Call me!' : 'Send'}
      </button>
      {location.custom_flow_mode === 'sliderFirst-ungated' && (
        <button type="button" class="link" onClick={next}>
          Skip
        </button>
      )}
    </form>
  );
}
