/** @jsxImportSource preact */
import type { StepProps } from './step';
import { phoneAddress } from '@kudo/shared';

export function ThankYouStep({ location, mood }: StepProps) {
  if (mood === 'positive') {
    return (
      <section class="step center">
        <h1>We enjoyed your business too!</h1>
      </section>
    );
  }
  if (mood === 'negative' && !location.whitelabel) {
    return (
      <section class="step center">
        <h1>We are sorry you had a bad experience.</h1>
        {location.company_phone && (
          <p>
            Please call us at <a href={`tel:${phoneAddress(location.company_phone)}`}>{location.company_phone}</a> so we can make it right.
          </p>
        )}
      </section>
    );
  }
  return (
    <section class="step center">
      <h1>Thank you for your feedback!</h1>
    </section>
  );
}
