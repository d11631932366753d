/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { SLIDER, sliderTone } from '@kudo/shared';
import type { StepProps } from './step';

export function RatingStep({ location, submit, next, answered }: StepProps) {
  const [values, setValues] = useState<number[]>(() => location.sliders.map(() => SLIDER.default));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (e: Event) => {
    e.preventDefault();
    if (answered.includes('ratings')) return next();
    setBusy(true);
    setError(null);
    try {
      await submit('ratings', location.sliders.map((s, i) => ({ name: s.title, value: values[i] })));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong!');
      setBusy(false);
    }
  };
  return (
    <form class="step" onSubmit={send}>
      <h1>A few quick ratings</h1>
      {location.sliders.map((s, i) => {
        const value = values[i] ?? SLIDER.default;
        const id = `slider-${i}`;
        return (
          <div class="slider" key={s.title}>
            <label for={id}>{s.title}</label>
            <div class="slider-row">
              <input
                id={id}
                type="range"
                min={SLIDER.min}
                max={SLIDER.max}
                step={SLIDER.step}
                value={value}
                class={`tone-${sliderTone(value)}`}
                style={{ '--fill': `${(value / SLIDER.max) * 100}%` }}
                onInput={(e) => {
                  const v = Number((e.target as HTMLInputElement).value);
                  setValues((all) => all.map((x, j) => (j === i ? v : x)));
                }}
              />
              <output for={id} class={`slider-value tone-${sliderTone(value)}`}>
                {value.toFixed(2)}
              </output>
            </div>
          </div>
        );
      })}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="button primary block" disabled={busy}>
        Submit
      </button>
    </form>
  );
}
