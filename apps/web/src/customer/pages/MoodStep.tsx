/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { Mood } from '@kudo/shared';
import type { StepProps } from './step';

const FACES: { mood: Mood; label: string; face: string }[] = [
  { mood: 'negative', label: 'Not satisfied', face: '☹' },
  { mood: 'neutral', label: 'Okay', face: '😐' },
  { mood: 'positive', label: 'Very satisfied', face: '☺' },
];

export function MoodStep({ mood, submit, next, answered }: StepProps) {
  const [busy, setBusy] = useState<Mood | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = async (m: Mood) => {
    // The mood is answered once per link: coming back shows the previous selection and moves on.
    if (answered.includes('mood')) return next();
    setBusy(m);
    setError(null);
    try {
      await submit('mood', { mood: m });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong!');
      setBusy(null);
    }
  };
  return (
    <section class="step">
      <h1>How satisfied were you with the overall experience?</h1>
      <div class="faces" role="group" aria-label="Your satisfaction">
        {FACES.map((f) => (
          <button
            key={f.mood}
            type="button"
            class={`face face-${f.mood}${mood === f.mood ? ' selected' : ''}`}
            onClick={() => void choose(f.mood)}
            disabled={busy !== null}
            aria-pressed={mood === f.mood}
          >
            <span class="face-icon" aria-hidden="true">
              {f.face}
            </span>
            <span class="face-label">{f.label}</span>
            {mood === f.mood && <span class="previous">Previous Selection</span>}
          </button>
        ))}
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
